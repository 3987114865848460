// A dependency cycle reads, through the link set aside, what the last evaluation left. Blender
// reaches any frame from the state its file was saved in (the rig evaluated again and again at the
// saved frame); a new program settles there before its first evaluation (program.ts `settleCycles`),
// so its first result is the cycle's steady state, not one read from matrices never evaluated.
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type JsonValue } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { MAX_SETTLE_PASSES } from '../../runtime/eval/program';
import { SCENE_FORMAT, type SceneDocument } from '../../runtime/rig/scene/types';

const node = (id: string, type: string, params: Record<string, JsonValue> = {}) => ({ id, type, params, position: [0, 0] as [number, number] });
const link = (from: string, fs: string, to: string, ts: string) => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });

/**
 * A takes B's rotation (Copy Rotation) and B takes A's location (Copy Location): a cycle whose steady
 * state is A where it stands turned as B is, and B turned as it is, standing where A is. B's turn and
 * A's place are keyed, so each frame has its own steady state.
 */
function cyclicRig(frameCurrent?: number): { graph: GraphDocument; scene: SceneDocument } {
  const scene: SceneDocument = {
    format: SCENE_FORMAT, version: 1,
    ...(frameCurrent !== undefined ? { frame_current: frameCurrent } : {}),
    objects: [
      { name: 'A', type: 'EMPTY', location: [1, 2, 3], animation_data: { action: 'a' } },
      { name: 'B', type: 'EMPTY', location: [-4, 0, 1], rotation_euler: [0.3, -0.2, 0.9], animation_data: { action: 'b' } },
    ],
    actions: [
      { name: 'a', fcurves: [{ data_path: 'location', array_index: 0, keyframes: [{ co: [1, 1], interpolation: 'LINEAR' }, { co: [11, 6], interpolation: 'LINEAR' }] }] },
      { name: 'b', fcurves: [{ data_path: 'rotation_euler', array_index: 2, keyframes: [{ co: [1, 0.9], interpolation: 'LINEAR' }, { co: [11, -0.4], interpolation: 'LINEAR' }] }] },
    ],
  };
  const graph: GraphDocument = {
    format: GRAPH_FORMAT, version: 1,
    nodes: [
      node('inA', 'owner/input', { owner: 'A' }), node('readB', 'owner/read', { owner: 'B' }),
      node('rot', 'constraint/copy-rotation'), node('outA', 'owner/output', { owner: 'A' }),
      node('inB', 'owner/input', { owner: 'B' }), node('readA', 'owner/read', { owner: 'A' }),
      node('loc', 'constraint/copy-location'), node('outB', 'owner/output', { owner: 'B' }),
    ],
    links: [
      link('inA', 'transform', 'rot', 'owner'), link('readB', 'transform', 'rot', 'target'), link('rot', 'owner', 'outA', 'transform'),
      link('inB', 'transform', 'loc', 'owner'), link('readA', 'transform', 'loc', 'target'), link('loc', 'owner', 'outB', 'transform'),
    ],
  };
  return { graph, scene };
}

const matrices = (p: ReturnType<typeof compile>) => p.owners.map((o) => Array.from(o.final));

describe('a program with a dependency cycle settles before its first evaluation', () => {
  it('its first result is the steady state: the same frame again changes nothing, bit for bit', () => {
    for (const frame of [1, 4.5, 11]) {
      const { graph, scene } = cyclicRig();
      const p = compile(graph, scene);
      expect(p.schedule.cycles.length).toBe(1);
      const first = matrices(p.evaluate(frame));
      expect(matrices(p.evaluate(frame)), `frame ${frame}`).toEqual(first);
      // The steady state itself: A's place with B's turn; B's turn at A's place.
      const a = p.ownerMatrix('A')!, b = p.ownerMatrix('B')!;
      for (let i = 0; i < 12; i++) expect(a[i]).toBeCloseTo(b[i], 12);
      for (let i = 12; i < 15; i++) expect(b[i]).toBeCloseTo(a[i], 12);
      expect(a[12]).toBeCloseTo(1 + (frame - 1) * 0.5, 12);
    }
  });

  it('settles at the frame the scene was saved at: a frame evaluated first then reads that frame\u2019s state across the break', () => {
    // Saved at frame 11: the frame evaluated first reads, across the break, what frame 11 left.
    const saved = cyclicRig(11);
    const p = compile(saved.graph, saved.scene);
    const first = matrices(p.evaluate(1));
    // The same as a program that played frame 11 until settled, then frame 1.
    const played = cyclicRig();
    const q = compile(played.graph, played.scene);
    for (let k = 0; k < MAX_SETTLE_PASSES; k++) q.evaluate(11);
    expect(matrices(q.evaluate(1))).toEqual(first);
    // And not the steady state of frame 1: what the break reads is frame 11's.
    const fresh = cyclicRig(1);
    expect(matrices(compile(fresh.graph, fresh.scene).evaluate(1))).not.toEqual(first);
  });

  it('update() as the first call settles too', () => {
    const { graph, scene } = cyclicRig();
    const viaUpdate = matrices(compile(graph, scene).update(4));
    expect(viaUpdate).toEqual(matrices(compile(graph, scene).evaluate(4)));
    const p = compile(graph, scene);
    expect(matrices(p.update(4))).toEqual(matrices(p.evaluate(4)));
  });
});
