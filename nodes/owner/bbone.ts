// nodes/owner/bbone.ts — a B-Bone as a target: its final matrix, as the Owner node gives it, and its
// curved shape computed from it (Blender 3.4's BONE_SEGMENTS step, BKE_pchan_bbone_segments_cache_compute):
// the spline from the bone's pose and its handle bones' (nodes/math/bbone.ts), in the views of the
// bone's BoneInfo.bbone.shape. Nodes wired from this one read that shape after it (the Armature
// constraint deforms by the segments, Follow B-Bone reads Head/Tail on the curve); the handle bones
// come in through `start` and `end`, so the shape is computed after they have moved. The settings
// are the scene's; a linked settings input replaces one each evaluation (a driver, an animated curve).
import { defineNode, param, transform, type BBoneHandleInfo, type BBoneInfo, type OwnerHandle, type SocketSpec } from '../define';
import { createSpaceReader, readInSpace, type SpaceReader } from '../drivers/local-space';
import {
  BBONE_POSE_VALUES, BBONE_REST_VALUES, BBONE_SETTINGS, computeBBoneJoints, handleReadsScale,
  type BBone, type BBoneHandle, type BBoneSetting,
} from '../math/bbone';
import { safeInvertMat4, safeMultiplyMat4 } from '../math/finite';
import { mat4ToScale } from '../math/matrix';

const LABELS: Record<BBoneSetting, string> = {
  curveInX: 'Curve In X', curveInZ: 'Curve In Z', curveOutX: 'Curve Out X', curveOutZ: 'Curve Out Z',
  rollIn: 'Roll In (radians)', rollOut: 'Roll Out (radians)', easeIn: 'Ease In', easeOut: 'Ease Out',
  scaleInX: 'Scale In X', scaleInY: 'Scale In Y', scaleInZ: 'Scale In Z', scaleOutX: 'Scale Out X', scaleOutY: 'Scale Out Y', scaleOutZ: 'Scale Out Z',
};

/** The input of each setting: the pose bone's (`easeIn`) and the edit bone's (`restEaseIn`). */
export function bboneSettingInput(s: BBoneSetting, rest: boolean): string {
  return rest ? `rest${s[0].toUpperCase()}${s.slice(1)}` : s;
}

// No default: unlinked, a setting is the scene's value (a value here would hide it), so nothing to edit.
const settingInput = (s: BBoneSetting, doc: string): SocketSpec => (s.startsWith('roll') ? { type: 'float', doc, unit: 'rad' } : { type: 'float', doc });
const settingInputs: Record<string, SocketSpec> = Object.fromEntries(BBONE_SETTINGS.flatMap((s): [string, SocketSpec][] => [
  [bboneSettingInput(s, false), settingInput(s, `${LABELS[s]} of the pose bone. Linked: replaces the scene's value each evaluation (a driver, an animated curve).`)],
  [bboneSettingInput(s, true), settingInput(s, `${LABELS[s]} of the bone itself (its rest shape, which the pose's adds to). Linked: replaces the scene's value each evaluation.`)],
]));

interface Handle {
  handle: BBoneHandle;
  /** Its LOCAL-space reader, when its local scale is read. */
  local: SpaceReader | undefined;
}

/** What a B-Bone node binds to: its owner, its shape's settings and handles, and the views it reads. */
export interface BBoneNodeState {
  owner: OwnerHandle;
  info: BBoneInfo;
  spline: BBone;
  start: Handle | undefined;
  end: Handle | undefined;
  /** Linked settings: where each goes in `spline.values` (its input: inputOfValue). */
  linked: Int32Array;
  /** Whether the rest shape changes with the frame (a linked edit-bone setting). */
  restLive: boolean;
  /** Inverse of each rest joint. */
  restInverse: Float64Array;
  armInv: Float64Array;
  scratch: Float64Array;
}

export const bbone = defineNode({
  type: 'owner/bbone',
  label: 'B-Bone',
  category: 'Owner',
  doc: "A bone with B-Bone segments as a target: its final world matrix (as Owner gives it), and its curved shape computed after it and its handle bones have moved. Wire an Armature constraint's bone, or a Follow B-Bone constraint's target, from here to read the segments.",
  inputs: {
    start: transform({ doc: "The start handle bone's final matrix (an Owner node of it), when the bone has one: its connected parent (AUTO) or its custom start handle." }),
    end: transform({ doc: "The end handle bone's final matrix (an Owner node of it), when the bone has one: its last connected child (AUTO) or its custom end handle." }),
    ...settingInputs,
  },
  outputs: { transform: transform({ doc: 'Final world matrix of the bone.' }) },
  params: { owner: param.owner('The bone ("Armature/Bone"), one with more than one B-Bone segment.') },
  owner: { role: 'read', param: 'owner', bboneShape: true },
  bind(env, p): BBoneNodeState {
    const owner = env.owner(p.owner) ?? env.fail(`owner "${p.owner}" is not in the scene`, 'owner');
    const bone = owner.bone;
    const info = bone?.bbone;
    if (!bone || !info) return env.fail(`"${p.owner}" is not a bone with B-Bone segments (bbone_segments above 1), so it has no curved shape`, 'owner');
    const shape = info.shape;
    if (shape.writer !== undefined && shape.writer !== env.nodeId) return env.fail(`the B-Bone shape of "${p.owner}" is already computed by node "${shape.writer}"; a bone has one B-Bone node`, 'owner');
    shape.writer = env.nodeId;
    const handle = (name: 'start' | 'end', h: BBoneHandleInfo | undefined): Handle | undefined => {
      if (!h) {
        if (env.connected(name)) env.warn(`input ${name} is not used: "${p.owner}" has no ${name} handle`);
        return undefined;
      }
      const src = env.sourceOwner(name);
      if (src !== h.owner) return env.fail(`input ${name} must be wired from bone "${h.owner.id}" (an Owner node of it), the ${name} handle of "${p.owner}": the shape is computed after it moves`, name);
      const hb = h.owner.bone!;
      const handle: BBoneHandle = {
        type: h.type, rest: hb.restMatrix, length: Float64Array.of(hb.length), bbone: hb.bbone !== undefined,
        useScale: h.useScale, useEase: h.useEase, pose: new Float64Array(16), localScale: Float64Array.of(1, 1, 1),
      };
      return { handle, local: handleReadsScale(handle) ? createSpaceReader(h.owner, 'LOCAL_SPACE') : undefined };
    };
    const start = handle('start', info.start);
    const end = handle('end', info.end);
    const linked: number[] = [];
    let restLive = false;
    BBONE_SETTINGS.forEach((s, i) => {
      for (const rest of [false, true]) {
        if (!env.connected(bboneSettingInput(s, rest))) continue;
        linked.push((rest ? BBONE_REST_VALUES : BBONE_POSE_VALUES) + i);
        restLive ||= rest;
      }
    });
    const n = info.segments + 1;
    const spline: BBone = {
      segments: info.segments, rest: bone.restMatrix, length: Float64Array.of(bone.length), start: start?.handle, end: end?.handle,
      addStartRollOut: info.addStartRollOut, scaleEasing: info.scaleEasing, pose: new Float64Array(16), values: info.values.slice(),
    };
    const state: BBoneNodeState = {
      owner, info, spline, start, end, linked: Int32Array.from(linked), restLive,
      restInverse: new Float64Array(16 * n), armInv: new Float64Array(16), scratch: new Float64Array(16),
    };
    // The rest shape depends on rest data only: computed once here unless a linked setting moves it.
    if (!restLive) restShape(state);
    return state;
  },
  kernel(io, _p, s) {
    const { spline, info, linked } = s;
    const values = spline.values;
    for (let k = 0; k < linked.length; k++) {
      const at = linked[k];
      values[at] = io.in[inputOfValue(at)][0];
    }
    // Pose space: the armature's world matrix taken out of the bone's and its handles'.
    const final = s.owner.final;
    safeInvertMat4(s.armInv, s.owner.bone!.armature.final);
    safeMultiplyMat4(spline.pose, s.armInv, final);
    if (s.start) poseHandle(s.start, io.in.start, s.armInv);
    if (s.end) poseHandle(s.end, io.in.end, s.armInv);
    const shape = info.shape;
    computeBBoneJoints(shape.pose, spline, false);
    if (s.restLive) restShape(s);
    multiplyJoints(shape.deform, shape.pose, s.restInverse, info.segments + 1);
    io.out.transform.set(final);
  },
});

/** The input that feeds `values[at]` (setting names in BBONE_SETTINGS order, pose ones after the rest). */
const VALUE_INPUTS: readonly string[] = [
  ...BBONE_SETTINGS.map((s) => bboneSettingInput(s, true)),
  ...BBONE_SETTINGS.map((s) => bboneSettingInput(s, false)),
];
function inputOfValue(at: number): string {
  return VALUE_INPUTS[at];
}

/** A handle's pose matrix (armature space) and, when read, its local scale. */
function poseHandle(h: Handle, world: Float64Array, armInv: Float64Array): void {
  safeMultiplyMat4(h.handle.pose, armInv, world);
  if (h.local) mat4ToScale(h.handle.localScale, readInSpace(h.local, world));
}

/** The rest joints and their inverses (a singular one, a zero scale in or out: the identity). */
function restShape(s: BBoneNodeState): void {
  const rest = s.info.shape.rest;
  computeBBoneJoints(rest, s.spline, true);
  const m = s.scratch;
  for (let a = 0; a <= s.info.segments; a++) {
    for (let k = 0; k < 16; k++) m[k] = rest[16 * a + k];
    safeInvertMat4(m, m);
    for (let k = 0; k < 16; k++) s.restInverse[16 * a + k] = m[k];
  }
}

/** out[a] = a[a] · b[a] for each of n matrices packed 16 apart (no views: a subarray is an allocation). */
function multiplyJoints(out: Float64Array, a: Float64Array, b: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) {
    const o = 16 * j;
    for (let c = 0; c < 4; c++) {
      const b0 = b[o + 4 * c], b1 = b[o + 4 * c + 1], b2 = b[o + 4 * c + 2], b3 = b[o + 4 * c + 3];
      for (let r = 0; r < 4; r++) out[o + 4 * c + r] = a[o + r] * b0 + a[o + 4 + r] * b1 + a[o + 8 + r] * b2 + a[o + 12 + r] * b3;
    }
  }
}
