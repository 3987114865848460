// share.ts: what a thread has to say about a pass (a guarded pass's warnings, or the error that
// stops it) is written before its count says the pass is done, so a thread that sees it done reads
// it; an unguarded pass's failure is reported, not thrown. One thread, a program of the humanoid.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import { progressAt, SplitControl } from '../../../runtime/split/control';
import { splitPlan, stepReads } from '../../../runtime/split/plan';
import { ShareRunner } from '../../../runtime/split/share';
import { humanoid } from '../../bench/rigs';

function runnerOf(breakAt: number) {
  const rig = humanoid();
  const program = compile(rig.graph, rig.scene, { lazyPre: false });
  const step = program.steps[breakAt];
  step.run = step.bare = () => { throw new Error('step broke'); };
  const units = program.steps.map((s) => s.unit);
  const control = SplitControl.create(1, units.length);
  const plan = splitPlan(stepReads(program), new Int8Array(units.length), 1);
  return { runner: new ShareRunner(program, plan, 0, control), control, steps: units.length };
}

describe('a thread\'s share of a pass', () => {
  it('a guarded pass whose step throws reports the error before its count says it is done, then throws it', () => {
    const { runner, control, steps } = runnerOf(5);
    const seen: string[] = [];
    expect(() => runner.run(true, (error) => { seen.push(`${error?.message} at count ${Atomics.load(control.words, progressAt(0))}`); })).toThrow('step broke');
    expect(seen).toEqual(['step broke at count 0']);
    expect(Atomics.load(control.words, progressAt(0))).toBe(steps);
  });

  it('an unguarded pass whose step throws reports a failed pass (the frame runs again guarded) and is done', () => {
    const { runner, control, steps } = runnerOf(5);
    const seen: (Error | undefined)[] = [];
    expect(runner.run(false, (error) => { seen.push(error); })).toBe(false);
    expect(seen).toEqual([undefined]);
    expect(runner.failed(0)).toBe(true);
    expect(Atomics.load(control.words, progressAt(0))).toBe(steps);
  });
});
