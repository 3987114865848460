// The file fuzz: at least 10,000 generated and mutated graph and scene files per run. Every file
// either loads or yields structured errors (code, pointer, message): no uncaught exception and no
// prototype pollution, checked after the run. Files that load are saved and loaded again, compiled
// and evaluated too, so the whole path from text to matrices is covered. The run is bounded by its
// count of files, never by time: a per-file CPU-time budget failed on a loaded machine (7 s of CPU
// for a file that loads in 0.15 s, GC threads counted), so how fast loading is, and that it grows
// linearly, is measured by `npm run bench` (`load_*` keys), not here (docs/reliability.md, section 5).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGraph } from '../../graph/load';
import { saveGraph } from '../../graph/save';
import type { GraphError } from '../../graph/types';
import { graphCatalog } from '../../nodes/catalog';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import { loadScene } from '../../runtime/io/scene/load';
import { degenerateRig, degenerateScene } from './rigs';
import { applyMutation, mutation } from './mutate';

const catalog = graphCatalog();
const RUNS = Number(process.env['SINEW_FUZZ_RUNS'] ?? 2500); // per property; four properties

// ---------------------------------------------------------------- what counts as "structured"

function expectStructured(errors: readonly GraphError[]): void {
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(typeof e.code).toBe('string');
    expect(typeof e.pointer).toBe('string');
    expect(e.pointer === '' || e.pointer.startsWith('/')).toBe(true);
    expect(typeof e.message).toBe('string');
    expect(e.message.length).toBeGreaterThan(0);
    expect(e.message).not.toMatch(/\n\s+at /); // no stack trace
  }
}

const stats = { files: 0, graphsLoaded: 0, scenesLoaded: 0, compiled: 0 };

/**
 * Everything Sinew does with a file a user opens: load it as a graph and as a scene, save what
 * loads and load it again; then compile and evaluate it.
 */
function openEverything(text: string): void {
  const g = loadGraph(text, catalog);
  const s = loadScene(text);
  const inline = g.ok && typeof g.graph.scene === 'object' && g.graph.scene !== null ? loadScene(g.graph.scene) : undefined;
  const saved = g.ok ? saveGraph(g.graph) : undefined;
  if (g.ok) stats.graphsLoaded++;
  else expectStructured(g.errors);
  stats.files++;
  afterLoad(g, s, inline, saved);
}

/** Saves what loaded and loads it again, then compiles and evaluates each program the file holds. */
function afterLoad(g: ReturnType<typeof loadGraph>, s: ReturnType<typeof loadScene>, inline: ReturnType<typeof loadScene> | undefined, saved: string | undefined): void {
  if (g.ok && saved !== undefined) {
    // A graph that loads saves to text that loads to the same bytes.
    const again = loadGraph(saved, catalog);
    if (!again.ok) throw new Error(`a loaded graph saved to a file that does not load: ${JSON.stringify(again.errors.slice(0, 2))}`);
    expect(saveGraph(again.graph)).toBe(saved);
    if (inline !== undefined) {
      if (inline.ok) runProgram(g.graph, inline.scene);
      else expectStructured(inline.errors);
    }
  }
  if (s.ok) {
    stats.scenesLoaded++;
    runProgram({ format: 'sinew-graph', version: 1, nodes: [], links: [] }, s.scene);
  } else {
    expectStructured(s.errors);
  }
}

function runProgram(graph: Parameters<typeof compile>[0], scene: Parameters<typeof compile>[1]): void {
  let program;
  try {
    program = compile(graph, scene);
  } catch (e) {
    if (e instanceof CompileFailure) { expectStructured(e.errors); return; }
    throw e;
  }
  stats.compiled++;
  program.evaluate(0).evaluate(1);
  for (const o of program.owners) {
    if (!Array.from(o.final).every(Number.isFinite)) throw new Error(`owner ${o.id} is not finite`);
  }
}

// ---------------------------------------------------------------- mutations

type TextMutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete-char'; at: number }
  | { kind: 'overflow-number'; at: number }
  | { kind: 'bom' };

const textMutation: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom('{', '}', '[', ']', ',', '"', ':', '\\', '\u0000', 'null', '1e999', '-', '//', "'", '\u2028', '\uD800') }),
  fc.record({ kind: fc.constant('delete-char' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('overflow-number' as const), at: fc.nat() }),
  fc.constant({ kind: 'bom' as const }),
);

function applyText(text: string, m: TextMutation): string {
  const at = m.kind === 'bom' ? 0 : m.at % (text.length + 1);
  switch (m.kind) {
    case 'truncate':
      return text.slice(0, at);
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'delete-char':
      return text.slice(0, at) + text.slice(at + 1);
    case 'overflow-number': {
      const numbers = [...text.matchAll(/-?\d+(\.\d+)?([eE][+-]?\d+)?/g)];
      if (numbers.length === 0) return text;
      const n = numbers[at % numbers.length];
      return text.slice(0, n.index) + '1e999' + text.slice(n.index + n[0].length);
    }
    case 'bom':
      return '\uFEFF' + text;
  }
}

// ---------------------------------------------------------------- seeds

const exampleDir = join(__dirname, '../../examples');
const exampleTexts = readdirSync(exampleDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => readFileSync(join(exampleDir, f), 'utf8'))
  .filter((t) => t.length < 200_000);

/** Valid graph files with their scene inline: generated rigs, and the examples. */
const graphFile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: degenerateRig().map(({ scene, graph }) => ({ ...graph, scene })) },
  { weight: 1, arbitrary: fc.constantFrom(...exampleTexts).map((t) => JSON.parse(t) as unknown) },
);
const sceneFile: fc.Arbitrary<unknown> = degenerateScene;

const mutated = (base: fc.Arbitrary<unknown>) =>
  fc.tuple(base, fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([file, ms]) => {
    let v: unknown = structuredClone(file);
    for (const m of ms) v = applyMutation(v, m);
    return JSON.stringify(v) ?? 'null';
  });
const textMutated = (base: fc.Arbitrary<unknown>) =>
  fc.tuple(base, fc.array(textMutation, { minLength: 1, maxLength: 3 })).map(([file, ms]) => ms.reduce(applyText, JSON.stringify(file, null, 1)));

// ---------------------------------------------------------------- the run

const baseline = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  function: Object.getOwnPropertyNames(Function.prototype).sort(),
};

describe('file fuzz', () => {
  const started = performance.now();

  it('graph files, mutated as JSON values (hostile keys and values, deletions, deep nesting, growth)', () => {
    fc.assert(fc.property(mutated(graphFile), openEverything), { numRuns: RUNS });
  });

  it('graph files, mutated as text (truncation, stray characters, numbers past a double, BOM)', () => {
    fc.assert(fc.property(textMutated(graphFile), openEverything), { numRuns: RUNS });
  });

  it('scene files, mutated as JSON values', () => {
    fc.assert(fc.property(mutated(sceneFile), openEverything), { numRuns: RUNS });
  });

  it('scene files, mutated as text', () => {
    fc.assert(fc.property(textMutated(sceneFile), openEverything), { numRuns: RUNS });
  });

  it('generated graph files, unmutated, all load', () => {
    fc.assert(
      fc.property(degenerateRig().map(({ scene, graph }) => ({ ...graph, scene })), (file) => {
        const g = loadGraph(file, catalog);
        if (!g.ok) throw new Error(JSON.stringify(g.errors.slice(0, 2)));
      }),
      { numRuns: 200 },
    );
  });

  afterAll(() => {
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `file fuzz: ${stats.files} files in ${seconds.toFixed(1)} s; ${stats.graphsLoaded} loaded as graphs, ${stats.scenesLoaded} as scenes, ${stats.compiled} compiled and evaluated`,
    );
  });

  it('ran at least 10,000 files and nothing was polluted', () => {
    expect(stats.files).toBeGreaterThanOrEqual(RUNS * 4);
    if (RUNS >= 2500) expect(stats.files).toBeGreaterThanOrEqual(10_000);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(baseline.object);
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(baseline.array);
    expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(baseline.function);
    const probe = {} as Record<string, unknown>;
    expect(probe['polluted']).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
  });
});
