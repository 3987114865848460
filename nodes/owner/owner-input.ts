// nodes/owner/owner-input.ts — where an owner's stack starts: its matrix before constraints.
import { defineNode, param, transform, type OwnerHandle } from '../define';
import { paramText } from '../../graph/param-text';

export const ownerInput = defineNode<OwnerHandle>({
  type: 'owner/input',
  label: 'Owner In',
  category: 'Owner',
  doc: "An owner's world matrix before its constraints: the start of its stack.",
  inputs: {},
  outputs: { transform: transform({ doc: 'World matrix before constraints.' }) },
  params: { owner: param.owner('The object or bone ("Armature/Bone") whose stack this starts.') },
  owner: { role: 'pre', param: 'owner' },
  cannotFail: true,
  bind: (env, p) => env.owner(paramText(p.owner)) ?? env.fail(`owner "${paramText(p.owner)}" is not in the scene`, 'owner'),
  kernel: (io, _p, owner) => {
    io.out.transform.set(owner.pre);
  },
});
