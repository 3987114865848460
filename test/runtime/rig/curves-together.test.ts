// An owner's curves keyed at the same frames are evaluated together (runtime/rig/animation.ts,
// `evaluateFCurvesTogether`); the same curves keyed so that each has a timing of its own are
// evaluated one by one. Both must place every owner alike, to the bit, frame after frame: random
// objects keying location, Euler rotation, scale and sometimes the rotation mode (whose curve must
// still change the mode), CONSTANT and LINEAR keys (handles then move no value: the second scene
// shifts each curve's handle x by its own amount, so no two share a timing), Cycles on some.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { GRAPH_FORMAT } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import { SCENE_FORMAT, type SceneAction, type SceneDocument, type SceneFCurve, type SceneObject } from '../../../runtime/rig/scene/types';
import { rotationModeValue } from '../../../nodes/math/rotation-mode-change';

const CHANNELS = [['location', 3], ['rotation_euler', 3], ['scale', 3]] as const;
const MODES = ['XYZ', 'ZXY', 'QUATERNION', 'YZX'] as const;

interface Keyed { frames: number[]; values: number[]; modes: (typeof MODES)[number][]; interpolation: 'CONSTANT' | 'LINEAR'; keysMode: boolean; cycles: boolean; linear: boolean }

const keyed: fc.Arbitrary<Keyed> = fc.record({
  frames: fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 5 }).map((f) => f.sort((a, b) => a - b)),
  values: fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 45, maxLength: 45 }),
  modes: fc.array(fc.constantFrom(...MODES), { minLength: 5, maxLength: 5 }),
  interpolation: fc.constantFrom('CONSTANT' as const, 'LINEAR' as const),
  keysMode: fc.boolean(),
  cycles: fc.boolean(),
  linear: fc.boolean(),
});

/** One object's action: each channel (and the mode, when keyed) keyed at `frames`, handles `spread` apart per curve. */
function action(name: string, k: Keyed, spread: number): SceneAction {
  const curves: SceneFCurve[] = [];
  const add = (data_path: string, array_index: number, value: (i: number) => number, discrete = false) => {
    const shift = spread * (curves.length + 1);
    curves.push({
      data_path, array_index, discrete_values: discrete || undefined, extrapolation: k.linear ? 'LINEAR' : 'CONSTANT',
      keyframes: k.frames.map((x, i) => ({ co: [x, value(i)] as [number, number], handle_left: [x - 1 - shift, 0] as [number, number], handle_right: [x + 1 + shift, 0] as [number, number], interpolation: k.interpolation })),
      modifiers: k.cycles ? [{ type: 'CYCLES' }] : undefined,
    });
  };
  CHANNELS.forEach(([path, size], c) => { for (let a = 0; a < size; a++) add(path, a, (i) => k.values[(9 * i + 3 * c + a) % 45]); });
  if (k.keysMode) add('rotation_mode', 0, (i) => rotationModeValue(k.modes[i]), true);
  return { name, fcurves: curves };
}

function playedMatrices(objects: Keyed[], spread: number, frames: number[]): number[][] {
  const scene: SceneDocument = {
    format: SCENE_FORMAT, version: 1,
    objects: objects.map((_, i): SceneObject => ({ name: `O${i}`, type: 'EMPTY', animation_data: { action: `A${i}` } })),
    actions: objects.map((k, i) => action(`A${i}`, k, spread)),
  };
  const program = compile({ format: GRAPH_FORMAT, version: 1, nodes: [], links: [] }, scene);
  return frames.flatMap((f) => { program.evaluate(f); return program.owners.map((o) => Array.from(o.final)); });
}

describe('curves keyed together, evaluated together', () => {
  it('place every owner as the same curves evaluated one by one, to the bit, frame after frame', () => {
    fc.assert(fc.property(fc.array(keyed, { minLength: 1, maxLength: 3 }), fc.array(fc.double({ min: -10, max: 45, noNaN: true }), { minLength: 1, maxLength: 8 }), (objects, frames) => {
      const together = playedMatrices(objects, 0, frames);
      const apart = playedMatrices(objects, 0.25, frames);
      together.forEach((m, i) => { m.forEach((x, j) => { if (!Object.is(x, apart[i][j])) throw new Error(`matrix ${i}, element ${j}: ${x} together, ${apart[i][j]} one by one`); }); });
    }), { numRuns: 300 });
  });
});
