// Constraints Blender 3.4 leaves out of the evaluation although they are on, so the import leaves
// them out too (and says so, as information, not as something not carried):
// * `is_valid` false: Blender flags the constraint CONSTRAINT_DISABLE (the red name in its UI) and
//   BKE_constraints_solve skips it whatever its influence.
// * an Armature constraint with a target of weight > 0 naming no bone of an armature: its
//   armdef_evaluate returns before deforming, so the owner stays where it was — even the targets
//   listed before it do not move it. (Blender also marks such a constraint invalid; files written
//   without `is_valid` are caught by this rule.) Measured in Blender 3.4.1: one such target among
//   valid ones, first or last, weight 0 or not, a bone owner or an object owner: the owner never moves.
// * any constraint of a bone whose armature is in rest position (`pose_position` REST): Blender sets
//   each pose matrix to the rest matrix and runs neither the bones' constraints nor IK
//   (BKE_pose_eval_bone, BKE_pose_constraints_evaluate, BKE_pose_iktree_evaluate return early).
//   Measured in Blender 3.4.1: Copy Location and IK bones stay exactly at rest; the armature
//   object's own constraints still act.
import type { Fixture, FixtureConstraint } from './fixture';

/** Why Blender skips `c`, or undefined when it evaluates it. */
export function blenderSkips(fx: Fixture, c: FixtureConstraint): string | undefined {
  if (c.owner.bone && fx.objects.find((o) => o.name === c.owner.object)?.pose_position === 'REST') {
    return `armature "${c.owner.object}" is in rest position (pose_position REST), where Blender evaluates no bone constraint`;
  }
  if (c.props.is_valid === false) return 'Blender marks it invalid (is_valid false) and skips it';
  if (c.type !== 'ARMATURE' || !Array.isArray(c.props.targets)) return undefined;
  for (const [i, t] of c.props.targets.entries()) {
    if (!t || typeof t !== 'object' || Array.isArray(t)) continue;
    const weight = typeof t.weight === 'number' ? t.weight : 1;
    if (!(weight > 0)) continue;
    const object = typeof t.target === 'string' ? fx.objects.find((o) => o.name === t.target) : undefined;
    const bone = typeof t.subtarget === 'string' ? t.subtarget : '';
    if (object?.type !== 'ARMATURE') return `targets[${i}] names ${object ? `${object.type.toLowerCase()} "${object.name}", not an armature` : 'no armature'}, so Blender moves the owner by none of its targets`;
    if (!object.bones?.some((b) => b.name === bone)) return `targets[${i}] names ${bone === '' ? 'no bone' : `bone "${bone}", which "${object.name}" does not have`}, so Blender moves the owner by none of its targets`;
  }
  return undefined;
}
