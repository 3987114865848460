// What is upstream of an owner: links followed backwards, and reads of other owners on to theirs.
import { describe, expect, it } from 'vitest';
import type { GraphNode } from '../../graph/types';
import { upstreamOfOwner } from '../../ui/model/upstream';

const node = (id: string, type: string, owner?: string): GraphNode => ({ id, type, position: [0, 0], params: owner ? { owner } : {} });
const link = (a: string, s: string, b: string, t: string) => ({ from: { node: a, socket: s }, to: { node: b, socket: t } });

describe('upstreamOfOwner', () => {
  const graph = {
    nodes: [node('a-in', 'owner/input', 'A'), node('a-out', 'owner/output', 'A'), node('b-in', 'owner/input', 'B'), node('read-a', 'owner/read', 'A'),
      node('ik', 'constraint/ik'), node('b-out', 'owner/output', 'B'), node('lonely', 'math/float')],
    links: [link('a-in', 'transform', 'a-out', 'transform'), link('b-in', 'transform', 'ik', 'owner'), link('read-a', 'transform', 'ik', 'target'), link('ik', 'owner', 'b-out', 'transform')],
  };
  it('follows links back from the Owner Out, and a read of another owner to its Owner Out', () => {
    const up = upstreamOfOwner(graph, 'B');
    expect([...up.nodes].sort()).toEqual(['a-in', 'a-out', 'b-in', 'b-out', 'ik', 'read-a']);
    expect(up.links.size).toBe(4);
  });
  it('stops at the owner itself and ignores what only reads it', () => {
    const up = upstreamOfOwner(graph, 'A');
    expect([...up.nodes].sort()).toEqual(['a-in', 'a-out']);
    expect(upstreamOfOwner(graph, 'Nobody').nodes.size).toBe(0);
  });
});
