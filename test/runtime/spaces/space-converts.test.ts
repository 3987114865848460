// spaceConverts names the cases where a space conversion returns its matrix untouched, so the
// constraint step may leave the conversion out (runtime/eval/constraint-step.ts). Checked bit for
// bit, -0 and huge entries included, for every space, owner kind and CUSTOM wiring; and the other
// way round, that it is not merely always false.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT } from '../../../graph/types';
import { TARGET_SPACES } from '../../../nodes/define-constraint';
import { compile } from '../../../runtime/eval/compile';
import { spaceConverts, spaceToWorld, worldToSpace, type SpaceContext } from '../../../runtime/eval/spaces';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';
import { restMatrix } from '../../bench/rigs';

const scene: SceneDocument = {
  format: SCENE_FORMAT,
  version: 1,
  objects: [
    {
      name: 'Arm', type: 'ARMATURE', location: [1, 2, 3], rotation_euler: [0.3, -0.2, 0.5],
      bones: [
        { name: 'b0', parent: null, length: 0.7, matrix_local: restMatrix([0, 0, 0], [0.2, 0.7, 0]), pose: { rotation_mode: 'XYZ', rotation_euler: [0.1, 0.2, 0.3] } },
        { name: 'b1', parent: 'b0', length: 0.7, matrix_local: restMatrix([0.2, 0.7, 0], [0.2, 1.4, 0.1]), pose: { rotation_mode: 'XYZ', rotation_euler: [-0.4, 0, 0.2] } },
      ],
    },
    { name: 'Empty', type: 'EMPTY', parent: 'Arm', location: [0.5, 0, 1], rotation_euler: [0, 0.7, 0] },
  ],
};
const program = compile({ format: GRAPH_FORMAT, version: 1, nodes: [], links: [] }, scene).evaluate(1);
const owners = [undefined, program.owner('Empty'), program.owner('Arm/b1'), program.owner('Arm')];

const entry = fc.oneof(fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.constantFrom(-0, 0, 1, -1, 1e300, -1e300));
const matrix = fc.array(entry, { minLength: 16, maxLength: 16 });
const context = fc.record({
  owner: fc.constantFrom(...owners),
  custom: fc.option(matrix.map((m) => Float64Array.from(m)), { nil: undefined }),
  constraintOwner: fc.constantFrom(...owners),
}) as fc.Arbitrary<SpaceContext>;

describe('spaceConverts', () => {
  it('is false only where both conversions leave the matrix as it is, bit for bit', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TARGET_SPACES), context, matrix, (space, ctx, m) => {
        fc.pre(!spaceConverts(space, ctx));
        const bytes = (a: Float64Array) => Array.from(new Uint8Array(a.buffer));
        const given = Float64Array.from(m);
        expect(bytes(worldToSpace(Float64Array.from(m), space, ctx))).toEqual(bytes(given));
        expect(bytes(spaceToWorld(Float64Array.from(m), space, ctx))).toEqual(bytes(given));
      }),
      { numRuns: 300 },
    );
  });

  it('is true for a bone in every space but WORLD, and for an object in LOCAL', () => {
    const ctx = (owner: SpaceContext['owner']): SpaceContext => ({ owner, custom: new Float64Array(16), constraintOwner: owner });
    for (const space of TARGET_SPACES) expect(spaceConverts(space, ctx(program.owner('Arm/b1')))).toBe(space !== 'WORLD');
    expect(TARGET_SPACES.filter((s) => spaceConverts(s, ctx(program.owner('Empty'))))).toEqual(['CUSTOM', 'LOCAL']);
  });
});
