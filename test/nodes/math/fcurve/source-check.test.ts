// An F-curve typed into a node's setting as JSON (a property's or channel's `animation`, a driver's
// `curve`) either compiles or is refused at that setting with where in the curve it is wrong: never
// an internal error, never a NaN. Before source-check.ts a key without a point ({"co": true}) reached
// packFCurve and stopped the compile with a TypeError, and a key's "back": "x" evaluated to NaN.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type GraphNode, type JsonValue } from '../../../../graph/types';
import { compile } from '../../../../runtime/eval/compile';
import { CompileFailure } from '../../../../runtime/eval/errors';
import { SCENE_FORMAT, type SceneDocument } from '../../../../runtime/rig/scene/types';

const scene: SceneDocument = { format: SCENE_FORMAT, version: 1, objects: [{ name: 'E', type: 'EMPTY' }] };

function graphWith(node: 'property' | 'driver', curve: string): GraphDocument {
  const n: GraphNode = node === 'property'
    ? { id: 'n', type: 'driver/property', position: [0, 0], params: { owner: 'E', name: 'k', kind: 'FLOAT', value: 0, animation: curve } }
    : { id: 'n', type: 'driver/driver', position: [0, 0], params: { type: 'AVERAGE', variables: 'a', curve } };
  return { format: GRAPH_FORMAT, version: 1, nodes: [n], links: [] };
}

/** The compile's errors at the node's curve setting, or the values it gives at two frames. */
function outcome(node: 'property' | 'driver', curve: string): { errors: string[] } | { values: number[] } {
  try {
    const program = compile(graphWith(node, curve), scene);
    return { values: [1, 7.5].map((f) => program.evaluate(f).socketValue('n', 'output', 'value')!.view[0]) };
  } catch (e) {
    if (!(e instanceof CompileFailure)) throw e;
    return { errors: e.errors.map((x) => `${x.pointer}: ${x.message}`) };
  }
}

describe('F-curves typed into node settings', () => {
  it('a property\'s keys that are not keys are refused at its animation setting, naming the key', () => {
    expect(outcome('property', '{"keyframes": [{"co": [1, 0]}, {"co": true}]}')).toEqual({
      errors: ['/nodes/0/params/animation: node "n": the animation is not an F-curve (keyframes[1].co: expected [frame, value], two finite numbers)'],
    });
    expect(outcome('property', '{"keyframes": [{"co": [1, 0], "interpolation": "BACK", "back": "x"}, {"co": [5, 1]}]}')).toEqual({
      errors: ['/nodes/0/params/animation: node "n": the animation is not an F-curve (keyframes[0].back: expected a finite number)'],
    });
    expect(outcome('property', '{"keyframes": [{"co": [1, 0], "handle_left": [0]}]}')).toEqual({
      errors: ['/nodes/0/params/animation: node "n": the animation is not an F-curve (keyframes[0].handle_left: expected [frame, value], two finite numbers)'],
    });
  });

  it('a driver\'s curve that is not one is refused at its curve setting', () => {
    expect(outcome('driver', '{"keyframes": [[0, 0], 5]}')).toEqual({ errors: ['/nodes/0/params/curve: node "n": the F-curve setting is not a curve: keyframes[1]: expected [frame, value], two finite numbers'] });
    expect(outcome('driver', '{"modifiers": [null]}')).toEqual({ errors: ['/nodes/0/params/curve: node "n": the F-curve setting is not a curve: modifiers[0]: expected an object with a "type"'] });
    expect(outcome('driver', '{"keyframe_points": [{"co": [0, 0]}, 5]}')).toEqual({ errors: ['/nodes/0/params/curve: node "n": the F-curve setting is not a curve: keyframe_points[1]: expected a key ({"co": [frame, value]})'] });
  });

  it('any JSON typed there compiles to finite values or is refused at that setting', () => {
    // Curves near the valid ones (keys with every field, modifiers) with any part replaced by any JSON value.
    const anyValue = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>;
    // Mostly the valid thing, now and then any JSON value in its place.
    const orAny = <T,>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: anyValue });
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -100, max: 100 });
    const key = fc.record({ co: orAny(fc.tuple(finite, finite)), interpolation: orAny(fc.constantFrom('BEZIER', 'LINEAR', 'BACK', 'ELASTIC')), back: orAny(fc.double({ min: 0, max: 3, noNaN: true })) }, { requiredKeys: ['co'] });
    const curve = fc.record({ keyframes: orAny(fc.array(key, { maxLength: 3 })), modifiers: orAny(fc.constant([{ type: 'GENERATOR', coefficients: [0, 1] }])), extrapolation: orAny(fc.constant('LINEAR')) }, { requiredKeys: [] });
    const pairs = fc.record({ keyframes: orAny(fc.array(fc.tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 })), { maxLength: 4 })), keyframe_points: orAny(fc.array(key, { maxLength: 3 })), modifiers: anyValue }, { requiredKeys: [] });
    let refused = 0, compiled = 0;
    fc.assert(fc.property(fc.oneof(curve.map((c) => ['property', c] as const), pairs.map((c) => ['driver', c] as const)), ([node, c]) => {
      const result = outcome(node, JSON.stringify(c));
      if ('errors' in result) {
        refused++;
        for (const e of result.errors) expect(e).toMatch(node === 'property' ? /^\/nodes\/0\/params\/animation: / : /^\/nodes\/0\/params\/curve: /);
      } else {
        compiled++;
        for (const v of result.values) expect(Number.isFinite(v)).toBe(true);
      }
    }), { numRuns: 600 });
    expect(refused).toBeGreaterThan(50);
    expect(compiled).toBeGreaterThan(50);
  });
});
