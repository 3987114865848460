// Random degenerate rigs for property tests: scenes with zero-length bones, zero and negative
// scales (deltas too), coincident and far-away (1e300) objects, zero quaternions, armatures in rest
// position, relative bone parents, singular rest matrices and
// curves with no, one or coincident points; and graphs over them that use every node kind in the
// catalog, with params drawn from each definition's ParamSpec and inputs wired from owners, value
// and math nodes (so influences and targets can be anything a math node can make).
import fc from 'fast-check';
import type { GraphDocument, GraphLink, GraphNode, JsonValue, SocketType } from '../../graph/types';
import { defaultCatalog } from '../../nodes/catalog';
import { instanceDefinition, type NodeDefinition, type ParamSpec, type SocketSpec } from '../../nodes/define';
import type { DeltaTransformProps, SceneBone, SceneDocument, SceneObject, TransformProps } from '../../runtime/rig/scene/types';

export const ALL_KINDS = [...defaultCatalog.keys()];
export const CONSTRAINT_KINDS = ALL_KINDS.filter((t) => defaultCatalog.get(t)!.constraint !== undefined);
export const VALUE_KINDS = ALL_KINDS.filter((t) => !t.startsWith('owner/') && defaultCatalog.get(t)!.constraint === undefined);

/** Numbers a rig should survive: zero, signed zero, tiny, huge, ordinary. */
export const degenerate: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.double({ min: -10, max: 10, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom(0, -0, 1, -1, 0.5, 1e-12, -1e-12, 1e-300, 5e-324) },
  { weight: 1, arbitrary: fc.constantFrom(1e300, -1e300, 1e6, -1e6, Number.MAX_VALUE, -Number.MAX_VALUE) },
);
/**
 * Scales: zero, negative, tiny (1e-6) and ordinary. Not huge (no rig scales by 1e300), and not
 * between 0 and 1e-9 in size: products of such scales leave the double range (1e-300 · 1e-12 · …),
 * which the runtime meets with its documented safety net (saturate, warn `owner-overflow` or
 * `node-failed`); docs/reliability.md ("Supported ranges") gives the range.
 */
const scaleValue = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 1e-6, -2),
  fc.double({ min: -5, max: 5, noNaN: true }).map((x) => (Math.abs(x) < 1e-9 ? 0 : x)),
);
/** Locations: ordinary, coincident (0) and far away. */
const locationValue = fc.oneof({ weight: 4, arbitrary: fc.double({ min: -10, max: 10, noNaN: true }) }, { weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(1e300, -1e300, 1e12) });
const vec3 = (a: fc.Arbitrary<number>) => fc.tuple(a, a, a);
const angle = fc.oneof(fc.double({ min: -10, max: 10, noNaN: true }), fc.constantFrom(0, Math.PI, -Math.PI, Math.PI / 2, 1e6));

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Matrices for node params and inputs: identity, zero, singular, mirrored, sheared, far away, any numbers. */
export const matrix: fc.Arbitrary<number[]> = fc.oneof(
  fc.constant<number[]>(IDENTITY),
  fc.constant<number[]>(new Array<number>(16).fill(0)),
  fc.constant<number[]>([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
  fc.constant<number[]>([-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1e300, -1e300, 0, 1]),
  fc.constant<number[]>([1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
  fc.array(degenerate, { minLength: 16, maxLength: 16 }),
  fc.tuple(vec3(fc.double({ min: -2, max: 2, noNaN: true })), vec3(locationValue)).map(([r, t]) => rotationMatrix(r, t)),
);

/**
 * Matrices a scene file holds (rests, parent inverses): affine, with a linear part that is a
 * rotation, mirrored, sheared, scaled by 0…1000 or singular, and a translation up to ±1e300.
 */
export const sceneMatrix: fc.Arbitrary<number[]> = fc
  .tuple(
    vec3(fc.double({ min: -3, max: 3, noNaN: true })),
    vec3(locationValue),
    fc.constantFrom('rotation', 'zero', 'flat', 'mirror', 'shear', 'scaled'),
    fc.oneof(fc.constantFrom(0, 1e-12, 1000), fc.double({ min: -10, max: 10, noNaN: true }).map((x) => (Math.abs(x) < 1e-9 ? 0 : x))),
  )
  .map(([r, t, how, k]) => {
    const m = rotationMatrix(r, t);
    if (how === 'zero') for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) m[i] = 0;
    if (how === 'flat') for (const i of [0, 1, 2]) m[i] = 0;
    if (how === 'mirror') for (const i of [0, 1, 2]) m[i] = -m[i];
    if (how === 'shear') m[4] = m[4] + k;
    if (how === 'scaled') for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) m[i] = m[i] * k;
    return m;
  });

function rotationMatrix([x, y, z]: number[], t: number[]): number[] {
  const cx = Math.cos(x), sx = Math.sin(x), cy = Math.cos(y), sy = Math.sin(y), cz = Math.cos(z), sz = Math.sin(z);
  // R = Rz·Ry·Rx, column-major.
  return [
    cz * cy, sz * cy, -sy, 0,
    cz * sy * sx - sz * cx, sz * sy * sx + cz * cx, cy * sx, 0,
    cz * sy * cx + sz * sx, sz * sy * cx - cz * sx, cy * cx, 0,
    t[0], t[1], t[2], 1,
  ];
}

const transformProps: fc.Arbitrary<TransformProps> = fc.record(
  {
    location: vec3(locationValue),
    rotation_mode: fc.constantFrom('XYZ', 'ZXY', 'QUATERNION', 'AXIS_ANGLE'),
    rotation_euler: vec3(angle),
    rotation_quaternion: fc.oneof(fc.constant<number[]>([0, 0, 0, 0]), fc.tuple(degenerate, degenerate, degenerate, degenerate)),
    rotation_axis_angle: fc.oneof(fc.constant<number[]>([1, 0, 0, 0]), fc.tuple(angle, degenerate, degenerate, degenerate)),
    scale: vec3(scaleValue),
  },
  { requiredKeys: [] },
);

/** An object's delta transform (absent keys: none), with the same degenerate values as its own. */
const deltaProps: fc.Arbitrary<DeltaTransformProps> = fc.record(
  {
    delta_location: vec3(locationValue),
    delta_rotation_euler: vec3(angle),
    delta_rotation_quaternion: fc.oneof(fc.constant<number[]>([0, 0, 0, 0]), fc.tuple(degenerate, degenerate, degenerate, degenerate)),
    delta_scale: vec3(scaleValue),
  },
  { requiredKeys: [] },
);

/** An object's own transform and its deltas. */
const objectProps = fc.tuple(transformProps, deltaProps).map(([t, d]) => ({ ...t, ...d }));

/** A bone rest: a proper rotation (possibly of a zero-length bone) or, rarely, a singular matrix. */
const boneRest = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(vec3(fc.double({ min: -3, max: 3, noNaN: true })), vec3(fc.double({ min: -3, max: 3, noNaN: true }))).map(([r, t]) => rotationMatrix(r, t)) },
  { weight: 1, arbitrary: sceneMatrix },
);

function armature(name: string): fc.Arbitrary<SceneObject> {
  return fc
    .array(
      fc.record({
        parent: fc.nat(),
        rest: boneRest,
        length: fc.oneof(fc.constant(0), fc.constant(1e-12), fc.double({ min: 0.01, max: 3, noNaN: true }), fc.constant(1e300)),
        connect: fc.boolean(),
        inheritRotation: fc.boolean(),
        localLocation: fc.boolean(),
        inheritScale: fc.constantFrom('FULL', 'FIX_SHEAR', 'ALIGNED', 'AVERAGE', 'NONE', 'NONE_LEGACY'),
        pose: transformProps,
        hasParent: fc.boolean(),
        relative: fc.boolean(),
      }),
      { minLength: 1, maxLength: 5 },
    )
    .chain((bones) =>
      fc.tuple(objectProps, fc.constantFrom(undefined, 'POSE' as const, 'REST' as const)).map(([t, position]): SceneObject => ({
        name,
        type: 'ARMATURE',
        ...t,
        ...(position !== undefined && { pose_position: position }),
        bones: bones.map((b, i): SceneBone => ({
          name: `b${i}`,
          // Mostly a chain (so IK has something to solve), sometimes a branch or a root.
          parent: i > 0 && b.hasParent ? `b${b.parent % 3 === 0 ? b.parent % i : i - 1}` : null,
          matrix_local: b.rest,
          length: b.length,
          use_connect: b.connect,
          use_inherit_rotation: b.inheritRotation,
          use_local_location: b.localLocation,
          inherit_scale: b.inheritScale,
          use_relative_parent: b.relative,
          pose: b.pose,
        })),
      })),
    );
}

function curveObject(name: string): fc.Arbitrary<SceneObject> {
  const point: fc.Arbitrary<number[]> = fc.oneof(vec3(fc.double({ min: -5, max: 5, noNaN: true })), fc.constant<number[]>([0, 0, 0]), vec3(locationValue));
  const spline = fc
    .record({
      points: fc.oneof(fc.constant<number[][]>([]), fc.array(point, { minLength: 1, maxLength: 1 }), fc.constant<number[][]>([[1, 1, 1], [1, 1, 1], [1, 1, 1]]), fc.array(point, { minLength: 2, maxLength: 6 })),
      cyclic: fc.boolean(),
      radius: fc.constantFrom(undefined, 'zeros', 'negative', 'huge'),
    })
    .map(({ points, cyclic, radius }) => ({
      type: 'POLY' as const,
      points,
      cyclic,
      ...(radius !== undefined && { radius: points.map(() => (radius === 'zeros' ? 0 : radius === 'negative' ? -1 : 1e300)) }),
    }));
  return fc
    .record({
      t: objectProps,
      splines: fc.array(spline, { minLength: 0, maxLength: 2 }),
      pathDuration: fc.oneof(fc.constant(0), fc.constant(-5), fc.double({ min: 1, max: 200, noNaN: true })),
      evalTime: degenerate,
      clamp: fc.boolean(),
      twist: fc.constantFrom('MINIMUM', 'Z_UP'),
      // Path Animation, Follow and Curve Radius: what a child parented to the curve reads.
      path: fc.record({ use_path: fc.boolean(), use_path_follow: fc.boolean(), use_radius: fc.boolean() }),
    })
    .map(({ t, splines, pathDuration, evalTime, clamp, twist, path }): SceneObject => ({
      name,
      type: 'CURVE',
      ...t,
      curve: { splines, path_duration: pathDuration, eval_time: evalTime, use_path_clamp: clamp, twist_mode: twist, ...path },
    }));
}

/**
 * An empty carrying a mesh surface (Shrinkwrap's target): no triangles, coincident or huge vertices,
 * zero-area triangles, and normals that are zero, huge or not unit.
 */
function meshObject(name: string): fc.Arbitrary<SceneObject> {
  const coordinate = fc.oneof(fc.double({ min: -5, max: 5, noNaN: true }), fc.constantFrom(0, 1e300, -1e300, 5e-324));
  return fc
    .record({ t: objectProps, vertices: fc.array(fc.tuple(coordinate, coordinate, coordinate), { minLength: 0, maxLength: 8 }), picks: fc.array(fc.nat(), { maxLength: 18 }), normal: fc.constantFrom(0, 1, -1, 1e300, 0.3), vertexNormals: fc.boolean() })
    .map(({ t, vertices, picks, normal, vertexNormals }): SceneObject => {
      const count = vertices.length;
      const triangles = count === 0 ? [] : picks.slice(0, picks.length - (picks.length % 3)).map((k) => k % count);
      const normals = triangles.flatMap(() => [normal, 0, normal]);
      // A vertex group named '' (the Vertex Group node's default name, so generated graphs read it),
      // over every vertex with weights that are 0, negative, tiny and huge.
      const groupWeights = [0, -1, 5e-324, 1e300, 0.5];
      const vertex_groups = { '': { indices: vertices.map((_, i) => i), weights: vertices.map((_, i) => groupWeights[i % groupWeights.length]) } };
      return { name, type: 'EMPTY', ...t, mesh: { vertices: vertices.flat(), triangles, normals, vertex_groups, ...(vertexNormals && { vertex_normals: vertices.flatMap(() => [normal, normal, 0]) }) } };
    });
}

/** The points a VERTEX or VERTEX_3 child hangs from: coincident, in a line, huge and tiny. */
const parentPoint: fc.Arbitrary<number[]> = fc.oneof(
  vec3(fc.double({ min: -5, max: 5, noNaN: true })),
  fc.constantFrom<number[]>([0, 0, 0], [1, 0, 0], [2, 0, 0], [1e300, -1e300, 1e300], [5e-324, 0, -5e-324]),
);
const TRACK = ['POS_X', 'POS_Y', 'POS_Z', 'NEG_X', 'NEG_Y', 'NEG_Z'] as const;

/**
 * A scene of 1–5 objects: empties (some with a mesh surface), armatures and curves, parented to
 * earlier objects (on a curve's path when it has Path Animation; at a vertex or on a triangle of
 * three points), or bones.
 */
export const degenerateScene: fc.Arbitrary<SceneDocument> = fc
  .array(fc.constantFrom('EMPTY', 'ARMATURE', 'CURVE', 'EMPTY', 'ARMATURE', 'MESH'), { minLength: 1, maxLength: 5 })
  .chain((types) =>
    fc.tuple(
      ...types.map((type, i) => {
        const name = `${type[0]}${i}`;
        const base = type === 'ARMATURE' ? armature(name) : type === 'CURVE' ? curveObject(name) : type === 'MESH' ? meshObject(name) : objectProps.map((t): SceneObject => ({ name, type: 'EMPTY', ...t }));
        return fc.tuple(base, fc.nat(), fc.constantFrom('none', 'object', 'bone', 'vertex', 'triangle'), fc.oneof(fc.constant(undefined), sceneMatrix), fc.array(parentPoint, { minLength: 3, maxLength: 3 }), fc.nat(17));
      }),
    ),
  )
  .map((parts) => {
    // Generated values are shared between runs while shrinking: build new objects, never mutate.
    const objects = parts.map(([o, pick, how, inverse, points, axes], i): SceneObject => {
      if (i === 0 || how === 'none') return { ...o };
      const parent = parts[pick % i][0];
      const byBone = how === 'bone' && parent.type === 'ARMATURE';
      return {
        ...o,
        parent: parent.name,
        ...(inverse !== undefined && { matrix_parent_inverse: inverse }),
        ...(byBone && { parent_type: 'BONE' as const, parent_bone: parent.bones![pick % parent.bones!.length].name }),
        ...(how === 'vertex' && { parent_type: 'VERTEX' as const, parent_vertices: points.slice(0, 1) }),
        ...(how === 'triangle' && { parent_type: 'VERTEX_3' as const, parent_vertices: points }),
        track_axis: TRACK[axes % 6], up_axis: (['X', 'Y', 'Z'] as const)[axes % 3],
      };
    });
    return { format: 'sinew-scene' as const, version: 1, objects, actions: DEGENERATE_ACTIONS };
  });

/**
 * The action every degenerate scene holds for the Action constraint (played by no object, so the
 * scenes pose as before): curves for bones b0–b4 and for objects, with zero quaternions, huge and
 * tiny values, steep and flat keys, a CYCLES modifier. Fixed, so the random scenes draw as before.
 */
export const DEGENERATE_ACTIONS: NonNullable<SceneDocument['actions']> = [{
  name: 'Act',
  fcurves: [
    ...['b0', 'b1', 'b2', 'b3', 'b4'].flatMap((b, i) => [
      { data_path: `pose.bones["${b}"].location`, array_index: i % 3, keyframes: [{ co: [0, 0] as [number, number] }, { co: [1, i === 4 ? 1e300 : 0.5] as [number, number] }] },
      ...[0, 1, 2, 3].map((k) => ({ data_path: `pose.bones["${b}"].rotation_quaternion`, array_index: k, keyframes: [{ co: [0, 0] as [number, number], interpolation: 'LINEAR' as const }, { co: [2, k === i % 4 ? 1 : 0] as [number, number] }] })),
      { data_path: `pose.bones["${b}"].rotation_euler`, array_index: 2, keyframes: [{ co: [-1, -3] as [number, number] }, { co: [1e-9, 3] as [number, number] }] },
      { data_path: `pose.bones["${b}"].rotation_axis_angle`, array_index: 0, keyframes: [{ co: [0, 1] as [number, number] }] },
      { data_path: `pose.bones["${b}"].scale`, array_index: 1, keyframes: [{ co: [0, i === 2 ? 0 : 1] as [number, number] }, { co: [3, -1e-12] as [number, number] }], modifiers: [{ type: 'CYCLES' }] },
    ]),
    { data_path: 'location', array_index: 0, keyframes: [{ co: [0, 0] as [number, number] }, { co: [1, 1e6] as [number, number] }] },
    { data_path: 'rotation_quaternion', array_index: 0, keyframes: [{ co: [0, 1] as [number, number] }] },
    { data_path: 'delta_rotation_euler', array_index: 1, keyframes: [{ co: [0, 0] as [number, number] }, { co: [1, 2] as [number, number] }] },
    { data_path: 'delta_scale', array_index: 2, keyframes: [{ co: [0, 0] as [number, number] }] },
  ],
}];

/** Every owner id of a scene: objects by name, bones as "Armature/Bone". */
export function ownerIds(scene: SceneDocument): string[] {
  return scene.objects.flatMap((o) => [o.name, ...(o.type === 'ARMATURE' ? (o.bones ?? []).map((b) => `${o.name}/${b.name}`) : [])]);
}

/** The degenerate action's curves, each as a node's `animation` param holds one. */
const DEGENERATE_CURVES = DEGENERATE_ACTIONS[0].fcurves.map(({ keyframes, modifiers }) => JSON.stringify({ keyframes, modifiers }));

/** Strings as files hold them, by the param's name (see stringValue). */
const MEANT_STRINGS: Record<string, (owners: readonly string[]) => fc.Arbitrary<string>> = {
  owner: (owners) => fc.constantFrom('', ...owners),
  object: (owners) => fc.constantFrom('', ...owners.filter((o) => !o.includes('/'))),
  animation: () => fc.constantFrom('', ...DEGENERATE_CURVES),
  // A driver's curve: keys as [x, y] pairs, or a Generator modifier.
  curve: () => fc.oneof(
    fc.constant(''),
    fc.array(fc.tuple(degenerate, degenerate), { maxLength: 4 }).map((keyframes) => JSON.stringify({ keyframes })),
    fc.array(degenerate, { minLength: 1, maxLength: 3 }).map((c) => JSON.stringify({ modifiers: [{ type: 'GENERATOR', mode: 'POLYNOMIAL', poly_order: c.length - 1, coefficients: c }] })),
  ),
  property: () => fc.constantFrom('location', 'rotation_euler', 'rotation_quaternion', 'rotation_axis_angle', 'scale', 'delta_location', 'delta_rotation_euler', 'delta_rotation_quaternion', 'delta_scale'),
  variables: () => fc.constantFrom('', 'var', 'var, a', 'a, var, b'),
  // Expressions that divide by zero, leave their domain or overflow for some variables.
  expression: () => fc.constantFrom('var', 'var * 2 + frame', '1 / var', 'sqrt(var)', 'log(var)', 'asin(var) + acos(a)', 'var ** a', 'a if var > 0 else -b', 'max(var, 1e308) * 10'),
  items: () => fc.array(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -1, max: 5 })), { maxLength: 4 }).map((pairs) => JSON.stringify(pairs)),
  euler: () => fc.oneof(fc.constant(''), fc.tuple(degenerate, degenerate, degenerate).map((e) => e.join(', '))),
};

/**
 * A string param: most often as a file holds it (MEANT_STRINGS), else any short string, so the
 * binding's errors are met too. Any string alone made most driver nodes refuse to bind (an owner
 * not in the scene, an F-curve that is not JSON): driver/channel compiled in about 1 draw in 16, too
 * few for the no-NaN test to judge its kernel, and CI once drew 10 in 300.
 */
function stringValue(name: string, owners: readonly string[]): fc.Arbitrary<string> {
  const any = fc.string({ maxLength: 4 });
  const meant = MEANT_STRINGS[name];
  return meant === undefined ? any : fc.oneof({ weight: 4, arbitrary: meant(owners) }, { weight: 1, arbitrary: any });
}

/** A param value drawn from its spec: choices, ranges (ends included), bools, vectors, matrices. */
export function paramValue(spec: ParamSpec, owners: readonly string[], name: string): fc.Arbitrary<JsonValue> {
  switch (spec.kind) {
    case 'float':
      return floatIn(spec.min, spec.max);
    case 'int': {
      // Chain lengths and iteration counts beyond a few only cost time; the ends are still drawn.
      const min = spec.min ?? -1000;
      const max = Math.min(spec.max ?? 1000, name === 'iterations' ? 200 : 1000);
      return fc.oneof(fc.constantFrom(min, max, Math.min(max, Math.max(min, 0))), fc.integer({ min, max: Math.min(max, min + 8) }));
    }
    case 'bool':
      return fc.boolean();
    case 'choice':
      return fc.constantFrom(...spec.options);
    case 'string':
      return stringValue(name, owners);
    case 'owner':
      return fc.constantFrom(...owners);
    case 'action':
      // One the degenerate scenes hold, or none.
      return fc.constantFrom('', ...DEGENERATE_ACTIONS.map((a) => a.name));
    case 'vector':
      return fc.array(degenerate, { minLength: spec.size, maxLength: spec.size });
    case 'matrix':
      return matrix;
  }
}

function floatIn(min: number | undefined, max: number | undefined): fc.Arbitrary<number> {
  if (min === undefined && max === undefined) return degenerate;
  const lo = min ?? -1e300;
  const hi = max ?? 1e300;
  return fc.oneof(fc.constantFrom(lo, hi), fc.double({ min: lo, max: hi, noNaN: true }), degenerate.filter((x) => x >= lo && x <= hi));
}

/** The value of an unconnected input, within the socket's own range where it has one. */
function inputValue(spec: SocketSpec): fc.Arbitrary<JsonValue> | undefined {
  switch (spec.type) {
    case 'float':
      return floatIn(spec.min, spec.max);
    case 'bool':
      return fc.boolean();
    case 'vector':
      return fc.array(degenerate, { minLength: 3, maxLength: 3 });
    case 'quaternion':
      return fc.oneof(fc.constant<JsonValue>([0, 0, 0, 0]), fc.array(degenerate, { minLength: 4, maxLength: 4 }));
    default:
      return undefined;
  }
}

/** Params for a node kind: each param and each defaulted input drawn, or left out for its default. */
export function paramsFor(def: NodeDefinition, owners: readonly string[]): fc.Arbitrary<Record<string, JsonValue>> {
  const fields: Record<string, fc.Arbitrary<JsonValue>> = {};
  for (const [name, spec] of Object.entries(def.inputs)) {
    const a = spec.default !== undefined ? inputValue(spec) : undefined;
    if (a !== undefined) fields[name] = a;
  }
  for (const [name, spec] of Object.entries(def.params)) fields[name] = paramValue(spec, owners, name);
  const required = def.owner !== undefined ? [def.owner.param] : [];
  return fc.record(fields, { requiredKeys: required });
}

/** One pick per input: wire it (from the n-th candidate output of its type) or leave it unconnected. */
const wiring = fc.array(fc.option(fc.nat(), { freq: 2 }), { minLength: 12, maxLength: 12 });

interface Plan {
  /** For each owner: does it get a stack, and which kinds go in it. */
  stacks: { owner: number; kinds: string[] }[];
  /** Free value and math nodes, wired into whatever takes their type. */
  values: string[];
}

/**
 * A graph over `scene`: owner reads of several owners, value/math nodes, and stacks (Owner In →
 * constraints → Owner Out) on some owners. `focus` kinds are placed in every graph so each kind is
 * tested on its own as well as among others.
 */
export function graphOver(scene: SceneDocument, focus: readonly string[] = []): fc.Arbitrary<GraphDocument> {
  const owners = ownerIds(scene);
  const plan: fc.Arbitrary<Plan> = fc.record({
    stacks: fc.uniqueArray(
      fc.record({ owner: fc.nat({ max: owners.length - 1 }), kinds: fc.array(fc.constantFrom(...CONSTRAINT_KINDS), { minLength: 0, maxLength: 3 }) }),
      { maxLength: Math.min(4, owners.length), selector: (s) => s.owner },
    ),
    values: fc.array(fc.constantFrom(...VALUE_KINDS), { maxLength: 4 }),
  });
  return plan.chain((p) => {
    // Put the focus kinds somewhere: constraints into a stack, the others among the values.
    const stacks = p.stacks.length > 0 ? p.stacks.map((s) => ({ ...s, kinds: [...s.kinds] })) : [{ owner: 0, kinds: [] as string[] }];
    const values = [...p.values];
    for (const k of focus) {
      if (defaultCatalog.get(k)!.constraint) stacks[0].kinds.push(k);
      else if (!k.startsWith('owner/')) values.unshift(k);
    }
    const readOwners = fc.uniqueArray(fc.nat({ max: owners.length - 1 }), { minLength: 1, maxLength: Math.min(4, owners.length) });
    const kindsInOrder = [...values, ...stacks.flatMap((s) => s.kinds)];
    return fc
      .tuple(
        readOwners,
        fc.tuple(...kindsInOrder.map((k) => fc.tuple(paramsFor(defaultCatalog.get(k)!, owners), wiring))),
        fc.array(fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 })), { minLength: 1, maxLength: 1 }),
      )
      .map(([reads, drawn]) => buildGraph(scene, owners, reads, values, stacks, drawn));
  });
}

function buildGraph(
  scene: SceneDocument,
  owners: readonly string[],
  reads: number[],
  values: string[],
  stacks: { owner: number; kinds: string[] }[],
  drawn: [Record<string, JsonValue>, (number | null)[]][],
): GraphDocument {
  const nodes: GraphNode[] = [];
  const links: GraphLink[] = [];
  const outputs: { node: string; socket: string; type: SocketType }[] = [];
  let n = 0;
  const add = (type: string, params: Record<string, JsonValue>): GraphNode => {
    const node: GraphNode = { id: `${type.replace(/\W/g, '_')}_${n++}`, type, params, position: [n * 10, 0] };
    nodes.push(node);
    for (const [socket, spec] of Object.entries(defaultCatalog.get(type)!.outputs)) outputs.push({ node: node.id, socket, type: spec.type });
    return node;
  };
  /** Wires each input of `node` from an earlier output of its type, as `picks` say. */
  const wire = (node: GraphNode, picks: (number | null)[], skip: ReadonlySet<string>) => {
    // The node's own inputs: a variadic node (Armature) has as many as its count param says.
    Object.entries(instanceDefinition(defaultCatalog.get(node.type)!, node.params).inputs).forEach(([socket, spec], i) => {
      if (skip.has(socket)) return;
      const candidates = outputs.filter((o) => o.type === spec.type && o.node !== node.id);
      const pick = picks[i % picks.length];
      // Required inputs (targets) are wired whenever anything fits, so constraints do run.
      const chosen = pick !== null && pick !== undefined ? pick : spec.required ? i : undefined;
      if (chosen === undefined || candidates.length === 0) return;
      const from = candidates[chosen % candidates.length];
      links.push({ from: { node: from.node, socket: from.socket }, to: { node: node.id, socket } });
    });
  };
  for (const r of reads) add('owner/read', { owner: owners[r] });
  let d = 0;
  for (const kind of values) {
    const [params, picks] = drawn[d++];
    wire(add(kind, params), picks, new Set());
  }
  for (const s of stacks) {
    const owner = owners[s.owner];
    let prev = add('owner/input', { owner });
    let prevSocket = 'transform';
    for (const kind of s.kinds) {
      const [params, picks] = drawn[d++];
      const node = add(kind, params);
      links.push({ from: { node: prev.id, socket: prevSocket }, to: { node: node.id, socket: 'owner' } });
      wire(node, picks, new Set(['owner']));
      prev = node;
      prevSocket = 'owner';
    }
    const out = add('owner/output', { owner });
    links.push({ from: { node: prev.id, socket: prevSocket }, to: { node: out.id, socket: 'transform' } });
  }
  return { format: 'sinew-graph', version: 2, nodes, links };
}

/** A degenerate scene and a graph over it. */
export const degenerateRig = (focus: readonly string[] = []): fc.Arbitrary<{ scene: SceneDocument; graph: GraphDocument }> =>
  degenerateScene.chain((scene) => graphOver(scene, focus).map((graph) => ({ scene, graph })));
