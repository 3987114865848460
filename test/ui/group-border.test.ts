// A group's border inside it: Group In and Group Out drawn from the interface, and wires to them
// turned into one change of the definition's inputs and outputs.
import { describe, expect, it } from 'vitest';
import { batch, connect, disconnect, moveNode, removeNode } from '../../graph/edits';
import type { GraphDocument, GraphGroup, GraphNode } from '../../graph/types';
import { borderEdit, GROUP_IN_ID, GROUP_OUT_ID, touchesBorder, withBorder } from '../../ui/model/group-border';

const node = (id: string, type: string, x: number): GraphNode => ({ id, type, position: [x, 10], params: {} });
const end = (node: string, socket: string) => ({ node, socket });
const group: GraphGroup = {
  id: 'g',
  nodes: [node('a1', 'constraint/copy-location', 0), node('a2', 'constraint/copy-rotation', 300)],
  links: [{ from: end('a1', 'owner'), to: end('a2', 'owner') }],
  inputs: [{ name: 'owner', to: [end('a1', 'owner')] }, { name: 'target', to: [end('a1', 'target')] }],
  outputs: [{ name: 'owner', from: end('a2', 'owner') }],
};
const changed = (edit: ReturnType<typeof borderEdit>): GraphGroup => {
  expect(edit?.kind).toBe('batch');
  const inner = edit!.kind === 'batch' ? edit.edits[0] : edit!;
  expect(inner.kind).toBe('set-group');
  return (inner as { group: GraphGroup }).group;
};

describe('withBorder', () => {
  it('adds Group In left of the nodes and Group Out right of them, wired as the interface says', () => {
    const inside: GraphDocument = { format: 'sinew-graph', version: 2, nodes: group.nodes, links: group.links, groups: [group] };
    const shown = withBorder(inside, group);
    const inNode = shown.nodes.find((n) => n.id === GROUP_IN_ID)!;
    const outNode = shown.nodes.find((n) => n.id === GROUP_OUT_ID)!;
    expect(inNode.position[0]).toBeLessThan(0);
    expect(outNode.position[0]).toBeGreaterThan(300 + 230);
    expect(shown.links.map((l) => `${l.from.node}.${l.from.socket}>${l.to.node}.${l.to.socket}`).sort()).toEqual(
      ['@group-in.owner>a1.owner', '@group-in.target>a1.target', 'a1.owner>a2.owner', 'a2.owner>@group-out.owner'].sort());
  });
});

describe('borderEdit', () => {
  it('a wire from Group In adds the inner input to that group input, and the inner wire it replaces goes', () => {
    const g = changed(borderEdit(group, connect(end(GROUP_IN_ID, 'owner'), end('a2', 'owner')), 'x'));
    expect(g.inputs[0].to).toEqual([end('a1', 'owner'), end('a2', 'owner')]);
    expect(g.links).toEqual([]);
    expect(g.nodes).toBe(group.nodes);
  });

  it('a wire to Group Out makes that inner output the group output', () => {
    const g = changed(borderEdit(group, connect(end('a1', 'owner'), end(GROUP_OUT_ID, 'owner')), 'x'));
    expect(g.outputs).toEqual([{ name: 'owner', from: end('a1', 'owner') }]);
  });

  it('a wire from Group In taken away leaves the input on the interface, feeding nothing there', () => {
    const g = changed(borderEdit(group, disconnect(end(GROUP_IN_ID, 'target'), end('a1', 'target')), 'x'));
    expect(g.inputs[1]).toEqual({ name: 'target', to: [] });
  });

  it('a rewire from inside to an input fed from the border is one change: the border lets go, the inner link is made', () => {
    const edit = batch('Rewire', [disconnect(end(GROUP_IN_ID, 'target'), end('a1', 'target')), connect(end('a2', 'owner'), end('a1', 'target'))]);
    expect(touchesBorder(edit)).toBe(true);
    const g = changed(borderEdit(group, edit, 'Rewire'));
    expect(g.inputs[1].to).toEqual([]);
    expect(g.links).toContainEqual({ from: end('a2', 'owner'), to: end('a1', 'target') });
  });

  it('moving or deleting a border node changes nothing', () => {
    expect(borderEdit(group, moveNode(GROUP_IN_ID, [5, 5]), 'x')).toBeUndefined();
    expect(borderEdit(group, removeNode(GROUP_OUT_ID), 'x')).toBeUndefined();
    expect(touchesBorder(connect(end('a1', 'owner'), end('a2', 'target')))).toBe(false);
  });
});
