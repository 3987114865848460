// nodes/drivers/bone-inheritance.ts — how a bone inherits from its parent, as params a driver can
// set: where a driver drives `bones["B"].use_inherit_rotation`, `use_local_location` or
// `inherit_scale` (a rig's "head follows the body" switch). Blender evaluates the armature's
// drivers before it builds the pose, so the bone's pose this frame is built with the driven
// setting; this node writes it onto the bone before its pre-constraint matrix is made, which reads
// it there, as do the conversions into the bone's LOCAL space.
import { defineNode, param } from '../define';

/** Blender's `inherit_scale` items, in its menu's order. */
export const INHERIT_SCALE_MODES = ['FULL', 'FIX_SHEAR', 'ALIGNED', 'AVERAGE', 'NONE', 'NONE_LEGACY'] as const;

export const boneInheritance = defineNode({
  type: 'driver/bone-inheritance',
  label: 'Bone inheritance',
  category: 'Driver',
  doc: "How a bone takes its parent's transform (Blender's Inherit Rotation, Local Location and Inherit Scale), set before the bone's pose is built: where a driver switches it. Unlinked params keep the file's settings.",
  inputs: {},
  outputs: {},
  params: {
    owner: param.owner('The bone ("Armature/Bone") whose inheritance these are.'),
    inheritRotation: param.bool(true, 'Inherit Rotation: the bone turns with its parent.'),
    localLocation: param.bool(true, "Local Location: the bone's location is in its own rest frame (off: in its parent's)."),
    inheritScale: param.choice(INHERIT_SCALE_MODES, 'FULL', "Inherit Scale: how much of its parent's scale the bone takes."),
  },
  owner: { role: 'setting', param: 'owner' },
  bind(env, p) {
    const owner = env.owner(p.owner) ?? env.fail(`owner "${p.owner}" is not in the scene`, 'owner');
    if (owner.kind !== 'bone') return env.fail(`owner "${p.owner}" is not a bone: it inherits nothing from a parent bone`, 'owner');
    return { owner };
  },
  kernel(_io, p, { owner }) {
    owner.inheritRotation = p.inheritRotation;
    owner.localLocation = p.localLocation;
    owner.inheritScale = p.inheritScale;
  },
});
