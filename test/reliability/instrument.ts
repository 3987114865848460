// A catalog whose kernels record what they were given and what they gave back when an output is
// not finite, so a failing property names the kernel, its params, inputs and outputs exactly.
import { defaultCatalog, type NodeCatalog } from '../../nodes/catalog';
import type { KernelIO, NodeDefinition } from '../../nodes/define';

export interface KernelRecord {
  type: string;
  params: unknown;
  inputs: Record<string, number[]>;
  outputs: Record<string, number[]>;
  /** Whether every input number was finite. */
  finiteInputs: boolean;
}

export function instrumentedCatalog(found: KernelRecord[], base: NodeCatalog = defaultCatalog): NodeCatalog {
  const map = new Map<string, NodeDefinition>();
  for (const [type, def] of base) {
    map.set(type, {
      ...def,
      kernel(io: KernelIO, params, state) {
        const before = snapshot(io.in);
        def.kernel(io, params, state);
        const after = snapshot(io.out);
        const finite = (r: Record<string, number[]>) => Object.values(r).every((v) => v.every(Number.isFinite));
        if (!finite(after)) found.push({ type, params, inputs: before, outputs: after, finiteInputs: finite(before) });
      },
    });
  }
  return map;
}

function snapshot(views: Record<string, Float64Array>): Record<string, number[]> {
  return Object.fromEntries(Object.entries(views).map(([k, v]) => [k, Array.from(v ?? [])]));
}
