// The defined results of the degenerate inputs issue 6 names, as docs/reliability.md states them:
// each is finite, and each is the result a rigger can predict.
import { describe, expect, it } from 'vitest';
import type { GraphLink, GraphNode } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import type { SceneObject } from '../../runtime/rig/scene/types';

/** A rest matrix with the bone's Y axis along world +Z, head at (x, y, z). */
const rest = (x: number, y: number, z: number) => [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, x, y, z, 1];
const E = (name: string, location: number[], extra: Partial<SceneObject> = {}): SceneObject => ({ name, type: 'EMPTY', location, ...extra });
const arm = (bones: NonNullable<SceneObject['bones']>): SceneObject => ({ name: 'Arm', type: 'ARMATURE', bones });
const curve = (name: string, points: number[][]): SceneObject => ({ name, type: 'CURVE', curve: { splines: points.length > 0 ? [{ points }] : [] } });
const twoBones = arm([
  { name: 'up', matrix_local: rest(0, 0, 0), length: 1 },
  { name: 'lo', parent: 'up', matrix_local: rest(0, 0, 1), length: 1, use_connect: true },
]);

interface Setup {
  objects: SceneObject[];
  owner: string;
  kind: string;
  params?: GraphNode['params'];
  target?: string;
  pole?: string;
  influence?: number;
}

/** Owner In → one constraint (target, pole and influence wired as given) → Owner Out; the owner's final matrix. */
function evaluate(s: Setup): number[] {
  const nodes: GraphNode[] = [
    { id: 'in', type: 'owner/input', params: { owner: s.owner }, position: [0, 0] },
    { id: 'c', type: s.kind, params: s.params ?? {}, position: [0, 0] },
    { id: 'out', type: 'owner/output', params: { owner: s.owner }, position: [0, 0] },
  ];
  const links: GraphLink[] = [
    { from: { node: 'in', socket: 'transform' }, to: { node: 'c', socket: 'owner' } },
    { from: { node: 'c', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
  ];
  const read = (id: string, owner: string, socket: string, into: string) => {
    nodes.push({ id, type: 'owner/read', params: { owner }, position: [0, 0] });
    links.push({ from: { node: id, socket }, to: { node: 'c', socket: into } });
  };
  if (s.target !== undefined) read('t', s.target, /path|clamp|spline/.test(s.kind) ? 'curve' : 'transform', 'target');
  if (s.pole !== undefined) read('p', s.pole, 'transform', 'pole');
  if (s.influence !== undefined) {
    nodes.push({ id: 'f', type: 'value/float', params: { value: s.influence }, position: [0, 0] });
    links.push({ from: { node: 'f', socket: 'value' }, to: { node: 'c', socket: 'influence' } });
  }
  const program = compile({ format: 'sinew-graph', version: 1, nodes, links }, { format: 'sinew-scene', version: 1, objects: s.objects }).evaluate(1);
  expect(program.warnings.filter((w) => w.code === 'node-failed' || w.code === 'owner-invalid')).toEqual([]);
  const m = Array.from(program.ownerMatrix(s.owner)!);
  expect(m.every(Number.isFinite)).toBe(true);
  return m;
}

const position = (m: number[]) => [m[12], m[13], m[14]];
const close = (a: number[], b: number[]) => { a.forEach((x, i) => { expect(x).toBeCloseTo(b[i], 9); }); };
const IDENTITY_AT = (x: number, y: number, z: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];

describe('degenerate inputs give the documented results', () => {
  it('a target on the owner: tracking and distance constraints leave the owner as it was', () => {
    for (const kind of ['constraint/damped-track', 'constraint/track-to', 'constraint/locked-track', 'constraint/look-at', 'constraint/limit-distance']) {
      close(evaluate({ objects: [E('O', [1, 2, 3]), E('T', [1, 2, 3])], owner: 'O', kind, target: 'T', params: kind.endsWith('distance') ? { distance: 1 } : {} }), IDENTITY_AT(1, 2, 3));
    }
  });

  it('a zero-length bone turns like any other; a zero-scale owner stays zero-scale', () => {
    const m = evaluate({ objects: [arm([{ name: 'b', matrix_local: rest(0, 0, 0), length: 0 }]), E('T', [1, 0, 0])], owner: 'Arm/b', kind: 'constraint/damped-track', target: 'T' });
    close([m[4], m[5], m[6]], [1, 0, 0]); // Y now points at the target
    const z = evaluate({ objects: [E('O', [0, 0, 0], { scale: [0, 0, 0] }), E('T', [1, 0, 0], { rotation_euler: [0, 0, 1] })], owner: 'O', kind: 'constraint/copy-rotation', target: 'T' });
    expect(z.slice(0, 12).every((x) => x === 0)).toBe(true);
  });

  it('IK: a target on the root and a pole on the chain line give a finite pose; a target at 1e300 straightens the chain towards it', () => {
    evaluate({ objects: [twoBones, E('T', [0, 0, 0])], owner: 'Arm/lo', kind: 'constraint/ik', params: { chainCount: 2 }, target: 'T' });
    evaluate({ objects: [twoBones, E('T', [1, 0, 1]), E('P', [0, 0, 5])], owner: 'Arm/lo', kind: 'constraint/ik', params: { chainCount: 2 }, target: 'T', pole: 'P' });
    const far = evaluate({ objects: [twoBones, E('T', [1e300, 0, 0])], owner: 'Arm/lo', kind: 'constraint/ik', params: { chainCount: 2 }, target: 'T' });
    close(position(far), [1, 0, 0]); // the lower bone's head, one bone length from the root along +X
    close([far[4], far[5], far[6]], [1, 0, 0]);
  });

  it('a target at 1e300 is followed exactly where the result fits a double', () => {
    expect(position(evaluate({ objects: [E('O', [0, 0, 0]), E('T', [1e300, 0, 0])], owner: 'O', kind: 'constraint/copy-location', target: 'T' }))).toEqual([1e300, 0, 0]);
    const m = evaluate({ objects: [E('O', [0, 0, 0]), E('T', [1e300, 1e300, 0])], owner: 'O', kind: 'constraint/damped-track', target: 'T' });
    close([m[4], m[5], m[6]], [Math.SQRT1_2, Math.SQRT1_2, 0]);
  });

  it('a curve with no points, one point, or all points on one spot acts as that single point (the curve origin when empty)', () => {
    const at = (points: number[][]) => position(evaluate({ objects: [E('O', [5, 5, 5]), curve('C', points)], owner: 'O', kind: 'constraint/clamp-to', target: 'C' }));
    close(at([]), [5, 5, 5]); // nothing to clamp to: unchanged
    close(at([[1, 2, 3]]), [1, 2, 3]);
    close(at([[1, 1, 1], [1, 1, 1]]), [1, 1, 1]);
    const follow = (points: number[][]) => position(evaluate({ objects: [E('O', [5, 5, 5]), curve('C', points)], owner: 'O', kind: 'constraint/follow-path', target: 'C' }));
    close(follow([]), [5, 5, 5]);
    close(follow([[1, 2, 3]]), [6, 7, 8]); // Follow Path offsets the owner by the path point
    close(follow([[1, 1, 1], [1, 1, 1]]), [6, 6, 6]);
    for (const points of [[], [[1, 2, 3]], [[1, 1, 1], [1, 1, 1]]]) {
      evaluate({ objects: [twoBones, curve('C', points)], owner: 'Arm/lo', kind: 'constraint/spline-ik', params: { chainCount: 2 }, target: 'C' });
    }
  });

  it('an influence from a math node outside 0…1 is clamped to 0…1', () => {
    const x = (influence: number) => position(evaluate({ objects: [E('O', [0, 0, 0]), E('T', [2, 0, 0])], owner: 'O', kind: 'constraint/copy-location', target: 'T', influence }))[0];
    expect([x(-3), x(0.5), x(7), x(1e300), x(-Number.MAX_VALUE)]).toEqual([0, 1, 2, 2, 0]);
  });
});
