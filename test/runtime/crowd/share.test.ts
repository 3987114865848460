// A worker's share of a crowd (runtime/crowd/characters.ts), run here on the main thread: its
// characters share one compiled program, each keeping only its frame and its stateful nodes' state,
// and each character's matrices are, bit for bit, what a Program of its own gives from the same
// frames in the same order — for any frames: apart, fractional, repeated, jumping back and forth,
// each character on its own path. Graphs whose results depend on earlier evaluations
// (`Program.history`: a dependency cycle, a node that remembers its first evaluation, a driven
// param) get a program per character, and they are shown to need it.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../../graph/types';
import { CrowdShare, sharesProgram } from '../../../runtime/crowd/characters';
import { crowdBytes, framesView, matricesView, type CrowdLayout } from '../../../runtime/crowd/layout';
import { compile } from '../../../runtime/eval/compile';
import type { Program } from '../../../runtime/eval/program';
import { casesIn } from '../../../runtime/io/blender/conformance';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';
import { openGraph } from '../../../runtime/io/files';
import type { SceneDocument } from '../../../runtime/rig/scene/types';
import { animatedHumanoid } from '../../bench/crowd-rig';
import { defaultSpec, sinewRig } from '../../nodes/physics/spring-rig';
import { SHARED_DIR } from '../../shared-path';

interface Rig { name: string; graph: GraphDocument; scene: SceneDocument }

const ROOT = join(import.meta.dirname, '../../..');

function example(file: string): Rig {
  const opened = openGraph(join(ROOT, 'examples', file));
  if (!opened.ok) throw new Error(`${file}: ${opened.errors.map((e) => e.message).join('; ')}`);
  return { name: `examples/${file}`, graph: opened.graph, scene: opened.scene };
}

/** The animated cases of the shared actions set (every F-curve kind; bones and objects). */
function actionRigs(): Rig[] {
  return casesIn(join(SHARED_DIR, 'conformance/actions')).map((c) => {
    const imported = importBlenderFixture(JSON.parse(readFileSync(c.file, 'utf8')) as Fixture);
    return { name: c.name, graph: imported.graph, scene: imported.scene };
  });
}

/** A share of `count` characters from `first` in a buffer of `first + count + 1` (one past the share stays untouched). */
function share(rig: Rig, first: number, count: number) {
  const probe = compile(rig.graph, rig.scene);
  const layout: CrowdLayout = { characters: first + count + 1, owners: probe.owners.length };
  const buffer = new SharedArrayBuffer(crowdBytes(layout));
  const s = new CrowdShare(rig.graph, rig.scene, buffer, layout, first, count);
  return { share: s, frames: framesView(buffer, layout), matrices: matricesView(buffer, layout), owners: layout.owners };
}

/**
 * Runs `rounds` (one frame per character each) through a share and through a Program per
 * character; the first bit that differs, or undefined.
 */
function firstDifference(rig: Rig, rounds: number[][]): string | undefined {
  const count = rounds[0].length;
  const first = 1;
  const { share: s, frames, matrices, owners } = share(rig, first, count);
  const own: Program[] = Array.from({ length: count }, () => compile(rig.graph, rig.scene));
  for (let r = 0; r < rounds.length; r++) {
    for (let i = 0; i < count; i++) frames[first + i] = rounds[r][i];
    s.evaluate();
    for (let i = 0; i < count; i++) {
      const p = own[i].evaluate(rounds[r][i]);
      for (let o = 0; o < owners; o++) {
        const m = p.owners[o].final;
        const at = ((first + i) * owners + o) * 16;
        for (let k = 0; k < 16; k++) {
          if (!Object.is(matrices[at + k], m[k])) return `${rig.name}, round ${r}, character ${i} at frame ${rounds[r][i]}: ${p.owners[o].id}[${k}] ${matrices[at + k]} shared, ${m[k]} own (rounds ${JSON.stringify(rounds)})`;
        }
      }
    }
  }
  // The characters outside the share are not written.
  const before = matrices.subarray(0, owners * 16), after = matrices.subarray((first + count) * owners * 16);
  if (before.some((x) => x !== 0) || after.some((x) => x !== 0)) return `${rig.name}: a character outside the share was written`;
  return undefined;
}

/** Whole, fractional and negative frames: before the keys, between them, past them (cycles). */
const frame = fc.oneof(fc.integer({ min: -4, max: 60 }), fc.integer({ min: -16, max: 240 }).map((q) => q / 4));
/** Rounds of frames, one per character: each character on its own path, jumping back and forth. */
const rounds = (characters: number, maxRounds: number) => fc.array(fc.array(frame, { minLength: characters, maxLength: characters }), { minLength: 1, maxLength: maxRounds });

describe('a crowd share: characters sharing one program', () => {
  const spring: Rig = { name: 'spring rig', ...sinewRig({ ...defaultSpec(), frames: 48 }) };
  const humanoid: Rig = { ...animatedHumanoid(), name: 'animated humanoid' };

  it.each([
    ['the animated humanoid (F-curves with CYCLES on every bone, IK)', humanoid, 30],
    ['a spring-bone rig (stateful: ticks, resets, replays)', spring, 40],
    ['the mannequin walking (glTF clip, leg IK, a sprung antenna)', example('mannequin-walk.sinew.json'), 25],
  ] as const)('%s: bit for bit what each character\'s own program gives, for any frames', (_, rig, runs) => {
    expect(sharesProgram(compile(rig.graph, rig.scene))).toBe(true);
    fc.assert(fc.property(fc.integer({ min: 1, max: 4 }).chain((n) => rounds(n, 6)), (r) => {
      const d = firstDifference(rig, r);
      if (d) throw new Error(d);
    }), { numRuns: runs });
  });

  it('every example graph and every case of shared/conformance/actions: bit for bit, characters apart and jumping', () => {
    const rigs = [
      ...['arm-ik', 'child-of-switch', 'demo', 'distance-influence', 'follow-path', 'head-look-at', 'mannequin'].map((n) => example(`${n}.sinew.json`)),
      ...actionRigs(),
    ];
    expect(rigs.length).toBeGreaterThan(10);
    const path = [[1, 30.5, -3], [2, 7.25, 12], [1, 60, 11.75], [-2, 0.5, 12]];
    for (const rig of rigs) {
      expect(sharesProgram(compile(rig.graph, rig.scene)), rig.name).toBe(true);
      expect(firstDifference(rig, path)).toBeUndefined();
    }
  });

  it('each character keeps its own spring state: an evaluation replays the ticks its own program would, no more', () => {
    // Bits alone cannot show this (a tick's state is the same however it is reached): without its
    // own state, a character behind the one before it would replay from the start every time.
    fc.assert(fc.property(fc.integer({ min: 2, max: 4 }).chain((n) => rounds(n, 8)), (r) => {
      const p = compile(spring.graph, spring.scene);
      const characters = r[0].map(() => p.newCharacter());
      const own = r[0].map(() => compile(spring.graph, spring.scene));
      for (const frames of r) {
        frames.forEach((f, i) => {
          p.evaluateCharacter(characters[i], f);
          own[i].evaluate(f);
          if (p.lastTicksRun !== own[i].lastTicksRun) throw new Error(`character ${i} at frame ${f}: ${p.lastTicksRun} ticks shared, ${own[i].lastTicksRun} own (rounds ${JSON.stringify(r)})`);
        });
      }
    }), { numRuns: 60 });
  });

  it('one compiled program serves all the characters of a share', () => {
    expect(share(humanoid, 0, 7).share.programCount).toBe(1);
    expect(share(spring, 2, 5).share.programCount).toBe(1);
  });

  it('a stateful character made before a change upstream of its springs replays from the start, as its own program does', () => {
    const p = compile(spring.graph, spring.scene);
    const a = p.newCharacter(), b = p.newCharacter();
    p.evaluateCharacter(a, 20);
    p.evaluateCharacter(b, 10);
    const joint = spring.graph.nodes.find((n) => n.type === 'physics/spring-bone')!.id;
    expect(p.setParam(joint, 'stiffness', 2.5)).toBe('applied');
    p.evaluateCharacter(a, 21);
    const ref = compile(spring.graph, spring.scene);
    ref.setParam(joint, 'stiffness', 2.5);
    ref.evaluate(21);
    for (const o of p.owners) for (let k = 0; k < 16; k++) expect(Object.is(o.final[k], ref.ownerMatrix(o.id)![k]), `${o.id}[${k}]`).toBe(true);
    // 1 reset and 21 ticks: a replay from the start, not a step from the state before the change.
    expect(p.lastTicksRun).toBe(ref.lastTicksRun);
  });

  it('refuses a character of another program', () => {
    const p = compile(spring.graph, spring.scene);
    const q = compile(spring.graph, spring.scene);
    expect(() => p.evaluateCharacter(q.newCharacter(), 1)).toThrow(/made by another program/);
  });
});

// A small scene for what makes results depend on earlier evaluations: A and T move along X
// (A over 20 frames, T the other way), so what a node takes on its first evaluation depends on the frame.
const node = (id: string, type: string, params: Record<string, JsonValue> = {}): GraphNode => ({ id, type, params, position: [0, 0] });
const link = (from: string, fs: string, to: string, ts: string): GraphLink => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });
const moving: SceneDocument = {
  format: 'sinew-scene', version: 1,
  objects: [
    { name: 'A', type: 'EMPTY', location: [1, 0.5, 0], animation_data: { action: 'a' } },
    { name: 'T', type: 'EMPTY', location: [0, 0, 0.2], rotation_euler: [0, 0, 0.3], animation_data: { action: 't' } },
  ],
  actions: [
    { name: 'a', fcurves: [{ data_path: 'location', array_index: 0, keyframes: [{ co: [0, 1], interpolation: 'LINEAR' }, { co: [20, 6], interpolation: 'LINEAR' }] }] },
    { name: 't', fcurves: [{ data_path: 'location', array_index: 0, keyframes: [{ co: [0, 0], interpolation: 'LINEAR' }, { co: [20, -3], interpolation: 'LINEAR' }] }] },
  ],
};

/** A's stack: one constraint `type` aimed at T (with `params`), and `extra` nodes and links. */
function stack(type: string, params: Record<string, JsonValue>, extra: { nodes?: GraphNode[]; links?: GraphLink[] } = {}): Rig {
  return {
    name: type,
    scene: moving,
    graph: {
      format: GRAPH_FORMAT, version: 1,
      nodes: [node('in', 'owner/input', { owner: 'A' }), node('t', 'owner/read', { owner: 'T' }), node('c', type, params), node('out', 'owner/output', { owner: 'A' }), ...(extra.nodes ?? [])],
      links: [link('in', 'transform', 'c', 'owner'), link('t', 'transform', 'c', 'target'), link('c', 'owner', 'out', 'transform'), ...(extra.links ?? [])],
    },
  };
}

/** What one program shared without care would give: evaluated for each character in turn, no state swapped. */
function naiveDifference(rig: Rig, rounds: number[][]): boolean {
  const shared = compile(rig.graph, rig.scene);
  const own = rounds[0].map(() => compile(rig.graph, rig.scene));
  for (const r of rounds) {
    for (let i = 0; i < r.length; i++) {
      const a = shared.evaluate(r[i]).ownerMatrix('A')!;
      const b = own[i].evaluate(r[i]).ownerMatrix('A')!;
      if (a.some((x, k) => !Object.is(x, b[k]))) return true;
    }
  }
  return false;
}

describe('graphs whose results depend on earlier evaluations keep a program per character', () => {
  const cases: [string, Rig, RegExp][] = [
    ['Limit Distance of 0 (takes the distance of its first evaluation)', stack('constraint/limit-distance', { distance: 0 }), /node "c" keeps a value from its first evaluation \(Limit Distance\)/],
    ['Stretch To with rest length 0 (takes its first length)', stack('constraint/stretch-to', { restLength: 0 }), /node "c" keeps a value from its first evaluation \(Stretch To\)/],
    ['Child Of with Set Inverse (takes the inverse of its first parent matrix)', stack('constraint/child-of', { setInverse: true, ownerSpace: 'WORLD' }), /node "c" keeps a value from its first evaluation \(Child Of\)/],
    ['a dependency cycle (math nodes feeding each other into the influence)', stack('constraint/copy-location', {}, {
      nodes: [node('f1', 'math/float', { operation: 'add', b: 0.25 }), node('f2', 'math/float', { operation: 'multiply', b: 0.5 })],
      links: [link('f1', 'value', 'f2', 'a'), link('f2', 'value', 'f1', 'a'), link('f1', 'value', 'c', 'influence')],
    }), /a dependency cycle through .*node "f1"/],
  ];

  it.each(cases)('%s: flagged, a program per character, bit for bit; one program shared naively would differ', (_, rig, why) => {
    const p = compile(rig.graph, rig.scene);
    expect(p.history.join('\n')).toMatch(why);
    expect(sharesProgram(p)).toBe(false);
    expect(() => p.evaluateCharacter(p.newCharacter(), 1)).toThrow(/cannot share this program/);
    const path = [[3, 12.5, 17], [4, 2, 17.25], [1, 19, 0]];
    // The test can fail: sharing one program here gives other matrices than each character's own.
    expect(naiveDifference(rig, path)).toBe(true);
    const { share: s } = share(rig, 0, 3);
    expect(s.programCount).toBe(3);
    expect(firstDifference(rig, path)).toBeUndefined();
  });

  it('a driven param is flagged (it keeps its last value when its driver gives NaN), and gets a program per character', () => {
    const rig = stack('constraint/limit-distance', { distance: 1 }, {
      nodes: [node('time', 'value/time'), node('d', 'math/float', { operation: 'multiply', b: 0.2 })],
      links: [link('time', 'frame', 'd', 'a'), link('d', 'value', 'c', 'distance')],
    });
    const p = compile(rig.graph, rig.scene);
    expect(p.history.join('\n')).toMatch(/node "c" has driven params/);
    expect(share(rig, 0, 2).share.programCount).toBe(2);
    expect(firstDifference(rig, [[3, 12.5], [4, 2]])).toBeUndefined();
  });

  it('history follows params: Limit Distance set to a distance forgets, set to 0 remembers', () => {
    const p = compile(stack('constraint/limit-distance', { distance: 2 }).graph, moving);
    expect(p.history).toEqual([]);
    expect(p.setParam('c', 'distance', 0)).toBe('applied');
    expect(p.history.length).toBe(1);
    expect(p.setParam('c', 'distance', 1.5)).toBe('applied');
    expect(p.history).toEqual([]);
  });
});
