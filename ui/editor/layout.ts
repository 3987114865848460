// Auto layout with ELK that keeps frames together: each frame is a compound node holding its nodes,
// so a frame's nodes are laid out inside it and frames never overlap. A group node is one node; the
// inside of a group is laid out on its own when the editor shows it.
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs';
import type { GraphFrame, GraphLink } from '../../graph/types';

export interface LayoutNode {
  id: string;
  width: number;
  height: number;
}

const OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': '40',
  'elk.layered.spacing.nodeNodeBetweenLayers': '70',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
};
/** Room inside a frame for its header (frame-layer.ts draws 20 around the nodes and 30 above). */
const FRAME_PADDING = '[top=60,left=30,bottom=30,right=30]';

/** Where each node goes, in area coordinates; frames hold their nodes. */
export async function layoutGraph(nodes: readonly LayoutNode[], links: readonly GraphLink[], frames: readonly GraphFrame[]): Promise<Map<string, [number, number]>> {
  const drawn = new Set(nodes.map((n) => n.id));
  const frameOf = new Map<string, string>();
  for (const f of frames) for (const id of f.nodes) if (drawn.has(id) && !frameOf.has(id)) frameOf.set(id, f.id);
  const box = (n: LayoutNode): ElkNode => ({ id: n.id, width: n.width, height: n.height });
  const children: ElkNode[] = nodes.filter((n) => !frameOf.has(n.id)).map(box);
  for (const f of frames) {
    const inside = nodes.filter((n) => frameOf.get(n.id) === f.id);
    if (inside.length > 0) children.push({ id: `frame\u0000${f.id}`, layoutOptions: { 'elk.padding': FRAME_PADDING }, children: inside.map(box) });
  }
  const edges: ElkExtendedEdge[] = links
    .filter((l) => drawn.has(l.from.node) && drawn.has(l.to.node) && l.from.node !== l.to.node)
    .map((l, i) => ({ id: `e${i}`, sources: [l.from.node], targets: [l.to.node] }));
  const root = await new ELK().layout({ id: 'root', layoutOptions: OPTIONS, children, edges });
  const out = new Map<string, [number, number]>();
  const walk = (n: ElkNode, dx: number, dy: number) => {
    for (const c of n.children ?? []) {
      const x = dx + (c.x ?? 0);
      const y = dy + (c.y ?? 0);
      if (c.children && c.children.length > 0) walk(c, x, y);
      else out.set(c.id, [Math.round(x), Math.round(y)]);
    }
  };
  walk(root, 0, 0);
  return out;
}
