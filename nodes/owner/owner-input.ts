// nodes/owner/owner-input.ts — where an owner's stack starts: its matrix before constraints.
import { defineNode, param, transform } from '../define';

export const ownerInput = defineNode({
  type: 'owner/input',
  label: 'Owner In',
  category: 'Owner',
  doc: "An owner's world matrix before its constraints: the start of its stack.",
  inputs: {},
  outputs: { transform: transform({ doc: 'World matrix before constraints.', ownerView: 'pre' }) },
  params: { owner: param.owner('The object or bone ("Armature/Bone") whose stack this starts.') },
  owner: { role: 'pre', param: 'owner' },
  cannotFail: true,
  copiesOnly: true,
  bind: (env, p) => env.owner(p.owner) ?? env.fail(`owner "${p.owner}" is not in the scene`, 'owner'),
  kernel: (io, _p, owner) => {
    const out = io.out.transform;
    if (out !== owner.pre) out.set(owner.pre);
  },
});
