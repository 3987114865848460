// Issue 17: the runtime's restructuring must not change one bit of any result. The digests were
// recorded (record.ts) before that work began; every case must still produce them. A change meant to
// move results (a fidelity fix, or a numeric shortcut with a bounded error, such as the blend of
// nearly equal matrices) re-records them in its own commit, which names the cases that changed and
// by how much (compare.ts, before and after); docs/performance.md lists those re-records.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenCases } from './cases';

const recorded = JSON.parse(readFileSync(join(import.meta.dirname, 'digests.json'), 'utf8')) as Record<string, string>;
const cases = goldenCases();
// Programs on the WebAssembly kernels (the default) and in JavaScript alone must give the same bits.
const javascriptOnly = goldenCases({ wasm: false });

describe('bit-identical matrices (digests recorded before runtime v2)', () => {
  it('covers exactly the recorded cases', () => {
    expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(recorded).sort());
  });
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(c.run()).toBe(recorded[c.name]);
  });
  it.each(javascriptOnly.map((c) => [c.name, c] as const))('%s, without WebAssembly', (_, c) => {
    expect(c.run()).toBe(recorded[c.name]);
  });
});
