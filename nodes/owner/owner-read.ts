// nodes/owner/owner-read.ts — an owner as a target: its final matrix, and for bones head, tail, length.
import { defineNode, curve, float, param, transform, vector } from '../define';
import { saturate } from '../math/finite';
import { hypot3Into } from '../math/hypot';

export const ownerRead = defineNode({
  type: 'owner/read',
  label: 'Owner',
  category: 'Owner',
  doc: "An owner's final world matrix (after its constraints), to use as a target, pole, curve or space.",
  inputs: {},
  outputs: {
    transform: transform({ doc: 'Final world matrix.', ownerView: 'final' }),
    head: vector({ doc: 'World position of the head (an object: its origin).' }),
    tail: vector({ doc: 'World position of the tail (an object: its origin).' }),
    length: float({ doc: 'Bone length in world units (an object: 0).' }),
    curve: curve({ doc: 'The path of a curve object.', ownerView: 'final' }),
  },
  params: {
    owner: param.owner('The object or bone ("Armature/Bone") to read.'),
    breaksCycle: param.bool(false, "Where a dependency cycle through this read is broken: the read then gives the owner as the last evaluation left it. The Blender import sets it where Blender's depsgraph broke the cycle; elsewhere Sinew's own rule picks the place."),
  },
  owner: { role: 'read', param: 'owner' },
  cannotFail: true,
  outputsOnly: true,
  bind: (env, p) => env.owner(p.owner) ?? env.fail(`owner "${p.owner}" is not in the scene`, 'owner'),
  kernel: (io, _p, owner) => {
    const m = owner.final;
    const o = io.out;
    if (o.transform !== m) o.transform.set(m);
    if (o.curve !== m) o.curve.set(m);
    const len = owner.bone ? owner.bone.length : 0;
    o.head[0] = m[12]; o.head[1] = m[13]; o.head[2] = m[14];
    // The tail is the head moved along the bone's Y axis by its rest length (scaled with the pose).
    // Saturated: a 1e300-long bone under a scaled armature stays finite, as the math nodes do.
    o.tail[0] = saturate(m[12] + m[4] * len); o.tail[1] = saturate(m[13] + m[5] * len); o.tail[2] = saturate(m[14] + m[6] * len);
    hypot3Into(o.length, 0, m, 4); // |Y axis|, written to the slot: a returned double may be boxed
    o.length[0] = saturate(o.length[0] * len);
  },
});
