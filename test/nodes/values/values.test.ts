import { describe, expect, it } from 'vitest';
import { time } from '../../../nodes/values/time';
import { valueBool } from '../../../nodes/values/value-bool';
import { valueFloat } from '../../../nodes/values/value-float';
import { valueTransform } from '../../../nodes/values/value-transform';
import { valueVector } from '../../../nodes/values/value-vector';
import { bindEnv, IDENTITY, run } from '../harness';

describe('constants', () => {
  it('give their param, or its default', () => {
    expect(run(valueFloat).out.value[0]).toBe(0);
    expect(run(valueFloat, {}, { value: 2.5 }).out.value[0]).toBe(2.5);
    expect(Array.from(run(valueVector).out.vector)).toEqual([0, 0, 0]);
    expect(Array.from(run(valueVector, {}, { value: [1, 2, 3] }).out.vector)).toEqual([1, 2, 3]);
    expect(run(valueBool).out.value[0]).toBe(0);
    expect(run(valueBool, {}, { value: true }).out.value[0]).toBe(1);
    expect(Array.from(run(valueTransform).out.transform)).toEqual(IDENTITY);
    const m = IDENTITY.map((x, i) => (i === 13 ? -4 : x));
    expect(Array.from(run(valueTransform, {}, { value: m }).out.transform)).toEqual(m);
  });

  it('turn malformed params (wrong type or length) into 0 or the identity rather than NaN', () => {
    expect(run(valueFloat, {}, { value: 'x' }).out.value[0]).toBe(0);
    expect(Array.from(run(valueVector, {}, { value: [1] }).out.vector)).toEqual([1, 0, 0]);
    expect(Array.from(run(valueTransform, {}, { value: [1, 2] }).out.transform)).toEqual(IDENTITY);
  });
});

describe('value/time', () => {
  it('reads the frame being evaluated live and converts it at fps', () => {
    const env = bindEnv({ frame: 48 });
    const def = time;
    const params = { fps: 24 };
    const clock = def.bind!(env, params);
    const io = { in: {}, out: { frame: new Float64Array(1), seconds: new Float64Array(1), sceneTime: new Float64Array(1) } };
    def.kernel(io, params, clock);
    expect([io.out.frame[0], io.out.seconds[0], io.out.sceneTime[0]]).toEqual([48, 2, 48]);
    env.frame[0] = 12; // the program writes the frame slot before every evaluation
    def.kernel(io, params, clock);
    expect([io.out.frame[0], io.out.seconds[0]]).toEqual([12, 0.5]);
    def.kernel(io, { fps: 0 }, clock);
    expect(io.out.seconds[0]).toBe(0);
    expect(run(time, {}, {}, bindEnv({ frame: 30 })).out.seconds[0]).toBe(1.25); // default 24 fps
  });

  it('gives the scene\'s time as the program writes it, apart from the frame', () => {
    const env = { ...bindEnv({ frame: 10 }), sceneTime: new Float64Array([15]) };
    const clock = time.bind!(env, { fps: 24 });
    const io = { in: {}, out: { frame: new Float64Array(1), seconds: new Float64Array(1), sceneTime: new Float64Array(1) } };
    time.kernel(io, { fps: 24 }, clock);
    expect([io.out.frame[0], io.out.sceneTime[0]]).toEqual([10, 15]);
  });
});
