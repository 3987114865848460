// Where a wire meets its socket, computed from the node's layout instead of measured in the DOM.
// Every row of a node has a fixed height, so a socket's place follows from the node's position and
// the socket's row. Rete's default watcher measures each socket element (a forced layout each) and
// looks sockets up by scanning a list; on a 200-node graph that cost seconds, this costs nothing.
import { BaseAreaPlugin, type AreaPlugin } from 'rete-area-plugin';
import type { NodeEditor } from 'rete';
import type { AreaExtra, Schemes, SinewNode } from './schemes';
import { HEADER_HEIGHT, ROW_HEIGHT } from './schemes';

type Position = { x: number; y: number };
type Side = 'input' | 'output';
type OnChange = (p: Position) => void;

/** The node's border, outside its rows. */
const BORDER = 1;

/** A socket's centre relative to its node's top-left corner. */
export function socketOffset(node: SinewNode, side: Side, key: string): Position | undefined {
  const outputs = Object.keys(node.outputs);
  let row: number;
  if (side === 'output') {
    row = outputs.indexOf(key);
    if (row < 0) return undefined;
  } else {
    const i = Object.keys(node.inputs).indexOf(key);
    if (i < 0) return undefined;
    row = outputs.length + node.paramFields.length + (node.hiddenParams ? 1 : 0) + i;
  }
  return { x: side === 'output' ? node.width - BORDER : BORDER, y: BORDER + HEADER_HEIGHT + row * ROW_HEIGHT + ROW_HEIGHT / 2 };
}

/** A socket position watcher for @retejs/lit-plugin's classic preset (its `socketPositionWatcher`). */
export class LayoutSocketPositions {
  private area: AreaPlugin<Schemes, AreaExtra> | undefined;
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(private readonly editor: () => NodeEditor<Schemes>) {}

  attach(scope: { hasParent(): boolean; parentScope(type: unknown): unknown }): void {
    if (this.area || !scope.hasParent()) return;
    this.area = scope.parentScope(BaseAreaPlugin) as AreaPlugin<Schemes, AreaExtra>;
    this.area.addPipe((ctx) => {
      if (ctx.type === 'nodetranslated' || ctx.type === 'noderesized') this.notify(ctx.data.id);
      else if (ctx.type === 'rendered' && ctx.data.type === 'node') this.notify(ctx.data.payload.id);
      return ctx;
    });
  }

  listen(nodeId: string, side: Side, key: string, onChange: OnChange): () => void {
    const update = () => {
      const p = this.position(nodeId, side, key);
      if (p) onChange(p);
    };
    const set = this.listeners.get(nodeId) ?? new Set();
    set.add(update);
    this.listeners.set(nodeId, set);
    queueMicrotask(update);
    return () => {
      set.delete(update);
      if (set.size === 0) this.listeners.delete(nodeId);
    };
  }

  private position(nodeId: string, side: Side, key: string): Position | undefined {
    const node = this.editor().getNode(nodeId);
    const view = (this.area as unknown as { nodeViews?: Map<string, { position: Position }> })?.nodeViews?.get(nodeId);
    if (!node || !view) return undefined;
    const o = socketOffset(node, side, key);
    return o && { x: view.position.x + o.x, y: view.position.y + o.y };
  }

  private notify(nodeId: string): void {
    for (const l of this.listeners.get(nodeId) ?? []) l();
  }
}
