// examples/crowd.html: a crowd of mannequins evaluated by Web Workers over shared memory. The page
// must be cross-origin isolated (the dev server's headers), and every character must move between
// frames, hold a pose of its own, and be posed exactly as a Program on the page poses it — while
// playing, and after each character jumps on its own (half back, half forth; the sprung antenna
// replays). Each worker shares one program among its characters (4 characters, 2 workers).
// Bounded by frames evaluated, never by time.
import { check, type E2ETest } from './harness';

const N = 4;
const OWNER = 'Armature/shin.L';

export const crowdTests: E2ETest[] = [
  {
    name: 'crowd demo: mannequins evaluated in Web Workers over a SharedArrayBuffer move every frame, each in its own pose, bit for bit as a Program on the page',
    async run({ page, base, consoleErrors }) {
      await page.goto(`${base}/examples/crowd.html?n=${N}&workers=2`);
      await page.waitForFunction(() => (window.crowdDemo?.evaluated ?? 0) >= 2 || window.crowdDemo?.error !== undefined);
      const first = await page.evaluate(({ n, owner }) => {
        const d = window.crowdDemo!;
        return { error: d.error, isolated: d.isolated, workers: d.workers, evaluated: d.evaluated, m: Array.from({ length: n }, (_, c) => d.matrixOf(c, owner)) };
      }, { n: N, owner: OWNER });
      check(first.error === undefined, `the demo failed: ${first.error}`);
      check(first.isolated, 'the page is not cross-origin isolated');
      check(first.workers === 2, `${first.workers} workers, asked for 2`);
      check(await page.evaluate(() => window.crowdDemo!.sharedProgram), 'the workers do not share a program among their characters');
      await page.waitForFunction((k) => window.crowdDemo!.evaluated >= k + 3, first.evaluated);
      const later = await page.evaluate(({ n, owner }) => Array.from({ length: n }, (_, c) => window.crowdDemo!.matrixOf(c, owner)), { n: N, owner: OWNER });
      for (let c = 0; c < N; c++) {
        check(first.m[c].length === 16 && first.m[c].every(Number.isFinite), `character ${c}: no matrix for ${OWNER}`);
        check(first.m[c].some((x, k) => x !== later[c][k]), `character ${c}'s ${OWNER} did not move over 3 frames`);
        for (let o = 0; o < c; o++) check(later[c].some((x, k) => x !== later[o][k]), `characters ${o} and ${c} hold the same pose`);
      }
      // What the workers wrote is what a Program compiled on the page gives at the same frames, bit
      // for bit (spring state included: a program reaches a frame the same played or jumped to).
      const differences = await page.evaluate(async () => {
        const d = window.crowdDemo!;
        const { compile } = await import(`${location.origin}/runtime/eval/compile.ts`);
        const out: string[] = [];
        const compare = (frames: number[], when: string) => {
          frames.forEach((f, c) => {
            const p = compile(d.graph, d.scene).evaluate(f);
            for (const o of p.owners as { id: string; final: Float64Array }[]) {
              const got = d.matrixOf(c, o.id);
              for (let k = 0; k < 16; k++) if (!Object.is(got[k], o.final[k])) out.push(`${when}: character ${c} ${o.id}[${k}] at frame ${f}: ${got[k]} from the workers, ${o.final[k]} on the page`);
            }
          });
        };
        const played = await d.pause();
        compare(played, 'playing');
        // Then each on its own: even characters forward, odd ones back (a reset and a replay), twice.
        for (const [step, back] of [[12.25, -30.5], [3, -2.75]]) {
          const jumped = played.map((f, c) => Math.max(1, f + (c % 2 ? back : step)));
          await d.evaluateAt(jumped);
          compare(jumped, `after a jump of ${step} / ${back}`);
          played.splice(0, played.length, ...jumped);
        }
        return out;
      });
      check(differences.length === 0, `the workers' matrices differ from the page's:\n${differences.slice(0, 5).join('\n')}`);
      const drawn = await page.locator('canvas').count();
      check(drawn === 1, `${drawn} canvases on the page`);
      check(consoleErrors.length === 0, `console errors: ${consoleErrors.join(' | ')}`);
    },
  },
  {
    name: 'WebAssembly kernels in Chromium: a program\'s buffer is in WebAssembly memory, on the page\'s main thread (the blend and IK solver modules compiled in the background), Blender IK\'s solver on its kernel, and the matrices are a JavaScript-only program\'s, bit for bit',
    async run({ page, base, consoleErrors }) {
      await page.goto(`${base}/examples/crowd.html?n=1&workers=1`);
      await page.waitForFunction(() => (window.crowdDemo?.evaluated ?? 0) >= 1 || window.crowdDemo?.error !== undefined);
      const result = await page.evaluate(async () => {
        const { compile } = await import(`${location.origin}/runtime/eval/compile.ts`);
        const { kernelsReady } = await import(`${location.origin}/runtime/eval/wasm/kernels.ts`);
        const { humanoid, largeRig } = await import(`${location.origin}/test/bench/rigs.ts`);
        const { Jacobian } = await import(`${location.origin}/nodes/math/ik-blender/jacobian.ts`);
        await kernelsReady();
        const out: string[] = [];
        let inWasm = 0;
        // The humanoid with its limbs on Blender's IK solver: its iterations and Jacobians on their kernel.
        const limbs = humanoid();
        const blenderIk = { ...limbs, name: 'humanoid with Blender IK', graph: { ...limbs.graph, nodes: limbs.graph.nodes.map((n: { type: string; params?: Record<string, unknown> }) => (n.type === 'constraint/ik' && n.params?.chainCount === 2 ? { ...n, params: { ...n.params, solver: 'BLENDER' } } : n)) } };
        // A Jacobian's arrays lie in a WebAssembly memory (whole 64 KiB pages) when the IK solver's kernel is had.
        const jacobianOnKernel = new Jacobian(6, 3).J.buffer.byteLength % 65536 === 0;
        for (const rig of [humanoid(), largeRig(), blenderIk]) {
          const fast = compile(rig.graph, rig.scene), plain = compile(rig.graph, rig.scene, { wasm: false });
          // A buffer in WebAssembly memory lies in whole 64 KiB pages, with the kernels' scratch after it.
          if (fast.buffer.buffer.byteLength % 65536 === 0 && fast.buffer.buffer.byteLength > fast.buffer.byteLength) inWasm++;
          for (const f of [1, 2, 5]) {
            fast.evaluate(f); plain.evaluate(f);
            (fast.owners as { id: string; final: Float64Array }[]).forEach((o, i) => {
              for (let k = 0; k < 16; k++) if (!Object.is(o.final[k], plain.owners[i].final[k])) out.push(`${rig.name} ${o.id}[${k}] at frame ${f}`);
            });
          }
        }
        return { out, inWasm, jacobianOnKernel };
      });
      check(result.inWasm === 3, `${result.inWasm} of 3 programs have their buffer in WebAssembly memory`);
      check(result.jacobianOnKernel, 'the IK solver is not on its WebAssembly kernel on the page');
      check(result.out.length === 0, `WebAssembly and JavaScript differ:\n${result.out.slice(0, 5).join('\n')}`);
      check(consoleErrors.length === 0, `console errors: ${consoleErrors.join(' | ')}`);
    },
  },
];
