// Where WebAssembly cannot be had, a program runs the JavaScript, and where a module cannot be
// compiled at once it is compiled in the background (nodes/math/wasm/module.ts). Each case loads
// the runtime afresh with WebAssembly changed: missing altogether (an old engine), refusing to compile
// (a page whose Content-Security-Policy forbids it), or refusing to compile more than 4 KB at once (a
// browser's main thread). In each the matrices are a JavaScript-only program's, bit for bit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { humanoid } from '../../bench/rigs';
import type { BlenderIkTree, BlenderIkTreeSpec } from '../../../nodes/math/ik-blender/tree';

type CompileModule = typeof import('../../../runtime/eval/compile');
type KernelsModule = typeof import('../../../runtime/eval/wasm/kernels');

/** The bench humanoid with its limbs' IK on Blender's solver, so that the IK Jacobian's kernel runs too. */
const rig = (() => {
  const r = humanoid();
  const nodes = r.graph.nodes.map((n) => (n.type === 'constraint/ik' && n.params?.chainCount === 2 ? { ...n, params: { ...n.params, solver: 'BLENDER' } } : n));
  return { ...r, graph: { ...r.graph, nodes } };
})();
const realWebAssembly = WebAssembly;

/** WebAssembly with some members replaced (its own are not enumerable: copied by name). */
function webAssemblyWith(changes: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const name of Object.getOwnPropertyNames(realWebAssembly)) copy[name] = (realWebAssembly as unknown as Record<string, unknown>)[name];
  return { ...copy, ...changes };
}

/** The runtime loaded afresh, so its modules see WebAssembly as it is now. */
async function freshRuntime(): Promise<{ compile: CompileModule['compile']; kernels: KernelsModule }> {
  vi.resetModules();
  const { compile } = await import('../../../runtime/eval/compile');
  const kernels = await import('../../../runtime/eval/wasm/kernels');
  return { compile, kernels };
}

/** Every owner's final matrix at frames 1 and 2, as bits. */
function finals(program: ReturnType<CompileModule['compile']>): string {
  const out: bigint[] = [];
  for (const f of [1, 2]) {
    program.evaluate(f);
    for (const o of program.owners) out.push(...new BigUint64Array(Float64Array.from(o.final).buffer));
  }
  return out.join(',');
}

/** Whether the program's buffer is in WebAssembly memory (whole 64 KiB pages, the kernels' scratch after it). */
const inWasm = (program: ReturnType<CompileModule['compile']>) =>
  program.buffer.buffer.byteLength % 65536 === 0 && program.buffer.buffer.byteLength > program.buffer.byteLength;

/** A two-bone arm with IK Stretch, a pole and an orientation goal: every part of the solver's iteration. */
const armBone = (stretch: number) => ({
  lock: [false, false, false] as const, useLimit: [true, false, false] as const, min: [-1, 0, 0] as const, max: [0.5, 0, 0] as const,
  stiffness: [0, 0.3, 0] as const, stretch, length: 1, boneMat: [1, 0, 0, 0, 1, 0, 0, 0, 1],
});
const armSpec: BlenderIkTreeSpec = {
  bones: [armBone(0.2), armBone(0)], parent: [-1, 0], hasArmatureParent: [false, true], stretch: true,
  targets: [{ tip: 1, position: true, rotation: true, pole: true }], iterations: 200,
};
const at = (x: number, y: number, z: number) => Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1);

/** The arm's matrices and iterations after a solve, as bits. */
function solveArm(tree: BlenderIkTree): string {
  const post = [new Float64Array(16), new Float64Array(16)];
  tree.solve([at(0, 0, 0), at(0, 1, 0)], undefined, [at(0.8, 1.9, 0.4)], [at(0, 1, 2)], [Float64Array.of(1, 0.5, 1, Math.fround(0.3))], post);
  return [tree.solver.iterationsUsed, ...post.flatMap((m) => [...new BigUint64Array(Float64Array.from(m).buffer)])].join(',');
}

/** Whether the tree's solver is on the IK kernel (its Jacobian in WebAssembly memory: whole 64 KiB pages). */
const onKernel = (tree: BlenderIkTree) => tree.solver.jac.J.buffer.byteLength % 65536 === 0;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('programs without WebAssembly, or before it is compiled', () => {
  it('with WebAssembly (the reference): the buffer is in its memory', async () => {
    const { compile } = await freshRuntime();
    expect(inWasm(compile(rig.graph, rig.scene))).toBe(true);
  });

  it('with WebAssembly and its memories counted: none when asked for JavaScript alone, else the program\'s and the IK solvers\'', async () => {
    let memories = 0;
    const Memory = function (descriptor: WebAssembly.MemoryDescriptor) { memories++; return new realWebAssembly.Memory(descriptor); };
    vi.stubGlobal('WebAssembly', webAssemblyWith({ Memory }));
    const { compile } = await freshRuntime();
    // First, while no memory is made yet (solvers share one once it is).
    const plain = compile(rig.graph, rig.scene, { wasm: false });
    expect(memories).toBe(0);
    const program = compile(rig.graph, rig.scene);
    // The program's buffer, and one memory the four limbs' IK solvers share.
    expect(memories).toBe(2);
    expect(inWasm(plain)).toBe(false);
    expect(finals(plain)).toBe(finals(program));
  });

  it('without WebAssembly at all: a plain buffer, the same bits', async () => {
    const { compile: withIt } = await freshRuntime();
    const expected = finals(withIt(rig.graph, rig.scene));
    vi.stubGlobal('WebAssembly', undefined);
    const { compile } = await freshRuntime();
    const program = compile(rig.graph, rig.scene);
    expect(inWasm(program)).toBe(false);
    expect(finals(program)).toBe(expected);
  });

  it('when compiling is refused (a Content-Security-Policy): a plain buffer, the same bits, and nothing pending', async () => {
    const { compile: withIt } = await freshRuntime();
    const expected = finals(withIt(rig.graph, rig.scene));
    const refuse = () => { throw new realWebAssembly.CompileError('WebAssembly.Module(): refused by the page\'s policy'); };
    vi.stubGlobal('WebAssembly', webAssemblyWith({ Module: refuse, compile: () => Promise.reject(new realWebAssembly.CompileError('refused')) }));
    const { compile, kernels } = await freshRuntime();
    const program = compile(rig.graph, rig.scene);
    expect(inWasm(program)).toBe(false);
    expect(finals(program)).toBe(expected);
    await expect(kernels.kernelsReady()).resolves.toBeUndefined();
    expect(inWasm(compile(rig.graph, rig.scene))).toBe(false);
  });

  it('when only small modules compile at once (a browser\'s main thread): the blend and IK solver modules come later, the bits never change', async () => {
    const { compile: withIt } = await freshRuntime();
    const expected = finals(withIt(rig.graph, rig.scene));
    let background = 0;
    const Module = function (bytes: Uint8Array<ArrayBuffer>) {
      if (bytes.byteLength > 4096) throw new RangeError('WebAssembly.Module(): Wasm code generation disallowed by embedder (over 4 KB on the main thread)');
      return new realWebAssembly.Module(bytes);
    };
    vi.stubGlobal('WebAssembly', webAssemblyWith({ Module, compile: (bytes: Uint8Array<ArrayBuffer>) => { background++; return realWebAssembly.compile(bytes); } }));
    const { compile, kernels } = await freshRuntime();
    const { BlenderIkTree } = await import('../../../nodes/math/ik-blender/tree');
    // Before the background compiles: the small module's kernels, the blend and the IK in JavaScript.
    const early = compile(rig.graph, rig.scene);
    const tree = new BlenderIkTree(armSpec);
    expect(inWasm(early)).toBe(true);
    expect(kernels.wasmBuffer(64)?.kernels.blend).toBeUndefined();
    expect(onKernel(tree)).toBe(false);
    expect(background).toBe(2);
    expect(finals(early)).toBe(expected);
    const before = solveArm(tree);
    await kernels.kernelsReady();
    const late = compile(rig.graph, rig.scene);
    expect(finals(late)).toBe(expected);
    // Once compiled, a program is given the blend kernel, and a solver made before takes the IK's at its next solve.
    expect(kernels.wasmBuffer(64)?.kernels.blend).toBeDefined();
    expect(finals(early)).toBe(expected);
    expect(solveArm(tree)).toEqual(before);
    expect(onKernel(tree)).toBe(true);
  });
});
