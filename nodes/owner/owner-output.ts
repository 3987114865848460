// nodes/owner/owner-output.ts — where an owner's stack ends: the constrained matrix it takes.
import { defineNode, param, transform, type OwnerHandle } from '../define';
import { paramText } from '../../graph/param-text';

export const ownerOutput = defineNode<OwnerHandle>({
  type: 'owner/output',
  label: 'Owner Out',
  category: 'Owner',
  doc: "Sets an owner's world matrix after its constraints: the end of its stack.",
  inputs: { transform: transform({ doc: 'The constrained world matrix.', required: true }) },
  outputs: {},
  params: { owner: param.owner('The object or bone ("Armature/Bone") whose stack this ends.') },
  owner: { role: 'write', param: 'owner' },
  cannotFail: true,
  bind: (env, p) => env.owner(paramText(p.owner)) ?? env.fail(`owner "${paramText(p.owner)}" is not in the scene`, 'owner'),
  kernel: (io, _p, owner) => {
    owner.final.set(io.in.transform);
  },
});
