// B-Bones through Blender 3.4 (rigs.py `bbone`): B-Bones of 2 to 32 segments shaped every way the
// spline is (AUTO, ABSOLUTE, RELATIVE and TANGENT handles with scale and ease flags, B-Bone handles,
// curve, roll, ease and scale in and out on bone and pose, Scale Easing, end roll as in-roll, a
// non-uniform pose scale), read by Armature constraints (owners along the bones and past their ends;
// linear, Preserve Volume, Use Current Location, envelopes, two targets, an object owner) and by
// Follow B-Bone on eight constraint kinds at several Head/Tail, with a driver on a pose Ease Out, one
// on an edit-bone Ease Out and an action on a pose Curve In X, at three frames. The import wires a
// B-Bone node per bone read, with its handles and the driven and keyed settings; every owner equals
// Blender within 1e-4. Read straight instead (the B-Bone nodes swapped for Owner nodes), every
// shaped owner is off by more than 1e-3, so the comparison can fail.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../../graph/types';
import { run } from '../../runtime/cli/main';
import { differences, failures, roundTrip } from './roundtrip';

/** The owners whose targets are read straight on purpose: a plain bone with Follow B-Bone, and Follow B-Bone off. */
const STRAIGHT = new Set(['BRig/K11', 'BRig/K12']);

describe('Blender round trip: B-Bone shapes where constraints read them', () => {
  const rt = roundTrip('bbone');
  const log = rt.importLog.join('\n');
  const graphPath = join(rt.dir, 'bbone.sinew.json');

  it('imports with nothing left out, a B-Bone node per bone read, drivers and the action wired into them', () => {
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain('not carried: nothing');
    expect(log).toContain('2 wired live');
    const graph = JSON.parse(readFileSync(graphPath, 'utf8')) as GraphDocument;
    const bbones = graph.nodes.filter((n) => n.type === 'owner/bbone').map((n) => n.params.owner).sort();
    expect(bbones).toEqual(['BRig/B32', 'BRig/B4', 'BRig/B6', 'BRig/B8', 'BRig/Q2', 'BRig/S16']);
    const into = (node: string) => graph.links.filter((l) => l.to.node === node).map((l) => `${l.from.node}>${l.to.socket}`).sort();
    // Handles: AUTO from connected bones, custom ones, none where there is none.
    expect(into('bbone:BRig/B6')).toEqual(['anim:bbone:BRig/B6:curveInX>curveInX', 'read:BRig/A>start', 'read:BRig/C>end']);
    expect(into('bbone:BRig/B8')).toEqual([expect.stringMatching(/^drv:\d+>restEaseOut$/), 'read:BRig/H1>start', 'read:BRig/H2>end']);
    expect(into('bbone:BRig/S16')).toEqual([expect.stringMatching(/^drv:\d+>easeOut$/)]);
    expect(into('bbone:BRig/Q2')).toEqual(['read:BRig/Q1>start', 'read:BRig/Q3>end']);
    // The strict import refuses nothing either.
    const strict = run(['import-blender', join(rt.dir, 'bbone.blend'), '-o', join(rt.dir, 'strict.sinew.json'), '--strict'], { out: () => {}, err: () => {} });
    expect(strict).toBe(0);
  });

  it('evaluates every owner as Blender does, at every frame', () => {
    const diffs = differences(rt);
    expect(diffs.length).toBe(3 * 44); // 42 bones, the armature and the empty, at frames 1, 3, 5
    // Measured: at most 3.0e-6.
    expect(failures(diffs, 1e-4)).toEqual([]);
    // The driven and keyed settings change the shapes between frames (so they reach them).
    for (const owner of ['BRig/W1', 'BRig/K1', 'BRig/W5']) {
      expect(Math.max(...rt.expected['1'][owner].map((x, i) => Math.abs(x - rt.expected['5'][owner][i]))), owner).toBeGreaterThan(1e-3);
    }
  });

  it('would fail without the shapes: read straight, every shaped owner is off by more than 1e-3', () => {
    const graph = JSON.parse(readFileSync(graphPath, 'utf8')) as GraphDocument;
    const shapes = new Set(graph.nodes.filter((n) => n.type === 'owner/bbone').map((n) => n.id));
    for (const n of graph.nodes) if (shapes.has(n.id)) { n.type = 'owner/read'; n.params = { owner: n.params.owner }; }
    graph.links = graph.links.filter((l) => !shapes.has(l.to.node));
    const straightPath = join(rt.dir, 'straight.sinew.json');
    writeFileSync(straightPath, JSON.stringify(graph));
    const off = new Map<string, number>();
    for (const frame of Object.keys(rt.expected)) {
      const out: string[] = [];
      expect(run(['eval', straightPath, '--frame', frame], { out: (s) => out.push(s), err: () => {} })).toBe(0);
      const owners = (JSON.parse(out.join('\n')) as { owners: Record<string, number[]> }).owners;
      for (const [owner, m] of Object.entries(rt.expected[frame])) {
        if (!/^BRig\/[WK]|^EW$/.test(owner)) continue;
        off.set(owner, Math.max(off.get(owner) ?? 0, ...m.map((x, i) => Math.abs(x - owners[owner][i]))));
      }
    }
    const shaped = [...off].filter(([o]) => !STRAIGHT.has(o));
    expect(shaped.length).toBe(25);
    // Measured: 1.8e-3 (Track To on Q2) to 1.4 (Preserve Volume over S16 and B4).
    expect(shaped.filter(([, e]) => !(e > 1e-3)).map(([o, e]) => `${o}: ${e.toExponential(1)}`)).toEqual([]);
    for (const o of STRAIGHT) expect(off.get(o), o).toBeLessThan(1e-4);
  });
});
