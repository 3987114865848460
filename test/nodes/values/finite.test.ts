// Every math/value kernel, for every operation and option, gives only finite outputs for any finite
// input — random, zero, huge (1e300, MAX_VALUE), tiny and subnormal, negative — and leaves its
// inputs untouched; bools are 0 or 1 and rotations are unit quaternions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { valueNodes } from '../../../nodes/values';
import { paramCombos, run, SIZE, socketValue } from '../harness';

const frameArb = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 1, -1e300, 1e300, Number.MAX_VALUE));

describe('every kernel stays finite', () => {
  for (const def of valueNodes) {
    for (const combo of paramCombos(def)) {
      const label = `${def.type} ${JSON.stringify(combo)}`;
      it(label, () => {
        const inputArbs = Object.fromEntries(Object.entries(def.inputs).map(([k, s]) => [k, socketValue(s.type)]));
        fc.assert(
          fc.property(fc.record(inputArbs), frameArb, (inputs, frame) => {
            const at = new Float64Array([frame]);
            const env = { nodeId: 'n', owner: () => undefined, sourceOwner: () => undefined, sourceShape: () => undefined, connected: () => false, warn: () => {}, stackOwner: () => undefined, frame: at, sceneTime: at, action: () => undefined, actionNames: () => [], fail: (m: string): never => { throw new Error(m); } };
            const before = JSON.stringify(inputs);
            const { out, io } = run(def, inputs, combo, env);
            for (const [name, s] of Object.entries(def.outputs)) {
              const v = out[name];
              expect(v.length).toBe(SIZE[s.type]);
              for (let i = 0; i < v.length; i++) {
                if (!Number.isFinite(v[i])) throw new Error(`${name}[${i}] = ${v[i]} for ${before}`);
                if (v[i] === -12345.678) throw new Error(`${name}[${i}] was not written`);
              }
              if (s.type === 'bool') expect([0, 1]).toContain(v[0]);
              if (s.type === 'quaternion') expect(Math.abs(Math.hypot(v[0], v[1], v[2], v[3]) - 1)).toBeLessThan(1e-12);
            }
            for (const [name, v] of Object.entries(io.in)) expect(Array.from(v), `input ${name} changed`).toEqual((inputs as Record<string, number[]>)[name]);
          }),
          { numRuns: 150 },
        );
      });
    }
  }
});
