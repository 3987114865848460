// Choosing the clip a scene plays under its constraints (`--clip NAME`, the app's clip picker): the
// scene's `playback` names it, and a clip's length is its latest key.
import { quoteList } from '../../../graph/messages';
import type { SceneClip, SceneDocument } from './types';

/** The clip's length in seconds: the latest key time of any of its samplers. */
export function clipDuration(clip: SceneClip): number {
  let end = 0;
  for (const t of clip.tracks) {
    for (const f of t.factors) {
      for (const s of [f.samplers?.translation, f.samplers?.rotation, f.samplers?.scale]) {
        const last = s?.input[s.input.length - 1];
        if (typeof last === 'number' && last > end) end = last;
      }
    }
  }
  return end;
}

/** The scene playing clip `name` at `fps` (other playback settings kept), or why it cannot. */
export function playingClip(scene: SceneDocument, name: string, fps: number): { ok: true; scene: SceneDocument; clip: SceneClip } | { ok: false; message: string } {
  const clips = scene.clips ?? [];
  const clip = clips.find((c) => c.name === name);
  if (!clip) {
    return { ok: false, message: `--clip: the scene has no clip "${name}"${clips.length ? `; it has ${quoteList(clips.map((c) => c.name), 'and')}` : ' (it has none: clips come from the animations of a glTF file given with --scene)'}` };
  }
  return { ok: true, scene: { ...scene, playback: { ...scene.playback, clip: name, fps } }, clip };
}
