// Time per step, measured while a profile is attached to a program (`program.profile(...)`). The
// program checks for a profile once per pass, not per step, so a program without one runs exactly
// as before: no clock is read. Steps are attributed to graph nodes by `nodeCosts`.
import type { GraphDocument } from '../../graph/types';
import type { UnitId, UnitTable } from './unit';

/** A clock in milliseconds (`performance` in a browser and in Node). */
export interface Clock {
  now(): number;
}

/** Totals per step of a program, in the program's step order. */
export class StepProfile {
  /** Milliseconds spent in each step since the last reset. */
  readonly time: Float64Array;
  /** How many times each step ran since the last reset. */
  readonly runs: Float64Array;
  /** Passes (evaluations or updates that ran at least one step) since the last reset. */
  passes = 0;

  constructor(
    /** The program's units, which the step units index. */
    readonly table: UnitTable,
    /** Each step's schedule unit. */
    readonly units: readonly UnitId[],
    readonly clock: Clock,
  ) {
    this.time = new Float64Array(units.length);
    this.runs = new Float64Array(units.length);
  }

  reset(): void {
    this.time.fill(0);
    this.runs.fill(0);
    this.passes = 0;
  }
}

/** One graph node's share of a profile. */
export interface NodeCost {
  nodeId: string;
  /** Milliseconds over every pass measured. */
  totalMs: number;
  /** Milliseconds per pass (per evaluated frame). */
  msPerPass: number;
  /** Steps of this node run (its own step, and its owner's steps for an Owner In / Owner Out node). */
  runs: number;
}

/**
 * Each graph node's cost, costliest first. A node's own step is its own; an owner's steps go to
 * the node that stands for them: its pre step to its Owner In node, its stack and final steps to
 * its Owner Out node (the bone's or object's place in the graph). Owner steps with no such node in
 * the graph are left out (they are the scene's, not a node's); a compiled node with no step costs 0.
 */
export function nodeCosts(profile: StepProfile, graph: Pick<GraphDocument, 'nodes'>): NodeCost[] {
  // Owner id → the node standing for its pre step (Owner In), and for its stack and final (Owner Out).
  const inputNode = new Map<string, string>();
  const outputNode = new Map<string, string>();
  for (const n of graph.nodes) {
    const owner = n.params?.owner;
    if (typeof owner !== 'string') continue;
    if (n.type === 'owner/input') inputNode.set(owner, n.id);
    if (n.type === 'owner/output') outputNode.set(owner, n.id);
  }
  const { table } = profile;
  const costs = new Map<string, NodeCost>();
  profile.units.forEach((unit, i) => {
    const kind = table.kind(unit);
    const id = table.idOf(unit);
    const nodeId = kind === 'node' ? id : kind === 'pre' ? inputNode.get(id) : outputNode.get(id);
    if (nodeId === undefined) return;
    const c = costs.get(nodeId) ?? { nodeId, totalMs: 0, msPerPass: 0, runs: 0 };
    c.totalMs += profile.time[i];
    c.runs += profile.runs[i];
    costs.set(nodeId, c);
  });
  // A compiled node with no step of its own (an Owner Out whose input writes the owner's matrix
  // itself, runtime/eval/owner-views.ts) costs nothing, and says so.
  for (const nodeId of table.nodeIds) if (!costs.has(nodeId)) costs.set(nodeId, { nodeId, totalMs: 0, msPerPass: 0, runs: 0 });
  const passes = Math.max(1, profile.passes);
  const out = [...costs.values()];
  for (const c of out) c.msPerPass = c.totalMs / passes;
  return out.sort((a, b) => b.totalMs - a.totalMs || (a.nodeId < b.nodeId ? -1 : 1));
}
