// Scene pieces for the rig's property tests: rigid matrices (rest matrices, parent inverses) and
// evaluating a scene with no nodes.
import fc from 'fast-check';
import { mat4 } from 'gl-matrix';
import { GRAPH_FORMAT } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import { SCENE_FORMAT, type SceneObject } from '../../../runtime/rig/scene/types';
import { unitQuat, vec3 } from '../../nodes/math/helpers';

/** A rotation and a translation as one column-major matrix (a bone's rest, a parent inverse). */
export const rigid: fc.Arbitrary<number[]> = fc.tuple(unitQuat, vec3).map(([q, t]) => [...(mat4.fromRotationTranslation(new Float64Array(16), q, t) as Float64Array)]);

/** Every owner's final matrix with no nodes: the scene's own transforms and parenting at frame 1. */
export function finals(objects: SceneObject[]): Map<string, Float64Array> {
  const program = compile({ format: GRAPH_FORMAT, version: 1, nodes: [], links: [] }, { format: SCENE_FORMAT, version: 1, objects }).evaluate(1);
  return new Map(program.owners.map((o) => [o.id, o.final]));
}

/** a · b · …, column-major. */
export function product(...ms: ArrayLike<number>[]): Float64Array {
  return ms.reduce<Float64Array>((acc, m) => mat4.multiply(new Float64Array(16), acc, m as Float64Array) as Float64Array, mat4.create() as Float64Array);
}
