// nodes/owner/owner-output.ts — where an owner's stack ends: the constrained matrix it takes.
import { defineNode, param, transform } from '../define';

export const ownerOutput = defineNode({
  type: 'owner/output',
  label: 'Owner Out',
  category: 'Owner',
  doc: "Sets an owner's world matrix after its constraints: the end of its stack.",
  inputs: { transform: transform({ doc: 'The constrained world matrix.', required: true, ownerView: 'final' }) },
  outputs: {},
  params: { owner: param.owner('The object or bone ("Armature/Bone") whose stack this ends.') },
  owner: { role: 'write', param: 'owner' },
  cannotFail: true,
  copiesOnly: true,
  bind: (env, p) => env.owner(p.owner) ?? env.fail(`owner "${p.owner}" is not in the scene`, 'owner'),
  kernel: (io, _p, owner) => {
    const from = io.in.transform;
    if (from !== owner.final) owner.final.set(from);
  },
});
