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
