// One graph node as the compiler carries it through its phases (compile.ts): resolved by
// resolve-nodes.ts, given slots by allocate.ts and owners by build-owners.ts, a unit by
// schedule-units.ts, and bound to a step by bind.ts.
import type { GraphNode } from '../../graph/types';
import type { KernelIO, NodeDefinition, Params } from '../../nodes/define';
import type { NodeControl, NodeState } from './program';
import type { RigOwner } from '../rig/rig';
import type { UnitId } from './unit';

export interface CompiledNode {
  index: number;
  node: GraphNode;
  def: NodeDefinition;
  params: Params;
  io: KernelIO;
  /** Input name → [source node index, output name]. */
  sources: Map<string, [number, string]>;
  /** Params a link drives (runtime/eval/driven-params.ts): param name → [source node index, output name]. */
  drivenParams: Map<string, [number, string]>;
  /** Unconnected inputs' value slots, for `Program.setParam`. */
  constants: NodeControl['constants'];
  /** Required inputs left unconnected: the node is inactive. */
  missing: string[];
  /** The owner its owner param names (owner nodes). */
  owner?: RigOwner;
  /** The owner whose stack it is in, once worked out. */
  stackOwner?: RigOwner;
  stackOwnerKnown: boolean;
  /** Its schedule unit. */
  unit: UnitId;
  /** Owners whose final matrix it writes besides its outputs (Owner Out, IK chains). */
  written: RigOwner[];
  /** A stateful node's state slots, allocated once (a rebind keeps them). */
  state?: NodeState;
}

/** The graph's nodes by index (undefined: a kind this version does not know, kept but not evaluated). */
export type NodeTable = readonly (CompiledNode | undefined)[];
