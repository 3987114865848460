// No NaN, ever: random graphs using every node kind, compiled over random degenerate scenes
// (zero-length bones, zero and negative scales, targets on the root or at 1e300, poles on the chain
// line, curves with no, one or coincident points, influences far outside 0…1 from math nodes).
//
// Two things are checked. First the guarantee: every owner's final matrix is finite, always (the
// runtime skips a failing node, runtime/eval/compile.ts). Second, that nothing needed the safety net:
// no node failed (threw, or gave NaN/Infinity) and no owner's pre-constraint matrix came out NaN.
// When that second check fails, the message names the node kind, its params, and the numbers its
// kernel was given and gave back, so the bug can be fixed where it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../graph/load';
import type { GraphDocument, GraphError } from '../../graph/types';
import { graphCatalog } from '../../nodes/catalog';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import { loadScene } from '../../runtime/io/scene/load';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { instrumentedCatalog, type KernelRecord } from './instrument';
import { ALL_KINDS, degenerateRig, degenerateScene } from './rigs';

const FRAMES = [0, 1, 37.5, -12];
const catalog = graphCatalog();
const RUNS_PER_KIND = Number(process.env['SINEW_NAN_RUNS'] ?? 60);
const EMPTY: GraphDocument = { format: 'sinew-graph', version: 1, nodes: [], links: [] };

/** Warnings that mean something needed the safety net. */
const isFailure = (w: GraphError) => w.code === 'node-failed' || w.code === 'owner-invalid';

interface Outcome {
  compiled: boolean;
  /** Kernels that gave NaN/Infinity from finite inputs: bugs in nodes/. */
  kernelBugs: KernelRecord[];
  /** node-failed / owner-invalid warnings not explained by a kernel bug: the runtime around kernels. */
  runtimeFailures: string[];
  /** A failing kernel's record when its inputs were already not finite (made by the runtime). */
  fedNonFinite: KernelRecord | undefined;
}

/**
 * Loads, compiles and evaluates a rig at several frames. Always checks the guarantee (every owner's
 * final matrix finite); returns what needed the safety net, for the tests to judge.
 */
function run({ scene, graph }: { scene: SceneDocument; graph: GraphDocument }): Outcome {
  const s = loadScene(scene);
  if (!s.ok) throw new Error(`generated scene does not load: ${JSON.stringify(s.errors.slice(0, 3))}`);
  const g = loadGraph(graph, catalog);
  if (!g.ok) throw new Error(`generated graph does not load: ${JSON.stringify(g.errors.slice(0, 3))}`);
  const kernels: KernelRecord[] = [];
  const outcome: Outcome = { compiled: false, kernelBugs: [], runtimeFailures: [], fedNonFinite: undefined };
  let program;
  try {
    program = compile(g.graph, s.scene, { catalog: instrumentedCatalog(kernels) });
  } catch (e) {
    if (e instanceof CompileFailure) return outcome;
    throw e;
  }
  outcome.compiled = true;
  for (const frame of FRAMES) {
    program.evaluate(frame);
    for (const o of program.owners) {
      if (!Array.from(o.final).every(Number.isFinite)) throw new Error(`the guarantee broke: owner ${o.id} is not finite at frame ${frame}: ${Array.from(o.final)}`);
    }
  }
  outcome.kernelBugs = kernels.filter((k) => k.finiteInputs);
  outcome.fedNonFinite = kernels.find((k) => !k.finiteInputs);
  outcome.runtimeFailures = program.warnings.filter(isFailure).map((w) => w.message);
  return outcome;
}

function describeKernel(k: KernelRecord): string {
  return `kernel ${k.type} with params ${JSON.stringify(k.params)} was given ${JSON.stringify(k.inputs)} and gave ${JSON.stringify(k.outputs)}`;
}

/** Every kernel (of `kind`, when given) given finite numbers gives finite numbers. */
function expectKernelsFinite(o: Outcome, kind?: string): void {
  const bugs = o.kernelBugs.filter((k) => kind === undefined || k.type === kind);
  if (bugs.length > 0) throw new Error(`a kernel gave NaN/Infinity from finite inputs: ${describeKernel(bugs[0])}`);
}

/** Nothing needed the safety net: no node failed and no pre-constraint matrix was NaN. */
function expectNoFailures(o: Outcome): void {
  expectKernelsFinite(o);
  if (o.runtimeFailures.length > 0) {
    const fed = o.fedNonFinite ? `\nthe runtime fed a kernel non-finite numbers: ${describeKernel(o.fedNonFinite)}` : '';
    throw new Error(`the runtime made NaN/Infinity around finite kernels: ${o.runtimeFailures.join('; ')}${fed}`);
  }
}

const settings = (numRuns: number) => ({ numRuns, endOnFailure: true });

describe('no NaN: the runtime over degenerate scenes alone', () => {
  it('pre-constraint matrices of every owner are finite and never NaN', () => {
    fc.assert(fc.property(degenerateScene, (scene) => { expectNoFailures(run({ scene, graph: EMPTY })); }), settings(RUNS_PER_KIND * 10));
  });
});

describe('no NaN: every kernel, given finite numbers, gives finite numbers (degenerate rigs using each kind)', () => {
  for (const kind of ALL_KINDS) {
    it(kind, () => {
      let compiled = 0;
      // Some kinds refuse many random wirings at compile time (Armature wants bones in every boneN
      // input: about 1 in 3 compiles; Curve Time wants a curve for its owner: about 1 in 11). Such
      // kinds get more rounds of fresh rigs, up to 10, until enough of them compiled to judge the
      // kernel: 600 draws at 1 in 11 give 10 or fewer about once in 10^13 runs.
      for (let round = 0; round < 10 && compiled <= RUNS_PER_KIND / 6; round++) {
        fc.assert(
          fc.property(degenerateRig([kind]), (rig) => {
            const o = run(rig);
            if (o.compiled) compiled++;
            expectKernelsFinite(o, kind); // other kinds in the rig are judged by their own test
          }),
          settings(RUNS_PER_KIND),
        );
      }
      expect(compiled, 'enough generated rigs should compile').toBeGreaterThan(RUNS_PER_KIND / 6);
    });
  }
});

describe('no NaN: the runtime around kernels (spaces, influence blend, IK write-back)', () => {
  it('random mixes of every kind: no node fails and every final matrix is finite', () => {
    fc.assert(fc.property(degenerateRig(), (rig) => { expectNoFailures(run(rig)); }), settings(RUNS_PER_KIND * 10));
  });
});

describe('no NaN: kernel cases the property tests found', () => {
  it('owner/read: the tail and length of a bone whose length times its scale pass a double stay finite', () => {
    const scene: SceneDocument = {
      format: 'sinew-scene',
      version: 1,
      objects: [{ name: 'A', type: 'ARMATURE', scale: [1e10, 1e10, 1e10], bones: [{ name: 'b', matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], length: 1e300 }] }],
    };
    const graph: GraphDocument = { format: 'sinew-graph', version: 1, nodes: [{ id: 'r', type: 'owner/read', params: { owner: 'A/b' }, position: [0, 0] }], links: [] };
    expectKernelsFinite(run({ scene, graph }), 'owner/read');
  });

  it('driver/driver: a Generator whose float arithmetic reaches Infinity times 0 drives 0, not NaN', () => {
    // Found once string params were drawn as files hold them: with no variables the driver value t
    // is 0; in Blender's floats the coefficients -1e300 and -1.8e308 are -Infinity, and -Infinity · t
    // is NaN.
    const scene: SceneDocument = { format: 'sinew-scene', version: 1, objects: [{ name: 'E', type: 'EMPTY' }] };
    const curve = JSON.stringify({ modifiers: [{ type: 'GENERATOR', mode: 'POLYNOMIAL', poly_order: 2, coefficients: [-1e300, -Number.MAX_VALUE, 1e6] }] });
    const graph: GraphDocument = { format: 'sinew-graph', version: 1, nodes: [{ id: 'd', type: 'driver/driver', params: { type: 'SUM', variables: '', curve, min: 1e-300 }, position: [0, 0] }], links: [] };
    expectKernelsFinite(run({ scene, graph }), 'driver/driver');
  });
});

describe('no NaN: runtime cases the property tests found', () => {
  it('an object whose scale times its delta scale passes a double gets a finite pre-constraint matrix', () => {
    // CI seed 1271095359: scale 1.8e308 on Y times a delta scale of 1e300 overflowed to -Infinity,
    // and Infinity times a rotation's 0 made the basis NaN (nodes/math/object-basis.ts).
    const scene: SceneDocument = {
      format: 'sinew-scene',
      version: 1,
      objects: [{ name: 'E', type: 'EMPTY', rotation_mode: 'QUATERNION', rotation_quaternion: [0, 0, 0, 1], scale: [1, -1.7976931348623157e308, 1], delta_scale: [1, 1e300, 1], delta_location: [1e308, 0, 0], location: [1e308, 0, 0] }],
    };
    expectNoFailures(run({ scene, graph: EMPTY }));
  });

  it('a bone under an armature scaled by a subnormal number (5e-324) gets a finite, non-NaN pre-constraint matrix', () => {
    // nodes/math/bone-parent.ts invertOrIdentity uses gl-matrix's invert, whose 1/det overflows to
    // Infinity for a nearly singular matrix instead of falling back to the identity.
    const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    const scene: SceneDocument = {
      format: 'sinew-scene',
      version: 1,
      objects: [{ name: 'A', type: 'ARMATURE', scale: [1, 5e-324, 1], bones: [{ name: 'b0', matrix_local: I, length: 1 }, { name: 'b1', parent: 'b0', matrix_local: I, length: 1 }] }],
    };
    expectNoFailures(run({ scene, graph: EMPTY }));
  });
});
