// Compile phase 4, allocate: every socket a slot view in the program's one buffer (an input wired
// to an output shares its view; an unconnected one holds its constant; an output that is an owner's
// matrix is that matrix, owner-views.ts), and every stateful node its state slots. `capacity.ts`
// sized that buffer before the owners took theirs.
import type { JsonValue } from '../../graph/types';
import { stateSize } from './capacity';
import type { CompiledNode } from './compiled-node';
import type { OutputViews } from './owner-views';
import type { ResolvedGraph } from './resolve-nodes';
import { SlotAllocator, SOCKET_SIZE } from './slots';

export function allocateSockets({ compiled, live }: ResolvedGraph, slots: SlotAllocator, views: OutputViews): void {
  for (const c of live) {
    const own = views.get(c.index);
    for (const [name, spec] of Object.entries(c.def.outputs)) c.io.out[name] = own?.get(name) ?? slots.alloc(SOCKET_SIZE[spec.type]);
  }
  for (const c of live) {
    for (const [name, spec] of Object.entries(c.def.inputs)) {
      const src = c.sources.get(name);
      if (src) c.io.in[name] = compiled[src[0]]!.io.out[src[1]];
      else c.constants[name] = { type: spec.type, slot: (c.io.in[name] = constantSlot(slots, spec.type, c.params[name])) };
    }
  }
}

/** A stateful node's state before and after this tick and its start frame, allocated once (a rebind keeps them). */
export function allocateStates(live: readonly CompiledNode[], slots: SlotAllocator): void {
  for (const c of live) {
    const st = c.def.state;
    if (!st) continue;
    const n = stateSize(st, c.params);
    c.state = { unit: c.unit, previous: slots.alloc(n), next: slots.alloc(n), start: slots.alloc(1) };
  }
}

/** A view holding an unconnected input's value: its param or default; transforms default to identity. */
function constantSlot(slots: SlotAllocator, type: keyof typeof SOCKET_SIZE, value: JsonValue | undefined): Float64Array {
  if (type === 'transform' || type === 'curve') {
    const m = slots.identity();
    if (Array.isArray(value) && value.length === 16) m.set(value.map(Number));
    return m;
  }
  const v = slots.alloc(SOCKET_SIZE[type]);
  if (typeof value === 'number') v[0] = value;
  else if (typeof value === 'boolean') v[0] = value ? 1 : 0;
  else if (Array.isArray(value)) v.set(value.slice(0, v.length).map(Number));
  else if (type === 'quaternion') v[3] = 1;
  return v;
}
