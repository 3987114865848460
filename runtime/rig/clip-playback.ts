// A clip (an imported glTF animation) as the pose source: each frame, before an owner's pre step,
// the scene's playing clip writes the owner's basis as the product of its track's factors, fixed
// matrices and node transforms sampled at the clip time (runtime/io/gltf/clips.ts builds the factors
// from the file's node tree). Built once at compile; per frame it allocates nothing.
import type { GraphError } from '../../graph/types';
import { packSampler, sampleAt, samplerEnd, type PackedSampler } from '../../nodes/math/clip-sampler';
import { multiplyMat4 } from '../../nodes/math/matrix';
import { quatToMat4 } from '../../nodes/math/quaternion';
import type { RigOwner } from './rig';
import type { SceneClipFactor, SceneDocument, SceneSampler } from './scene/types';

/** One factor: fixed (`matrix`) or a TRS whose parts `samplers` may animate. */
interface Factor {
  fixed: Float64Array | undefined;
  /** translation (3), rotation (4), scale (3): the rest values, overwritten by the samplers. */
  trs: Float64Array;
  translation: PackedSampler | undefined;
  rotation: PackedSampler | undefined;
  scale: PackedSampler | undefined;
}

/** An owner's clip track, ready to play. */
export interface ClipTrack {
  owner: RigOwner;
  factors: Factor[];
  /** The clip time of the current frame, seconds (written by `playTrack`). */
  time: Float64Array;
  timing: ClipTiming;
}

/** How frames map to the clip's time: [start frame, fps, speed, offset, duration, loop (1/0)]. */
type ClipTiming = Float64Array;

const scratch = new Float64Array(16);
const unit = new Float64Array(4);

/** The tracks of the scene's playing clip, in rig order; tracks naming no owner are warned about. */
export function buildClipPlayback(scene: SceneDocument, owners: RigOwner[], byId: Map<string, RigOwner>, warnings: GraphError[]): ClipTrack[] {
  const playback = scene.playback;
  if (!playback) return [];
  const index = (scene.clips ?? []).findIndex((c) => c.name === playback.clip);
  if (index < 0) return [];
  const clip = scene.clips![index];
  const byOwner = new Map<RigOwner, Factor[]>();
  let duration = 0;
  clip.tracks.forEach((t, ti) => {
    const owner = byId.get(t.owner);
    if (!owner) {
      warnings.push({ code: 'unsupported-channel', pointer: `/scene/clips/${index}/tracks/${ti}/owner`, message: `clip "${clip.name}" animates "${t.owner}", which is not in the scene; the track is ignored` });
      return;
    }
    const factors = t.factors.map(packFactor);
    for (const f of factors) for (const s of [f.translation, f.rotation, f.scale]) if (s) duration = Math.max(duration, samplerEnd(s));
    byOwner.set(owner, factors);
  });
  const timing: ClipTiming = Float64Array.of(playback.start_frame ?? 1, playback.fps ?? 24, playback.speed ?? 1, playback.offset ?? 0, duration, playback.loop === false ? 0 : 1);
  return owners.flatMap((owner) => {
    const factors = byOwner.get(owner);
    return factors ? [{ owner, factors, time: new Float64Array(1), timing }] : [];
  });
}

function packFactor(f: SceneClipFactor): Factor {
  const trs = Float64Array.of(...(f.translation ?? [0, 0, 0]), ...(f.rotation ?? [0, 0, 0, 1]), ...(f.scale ?? [1, 1, 1]));
  const pack = (s: SceneSampler | undefined, size: number, rotation: boolean) => (s ? packSampler(s.input, s.output, size, s.interpolation ?? 'LINEAR', rotation) : undefined);
  return {
    fixed: f.matrix ? Float64Array.from(f.matrix) : undefined,
    trs,
    translation: pack(f.samplers?.translation, 3, false),
    rotation: pack(f.samplers?.rotation, 4, true),
    scale: pack(f.samplers?.scale, 3, false),
  };
}

/** Writes the track's owner basis for `frame[0]`. Allocates nothing. */
export function playTrack(track: ClipTrack, frame: Float64Array): void {
  clipTime(track.time, track.timing, frame);
  const basis = track.owner.basis;
  basis.fill(0);
  basis[0] = basis[5] = basis[10] = basis[15] = 1;
  const factors = track.factors;
  for (let i = 0; i < factors.length; i++) {
    const f = factors[i];
    if (f.fixed) { multiplyMat4(basis, basis, f.fixed); continue; }
    if (f.translation) sampleAt(f.translation, track.time, f.trs, 0);
    if (f.rotation) sampleAt(f.rotation, track.time, f.trs, 3);
    if (f.scale) sampleAt(f.scale, track.time, f.trs, 7);
    trsMatrix(scratch, f.trs);
    multiplyMat4(basis, basis, scratch);
  }
}

/** T·R·S of [translation, rotation (normalized), scale], as a glTF node's matrix. */
function trsMatrix(out: Float64Array, trs: Float64Array): void {
  const x = trs[3], y = trs[4], z = trs[5], w = trs[6];
  const len = Math.sqrt(x * x + y * y + z * z + w * w);
  if (len > 0) { unit[0] = x / len; unit[1] = y / len; unit[2] = z / len; unit[3] = w / len; }
  else { unit[0] = 0; unit[1] = 0; unit[2] = 0; unit[3] = 1; }
  quatToMat4(out, unit);
  const sx = trs[7], sy = trs[8], sz = trs[9];
  out[0] *= sx; out[1] *= sx; out[2] *= sx;
  out[4] *= sy; out[5] *= sy; out[6] *= sy;
  out[8] *= sz; out[9] *= sz; out[10] *= sz;
  out[12] = trs[0]; out[13] = trs[1]; out[14] = trs[2];
}

/** The clip time at a frame: offset + speed · (frame − start) / fps, wrapped into the clip when it loops. */
function clipTime(out: Float64Array, timing: ClipTiming, frame: Float64Array): void {
  let t = timing[3] + (timing[2] * (frame[0] - timing[0])) / timing[1];
  const duration = timing[4];
  if (timing[5] === 1 && duration > 0) {
    t %= duration;
    if (t < 0) t += duration;
  }
  out[0] = t;
}
