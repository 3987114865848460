// Adding and removing an Armature node's targets in the editor (ui/model/variadic-edits.ts, as the
// inspector's Add / Remove last buttons and its Targets field do): one undoable step that also
// drops the removed target's link and weight; the node's drawn sockets follow the count; undo gives
// back the graph and the pose exactly.
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument } from '../../../graph/types';
import { defaultCatalog } from '../../../nodes/catalog';
import { SCENE_FORMAT, SCENE_VERSION, type SceneDocument } from '../../../runtime/rig/scene/types';
import { viewDefinition } from '../../../ui/model/group-definition';
import { Session } from '../../../ui/model/session';
import { setItemCount } from '../../../ui/model/variadic-edits';

const bone = (i: number, z: number) => ({
  name: `B${i}`, parent: null, head_local: [i, 0, 0], tail_local: [i, 1, 0], matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, i, 0, 0, 1], length: 1,
  pose: { location: [0, 0, z], rotation_mode: 'QUATERNION' as const, rotation_quaternion: [0, 0, Math.sin(z), Math.cos(z)], scale: [1, 1, 1] },
});
const scene: SceneDocument = {
  format: SCENE_FORMAT, version: SCENE_VERSION,
  objects: [{ name: 'Arm', type: 'ARMATURE', bones: [bone(1, 0.1), bone(2, 0.4), bone(3, 0.9)] }, { name: 'Owner', type: 'EMPTY', location: [0, 2, 0] }],
};
const graph: GraphDocument = {
  format: GRAPH_FORMAT, version: GRAPH_VERSION,
  nodes: [
    { id: 'in', type: 'owner/input', params: { owner: 'Owner' }, position: [0, 0] },
    ...[1, 2, 3].map((i) => ({ id: `r${i}`, type: 'owner/read', params: { owner: `Arm/B${i}` }, position: [0, 100 * i] as [number, number] })),
    { id: 'arm', type: 'constraint/armature', params: { targets: 3, weight1: 0.3, weight2: 0.5, weight3: 0.8 }, position: [200, 0] },
    { id: 'out', type: 'owner/output', params: { owner: 'Owner' }, position: [400, 0] },
  ],
  links: [
    { from: { node: 'in', socket: 'transform' }, to: { node: 'arm', socket: 'owner' } },
    ...[1, 2, 3].map((i) => ({ from: { node: `r${i}`, socket: 'transform' }, to: { node: 'arm', socket: `bone${i}` } })),
    { from: { node: 'arm', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
  ],
};
const def = defaultCatalog.get('constraint/armature')!;
const sockets = (s: Session) => Object.keys(viewDefinition(s.graph.nodes.find((n) => n.id === 'arm')!, s.graph, s.catalog)!.inputs).filter((k) => /^(bone|weight)/.test(k));

describe('Armature targets in the editor', () => {
  it('Remove last drops the target, its link and its weight in one step, the sockets follow, and undo restores graph and pose exactly', () => {
    const s = new Session();
    s.load(structuredClone(graph), structuredClone(scene));
    const before = structuredClone(s.graph);
    const pose = Array.from(s.rig.matrix('Owner')!);
    expect(sockets(s)).toEqual(['bone1', 'weight1', 'bone2', 'weight2', 'bone3', 'weight3']);

    s.perform(setItemCount(s.graph, 'arm', def, 2)!);
    const node = s.graph.nodes.find((n) => n.id === 'arm')!;
    expect(node.params).toEqual({ targets: 2, weight1: 0.3, weight2: 0.5 });
    expect(s.graph.links.some((l) => l.to.socket === 'bone3')).toBe(false);
    expect(sockets(s)).toEqual(['bone1', 'weight1', 'bone2', 'weight2']);
    expect(s.rig.errors).toEqual([]);
    // Bone 3 no longer pulls the owner.
    expect(Array.from(s.rig.matrix('Owner')!)).not.toEqual(pose);

    s.undo();
    expect(s.graph).toEqual(before);
    expect(sockets(s)).toHaveLength(6);
    expect(Array.from(s.rig.matrix('Owner')!)).toEqual(pose);
  });

  it('Add gives a fresh target (default weight, no link) and is undone in one step; out-of-range counts give no edit', () => {
    const s = new Session();
    s.load(structuredClone(graph), structuredClone(scene));
    const before = structuredClone(s.graph);
    s.perform(setItemCount(s.graph, 'arm', def, 4)!);
    expect(s.graph.nodes.find((n) => n.id === 'arm')!.params.targets).toBe(4);
    expect(sockets(s).slice(-2)).toEqual(['bone4', 'weight4']);
    s.undo();
    expect(s.graph).toEqual(before);
    expect(setItemCount(s.graph, 'arm', def, 65)).toBeUndefined();
    expect(setItemCount(s.graph, 'arm', def, -1)).toBeUndefined();
    expect(setItemCount(s.graph, 'arm', def, 2.5)).toBeUndefined();
  });
});
