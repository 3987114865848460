// Compile phase 5, bind: every unit's step. An owner's pre step builds its matrix before
// constraints (after its pose sources), its stack step copies it when nothing writes the owner; a
// node's step is its kernel bound to the scene, wrapped by Blender's constraint loop when it is a
// constraint, and guarded (guards.ts).
import type { BBoneInfo, IkShadowBinding, NodeDefinition, Params, StateTraits } from '../../nodes/define';
import { connectedPreHead } from '../rig/pose';
import type { RigOwner } from '../rig/rig';
import { NodeBindEnv, type BindContext } from './bind-env';
import type { Owners } from './build-owners';
import type { CompiledNode, NodeTable } from './compiled-node';
import { constraintStep } from './constraint-step';
import { withDrivenParams } from './driven-params';
import { CompileFailure, type Problems } from './errors';
import { FrameCheck, guardSwitch, type GuardSwitch } from './frame-check';
import { checkPre, guardNode, guardPre } from './guards';
import { ikTreeBinding, type IkTreeGroup } from './ik-trees';
import { lazyPreReaders, type LazyPre } from './lazy-pre';
import { onlyOwnMatricesRead, readOutputs, viewsAreOwnMatrices } from './owner-views';
import type { NodeState, ProgramWarning } from './program';
import type { Schedule } from './schedule-units';
import { SlotAllocator } from './slots';
import { kernelPreStep } from './wasm/bone-pre';

export type StepFn = () => void;

export interface BindInputs {
  compiled: NodeTable;
  live: readonly CompiledNode[];
  owners: Owners;
  schedule: Schedule;
  stackOwner: (c: CompiledNode) => RigOwner | undefined;
  sourceOwner: (c: CompiledNode, input: string) => RigOwner | undefined;
  sourceShape: (c: CompiledNode, input: string) => BBoneInfo | undefined;
  treeOf: ReadonlyMap<CompiledNode, IkTreeGroup>;
  shadowOf: ReadonlyMap<CompiledNode, IkShadowBinding>;
  /** Whether frames may run with the guards off first (CompileOptions.frameCheck). */
  frameCheck: boolean;
  /** Whether matrices before constraints may be left to their readers (CompileOptions.lazyPre). */
  lazyPre: boolean;
  /** Whether nodes may run their math on WebAssembly kernels (CompileOptions.wasm). */
  wasm: boolean;
}

export interface Binding {
  /** Each unit's step, by unit id (undefined: nothing to run). */
  stepOf: (StepFn | undefined)[];
  /** Nodes whose bind asked for the frame (they run again when it changes). */
  readsFrame: Set<CompiledNode>;
  /** Binds a node again after a param change (`Program.setParam`), with scratch slots of its own. */
  rebind(c: CompiledNode): StepFn | undefined;
  /**
   * Steps left out of the frame, by unit: `outputsOnly` nodes of which nothing reads more than an
   * owner's own matrix (owner-views.ts). A watch runs one before it reads the node's values.
   */
  onDemand: (StepFn | undefined)[];
  /** Makes a view current before a watch reads it: an owner's matrix before constraints left stale (lazy-pre.ts). */
  freshen(view: Float64Array): void;
  /** The switch the guarded steps read (frame-check.ts). */
  guards: GuardSwitch;
  /** What a frame evaluated with the guards off must pass; undefined when the guards stay on (a dependency cycle). */
  check: FrameCheck | undefined;
}

export function bindSteps(inputs: BindInputs, problems: Problems): Binding {
  const { live, owners, schedule } = inputs;
  const guards = guardSwitch();
  const lazyReaders = lazyPreReaders(live, owners, schedule, inputs.lazyPre);
  // Owners a node sets something of each frame (driver/bone-inheritance): their pre steps read it
  // from the owner's record, where the node writes it (rig/pre-flags.ts).
  const setByNodes = new Set<RigOwner>();
  for (const c of live) if (c.def.owner?.role === 'setting' && c.owner) setByNodes.add(c.owner);
  const { stepOf, lazy } = ownerSteps(owners, schedule, problems.warnings, guards, lazyReaders, setByNodes);
  // Each reader of a lazily made matrix, with it.
  const lazyOf = new Map<CompiledNode, LazyPre>();
  for (const [o, readers] of lazyReaders) for (const c of readers) lazyOf.set(c, lazy.get(o)!);
  const readsFrame = new Set<CompiledNode>();
  const context: BindContext<CompiledNode> = {
    owners: owners.byId, actions: owners.actions, frame: owners.frame, time: owners.time, warnings: problems.warnings, readsFrame,
    propertyAnimation: owners.propertyAnimation, pathAnimation: owners.pathAnimation,
    stackOwner: inputs.stackOwner, sourceOwner: inputs.sourceOwner, sourceShape: inputs.sourceShape, wasm: inputs.wasm,
    ikTree: (c) => {
      const shadow = inputs.shadowOf.get(c);
      if (shadow) return shadow;
      const g = inputs.treeOf.get(c);
      return g && ikTreeBinding(g, c, owners.byId);
    },
  };
  const read = readOutputs(live, inputs.compiled);
  const onDemand = new Array<StepFn | undefined>(stepOf.length);
  const rebindNode = (c: CompiledNode) => bindNode(c, context, inputs, problems.warnings, new SlotAllocator(16 * (2 + (c.def.constraint?.targets?.length ?? 0))), guards, true, lazyOf.get(c));
  for (const c of live) {
    let run: StepFn | undefined;
    try {
      run = withDrivenParams(c, inputs.compiled, bindNode(c, context, inputs, problems.warnings, owners.slots, guards, false, lazyOf.get(c)), () => rebindNode(c));
    } catch (e) {
      if (e instanceof CompileFailure) { problems.errors.push(...e.errors); continue; }
      throw e;
    }
    if (c.missing.length) {
      problems.warnings.push({ code: 'inactive', pointer: `/nodes/${c.index}`, nodeId: c.node.id, message: `node "${c.node.id}" (${c.def.label}) does nothing until "${c.missing.join('", "')}" is connected` });
    }
    const resting = restingArmature(c, inputs);
    if (resting) {
      problems.warnings.push({ code: 'inactive', pointer: `/nodes/${c.index}`, nodeId: c.node.id, message: `node "${c.node.id}" (${c.def.label}) does nothing: armature "${resting.id}" is in rest position, where Blender evaluates no bone constraint` });
    }
    if (run && c.drivenParams.size === 0 && onlyOwnMatricesRead(c, read)) onDemand[c.unit] = run;
    else stepOf[c.unit] = run;
  }
  problems.failIfAny();
  const rebind = (c: CompiledNode) => {
    const run = withDrivenParams(c, inputs.compiled, rebindNode(c), () => rebindNode(c));
    if (onDemand[c.unit] === undefined) return run;
    onDemand[c.unit] = run;
    return undefined;
  };
  const byView = new Map([...lazy.values()].map((l) => [l.owner.pre, l]));
  const freshen = (view: Float64Array) => { byView.get(view)?.ensure(); };
  return { stepOf, readsFrame, rebind, onDemand, freshen, guards, check: frameCheck(inputs, guards) };
}

/**
 * What the node guards check, for a frame evaluated without them: every output of a guarded node
 * and the owners it writes. None with a dependency cycle (a frame then reads what it wrote), or when
 * a view is not in the program's buffer.
 */
function frameCheck({ live, owners, schedule, frameCheck: enabled }: BindInputs, guards: GuardSwitch): FrameCheck | undefined {
  if (!enabled || schedule.cycles.length > 0) return undefined;
  const buffer = owners.slots.buffer;
  const finite: Float64Array[] = [];
  for (const c of live) {
    if (c.def.cannotFail) continue;
    for (const name in c.io.out) finite.push(c.io.out[name]);
    for (const o of c.written) finite.push(o.final);
  }
  for (const v of finite) if (!FrameCheck.covers(buffer, v)) return undefined;
  return new FrameCheck(buffer, finite, guards, owners.slots);
}

/**
 * The owners' pre and stack steps (final units have none: the final view is what they stand for),
 * and the matrices before constraints made on demand (`lazyReaders`' owners).
 */
function ownerSteps({ owners, poseSources, slots }: Owners, { units, stackWriters, chainsOf }: Schedule, warnings: ProgramWarning[], guards: GuardSwitch, lazyReaders: ReadonlyMap<RigOwner, unknown>, setByNodes: ReadonlySet<RigOwner>): { stepOf: (StepFn | undefined)[]; lazy: Map<RigOwner, LazyPre> } {
  const stepOf = new Array<StepFn | undefined>(units.count);
  const lazy = new Map<RigOwner, LazyPre>();
  owners.forEach((o, i) => {
    const pre = kernelPreStep(o, slots.kernels, slots.buffer, checkPre(o, warnings, guards), setByNodes.has(o)) ?? guardPre(o, warnings, guards);
    const sources = poseSources.get(o);
    const made = lazyReaders.has(o) ? lazyPre(o, pre) : undefined;
    if (made) lazy.set(o, made.lazy);
    const make = made ? made.step : pre;
    // An animated owner's basis comes from its pose sources at this frame, before its pre step.
    stepOf[units.pre(i)] = !sources ? make
      : sources.length === 1 ? ((apply) => () => { apply(); make(); })(sources[0])
      : () => { for (let k = 0; k < sources.length; k++) sources[k](); make(); };
    if (stackWriters[i].length === 0) {
      // An owner nothing writes has one matrix for pre and final (owner-views.ts), but in a program
      // with a dependency cycle. By hand: a 16-number TypedArray#set costs more than the loop.
      const { pre: p, final } = o;
      if (p !== final) stepOf[units.stack(i)] = () => { for (let k = 0; k < 16; k++) final[k] = p[k]; };
    } else if (o.bone?.connected && chainsOf[i].length === 0) {
      // Blender keeps a connected bone's head on its parent's tail whatever its constraints do
      // ("prevent constraints breaking a chain"); IK chains move heads themselves, after.
      const { pre: p, final } = o;
      const bone = o.kind === 'bone' ? o : undefined;
      const l = bone && lazy.get(bone);
      if (!bone || !l) stepOf[units.stack(i)] = () => { final[12] = p[12]; final[13] = p[13]; final[14] = p[14]; };
      else {
        // The matrix left stale: its head alone when that gives the same bits, else the whole of it.
        const head = new Float64Array(3);
        stepOf[units.stack(i)] = () => {
          if (l.stale[0] === 1 && connectedPreHead(head, bone)) { final[12] = head[0]; final[13] = head[1]; final[14] = head[2]; return; }
          l.ensure();
          final[12] = p[12]; final[13] = p[13]; final[14] = p[14];
        };
      }
    }
  });
  return { stepOf, lazy };
}

/** An owner's pre step that leaves its matrix stale for its readers to make (lazy-pre.ts); `pre` makes it. */
function lazyPre(owner: RigOwner, pre: StepFn): { step: StepFn; lazy: LazyPre } {
  const stale = new Uint8Array(1);
  const ensure = () => {
    if (stale[0] === 0) return;
    stale[0] = 0;
    pre();
  };
  return { step: () => { stale[0] = 1; }, lazy: { owner, stale, ensure } };
}

/** A node's step; `scratch` gives a constraint its working matrices, `quiet` keeps a rebind from warning again, `ownerPre`: its owner input made on demand (lazy-pre.ts). */
function bindNode(c: CompiledNode, context: BindContext<CompiledNode>, inputs: BindInputs, warnings: ProgramWarning[], scratch: SlotAllocator, guards: GuardSwitch, quiet: boolean, ownerPre: LazyPre | undefined): StepFn | undefined {
  const state = c.def.bind ? c.def.bind(new NodeBindEnv(context, c, quiet), c.params) : undefined;
  const active = c.missing.length === 0 && !restingArmature(c, inputs);
  // A stateful node's kernel is its reset or its step, chosen by the frame (program.ts replays frames).
  const def = c.def.state && c.state ? statefulDefinition(c.def, c.def.state, c.state, c.params, context.frame) : c.def;
  let run: StepFn | undefined;
  if (c.def.copiesOnly && viewsAreOwnMatrices(c)) {
    // Owner In/Out whose sockets are the owner's matrices themselves: nothing to copy.
  } else if (c.def.constraint) {
    const targets = c.def.constraint.targets ?? [];
    const targetOwners = Object.fromEntries(targets.map((t) => [t, inputs.sourceOwner(c, t)]));
    const targetShapes = Object.fromEntries(targets.map((t) => [t, inputs.sourceShape(c, t)]));
    run = constraintStep({
      def, params: c.params, state, io: c.io,
      stackOwner: inputs.stackOwner(c), targetOwners, targetShapes,
      custom: c.sources.has('space') ? c.io.in.space : undefined,
      active,
      ownerPre,
    }, scratch);
  } else if (active) {
    const { io, params } = c;
    run = () => { def.kernel(io, params, state); };
  }
  // A node that throws or gives a non-finite number is marked and passes its owner through; the
  // rest of the program keeps evaluating.
  return run && (c.def.cannotFail ? run : guardNode(c, run, c.written, warnings, guards));
}

/**
 * A stateful node's definition with its kernel replaced: at or before its start frame the node
 * resets its state (`next`) from this frame's inputs, after it each frame is one step from
 * `previous` to `next`. The program copies `next` to `previous` when it moves to the next tick, so
 * evaluating one frame again (a param change, another subframe of the same tick) steps from the same
 * state and gives the same result. The start frame is written to the program's slot at every bind.
 */
function statefulDefinition(def: NodeDefinition, st: StateTraits, slots: NodeState, params: Params, frame: Float64Array): NodeDefinition {
  const { previous, next, start } = slots;
  const s = params[st.startParam];
  start[0] = typeof s === 'number' && Number.isFinite(s) ? Math.round(s) : 0;
  return {
    ...def,
    kernel: (io, p, bound) => {
      if (frame[0] <= start[0]) st.reset(io, p, bound, next);
      else st.step(io, p, bound, previous, next);
    },
  };
}

/** The armature of a constraint's bone owner when it is in rest position (`pose_position` REST): the constraint does nothing there, as in Blender. */
function restingArmature(c: CompiledNode, inputs: BindInputs): RigOwner | undefined {
  if (!c.def.constraint) return undefined;
  const o = inputs.stackOwner(c);
  return o?.kind === 'bone' && o.atRest ? o.armatureOwner : undefined;
}
