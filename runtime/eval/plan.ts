// Compile phase 6, plan: the steps in schedule order, the schedule report (order and cycles), what
// `Program.setParam` may change of each node, and the program.
import type { Params } from '../../nodes/define';
import { resolveParam } from '../../nodes/resolve-params';
import type { Binding, StepFn } from './bind';
import { bareStep } from './bare-step';
import type { Owners } from './build-owners';
import type { CompiledNode } from './compiled-node';
import type { Problems } from './errors';
import type { BoneParentLookup } from './ik-trees';
import { Program, type NodeControl, type ScheduleReport, type Step } from './program';
import type { ResolvedGraph } from './resolve-nodes';
import type { Schedule } from './schedule-units';
import type { UnitId } from './unit';

export interface PlanInputs {
  resolved: ResolvedGraph;
  owners: Owners;
  schedule: Schedule;
  binding: Binding;
  stackOwner: (c: CompiledNode) => { id: string } | undefined;
  boneParent: BoneParentLookup;
  /** The frame the scene was saved at (`frame_current`), where a program with a dependency cycle settles (program.ts). */
  settleFrame: number | undefined;
}

export function plan(inputs: PlanInputs, problems: Problems): Program {
  const { resolved, owners, schedule, binding } = inputs;
  const { units } = schedule;
  const steps: Step[] = [];
  for (const k of schedule.order) {
    const u = k as UnitId;
    const run: StepFn | undefined = binding.stepOf[u];
    if (run) steps.push({ unit: u, run, bare: bareStep(run) });
  }
  const cycles = schedule.cycles.map((cy) => {
    const ids = (owned: boolean) => cy.filter((u) => (units.kind(u as UnitId) !== 'node') === owned).map((u) => units.idOf(u as UnitId));
    return { nodes: ids(false), owners: [...new Set(ids(true))] };
  });
  for (const cy of cycles) {
    problems.warnings.push({ code: 'cycle', pointer: '/links', message: `dependency cycle detected through ${[...cy.nodes.map((n) => `node "${n}"`), ...cy.owners.map((o) => `owner "${o}"`)].join(', ')}; one link of it was set aside` });
  }
  // Stateful nodes depend on the frame: a frame change reaches them (and `update` replays ticks).
  const states = resolved.live.flatMap((c) => (c.state ? [c.state] : []));
  const frameUnits = [
    ...[...binding.readsFrame].map((c) => c.unit),
    ...[...owners.poseSources.keys()].map((o) => units.pre(owners.index.get(o)!)),
    ...states.map((st) => st.unit),
  ];
  const node = (nodeId: string) => {
    const i = resolved.byId.get(nodeId);
    const c = i === undefined ? undefined : resolved.compiled[i];
    return c && nodeControl(c, inputs);
  };
  // The order as text only when asked for (the CLI's `schedule`, tools): a string per unit is a
  // cost every compile would pay otherwise.
  let order: string[] | undefined;
  const report: ScheduleReport = {
    get order() { return (order ??= Array.from(schedule.order, (u) => units.label(u as UnitId))); },
    cycles,
  };
  return new Program(owners.slots.buffer, steps, owners.owners, owners.frame, report, problems.warnings, {
    units, from: schedule.from, to: schedule.to, node, frameUnits, history: () => historyOf(resolved.live, owners.modeKeyed), playback: () => playbackOf(resolved.live, owners.modeKeyed),
    // The causes of playbackOf (a write-back, a keyed mode): a frame run again (guarded, after an
    // unguarded pass failed) would find what the first run kept or changed.
    remembers: () => playbackOf(resolved.live, owners.modeKeyed).length > 0,
    recordPassing: () => recordPassingOf(resolved.live, owners),
    sceneTime: owners.time === owners.frame ? undefined : { slot: owners.time, scale: owners.timeScale },
    settleFrame: inputs.settleFrame,
  }, states, binding.check && { guards: binding.guards, check: binding.check });
}

/**
 * What makes one evaluation depend on those before it besides stateful nodes' slots (a dependency
 * cycle aside, which the program knows): a node that remembers (a write-back), a driven param, which
 * keeps its last value when its driver gives NaN, an owner whose keyed rotation mode it keeps from
 * the last evaluation (runtime/rig/animation.ts). Read from the params as they are now.
 */
function historyOf(live: readonly CompiledNode[], modeKeyed: readonly { id: string }[]): string[] {
  const out = playbackOf(live, modeKeyed);
  for (const c of live) {
    if (c.drivenParams.size > 0) out.push(`node "${c.node.id}" has driven params, which keep their last value when the driver gives no number`);
  }
  return out;
}

/**
 * The causes in `historyOf` that make a frame evaluated on its own differ from the same frame reached
 * by playing whenever the frames in between change what is kept (a driven param differs only when its
 * driver gives no number): a keyed rotation mode, a node that remembers its first evaluation.
 */
function playbackOf(live: readonly CompiledNode[], modeKeyed: readonly { id: string }[]): string[] {
  const out: string[] = modeKeyed.map((o) => `owner "${o.id}" keeps the rotation mode its action keys (and the values a change of mode converts) from the last evaluation`);
  for (const c of live) {
    if (c.def.remembers?.(c.params)) out.push(`node "${c.node.id}" keeps a value from its first evaluation (${c.def.label})`);
  }
  return out;
}

/**
 * What a step hands another in an owner's record (a JavaScript object) rather than the program's
 * buffer, one sentence per cause: a node setting its owner's settings (a bone's inheritance, a
 * curve's time), a rotation mode an action keys (the owner's pre step writes it, its constraints
 * read it), a driver keeping its reading compatible with the Euler angles another step sets this
 * frame (`liveEuler`). Threads sharing a frame (runtime/split/) each have their own records.
 */
function recordPassingOf(live: readonly CompiledNode[], owners: Owners): string[] {
  const out = owners.modeKeyed.map((o) => `owner "${o.id}" keeps the rotation mode its action keys in its record, which its other steps read`);
  const liveEuler = owners.owners.some((o) => o.liveEuler !== undefined);
  for (const c of live) {
    if (c.def.owner?.role === 'setting') out.push(`node "${c.node.id}" (${c.def.label}) writes its owner's settings into the owner's record, which the owner's steps read`);
    else if (liveEuler && c.def.type === 'driver/transform-channel' && typeof c.params.euler === 'string' && c.params.euler.trim() !== '') {
      out.push(`node "${c.node.id}" (${c.def.label}) reads Euler angles another step sets this frame in an owner's record`);
    }
  }
  return out;
}

/** What `Program.setParam` may change of a node without a recompile, and what it must refuse. */
function nodeControl(c: CompiledNode, { binding, stackOwner, boneParent }: PlanInputs): NodeControl {
  const { def } = c;
  const params: Params = c.params;
  return {
    unit: c.unit,
    params,
    resolve: (name, value) => resolveParam(def, name, value),
    hasParam: (name) => Object.hasOwn(def.params, name) || (Object.hasOwn(def.inputs, name) && def.inputs[name].default !== undefined),
    isInput: (name) => Object.hasOwn(def.inputs, name),
    constants: c.constants,
    rebind: () => binding.rebind(c),
    socket: (side, name) => {
      binding.onDemand[c.unit]?.();
      const view = side === 'input' ? c.io.in[name] : c.io.out[name];
      if (view) binding.freshen(view);
      const spec = side === 'input' ? def.inputs[name] : def.outputs[name];
      return view && spec ? { type: spec.type, view } : undefined;
    },
    structure: () => ({
      owner: def.owner ? String(params[def.owner.param] ?? '') : null,
      writes: def.writes ? def.writes(params, boneParent, stackOwner(c)?.id) : null,
      // A variadic node's count decides which inputs it has: a new count is a new program.
      count: def.variadic ? params[def.variadic.param] ?? null : null,
    }),
  };
}
