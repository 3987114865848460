// Armature (Blender's ARMATURE): deforms the owner like an Armature modifier deforms a vertex, by the
// weighted deform matrices (pose · rest⁻¹) of its target bones, blended linearly or as dual
// quaternions (Preserve Volume), weighed by envelopes when asked. Blender 3.4's `armdef_evaluate`;
// a B-Bone target deforms by the two segment joints around the owner (armdef_accumulate_bone).
import type { JsonValue } from '../../../graph/types';
import { float, param, transform, type BBoneShape, type BoneInfo, type SocketSpec } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { addWeightedDualQuat, createDualQuat, dualQuatToMat4, mat4ToDualQuat, normalizeDualQuat, zeroDualQuat } from '../../math/dual-quat';
import { copyMat4, invertMat4, multiplyMat4, orthogonalizeMat4Stable } from '../../math/matrix';
import { bboneSegmentAt } from '../../math/bbone-read';
import { finishOrPass } from '../finite-result';

/**
 * The most bone targets one node takes. Blender's list has no fixed length; the node's `targets`
 * param sets how many (bone, weight) input pairs it has, up to this (Rigify's parent switches have
 * up to seven; a rig with more than 64 bones blended into one is not a parent switch any more).
 */
export const ARMATURE_MAX_TARGETS = 64;

/**
 * The count a node has when its file gives none: files written before the count existed had eight
 * fixed slots, unconnected ones unused, so eight keeps them meaning what they meant (no migration).
 */
export const ARMATURE_DEFAULT_TARGETS = 8;

/** The target an input belongs to (1-based: `bone3`, `weight3` → 3), 0 for the others. */
export function armatureTargetOf(input: string): number {
  const m = /^(?:bone|weight)([1-9][0-9]*)$/.exec(input);
  return m ? Number(m[1]) : 0;
}

interface Slot {
  /** Input names: the bone's world matrix and its weight. */
  bone: string;
  weight: string;
  /** The bone's rest matrix inverse (armature space), fixed at bind. */
  restInverse: Float64Array;
  /** Rest matrix, for the dual-quaternion base frame. */
  rest: Float64Array;
  /** The bone's armature world matrix (live view). */
  armature: Float64Array;
  /**
   * The bone's envelope, [head xyz, tail xyz, head radius, tail radius, distance], when its weight is
   * multiplied by it (Use Envelopes, or the bone's own Multiply by Envelope flag); else undefined.
   */
  envelope: Float64Array | undefined;
  /** When the bone is a B-Bone wired from its B-Bone node: its shape, segments and rest length (in an array). */
  bbone: { shape: BBoneShape; segments: number; length: Float64Array } | undefined;
}

export interface ArmatureState {
  slots: Slot[];
  /**
   * Where envelopes are measured from (armdef_evaluate's `input_co`): for a bone owner without Use
   * Current Location its rest head (armature space) under its armature's world matrix (live view);
   * undefined: the owner's current location.
   */
  restHead: Float64Array | undefined;
  ownerArmature: Float64Array | undefined;
}

const sum = new Float64Array(16);
const deform = new Float64Array(16);
const armInv = new Float64Array(16);
const base = new Float64Array(16);
const dqSum = createDualQuat();
const wco = new Float64Array(3);
const co = new Float64Array(3);
const factor = new Float64Array(1);
// acc[0]: this target's weight, acc[1]: the total, acc[2]: one B-Bone joint's share; in a typed array (see addWeightedDualQuat).
const acc = new Float64Array(3);
const totalCell = acc.subarray(1, 2);
const jointCell = acc.subarray(2, 3);
const dq = createDualQuat();
const segmentAt = new Float64Array(2);
const place = new Float64Array(1);
const joint = new Float64Array(16);

const boneInputs = Object.fromEntries(
  Array.from({ length: ARMATURE_MAX_TARGETS }, (_, i): [string, SocketSpec][] => [
    [`bone${i + 1}`, transform({ doc: `Bone ${i + 1}: the final world matrix of an armature bone (from an Owner node; a B-Bone from its B-Bone node, to deform by its segments). Unconnected: not used.` })],
    [`weight${i + 1}`, float({ default: 1, min: 0, max: 1, doc: `Weight of bone ${i + 1}; 0 or less: not used.` })],
  ]).flat(),
);

export const armature = defineConstraint({
  type: 'constraint/armature',
  label: 'Armature',
  category: 'Relationship',
  doc: 'Moves the owner with its target bones (as many as Targets says) as an Armature modifier moves a vertex: their weighted deform matrices (pose times rest inverse), blended linearly or by dual quaternions. A B-Bone target wired from its B-Bone node deforms by its segments around the owner.',
  inputs: {
    ...boneInputs,
  },
  outputs: { owner: transform({ doc: 'The owner after Armature (world matrix).' }) },
  params: {
    targets: {
      ...param.int(ARMATURE_DEFAULT_TARGETS, `How many target bones the node takes: one (bone, weight) input pair each, 0 to ${ARMATURE_MAX_TARGETS}.`, { min: 0, max: ARMATURE_MAX_TARGETS }),
      label: 'Targets',
    },
    useDeformPreserveVolume: {
      ...param.bool(false, 'Preserve Volume: blend the bone deformations as dual quaternions instead of averaging the matrices (no candy-wrapper shrinking at twisted joints).'),
      label: 'Preserve Volume',
    },
    useBoneEnvelopes: {
      ...param.bool(false, 'Use Envelopes: multiply each weight by how far inside its bone\'s envelope the owner is (its rest head for a bone owner, unless Use Current Location). Needs the bones\' envelope radii in the scene (the Sinew add-on exports them); refused at compile time without them.'),
      label: 'Use Envelopes',
    },
    useCurrentLocation: {
      ...param.bool(false, 'Use Current Location: measure envelope weights and pick B-Bone segments from where a bone owner is now rather than its rest head. Without envelopes or B-Bone targets it changes nothing.'),
      label: 'Use Current Location',
    },
  },
  constraint: { ownerSpace: true },
  variadic: { param: 'targets', itemOf: armatureTargetOf },
  blender: {
    type: 'ARMATURE',
    params: { use_deform_preserve_volume: 'useDeformPreserveVolume', use_bone_envelopes: 'useBoneEnvelopes', use_current_location: 'useCurrentLocation' },
    // `target_space`: armdef_evaluate reads bone matrices directly, never the space-converted target
    //   matrix, so Blender ignores it.
    ignore: ['target_space', 'targets'],
    convert(props) {
      // Item i of Blender's list is target i + 1 here, always: a driver on `targets[i].weight` finds
      // `weight{i+1}` (runtime/io/blender/import-drivers.ts) whatever the items before it hold.
      const list = armatureTargets(props);
      const out: Record<string, number> = { targets: Math.min(list.length, ARMATURE_MAX_TARGETS) };
      list.forEach((t, i) => {
        if (i < ARMATURE_MAX_TARGETS) out[`weight${i + 1}`] = t.weight;
      });
      return out;
    },
    references(props) {
      return armatureTargets(props).slice(0, ARMATURE_MAX_TARGETS).flatMap((t, i) => (t.target === '' ? [] : [{ socket: `bone${i + 1}`, object: t.target, bone: t.subtarget }]));
    },
    unsupported(props) {
      const list = armatureTargets(props);
      const out: string[] = [];
      if (list.length > ARMATURE_MAX_TARGETS) out.push(`targets (${list.length} targets; the node takes ${ARMATURE_MAX_TARGETS})`);
      // A target of weight > 0 naming no bone makes Blender leave the owner alone: the importer
      // leaves such a constraint out (runtime/io/blender/blender-skips.ts), so it never gets here.
      return out;
    },
  },
  bind(env, p) {
    const useEnvelopes = p.useBoneEnvelopes;
    const slots: Slot[] = [];
    const count = p.targets;
    for (let i = 1; i <= count; i++) {
      const src = env.sourceOwner(`bone${i}`);
      if (!src) continue;
      const info: BoneInfo | undefined = src.bone;
      if (src.kind !== 'bone' || !info) return env.fail(`input bone${i} must come from an armature bone; "${src.id}" is not a bone`, `bone${i}`);
      const restInverse = new Float64Array(16);
      invertMat4(restInverse, info.restMatrix);
      // armdef_accumulate_bone deforms by a B-Bone's segments under the owner: their shape is read
      // from the bone's B-Bone node, which must feed this input so that it runs first.
      const shaped = info.bbone && env.sourceShape(`bone${i}`);
      if (info.bbone && !shaped) env.warn(`target bone "${src.id}" has ${info.bbone.segments} B-Bone segments: wire bone${i} from its B-Bone node to deform by them (as Blender does); wired from an Owner node it deforms as a whole bone`);
      const e = info.envelope;
      if (useEnvelopes && !e) return env.fail(`Use Envelopes needs bone "${src.id}"'s envelope (head and tail radius, distance), which the scene does not give (export the rig with the Sinew add-on, or turn Use Envelopes off)`, 'useBoneEnvelopes');
      const envelope = e && (useEnvelopes || e.multiply) ? new Float64Array([...e.head, ...e.tail, e.headRadius, e.tailRadius, e.distance]) : undefined;
      const bbone = shaped ? { shape: shaped.shape, segments: shaped.segments, length: Float64Array.of(info.length) } : undefined;
      slots.push({ bone: `bone${i}`, weight: `weight${i}`, restInverse, rest: info.restMatrix, armature: info.armature.final, envelope, bbone });
    }
    const stack = env.stackOwner();
    const restFrom = stack?.kind === 'bone' && stack.bone && !p.useCurrentLocation ? stack.bone : undefined;
    return { slots, restHead: restFrom && restFrom.restMatrix.slice(12, 15), ownerArmature: restFrom?.armature.final };
  },
  kernel(io, p, s) {
    const own = io.in.owner;
    const out = io.out.owner;
    copyMat4(out, own);
    if (armatureDeform(sum, io.in, s, p.useDeformPreserveVolume)) {
      multiplyMat4(out, sum, own);
      finishOrPass(out, own);
    }
  },
});

/** One item of Blender's `ARMATURE.targets` list as the fixture writes it (README-rig-additions §4). */
interface ArmatureTarget {
  target: string;
  subtarget: string;
  weight: number;
}

/** The target list of a fixture's props, item for item (an item naming no object has target ''). */
function armatureTargets(props: Record<string, JsonValue>): ArmatureTarget[] {
  const list = Array.isArray(props.targets) ? props.targets : [];
  return list.map((t) => {
    if (!t || typeof t !== 'object' || Array.isArray(t)) return { target: '', subtarget: '', weight: 1 };
    return { target: typeof t.target === 'string' ? t.target : '', subtarget: typeof t.subtarget === 'string' ? t.subtarget : '', weight: typeof t.weight === 'number' ? t.weight : 1 };
  });
}

/**
 * The blended world-space deform matrix of the slots into `out` (Blender's armdef_accumulate_*):
 * each bone contributes A·(A⁻¹·W)·rest⁻¹·A⁻¹ = W·rest⁻¹·A⁻¹ with W its world matrix and A its
 * armature's. Returns false when no bone has a positive weight (the owner is left alone).
 */
export function armatureDeform(out: Float64Array, inputs: Record<string, Float64Array>, s: ArmatureState, dualQuat: boolean): boolean {
  acc[1] = 0;
  for (let i = 0; i < 16; i++) out[i] = 0;
  // armdef_evaluate's input_co, in world space: the rest head of a bone owner, else where it is now.
  const own = inputs.owner;
  if (s.restHead && s.ownerArmature) transformPoint(wco, s.ownerArmature, s.restHead);
  else { wco[0] = own[12]; wco[1] = own[13]; wco[2] = own[14]; }
  if (dualQuat) zeroDualQuat(dqSum);
  for (let k = 0; k < s.slots.length; k++) {
    const slot = s.slots[k];
    // Blender's weight is 0 to 1 (RNA's hard range, which a driver's value is clamped to as well).
    // Every weight input has a view (wired, or its value's constant slot). No `?.`/`??` here: a
    // double merged with undefined is kept boxed, a heap number per target per frame.
    const given = inputs[slot.weight][0];
    if (!(given > 0)) continue;
    invertMat4(armInv, slot.armature);
    // The weight stays in a typed array until it is final: a double that changes across a call
    // V8 does not inline is boxed (with envelopes and dual quaternions in one program it was).
    factor[0] = 1;
    // armdef_accumulate_bone: the point in the target's armature space, for envelopes and B-Bones.
    if (slot.envelope || slot.bbone) transformPoint(co, armInv, wco);
    if (slot.envelope) distFactorToBone(factor, co, slot.envelope);
    acc[0] = (given > 1 ? 1 : given) * factor[0];
    const bb = slot.bbone;
    if (bb) {
      // The two joints around the point's place along the bone (its rest Y over the rest length),
      // each with its share of the weight; a share of 0 adds nothing (armdef_accumulate_matrix).
      const ri = slot.restInverse;
      place[0] = (ri[1] * co[0] + ri[5] * co[1] + ri[9] * co[2] + ri[13]) / bb.length[0];
      bboneSegmentAt(segmentAt, place, bb.segments);
      const index = segmentAt[0];
      jointCell[0] = acc[0] * (1 - segmentAt[1]);
      if (jointCell[0] !== 0) accumulate(out, inputs[slot.bone], slot, index, dualQuat);
      jointCell[0] = acc[0] * segmentAt[1];
      if (jointCell[0] !== 0) accumulate(out, inputs[slot.bone], slot, index + 1, dualQuat);
    } else {
      jointCell[0] = acc[0];
      accumulate(out, inputs[slot.bone], slot, -1, dualQuat);
    }
    acc[1] += acc[0];
  }
  if (!(acc[1] > 0)) return false;
  if (dualQuat) {
    normalizeDualQuat(dqSum, totalCell);
    dualQuatToMat4(out, dqSum);
  } else {
    const f = 1 / acc[1];
    for (let i = 0; i < 16; i++) out[i] *= f;
  }
  return true;
}

/**
 * Adds one deform matrix by the weight in jointCell (armdef_accumulate_matrix): the whole bone's
 * (joint −1), W·rest⁻¹·A⁻¹, or B-Bone joint a's, W·(pose[a]·rest[a]⁻¹)·rest⁻¹·A⁻¹, with W the
 * bone's world matrix and A its armature's (armInv holds A⁻¹). For dual quaternions its base is the
 * orthonormal rest frame in world space, the bone's or the joint's.
 */
function accumulate(out: Float64Array, world: Float64Array, slot: Slot, a: number, dualQuat: boolean): void {
  if (a < 0) multiplyMat4(deform, world, slot.restInverse);
  else {
    const d = slot.bbone!.shape.deform;
    for (let i = 0; i < 16; i++) joint[i] = d[16 * a + i];
    multiplyMat4(deform, world, joint);
    multiplyMat4(deform, deform, slot.restInverse);
  }
  multiplyMat4(deform, deform, armInv);
  if (dualQuat) {
    multiplyMat4(base, slot.armature, slot.rest);
    if (a >= 0) {
      const r = slot.bbone!.shape.rest;
      for (let i = 0; i < 16; i++) joint[i] = r[16 * a + i];
      multiplyMat4(base, base, joint);
    }
    orthogonalizeMat4Stable(base, base, 1, true);
    mat4ToDualQuat(dq, base, deform);
    addWeightedDualQuat(dqSum, dq, jointCell);
  } else {
    const w = jointCell[0];
    for (let i = 0; i < 16; i++) out[i] += w * deform[i];
  }
}

/** out = M · (p, 1), the point part. Arrays only: a double passed to a call V8 does not inline is boxed. */
function transformPoint(out: Float64Array, m: Float64Array, p: Float64Array): void {
  const x = p[0], y = p[1], z = p[2];
  out[0] = m[0] * x + m[4] * y + m[8] * z + m[12];
  out[1] = m[1] * x + m[5] * y + m[9] * z + m[13];
  out[2] = m[2] * x + m[6] * y + m[10] * z + m[14];
}

/**
 * Blender 3.4's `distfactor_to_bone` (armature_deform.c) into out[0]: 1 inside the capsule whose
 * radius runs from the head radius to the tail radius, falling off as 1 − (d − r)²/dist² over the
 * envelope distance, 0 beyond. `e` is [head xyz, tail xyz, head radius, tail radius, distance].
 */
export function distFactorToBone(out: Float64Array, p: Float64Array, e: Float64Array): void {
  let bx = e[3] - e[0], by = e[4] - e[1], bz = e[5] - e[2];
  const l = Math.sqrt(bx * bx + by * by + bz * bz);
  // normalize_v3 leaves a zero vector as it is.
  if (l > 1e-35) { bx /= l; by /= l; bz /= l; } else { bx = 0; by = 0; bz = 0; }
  const px = p[0] - e[0], py = p[1] - e[1], pz = p[2] - e[2];
  const a = bx * px + by * py + bz * pz;
  const hsqr = px * px + py * py + pz * pz;
  let distSq: number;
  let rad: number;
  if (a < 0) {
    distSq = hsqr;
    rad = e[6];
  } else if (a > l) {
    const qx = p[0] - e[3], qy = p[1] - e[4], qz = p[2] - e[5];
    distSq = qx * qx + qy * qy + qz * qz;
    rad = e[7];
  } else {
    distSq = hsqr - a * a;
    rad = l !== 0 ? (a / l) * e[7] + (1 - a / l) * e[6] : e[6];
  }
  const rdist = e[8];
  if (distSq < rad * rad) out[0] = 1;
  else if (rdist === 0 || distSq >= (rad + rdist) * (rad + rdist)) out[0] = 0;
  else {
    const d = Math.sqrt(distSq) - rad;
    out[0] = 1 - (d * d) / (rdist * rdist);
  }
}
