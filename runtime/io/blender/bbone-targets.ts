// Armature constraint targets that are B-Bones (bbone_segments > 1): Blender 3.4's
// armdef_accumulate_bone deforms the owner by the B-Bone segment under it (two segments blended,
// from the bone's curved spline: handles, ease, roll, scale in and out), where Sinew deforms by the
// whole bone. The two agree only while the spline is straight and unscaled, which the file does not
// tell, so each such target is named: the import summary lists it as not carried, and `--strict`
// refuses it. Never silently wrong.
import type { Fixture, FixtureConstraint } from './fixture';

/** `targets[i] (…)` for each target of weight > 0 that is a B-Bone, in the summary's wording. */
export function bboneTargets(fx: Fixture, c: FixtureConstraint): string[] {
  if (c.type !== 'ARMATURE' || !Array.isArray(c.props.targets)) return [];
  const out: string[] = [];
  c.props.targets.forEach((t, i) => {
    if (!t || typeof t !== 'object' || Array.isArray(t) || typeof t.target !== 'string' || typeof t.subtarget !== 'string') return;
    if (typeof t.weight === 'number' && !(t.weight > 0)) return;
    const bone = fx.objects.find((o) => o.name === t.target)?.bones?.find((b) => b.name === t.subtarget) as { bbone_segments?: number } | undefined;
    const segments = bone?.bbone_segments ?? 1;
    if (segments > 1) out.push(`targets[${i}] (bone "${t.target}/${t.subtarget}" is a B-Bone of ${segments} segments: Blender deforms the owner by the segment under it, Sinew by the whole bone)`);
  });
  return out;
}
