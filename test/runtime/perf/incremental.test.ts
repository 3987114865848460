// Incremental evaluation: after any sequence of param, owner and frame changes, `update()` (which
// runs only the dirty steps) gives exactly what a program compiled from the changed files gives
// when evaluated from scratch; and it runs only the steps downstream of what changed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GraphDocument, JsonValue } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import type { Program } from '../../../runtime/eval/program';
import type { UnitId } from '../../../runtime/eval/unit';
import type { SceneDocument, TransformProps } from '../../../runtime/rig/scene/types';
import { humanoid, largeRig, type BenchRig } from '../../bench/rigs';
import { objectExtrasRig } from './object-extras-rig';

type Change =
  | { kind: 'param'; node: string; name: string; value: JsonValue }
  | { kind: 'owner'; owner: string; props: TransformProps }
  | { kind: 'frame'; frame: number };

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** The same changes written into the files, for a program compiled from scratch. */
function applyToFiles(rig: BenchRig, changes: Change[]): { graph: GraphDocument; scene: SceneDocument; frame: number } {
  const graph = clone(rig.graph);
  const scene = clone(rig.scene);
  let frame = 1;
  for (const c of changes) {
    if (c.kind === 'param') graph.nodes.find((n) => n.id === c.node)!.params[c.name] = c.value;
    else if (c.kind === 'frame') frame = c.frame;
    else {
      const [obj, bone] = c.owner.split('/');
      const o = scene.objects.find((x) => x.name === obj)!;
      if (bone) {
        const b = o.bones!.find((x) => x.name === bone)!;
        b.pose = { ...c.props };
      } else {
        delete o.rotation_quaternion;
        delete o.rotation_axis_angle;
        Object.assign(o, c.props);
      }
    }
  }
  return { graph, scene, frame };
}

function applyToProgram(p: Program, changes: Change[]): void {
  for (const c of changes) {
    if (c.kind === 'param') expect(p.setParam(c.node, c.name, c.value)).toBe('applied');
    else if (c.kind === 'owner') p.setOwnerBasis(c.owner, c.props);
    else p.update(c.frame);
  }
}

function maxDifference(a: Program, b: Program): { err: number; where: string } {
  let err = 0;
  let where = '';
  for (const o of a.owners) {
    const m = b.ownerMatrix(o.id)!;
    for (let i = 0; i < 16; i++) {
      const d = Math.abs(o.final[i] - m[i]);
      if (!(d <= err)) { err = d; where = `${o.id}[${i}]`; }
    }
  }
  return { err, where };
}

/** Param changes that keep the schedule: values a rigger would set in the inspector. */
function paramChange(rig: BenchRig): fc.Arbitrary<Change> {
  const byType = (t: string) => rig.graph.nodes.filter((n) => n.type === t).map((n) => n.id);
  const wired = new Set(rig.graph.links.map((l) => `${l.to.node}.${l.to.socket}`));
  const constraints = rig.graph.nodes.filter((n) => n.type.startsWith('constraint/') && !wired.has(`${n.id}.influence`)).map((n) => n.id);
  const angle = fc.double({ min: -3, max: 3, noNaN: true });
  const options: fc.Arbitrary<Change>[] = [
    fc.record({ kind: fc.constant('param' as const), node: fc.constantFrom(...constraints), name: fc.constant('influence'), value: fc.double({ min: 0, max: 1, noNaN: true }) }),
  ];
  const ik = byType('constraint/ik');
  if (ik.length) options.push(fc.record({ kind: fc.constant('param' as const), node: fc.constantFrom(...ik), name: fc.constant('poleAngle'), value: angle }));
  const limits = byType('constraint/limit-rotation');
  if (limits.length) {
    options.push(fc.record({ kind: fc.constant('param' as const), node: fc.constantFrom(...limits), name: fc.constantFrom('minX', 'maxX', 'minZ', 'maxZ'), value: angle }));
    options.push(fc.record({ kind: fc.constant('param' as const), node: fc.constantFrom(...limits), name: fc.constantFrom('useLimitX', 'useLimitY', 'useLimitZ'), value: fc.boolean() }));
  }
  const copies = byType('constraint/copy-rotation');
  if (copies.length) {
    options.push(fc.record({ kind: fc.constant('param' as const), node: fc.constantFrom(...copies), name: fc.constant('mixMode'), value: fc.constantFrom('REPLACE', 'ADD', 'BEFORE', 'AFTER', 'OFFSET') }));
    // Spaces are captured when a step is built: this exercises the rebind path.
    options.push(fc.record({ kind: fc.constant('param' as const), node: fc.constantFrom(...copies), name: fc.constantFrom('ownerSpace', 'targetSpace'), value: fc.constantFrom('WORLD', 'POSE', 'LOCAL', 'LOCAL_WITH_PARENT') }));
  }
  const tracks = byType('constraint/damped-track');
  if (tracks.length) options.push(fc.record({ kind: fc.constant('param' as const), node: fc.constantFrom(...tracks), name: fc.constant('trackAxis'), value: fc.constantFrom('TRACK_X', 'TRACK_Y', 'TRACK_NEGATIVE_Z') }));
  const maps = rig.graph.nodes.filter((n) => n.type === 'math/float' && n.params.operation === 'map-range').map((n) => n.id);
  if (maps.length) options.push(fc.record({ kind: fc.constant('param' as const), node: fc.constantFrom(...maps), name: fc.constantFrom('toMin', 'toMax'), value: fc.double({ min: 0, max: 1, noNaN: true }) }));
  return fc.oneof(...options);
}

function ownerChange(rig: BenchRig): fc.Arbitrary<Change> {
  const bones = rig.scene.objects.flatMap((o) => (o.bones ?? []).map((b) => `${o.name}/${b.name}`));
  const coord = fc.double({ min: -1, max: 1, noNaN: true });
  const v3 = fc.tuple(coord, coord, coord);
  return fc.oneof(
    fc.record({ kind: fc.constant('owner' as const), owner: fc.constantFrom(...rig.targets), props: fc.record({ location: v3 }) }),
    fc.record({
      kind: fc.constant('owner' as const),
      owner: fc.constantFrom(...bones),
      props: fc.record({ rotation_mode: fc.constant('XYZ' as const), rotation_euler: v3, scale: fc.constant<number[]>([1, 1, 1]) }),
    }),
  );
}

function changes(rig: BenchRig): fc.Arbitrary<Change[]> {
  const frame = fc.record({ kind: fc.constant('frame' as const), frame: fc.integer({ min: -50, max: 500 }) });
  return fc.array(fc.oneof(paramChange(rig), ownerChange(rig), frame), { minLength: 1, maxLength: 8 });
}

describe('incremental evaluation equals evaluation from scratch', () => {
  for (const make of [humanoid, () => largeRig(200, 60)]) {
    const rig = make();
    it(`${rig.name}: random param, owner and frame changes`, () => {
      fc.assert(
        fc.property(changes(rig), (list) => {
          const live = compile(rig.graph, rig.scene).update(1);
          applyToProgram(live, list);
          const files = applyToFiles(rig, list);
          live.update(files.frame);
          const fresh = compile(files.graph, files.scene).evaluate(files.frame);
          const { err, where } = maxDifference(live, fresh);
          expect(err, `largest difference at ${where}`).toBeLessThanOrEqual(1e-12);
        }),
        { numRuns: rig.name === 'humanoid' ? 60 : 25 },
      );
    });
  }
});

/**
 * Steps reachable downstream of the units labelled `labels`, with the in-place rule for IK (see
 * runtime/eval/dirty.ts); as unit labels.
 */
function expectedSteps(p: Program, labels: string[]): Set<string> {
  const deps = p.dependencies!;
  const units = deps.units;
  const byLabel = new Map(Array.from({ length: units.count }, (_, i) => [units.label(i as UnitId), i as UnitId]));
  const succ = new Map<UnitId, UnitId[]>();
  const pred = new Map<UnitId, UnitId[]>();
  for (let e = 0; e < deps.from.length; e++) {
    const a = deps.from[e] as UnitId, b = deps.to[e] as UnitId;
    succ.set(a, [...(succ.get(a) ?? []), b]);
    pred.set(b, [...(pred.get(b) ?? []), a]);
  }
  const seen = new Set<UnitId>();
  const todo = labels.map((l) => byLabel.get(l)!);
  while (todo.length) {
    const u = todo.pop()!;
    if (seen.has(u)) continue;
    seen.add(u);
    todo.push(...(succ.get(u) ?? []));
    if (units.kind(u) === 'node') {
      for (const s of pred.get(u) ?? []) {
        if (units.kind(s) !== 'stack') continue;
        todo.push(s, ...(pred.get(s) ?? []).filter((w) => units.kind(w) === 'node'));
      }
    }
  }
  const withSteps = new Set(p.steps.map((s) => s.unit));
  return new Set([...seen].filter((u) => withSteps.has(u)).map((u) => units.label(u)));
}

/** Runs `update` and returns the labels of the units whose steps ran, in order. */
function recordUpdate(p: Program, frame?: number): string[] {
  const ran: string[] = [];
  const saved = p.steps.map((s) => s.run);
  p.steps.forEach((s, i) => { const label = p.units.label(s.unit); s.run = () => { ran.push(label); saved[i](); }; });
  p.update(frame);
  p.steps.forEach((s, i) => { s.run = saved[i]; });
  return ran;
}

describe('update runs only what is downstream of a change', () => {
  const rig = humanoid();

  it('nothing changed: nothing runs', () => {
    const p = compile(rig.graph, rig.scene).update(1);
    expect(p.lastStepsRun).toBe(p.steps.length);
    expect(recordUpdate(p)).toEqual([]);
    expect(recordUpdate(p, 1)).toEqual([]);
  });

  it('a dragged look target: the head, its children and what reads them', () => {
    const p = compile(rig.graph, rig.scene).update(1);
    p.setOwnerBasis('look', { location: [0.5, -1.5, 1.9] });
    const expected = expectedSteps(p, ['pre:look']);
    const ran = recordUpdate(p);
    expect(new Set(ran)).toEqual(expected);
    expect(ran).toContain('node:' + rig.graph.nodes.find((n) => n.type === 'constraint/damped-track' && rig.graph.links.some((l) => l.to.node === n.id && l.to.socket === 'target' && rig.graph.nodes.find((m) => m.id === l.from.node)!.params.owner === 'look'))!.id);
    expect(ran).not.toContain('pre:Rig/forearm.L');
    expect(ran.length).toBeLessThan(p.steps.length * 0.15);
    // Steps run in schedule order.
    const order = new Map(p.steps.map((s, i) => [p.units.label(s.unit), i]));
    expect(ran.map((u) => order.get(u)!)).toEqual([...ran.map((u) => order.get(u)!)].sort((a, b) => a - b));
  });

  it('a dragged hand target re-runs the arm chain (the IK rewrites it in place) and nothing of the other arm', () => {
    const p = compile(rig.graph, rig.scene).update(1);
    p.setOwnerBasis('hand_ik.L', { location: [0.5, -0.3, 1.1] });
    const ran = recordUpdate(p);
    expect(new Set(ran)).toEqual(expectedSteps(p, ['pre:hand_ik.L']));
    expect(ran).toContain('pre:Rig/forearm.L'); // restored pre-IK before the solver runs again
    expect(ran.some((u) => u.endsWith('.R'))).toBe(false);
    const fresh = compile(rig.graph, rig.scene);
    fresh.setOwnerBasis('hand_ik.L', { location: [0.5, -0.3, 1.1] }).evaluate(1);
    expect(maxDifference(p, fresh).err).toBe(0);
  });

  it('a frame change runs the time-driven jaw and nothing else', () => {
    const p = compile(rig.graph, rig.scene).update(1);
    const ran = recordUpdate(p, 2);
    const time = rig.graph.nodes.find((n) => n.type === 'value/time')!.id;
    expect(new Set(ran)).toEqual(expectedSteps(p, [`node:${time}`]));
    // The change reaches the jaw: the node wired into its Owner Out (which writes the jaw's final
    // matrix itself, runtime/eval/owner-views.ts) runs.
    const jawOut = rig.graph.nodes.find((n) => n.type === 'owner/output' && n.params.owner === 'Rig/jaw')!.id;
    const jawLast = rig.graph.links.find((l) => l.to.node === jawOut)!.from.node;
    expect(ran).toContain(`node:${jawLast}`);
    expect(ran.length).toBeLessThan(12);
  });

  it('a param change runs its node and what is downstream', () => {
    const p = compile(rig.graph, rig.scene).update(1);
    const limit = rig.graph.nodes.find((n) => n.type === 'constraint/limit-rotation')!.id;
    expect(p.setParam(limit, 'maxX', 0.1)).toBe('applied');
    expect(p.pendingSteps).toBe(expectedSteps(p, [`node:${limit}`]).size);
    expect(new Set(recordUpdate(p))).toEqual(expectedSteps(p, [`node:${limit}`]));
  });

  it('params that change the schedule, unknown params and nodes left out say recompile, and the program stays as it was', () => {
    const p = compile(rig.graph, rig.scene).update(1);
    const ik = rig.graph.nodes.find((n) => n.type === 'constraint/ik')!.id;
    const input = rig.graph.nodes.find((n) => n.type === 'owner/input')!.id;
    expect(p.setParam(ik, 'chainCount', 1)).toBe('recompile');
    expect(p.setParam(input, 'owner', 'look')).toBe('recompile');
    expect(p.setParam(ik, 'noSuchParam', 1)).toBe('recompile');
    expect(p.setParam('nope', 'influence', 1)).toBe('recompile');
    expect(p.pendingSteps).toBe(0);
    const fresh = compile(rig.graph, rig.scene).evaluate(1);
    expect(maxDifference(p.update(), fresh).err).toBe(0);
  });

  it('setOwnerBasis takes a matrix as well as location/rotation/scale', () => {
    const a = compile(rig.graph, rig.scene).update(1);
    const b = compile(rig.graph, rig.scene).update(1);
    a.setOwnerBasis('look', { location: [1, -2, 1.5], rotation_euler: [0.1, 0.2, 0.3], scale: [1, 2, 1] }).update();
    b.setOwnerBasis('look', Array.from(a.owner('look')!.basis)).update();
    expect(maxDifference(a, b).err).toBe(0);
    expect(() => b.setOwnerBasis('look', [1, 2, 3])).toThrow(/16 numbers/);
    expect(() => b.setOwnerBasis('nobody', [1, 2, 3])).toThrow(/not in the scene/);
  });

  it('a Shrinkwrap onto a mesh its armature deforms is run again when the frame moves the bones (object-extras-rig.ts)', () => {
    // The bones are keyed; nothing the Shrinkwrap reads by a link changes with them, only the
    // surface they deform: the schedule's edges from the deforming bones must reach it.
    const extras = objectExtrasRig();
    const a = compile(extras.graph, extras.scene).update(1);
    let moved = 0;
    for (const frame of [5, 7.5, 2, 9]) {
      const before = Array.from(a.owner('OnBody')!.final);
      a.update(frame);
      const fresh = compile(extras.graph, extras.scene).evaluate(frame);
      expect(Array.from(a.owner('OnBody')!.final)).toEqual(Array.from(fresh.owner('OnBody')!.final));
      if (a.owner('OnBody')!.final.some((x, i) => x !== before[i])) moved++;
    }
    expect(moved).toBe(4);
  });

  it('Follow Path, Clamp To and a path child on a curve hooks move are run again when the frame moves the hooks\' targets (object-extras-rig.ts)', () => {
    // The curve itself stands still; the keyed bones and empty its hooks follow move its points,
    // which reach the readers only by the schedule's edges from the hook targets.
    const extras = objectExtrasRig();
    const a = compile(extras.graph, extras.scene).update(1);
    const moved = { OnHooked: 0, HookedRider: 0 };
    for (const frame of [5, 7.5, 2, 9]) {
      const before = { OnHooked: Array.from(a.owner('OnHooked')!.final), HookedRider: Array.from(a.owner('HookedRider')!.final) };
      a.update(frame);
      const fresh = compile(extras.graph, extras.scene).evaluate(frame);
      for (const id of ['OnHooked', 'HookedRider'] as const) {
        expect(Array.from(a.owner(id)!.final), `${id} at ${frame}`).toEqual(Array.from(fresh.owner(id)!.final));
        if (a.owner(id)!.final.some((x, i) => x !== before[id][i])) moved[id]++;
      }
    }
    expect(moved).toEqual({ OnHooked: 4, HookedRider: 4 });
  });
});

