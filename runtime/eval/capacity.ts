// How large a program's one buffer is made, before any slot is handed out (build-owners.ts): an
// upper bound of what the owners, the sockets, the constraints' scratch and the states take.
import type { Params, StateTraits } from '../../nodes/define';
import { bboneSlots } from '../rig/bbone';
import type { SceneDocument } from '../rig/scene/types';
import type { NodeTable } from './compiled-node';
import { SOCKET_SIZE } from './slots';

/** An upper bound of the slots a program needs, so one buffer holds them all. */
export function capacity(scene: SceneDocument, nodes: NodeTable): number {
  let n = 64;
  // Objects: pre, final, basis, parent inverse; bones: pre, final, basis, rest, offset, parent frame
  // (3) and the pre step's flags (1);
  // B-Bones: their settings and three sets of joint matrices (runtime/rig/bbone.ts).
  for (const o of scene.objects ?? []) {
    n += 64 + 129 * (o.bones?.length ?? 0);
    for (const b of o.bones ?? []) n += bboneSlots(b);
  }
  for (const c of nodes) {
    if (!c) continue;
    for (const s of Object.values(c.def.inputs)) n += SOCKET_SIZE[s.type];
    for (const s of Object.values(c.def.outputs)) n += SOCKET_SIZE[s.type];
    n += 32 + 16 * (c.def.constraint?.targets?.length ?? 0);
    if (c.def.state) n += 1 + 2 * stateSize(c.def.state, c.params);
  }
  return n;
}

/** A stateful node's size of state, a whole number of doubles (0 or more). */
export function stateSize(st: StateTraits, params: Params): number {
  const n = st.size(params);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}
