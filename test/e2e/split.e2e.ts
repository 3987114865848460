// runtime/split in Chromium: a rig's frame on the page's main thread and a Web Worker, over a shared
// WebAssembly memory (the crowd page is cross-origin isolated by the dev server's headers). The
// matrices are a Program's on the page, bit for bit, for the bench humanoid and the animated one,
// with the steps shared out by the split rig and at random. Bounded by frames, never by time.
import { check, type E2ETest } from './harness';

export const splitTests: E2ETest[] = [
  {
    name: 'a rig split across the page and a Web Worker (shared WebAssembly memory) gives a Program\'s matrices, bit for bit',
    async run({ page, base, consoleErrors }) {
      await page.goto(`${base}/examples/crowd.html?n=1&workers=1`);
      await page.waitForFunction(() => (window.crowdDemo?.evaluated ?? 0) >= 1 || window.crowdDemo?.error !== undefined);
      const result = await page.evaluate(async () => {
        const { compile } = await import(`${location.origin}/runtime/eval/compile.ts`);
        const { createSplitRig } = await import(`${location.origin}/runtime/split/split-rig.ts`);
        const { kernelsReady } = await import(`${location.origin}/runtime/eval/wasm/kernels.ts`);
        const { humanoid } = await import(`${location.origin}/test/bench/rigs.ts`);
        const { animatedHumanoid } = await import(`${location.origin}/test/bench/crowd-rig.ts`);
        await kernelsReady();
        const out: string[] = [];
        const threads: number[] = [];
        for (const rig of [humanoid(), animatedHumanoid()]) {
          const steps = compile(rig.graph, rig.scene).steps.length as number;
          let seed = 7;
          const random = Array.from({ length: steps }, () => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed >>> 31; });
          for (const options of [{ threads: 2, crossCost: 0.01 }, { threads: 2, threadOf: random }]) {
            const split = await createSplitRig(rig.graph, rig.scene, options);
            threads.push(split.threads);
            const one = compile(rig.graph, rig.scene);
            for (const f of [1, 13.5, 2, 20.25]) {
              split.evaluate(f);
              one.evaluate(f);
              one.owners.forEach((o: { id: string; final: Float64Array }, i: number) => {
                const got = split.program.owners[i].final as Float64Array;
                for (let k = 0; k < 16; k++) if (!Object.is(got[k], o.final[k])) out.push(`${rig.name} frame ${f}: ${o.id}[${k}] split ${got[k]}, on the page ${o.final[k]}`);
              });
            }
            await split.dispose();
          }
        }
        return { out, threads, isolated: crossOriginIsolated };
      });
      check(result.isolated, 'the page is not cross-origin isolated');
      check(result.threads.every((t) => t === 2), `threads: ${result.threads.join(', ')} (the frame was not split)`);
      check(result.out.length === 0, `the split rig's matrices differ from the page's:\n${result.out.slice(0, 5).join('\n')}`);
      check(consoleErrors.length === 0, `console errors: ${consoleErrors.join(' | ')}`);
    },
  },
];
