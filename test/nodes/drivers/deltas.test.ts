// Driver variables and driven channels on an object with a delta transform, against values measured
// in Blender 3.4.1 (an empty at location (1, 2, 3), delta (10, 20, 30), rotation (0.1, 0.2, 0.3) XYZ,
// delta rotation (0.5, 0, 0), scale 2, delta scale (3, 1, 1)): in TRANSFORM_SPACE a Transform Channel
// reads BKE_object_to_mat4, deltas included, but a Distance reads `ob->loc` alone; a driver writing
// delta_location[0] = 2.5 and delta_rotation_euler[2] = 0.7 moves and turns the object by them.
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type GraphNode } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';

const scene: SceneDocument = {
  format: SCENE_FORMAT, version: 1,
  objects: [
    { name: 'Src', type: 'EMPTY', location: [1, 2, 3], delta_location: [10, 20, 30], rotation_euler: [0.1, 0.2, 0.3], delta_rotation_euler: [0.5, 0, 0], scale: [2, 2, 2], delta_scale: [3, 1, 1] },
    { name: 'Orig', type: 'EMPTY' },
    { name: 'W', type: 'EMPTY', location: [0, 0, 1] },
  ],
};
const node = (id: string, type: string, params: GraphNode['params']): GraphNode => ({ id, type, params, position: [0, 0] });
const link = (a: string, b: string, c: string, d: string) => ({ from: { node: a, socket: b }, to: { node: c, socket: d } });

describe('drivers and an object\u2019s delta transform (Blender 3.4.1)', () => {
  it('TRANSFORM_SPACE: a Transform Channel reads the deltas, a Distance reads the location alone; a driven delta moves the object', () => {
    const transform = (channel: string) => node(`t:${channel}`, 'driver/transform', { channel, space: 'TRANSFORM_SPACE', rotationMode: 'AUTO', euler: '0.1, 0.2, 0.3' });
    const graph: GraphDocument = {
      format: GRAPH_FORMAT, version: 1,
      nodes: [
        node('src', 'owner/read', { owner: 'Src' }), node('orig', 'owner/read', { owner: 'Orig' }),
        node('dist', 'driver/difference', { mode: 'LOC_DIFF', spaceA: 'TRANSFORM_SPACE', spaceB: 'WORLD_SPACE' }),
        transform('LOC_X'), transform('ROT_X'), transform('SCALE_X'),
        node('dloc', 'value/float', { value: 2.5 }), node('drot', 'value/float', { value: 0.7 }),
        node('w', 'driver/pose-channels', { owner: 'W', locZ: 1 }),
      ],
      links: [
        link('src', 'transform', 'dist', 'a'), link('orig', 'transform', 'dist', 'b'),
        ...['LOC_X', 'ROT_X', 'SCALE_X'].map((c) => link('src', 'transform', `t:${c}`, 'target')),
        link('dloc', 'value', 'w', 'dlocX'), link('drot', 'value', 'w', 'drotZ'),
      ],
    };
    const program = compile(graph, scene).evaluate(1);
    const value = (id: string) => program.socketValue(id, 'output', 'value')!.view[0];
    const near = (v: number, blender: number) => { expect(Math.abs(v - blender)).toBeLessThanOrEqual(2e-6 * Math.max(1, Math.abs(blender))); };
    near(value('dist'), 3.7416574954986572);
    near(value('t:LOC_X'), 11.0);
    near(value('t:ROT_X'), 0.576083242893219);
    near(value('t:SCALE_X'), 6.000000476837158);
    const w = program.ownerMatrix('W')!;
    [Math.cos(0.7), Math.sin(0.7), 0, 0, -Math.sin(0.7), Math.cos(0.7), 0, 0, 0, 0, 1, 0, 2.5, 0, 1, 1].forEach((x, i) => { near(w[i], x); });
  });

  it('refuses a driven delta on a bone by name (Blender\u2019s deltas are an object\u2019s)', () => {
    const s: SceneDocument = { format: SCENE_FORMAT, version: 1, objects: [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'B', matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], length: 1 }] }] };
    const graph: GraphDocument = { format: GRAPH_FORMAT, version: 1, nodes: [node('v', 'value/float', { value: 1 }), node('p', 'driver/pose-channels', { owner: 'Arm/B' })], links: [link('v', 'value', 'p', 'dlocX')] };
    expect(() => compile(graph, s)).toThrow(/bone "Arm\/B" has no delta transform/);
  });
});
