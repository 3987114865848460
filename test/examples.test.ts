// Every example loads, saves and loads again to identical bytes, evaluates with no warnings, and does
// what it says it does (checked on the evaluated pose, not on numbers copied from a run).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../graph/load';
import { saveGraph } from '../graph/save';
import { graphCatalog } from '../nodes/catalog';
import { compile } from '../runtime/eval/compile';
import { openGraph } from '../runtime/io/files';
import type { Program } from '../runtime/eval/program';

const dir = join(__dirname, '../examples');
const graphs = readdirSync(dir).filter((f) => f.endsWith('.sinew.json'));

function evaluated(name: string, frame = 1): Program {
  const opened = openGraph(join(dir, name));
  if (!opened.ok) throw new Error(opened.errors.map((e) => e.message).join('\n'));
  const program = compile(opened.graph, opened.scene);
  expect(program.warnings).toEqual([]);
  return program.evaluate(frame);
}

const position = (m: ArrayLike<number>) => [m[12], m[13], m[14]];
const axis = (m: ArrayLike<number>, i: number) => [m[4 * i], m[4 * i + 1], m[4 * i + 2]];
const sub = (a: number[], b: number[]) => a.map((x, i) => x - b[i]);
const len = (a: number[]) => Math.hypot(...a);
const unit = (a: number[]) => a.map((x) => x / len(a));
const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

describe('examples', () => {
  it('there are examples to check', () => { expect(graphs.length).toBeGreaterThanOrEqual(5); });

  it.each(graphs)('%s loads, saves and loads again to identical bytes', (name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const first = loadGraph(text, graphCatalog());
    if (!first.ok) throw new Error(JSON.stringify(first.errors));
    const saved = saveGraph(first.graph);
    const second = loadGraph(saved, graphCatalog());
    if (!second.ok) throw new Error(JSON.stringify(second.errors));
    expect(saveGraph(second.graph)).toBe(saved);
    expect(saved).toBe(text); // examples are kept in canonical form
  });

  it.each(graphs)('%s evaluates to finite matrices', (name) => {
    for (const o of evaluated(name).owners) expect(Array.from(o.final).every(Number.isFinite), o.id).toBe(true);
  });

  it('arm-ik: the forearm tail reaches the hand target and the elbow bends towards the pole', () => {
    const p = evaluated('arm-ik.sinew.json');
    const forearm = p.ownerMatrix('Rig/Forearm.L')!;
    const upper = p.ownerMatrix('Rig/UpperArm.L')!;
    const scene = JSON.parse(readFileSync(join(dir, 'rig.scene.json'), 'utf8'));
    const length = scene.objects[0].bones.find((b: { name: string }) => b.name === 'Forearm.L').length;
    const tail = position(forearm).map((x, i) => x + axis(forearm, 1)[i] * length);
    expect(len(sub(tail, position(p.ownerMatrix('HandTarget')!)))).toBeLessThan(1e-6);
    // The elbow sits on the pole's side of the shoulder→target line.
    const shoulder = position(upper);
    const line = unit(sub(position(p.ownerMatrix('HandTarget')!), shoulder));
    const off = (q: number[]) => { const d = sub(q, shoulder); const t = dot(d, line); return d.map((x, i) => x - line[i] * t); };
    expect(dot(off(position(forearm)), off(position(p.ownerMatrix('ElbowPole')!)))).toBeGreaterThan(0);
  });

  it('head-look-at: the head\'s Z axis points at the look target', () => {
    const p = evaluated('head-look-at.sinew.json');
    const head = p.ownerMatrix('Rig/Head')!;
    const toTarget = unit(sub(position(p.ownerMatrix('LookTarget')!), position(head)));
    expect(dot(unit(axis(head, 2)), toTarget)).toBeCloseTo(1, 9);
  });

  it('child-of-switch: with the switch at 1 the prop follows handle B, not A', () => {
    const p = evaluated('child-of-switch.sinew.json');
    expect(position(p.ownerMatrix('Prop')!)).toEqual(position(p.ownerMatrix('HandleB')!).map((x) => expect.closeTo(x, 12)));
  });

  it('follow-path: the drone sits at 30% of the closed path\'s length, facing along it', () => {
    const p = evaluated('follow-path.sinew.json');
    const scene = JSON.parse(readFileSync(join(dir, 'rig.scene.json'), 'utf8'));
    const curve = scene.objects.find((o: { name: string }) => o.name === 'Path');
    const pts: number[][] = curve.curve.splines[0].points.map((q: number[]) => q.map((x, i) => x + curve.location[i]));
    const segs = pts.map((a, i) => [a, pts[(i + 1) % pts.length]]);
    const total = segs.reduce((s, [a, b]) => s + len(sub(b, a)), 0);
    let remaining = 0.3 * total;
    let expected: number[] = [];
    let direction: number[] = [];
    for (const [a, b] of segs) {
      const l = len(sub(b, a));
      if (remaining <= l) { expected = a.map((x, i) => x + (b[i] - x) * (remaining / l)); direction = unit(sub(b, a)); break; }
      remaining -= l;
    }
    const drone = p.ownerMatrix('Drone')!;
    expect(len(sub(position(drone), expected))).toBeLessThan(1e-9);
    // Blender's frames are slerped between vertex directions, so the forward axis is near, not on, the segment.
    expect(dot(unit(axis(drone, 1)), direction)).toBeGreaterThan(0.9);
  });

  it('distance-influence: the glance influence is computed from the neck-to-target distance', () => {
    const p = evaluated('distance-influence.sinew.json');
    const head = p.ownerMatrix('Rig/Head')!;
    const neckTail = [0, 0, 1.5];
    const d = len(sub(position(p.ownerMatrix('LookTarget')!), neckTail));
    const influence = Math.min(1, Math.max(0, 1 - (d - 1) / 1.5));
    expect(influence).toBeGreaterThan(0.05);
    expect(influence).toBeLessThan(0.95);
    // Partly turned: the Z axis has moved from its rest direction (0, -1, 0) but not all the way.
    const toTarget = unit(sub(position(p.ownerMatrix('LookTarget')!), position(head)));
    const z = unit(axis(head, 2));
    expect(dot(z, [0, -1, 0])).toBeLessThan(1 - 1e-6);
    expect(dot(z, toTarget)).toBeLessThan(1 - 1e-6);
  });
});
