// The graph compiled over the scene and kept evaluated for the views. A graph being edited is often
// half-wired; the compiler refuses the whole graph for one bad node, so the editor compiles again
// without the nodes it named and shows their errors on them: the rest of the rig keeps working.
import { mat4 } from 'gl-matrix';
import type { Catalog, GraphDocument, GraphError, JsonValue } from '../../graph/types';
import { flattenGroups, FlattenError } from '../../graph/flatten';
import { checkSemantics } from '../../graph/semantic-check';
import { graphCatalog, type NodeCatalog } from '../../nodes/catalog';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import { FrameRangeError, type Program } from '../../runtime/eval/program';
import type { RigOwner } from '../../runtime/rig/rig';
import type { SceneDocument } from '../../runtime/rig/scene/types';

/** A problem shown on a node: an error keeps the node out of the evaluation, a warning does not. */
export interface NodeIssue {
  nodeId: string;
  severity: 'error' | 'warning';
  code: string;
  message: string;
}

const MAX_ROUNDS = 12;

export class LiveRig {
  program: Program | undefined;
  /** Problems not tied to one node (a bad scene, a dangling link). */
  errors: GraphError[] = [];
  issues = new Map<string, NodeIssue[]>();
  private owners = new Map<string, RigOwner>();
  private readonly scratch = new Float64Array(16);
  private readonly basis = new Float64Array(16);

  private readonly entries: Catalog;

  constructor(private readonly catalog?: NodeCatalog) {
    this.entries = graphCatalog(catalog);
  }

  /** Compiles `graph` over `scene`, leaving out nodes that fail until the rest compiles. */
  rebuild(graph: GraphDocument, scene: SceneDocument | undefined, frame: number): void {
    this.issues = new Map();
    this.errors = [];
    this.program = undefined;
    this.owners = new Map();
    // What the loader warned about a node's params (a misspelt key) stays on the node until fixed.
    for (const w of checkSemantics(graph, this.entries).warnings) {
      if (w.code === 'unknown-param' && w.nodeId) this.addIssue({ nodeId: w.nodeId, severity: 'warning', code: w.code, message: w.message });
    }
    if (!scene) {
      this.errors.push({ code: 'no-scene', pointer: '/scene', message: 'no scene is loaded: import a scene to see the rig' });
      return;
    }
    // Groups expanded first, so a failing node inside one is left out on its own, not its whole group.
    let flat: GraphDocument;
    try {
      flat = flattenGroups(graph);
    } catch (e) {
      if (!(e instanceof FlattenError)) throw e;
      if (e.nodeId !== undefined) this.addIssue({ nodeId: e.nodeId, severity: 'error', code: 'bad-group', message: e.message });
      else this.errors.push({ code: 'bad-group', pointer: e.pointer, message: e.message });
      return;
    }
    let nodes = flat.nodes;
    let links = flat.links;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      try {
        this.program = compile({ ...flat, nodes, links }, scene, { catalog: this.catalog });
        break;
      } catch (e) {
        if (!(e instanceof CompileFailure)) {
          // A bug, not a problem in the graph: say so, and keep the editor working.
          this.errors.push({ code: 'internal', pointer: '', message: `the rig could not be evaluated: ${e instanceof Error ? e.message : String(e)}` });
          return;
        }
        const drop = new Set<string>();
        const dropLinks = new Set<number>();
        for (const err of e.errors) {
          const link = /^\/links\/(\d+)/.exec(err.pointer);
          // A bad link is left out on its own; any other error leaves its node out.
          if (link) dropLinks.add(Number(link[1]));
          else if (err.nodeId) drop.add(err.nodeId);
          if (err.nodeId) this.addIssue({ nodeId: err.nodeId, severity: 'error', code: err.code, message: err.message });
          else this.errors.push(err);
        }
        if (drop.size === 0 && dropLinks.size === 0) break; // nothing more to leave out: a scene problem
        nodes = nodes.filter((n) => !drop.has(n.id));
        links = links.filter((l, i) => !dropLinks.has(i) && !drop.has(l.from.node) && !drop.has(l.to.node));
      }
    }
    const p = this.program;
    if (!p) return;
    for (const o of p.owners) this.owners.set(o.id, o);
    for (const w of p.warnings) {
      if (w.nodeId) this.addIssue({ nodeId: w.nodeId, severity: 'warning', code: w.code, message: w.message });
    }
    for (const cycle of p.schedule.cycles) {
      const message = `part of a dependency cycle (${[...cycle.nodes, ...cycle.owners].join(' → ')}); one link of it was set aside`;
      for (const id of cycle.nodes) this.addIssue({ nodeId: id, severity: 'warning', code: 'cycle', message });
    }
    this.evaluateAll(frame);
  }

  private addIssue(issue: NodeIssue): void {
    const list = this.issues.get(issue.nodeId) ?? [];
    if (!list.some((i) => i.code === issue.code && i.message === issue.message)) list.push(issue);
    this.issues.set(issue.nodeId, list);
  }

  /** Evaluates what changed since the last evaluation (the program tracks it), at `frame`. */
  evaluate(frame: number): void {
    this.run((p) => p.update(frame));
  }

  /** Evaluates every step. */
  evaluateAll(frame: number): void {
    this.run((p) => p.evaluate(frame));
  }

  /**
   * Changes a param in the compiled program, with no compile. False when the program cannot (the
   * node was left out, or the param decides what is evaluated in which order): compile again then.
   */
  trySetParam(nodeId: string, name: string, value: JsonValue): boolean {
    return this.program?.setParam(nodeId, name, value) === 'applied';
  }

  private run(f: (p: Program) => void): void {
    if (!this.program) return;
    try {
      f(this.program);
    } catch (e) {
      // A frame spring bones cannot reach (too far to replay): said as it is, the rig kept.
      if (e instanceof FrameRangeError) return void this.errors.push({ code: 'frame-range', pointer: '', message: e.message });
      this.errors.push({ code: 'internal', pointer: '', message: `the rig could not be evaluated: ${e instanceof Error ? e.message : String(e)}` });
      this.program = undefined;
    }
  }

  /** The evaluated world matrix of an owner (a live view), if the scene has it. */
  matrix(id: string): Float64Array | undefined {
    return this.owners.get(id)?.final;
  }

  owner(id: string): RigOwner | undefined {
    return this.owners.get(id);
  }

  ownerIds(): string[] {
    return [...this.owners.keys()];
  }

  /**
   * Moves an object so that its pre-constraint world matrix becomes `world`, by rewriting its basis
   * in place: the next evaluate sees it, with no compile. Returns false for bones and unknown ids.
   */
  setObjectWorld(id: string, world: ArrayLike<number>): boolean {
    const o = this.owners.get(id);
    if (!o || o.kind !== 'object') return false;
    // pre = P · basis, with P the parent part; so basis' = P⁻¹ · world, P = pre · basis⁻¹.
    const obj = o;
    const p = this.scratch;
    if (!mat4.invert(p, obj.basis)) return false;
    mat4.multiply(p, obj.pre, p);
    if (!mat4.invert(p, p)) return false;
    mat4.multiply(this.basis, p, world as Float64Array);
    // The program marks the owner and everything after it, so the next update runs only those.
    this.program!.setOwnerBasis(id, this.basis);
    return true;
  }
}
