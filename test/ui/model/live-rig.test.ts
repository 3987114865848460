// The editor's compiled rig shows a misspelt param as a warning on its node, as the loader gave it.
import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../../../graph/types';
import { LiveRig } from '../../../ui/model/live-rig';

const scene = { format: 'sinew-scene' as const, version: 1, objects: [{ name: 'A', type: 'EMPTY' as const }] };

function graph(params: Record<string, number | boolean>): GraphDocument {
  return {
    format: 'sinew-graph',
    version: 1,
    nodes: [
      { id: 'in', type: 'owner/input', params: { owner: 'A' }, position: [0, 0] },
      { id: 'limit', type: 'constraint/limit-location', params, position: [0, 0] },
      { id: 'out', type: 'owner/output', params: { owner: 'A' }, position: [0, 0] },
    ],
    links: [
      { from: { node: 'in', socket: 'transform' }, to: { node: 'limit', socket: 'owner' } },
      { from: { node: 'limit', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
    ],
  };
}

describe('LiveRig: unknown params', () => {
  it('puts the warning on the node, keeps evaluating, and drops it once the key is gone', () => {
    const rig = new LiveRig();
    rig.rebuild(graph({ minx: 1, influence: 1 }), scene, 1);
    expect(rig.issues.get('limit')).toEqual([
      { nodeId: 'limit', severity: 'warning', code: 'unknown-param', message: 'node "limit": unknown param "minx" (did you mean "minX"?); it is kept in the file but not used' },
    ]);
    expect(rig.program).toBeDefined();
    rig.rebuild(graph({ minX: 1, influence: 1 }), scene, 1);
    expect(rig.issues.get('limit')).toBeUndefined();
  });
});

describe('LiveRig: a param change without a compile', () => {
  it('applies a value the program can take, and says recompile (changing nothing) for one that changes the schedule', () => {
    const rig = new LiveRig();
    rig.rebuild(graph({ useMinX: true, minX: 1, influence: 1 }), scene, 1);
    const before = Array.from(rig.matrix('A')!);
    expect(before[12]).toBe(1);
    expect(rig.trySetParam('limit', 'minX', 2)).toBe(true);
    rig.evaluate(1);
    expect(rig.matrix('A')![12]).toBe(2);
    // The owner param decides the schedule: the program is left as it was, and no error is recorded.
    expect(rig.trySetParam('in', 'owner', 'B')).toBe(false);
    expect(rig.trySetParam('nope', 'minX', 3)).toBe(false);
    expect(rig.trySetParam('limit', 'noSuchParam', 3)).toBe(false);
    rig.evaluate(1);
    expect(rig.matrix('A')![12]).toBe(2);
    expect(rig.errors).toEqual([]);
  });
});
