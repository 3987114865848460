// The LOCAL space of an object parented to a bone, against cases recorded from Blender 3.4.1 by
// ./blender/gen-bone-parented.py (same format and runner as the shared fixtures; each case's
// tolerance is in ./blender/manifest.json): such an object as a LOCAL-space target of an object and
// of a bone, as a LOCAL-space owner, and as both, with plain OBJECT parents for contrast. Blender
// takes an object's LOCAL space from its parent *object* (parent.obmat · parentinv), which for a
// bone-parented object is the armature: the bone's pose is not part of it, which a property checks.
import { join } from 'node:path';
import fc from 'fast-check';
import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT } from '../../../graph/types';
import { eulerToMat4 } from '../../../nodes/math/euler';
import { casesIn, runConformance } from '../../../runtime/io/blender/conformance';
import { compile } from '../../../runtime/eval/compile';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';
import { spaceToWorld, worldToSpace } from '../../../runtime/eval/spaces';
import { restMatrix } from '../../bench/rigs';

const dir = join(__dirname, 'blender');

describe('LOCAL space of bone-parented objects, against Blender 3.4.1', () => {
  const categories = [...new Set(casesIn(dir).map((c) => c.category))];
  it('has cases', () => { expect(casesIn(dir).length).toBeGreaterThanOrEqual(50); });
  for (const category of categories) {
    it(category, () => {
      const names = casesIn(dir).filter((c) => c.category === category).map((c) => c.name);
      const { results } = runConformance([dir], { only: names });
      const mine = results.filter((r) => names.includes(r.name));
      expect(mine.length).toBe(names.length);
      const failed = mine.filter((r) => !r.passed).map((r) => `${r.name}: ${r.error ?? `max error ${r.maxError} at ${r.where} (tolerance ${r.tolerance})`}${r.unsupported.length ? `; unsupported: ${r.unsupported.join(', ')}` : ''}`);
      expect(failed, failed.join('\n')).toEqual([]);
    });
  }
});

const small = fc.double({ min: -1.5, max: 1.5, noNaN: true });
const euler = fc.tuple(small, small, small);
const scale = fc.double({ min: 0.3, max: 3, noNaN: true });
const vec = fc.tuple(small, small, small);

/** A moved, turned, scaled armature with a posed two-bone chain, and an empty hanging from the second bone. */
const boneParentedScene = fc
  .record({ armLocation: vec, armRotation: euler, armScale: fc.tuple(scale, scale, scale), poses: fc.tuple(euler, euler), location: vec, rotation: euler, inverse: euler })
  .map(({ armLocation, armRotation, armScale, poses, location, rotation, inverse }): SceneDocument => ({
    format: SCENE_FORMAT,
    version: 1,
    objects: [
      {
        name: 'Arm', type: 'ARMATURE', location: armLocation, rotation_euler: armRotation, scale: armScale,
        bones: poses.map((p, i) => ({
          name: `b${i}`, parent: i ? 'b0' : null, length: 0.7,
          matrix_local: restMatrix([0, 0.7 * i, 0.1 * i], [0.2, 0.7 * i + 0.7, 0.1 * i]),
          pose: { rotation_mode: 'XYZ', rotation_euler: p },
        })),
      },
      {
        name: 'Empty', type: 'EMPTY', parent: 'Arm', parent_type: 'BONE', parent_bone: 'b1',
        matrix_parent_inverse: Array.from(eulerToMat4(new Float64Array(16), inverse)),
        location, rotation_euler: rotation,
      },
    ],
  }));

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < 16; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

describe('LOCAL space of a bone-parented object', () => {
  it('does not follow the parent bone, only the armature, and round-trips', () => {
    fc.assert(
      fc.property(boneParentedScene, euler, (scene, turn) => {
        const p = compile({ format: GRAPH_FORMAT, version: 1, nodes: [], links: [] }, scene).evaluate(1);
        const empty = p.owner('Empty')!;
        const ctx = { owner: empty, custom: undefined, constraintOwner: empty };
        const world = Float64Array.from(empty.final);
        const before = worldToSpace(Float64Array.from(world), 'LOCAL', ctx);
        // The parent bone turns (as a constraint or an IK solve would move it): LOCAL space stays.
        const bone = p.owner('Arm/b1')!;
        mat4.multiply(bone.final, bone.final, eulerToMat4(new Float64Array(16), turn));
        const after = worldToSpace(Float64Array.from(world), 'LOCAL', ctx);
        expect(maxDiff(after, before)).toBeLessThan(1e-12);
        expect(maxDiff(spaceToWorld(Float64Array.from(after), 'LOCAL', ctx), world)).toBeLessThan(1e-9);
        // The armature moves: LOCAL space moves with it.
        const arm = p.owner('Arm')!;
        arm.final[12] += 1;
        const moved = worldToSpace(Float64Array.from(world), 'LOCAL', ctx);
        expect(maxDiff(moved, before)).toBeGreaterThan(1e-3);
      }),
      { numRuns: 100 },
    );
  });
});
