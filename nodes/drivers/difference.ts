// nodes/drivers/difference.ts — the driver variables that compare two owners (Blender 3.4's
// `dvar_eval_locDiff`, `dvar_eval_rotDiff`): the distance between their positions (a bone's head),
// each read in its target's own space (world, transform or local: local-space.ts; in transform space
// an object's location without its delta location, as Blender reads `ob->loc`), or the angle
// between their rotations, in [0, π], from a bone's pose matrix (armature space) or an object's
// world matrix, whatever space is set (Blender: "for now, these are all just world-space").
import { defineNode, float, param, transform } from '../define';
import { safeInvertMat4, safeMultiplyMat4, saturate } from '../math/finite';
import { hypot3Into } from '../math/hypot';
import { mat4ToQuat, invertQuat, multiplyQuat } from '../math/quaternion';
import { createSpaceReader, DRIVER_SPACES, readInSpace, spaceProblem, type SpaceReader } from './local-space';

const spaceParam = (which: string) => param.choice(DRIVER_SPACES, 'WORLD_SPACE', `Where the ${which} owner's location is read (LOC_DIFF): its final world matrix, its own channels (TRANSFORM_SPACE), or its final matrix in its LOCAL space. ROTATION_DIFF ignores it, as Blender does.`);

interface State {
  a: SpaceReader;
  b: SpaceReader;
  /** For ROTATION_DIFF: the armature matrix of a bone owner (its pose matrix is compared), else undefined. */
  armA: Float64Array | undefined;
  armB: Float64Array | undefined;
  /** LOC_DIFF of an object in TRANSFORM_SPACE: its `location` alone, the deltas (if any, read each frame) taken out. */
  ownLocationA: boolean;
  ownLocationB: boolean;
  inv: Float64Array;
  pose: Float64Array;
  /** The difference of the two locations, for hypot3Into (Math.hypot allocates per call). */
  d: Float64Array;
  qa: Float64Array;
  qb: Float64Array;
  q: Float64Array;
}

export const driverDifference = defineNode({
  type: 'driver/difference',
  label: 'Driver difference',
  category: 'Driver',
  doc: "A Distance (LOC_DIFF) or Rotational Difference (ROTATION_DIFF) driver variable: the distance between two owners' origins (a bone's head), each read in its own space, or the angle of the rotation from the first to the second (0 to π; a bone by its pose matrix, as Blender).",
  inputs: { a: transform({ doc: 'The first owner (its world matrix).' }), b: transform({ doc: 'The second owner.' }) },
  outputs: { value: float({ doc: 'The distance, or the angle in radians.' }) },
  params: {
    mode: param.choice(['LOC_DIFF', 'ROTATION_DIFF'] as const, 'LOC_DIFF', 'Which variable type.'),
    spaceA: spaceParam('first'),
    spaceB: spaceParam('second'),
  },
  bind(env, p): State {
    const rotation = p.mode === 'ROTATION_DIFF';
    const reader = (input: 'a' | 'b', param: 'spaceA' | 'spaceB') => {
      const owner = env.sourceOwner(input);
      const space = p[param]; // resolveParams gives one of DRIVER_SPACES (else the default)
      const problem = rotation ? undefined : spaceProblem(owner, space);
      if (problem) return env.fail(problem, input);
      return createSpaceReader(owner, rotation ? 'WORLD_SPACE' : space, true);
    };
    const a = reader('a', 'spaceA');
    const b = reader('b', 'spaceB');
    const arm = (r: SpaceReader) => (rotation && r.owner?.bone ? r.owner.bone.armature.final : undefined);
    const ownLocation = (r: SpaceReader) => !rotation && r.space === 'TRANSFORM_SPACE' && r.owner?.kind === 'object';
    return { a, b, armA: arm(a), armB: arm(b), ownLocationA: ownLocation(a), ownLocationB: ownLocation(b), inv: new Float64Array(16), pose: new Float64Array(16), d: new Float64Array(3), qa: new Float64Array(4), qb: new Float64Array(4), q: new Float64Array(4) };
  },
  kernel(io, p, s) {
    if (p.mode === 'ROTATION_DIFF') {
      rotationOf(s.qa, io.in.a, s.armA, s);
      rotationOf(s.qb, io.in.b, s.armB, s);
      invertQuat(s.qa, s.qa);
      multiplyQuat(s.q, s.qa, s.qb);
      // Blender: 2·acos(w) with w clamped to [-1, 1], folded into [0, π].
      const w = Math.max(-1, Math.min(1, s.q[3]));
      const angle = Math.abs(2 * Math.acos(w));
      io.out.value[0] = angle > Math.PI ? 2 * Math.PI - angle : angle;
      return;
    }
    const a = readInSpace(s.a, io.in.a);
    let ax = a[12], ay = a[13], az = a[14];
    const b = readInSpace(s.b, io.in.b);
    let bx = b[12], by = b[13], bz = b[14];
    // Blender's dvar_eval_locDiff reads an object's `loc` in transform space, not its delta_location
    // (which BKE_object_to_mat4, the basis, adds): measured in Blender 3.4.1.
    const da = s.ownLocationA ? s.a.owner?.deltas : undefined;
    if (da !== undefined) { ax -= da.location[0]; ay -= da.location[1]; az -= da.location[2]; }
    const db = s.ownLocationB ? s.b.owner?.deltas : undefined;
    if (db !== undefined) { bx -= db.location[0]; by -= db.location[1]; bz -= db.location[2]; }
    // Two finite origins far apart can be farther than a double holds: saturated, as every output.
    const d = s.d, out = io.out.value;
    d[0] = ax - bx; d[1] = ay - by; d[2] = az - bz;
    hypot3Into(out, 0, d);
    out[0] = saturate(out[0]);
  },
});

/** The rotation Blender compares: a bone's pose matrix (armature⁻¹ · world), an object's world matrix. */
function rotationOf(q: Float64Array, world: Float64Array, armature: Float64Array | undefined, s: State): void {
  if (!armature) return void mat4ToQuat(q, world);
  safeInvertMat4(s.inv, armature);
  safeMultiplyMat4(s.pose, s.inv, world);
  mat4ToQuat(q, s.pose);
}
