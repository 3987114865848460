// Blender RNA data paths (`pose.bones["B"].constraints["C"].influence`, `["prop"]`, `scale[1]`)
// split into their steps, so a driver's source and target can be matched by meaning, not by text.

export type PathStep = { name: string } | { key: string } | { index: number };

/** The steps of `path`, or null when it is not a data path this reader understands. */
export function parseDataPath(path: string): PathStep[] | null {
  const steps: PathStep[] = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] === '.' && steps.length) i++;
    if (path[i] === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) return null;
      const inner = path.slice(i + 1, close);
      if (/^\d+$/.test(inner)) steps.push({ index: Number(inner) });
      else if (/^"(?:[^"\\]|\\.)*"$/.test(inner)) {
        // A key with `]` inside it would end early: read up to the matching quote instead.
        steps.push({ key: JSON.parse(inner) as string });
      } else {
        const m = /^\["((?:[^"\\]|\\.)*)"\]/.exec(path.slice(i));
        if (!m) return null;
        steps.push({ key: JSON.parse(`"${m[1]}"`) as string });
        i += m[0].length;
        continue;
      }
      i = close + 1;
      continue;
    }
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(path.slice(i));
    if (!m) return null;
    steps.push({ name: m[0] });
    i += m[0].length;
  }
  return steps;
}

/** What a path addresses, for the paths drivers read and write in rigs. */
export type PathTarget =
  /**
   * A custom property of the object (`["p"]`) or a pose bone (`pose.bones["B"]["p"]`). `index`: the
   * element of an array property, from an explicit `["p"][i]` or the F-curve's array index (a
   * driver writing one element); undefined for a read without one.
   */
  | { kind: 'object-prop'; prop: string; index?: number }
  | { kind: 'bone-prop'; bone: string; prop: string; index?: number }
  /** A custom property of the armature datablock (`data["p"]`) or of one of its bones (`data.bones["B"]["p"]`). */
  | { kind: 'data-prop'; prop: string; index?: number }
  | { kind: 'data-bone-prop'; bone: string; prop: string; index?: number }
  /** A pose channel of a bone: location, rotation_euler, rotation_quaternion, scale, … */
  | { kind: 'bone-channel'; bone: string; channel: string; index: number }
  /** A setting of a bone's constraint; `target`/`field` for collection items (`targets[2].weight`). */
  | { kind: 'constraint'; bone: string | null; constraint: string; prop: string; item?: { collection: string; index: number } }
  /** A setting of the armature's bone (`bones["B"].bbone_easein`) or of the object itself. */
  | { kind: 'bone-setting'; bone: string; prop: string; index: number }
  | { kind: 'object-channel'; channel: string; index: number };

const AXIS: Record<string, number> = { x: 0, y: 1, z: 2, w: 3 };

/**
 * `path` relative to an object (`data.` prefixed for the armature datablock) and its array index
 * (an F-curve's; a channel without one is element 0).
 */
export function pathTarget(path: string, arrayIndex?: number): PathTarget | null {
  const s = parseDataPath(path);
  if (!s) return null;
  const name = (k: number) => (s[k] && 'name' in s[k] ? (s[k]).name : null);
  const key = (k: number) => (s[k] && 'key' in s[k] ? (s[k]).key : null);
  const index = (k: number) => (s[k] && 'index' in s[k] ? (s[k]).index : null);
  /** A channel with an optional `[i]` or `.x` after it at step k. */
  const channelIndex = (k: number): number | null => {
    if (s.length === k) return arrayIndex ?? 0;
    if (s.length !== k + 1) return null;
    const i = index(k);
    if (i !== null) return i;
    const axis = name(k);
    return axis !== null && Object.hasOwn(AXIS, axis) ? AXIS[axis] : null;
  };
  /** A custom property's element: an explicit `[i]` after its key at step k, else the F-curve's index; null when something else follows. */
  const propIndex = (k: number): { index?: number } | null => {
    if (s.length === k) return arrayIndex === undefined ? {} : { index: arrayIndex };
    const i = s.length === k + 1 ? index(k) : null;
    return i === null ? null : { index: i };
  };
  const prop = (k: number) => (key(k) !== null ? propIndex(k + 1) : null);
  if (prop(0)) return { kind: 'object-prop', prop: key(0)!, ...prop(0) };
  if (name(0) === 'pose' && name(1) === 'bones' && key(2) !== null) {
    const bone = key(2)!;
    if (s.length >= 4 && prop(3)) return { kind: 'bone-prop', bone, prop: key(3)!, ...prop(3) };
    if (name(3) === 'constraints' && key(4) !== null) {
      const constraint = key(4)!;
      if (s.length === 6 && name(5) !== null) return { kind: 'constraint', bone, constraint, prop: name(5)! };
      if (s.length === 8 && name(5) !== null && index(6) !== null && name(7) !== null) return { kind: 'constraint', bone, constraint, prop: name(7)!, item: { collection: name(5)!, index: index(6)! } };
      return null;
    }
    const channel = name(3);
    const i = channelIndex(4);
    if (channel !== null && i !== null) return { kind: 'bone-channel', bone, channel, index: i };
    return null;
  }
  if (name(0) === 'data' && prop(1)) return { kind: 'data-prop', prop: key(1)!, ...prop(1) };
  if (name(0) === 'data' && name(1) === 'bones' && key(2) !== null && s.length >= 4 && prop(3)) return { kind: 'data-bone-prop', bone: key(2)!, prop: key(3)!, ...prop(3) };
  if (name(0) === 'data' && name(1) === 'bones' && key(2) !== null && name(3) !== null) {
    const i = channelIndex(4);
    if (i !== null) return { kind: 'bone-setting', bone: key(2)!, prop: name(3)!, index: i };
  }
  if (name(0) === 'constraints' && key(1) !== null && s.length === 3 && name(2) !== null) return { kind: 'constraint', bone: null, constraint: key(1)!, prop: name(2)! };
  if (name(0) === 'constraints' && key(1) !== null && s.length === 5 && name(2) !== null && index(3) !== null && name(4) !== null) return { kind: 'constraint', bone: null, constraint: key(1)!, prop: name(4)!, item: { collection: name(2)!, index: index(3)! } };
  if (name(0) !== null && name(0) !== 'pose' && name(0) !== 'data') {
    const i = channelIndex(1);
    if (i !== null) return { kind: 'object-channel', channel: name(0)!, index: i };
  }
  return null;
}

/**
 * What a Single Property variable reads when its path names an evaluated matrix or a bone's rest
 * data rather than a channel or a custom property: `matrix_world[i][j]`, `matrix_local[i][j]`,
 * `matrix_basis[i][j]` of an object; `pose.bones["B"].matrix[i][j]`, `.head[i]`, `.tail[i]` of a
 * pose bone (armature space, evaluated); `data.bones["B"].head_local[i]`, `.tail_local[i]`,
 * `.matrix_local[i][j]`, `.length` (rest, constant); `pose.bones["B"].length` (as posed). `element`: i·4 + j
 * for a matrix (RNA's [i][j] is Blender's column i, row j), i for a vector, 0 for a length.
 */
export type EvaluatedPath =
  | { kind: 'evaluated'; bone: string | null; read: 'matrix_world' | 'matrix_local' | 'matrix_basis' | 'pose_matrix' | 'pose_head' | 'pose_tail' | 'pose_length'; element: number }
  | { kind: 'rest'; bone: string; read: 'head_local' | 'tail_local' | 'matrix_local' | 'length'; element: number };

export function evaluatedPath(path: string): EvaluatedPath | null {
  const s = parseDataPath(path);
  if (!s) return null;
  const name = (k: number) => (s[k] && 'name' in s[k] ? (s[k]).name : null);
  const key = (k: number) => (s[k] && 'key' in s[k] ? (s[k]).key : null);
  const index = (k: number) => (s[k] && 'index' in s[k] ? (s[k]).index : null);
  /** The element after step k: [i][j] of a 4×4 matrix, [i] of a 3-vector, nothing for a number. */
  const element = (k: number, shape: 'matrix' | 'vector' | 'number'): number | null => {
    if (shape === 'number') return s.length === k ? 0 : null;
    const i = index(k);
    if (i === null) return null;
    if (shape === 'vector') return s.length === k + 1 && i < 3 ? i : null;
    const j = index(k + 1);
    return s.length === k + 2 && j !== null && i < 4 && j < 4 ? i * 4 + j : null;
  };
  const at = (n: number, bone: string | null, read: 'matrix_world' | 'matrix_local' | 'matrix_basis' | 'pose_matrix' | 'pose_head' | 'pose_tail', shape: 'matrix' | 'vector'): EvaluatedPath | null => {
    const e = element(n, shape);
    return e === null ? null : { kind: 'evaluated', bone, read, element: e };
  };
  const rest = (n: number, bone: string, read: 'head_local' | 'tail_local' | 'matrix_local' | 'length', shape: 'matrix' | 'vector' | 'number'): EvaluatedPath | null => {
    const e = element(n, shape);
    return e === null ? null : { kind: 'rest', bone, read, element: e };
  };
  const first = name(0);
  if (first === 'matrix_world' || first === 'matrix_local' || first === 'matrix_basis') return at(1, null, first, 'matrix');
  if (first === 'pose' && name(1) === 'bones' && key(2) !== null) {
    const bone = key(2)!, prop = name(3);
    if (prop === 'matrix') return at(4, bone, 'pose_matrix', 'matrix');
    if (prop === 'head' || prop === 'tail') return at(4, bone, prop === 'head' ? 'pose_head' : 'pose_tail', 'vector');
    if (prop === 'length') {
      // A pose bone's length is as posed (its Y scale in), not the rest length.
      return element(4, 'number') === null ? null : { kind: 'evaluated', bone, read: 'pose_length', element: 0 };
    }
    return null;
  }
  if (first === 'data' && name(1) === 'bones' && key(2) !== null) {
    const bone = key(2)!, prop = name(3);
    if (prop === 'head_local' || prop === 'tail_local') return rest(4, bone, prop, 'vector');
    if (prop === 'matrix_local') return rest(4, bone, prop, 'matrix');
    if (prop === 'length') return rest(4, bone, prop, 'number');
  }
  return null;
}
