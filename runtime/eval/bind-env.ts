// What a node's `bind` may ask of the compiler (nodes/define.ts BindEnv), one object per node with
// its methods on the prototype: every compile binds every node, and an object literal of eight
// closures per node was an eighth of what a 1,000-bone compile allocated.
import type { GraphError, GraphNode } from '../../graph/types';
import type { ActionSource, BBoneInfo, BindEnv, IkShadowBinding, IkTreeBinding, PropertyAnimation } from '../../nodes/define';
import { CompileFailure } from './errors';
import type { RigOwner } from '../rig/rig';

/** The compiler's view of a node being bound. */
export interface BindingNode {
  index: number;
  node: GraphNode;
  /** Wired inputs. */
  sources: ReadonlyMap<string, unknown>;
}

/** What every node's environment shares: the compile's owners, frame slot, warnings and lookups. */
export interface BindContext<N extends BindingNode> {
  owners: ReadonlyMap<string, RigOwner>;
  /** The scene's actions by name. */
  actions: ReadonlyMap<string, ActionSource>;
  frame: Float64Array;
  /** The scene's animation time (the frame itself when the scene has no time remapping). */
  time: Float64Array;
  warnings: GraphError[];
  /** Nodes whose bind asked for the frame (they run again when it changes). */
  readsFrame: Set<N>;
  /** Whether nodes may run their math on WebAssembly kernels (BindEnv.wasm). */
  wasm: boolean;
  stackOwner(c: N): RigOwner | undefined;
  sourceOwner(c: N, input: string): RigOwner | undefined;
  sourceShape(c: N, input: string): BBoneInfo | undefined;
  /** The IK tree a node is in (with other IK chains), or the earlier IK of its bone that shadows it, if any. */
  ikTree?(c: N): IkTreeBinding | IkShadowBinding | undefined;
  /** A custom property as its object's NLA plays it (BindEnv.propertyAnimation). */
  propertyAnimation?(holder: string, name: string, fallback: number): PropertyAnimation | undefined;
  /** A setting as its object's NLA plays it (BindEnv.pathAnimation). */
  pathAnimation?(object: string, dataPath: string, index: number, fallback: number): PropertyAnimation | undefined;
}

export class NodeBindEnv<N extends BindingNode> implements BindEnv {
  /**
   * `quiet`: a rebind after a param change, whose warnings are not pushed again when the compile
   * already gave them.
   */
  constructor(private readonly ctx: BindContext<N>, private readonly c: N, private readonly quiet: boolean) {}

  get nodeId(): string {
    return this.c.node.id;
  }

  owner(id: string): RigOwner | undefined {
    return this.ctx.owners.get(id);
  }

  sourceOwner(input: string): RigOwner | undefined {
    return this.ctx.sourceOwner(this.c, input);
  }

  sourceShape(input: string): BBoneInfo | undefined {
    return this.ctx.sourceShape(this.c, input);
  }

  connected(input: string): boolean {
    return this.c.sources.has(input);
  }

  stackOwner(): RigOwner | undefined {
    return this.ctx.stackOwner(this.c);
  }

  get wasm(): boolean {
    return this.ctx.wasm;
  }

  ikTree(): IkTreeBinding | IkShadowBinding | undefined {
    return this.ctx.ikTree?.(this.c);
  }

  action(name: string): ActionSource | undefined {
    return this.ctx.actions.get(name);
  }

  actionNames(): string[] {
    return [...this.ctx.actions.keys()];
  }

  propertyAnimation(holder: string, name: string, fallback: number): PropertyAnimation | undefined {
    return this.ctx.propertyAnimation?.(holder, name, fallback);
  }

  pathAnimation(object: string, dataPath: string, index: number, fallback: number): PropertyAnimation | undefined {
    return this.ctx.pathAnimation?.(object, dataPath, index, fallback);
  }

  get frame(): Float64Array {
    this.ctx.readsFrame.add(this.c);
    return this.ctx.frame;
  }

  get sceneTime(): Float64Array {
    this.ctx.readsFrame.add(this.c);
    return this.ctx.time;
  }

  warn(message: string): void {
    const { c, ctx } = this;
    const w: GraphError = { code: 'node-warning', pointer: `/nodes/${c.index}`, nodeId: c.node.id, message: `node "${c.node.id}": ${message}` };
    if (!this.quiet || !ctx.warnings.some((x) => x.nodeId === w.nodeId && x.message === w.message)) ctx.warnings.push(w);
  }

  fail(message: string, at?: string): never {
    const { c } = this;
    throw new CompileFailure([{ code: 'bind-failed', pointer: `/nodes/${c.index}${at ? `/params/${at}` : ''}`, nodeId: c.node.id, message: `node "${c.node.id}": ${message}` }]);
  }
}
