// The layers of docs/engineering.md: graph → nodes → runtime → ui, and inside runtime/
// cli → io → rig/eval, eval → rig; the crowd and the split rig (→ eval, rig, threads) beside io. An import never points back up, and no files import each other
// in a loop. The checker itself is tested on small graphs, so a broken checker cannot pass silently.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importSpecifiers, isBarrel, layerViolations, readImportGraph, type LayerRule } from './import-graph';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const RULES: LayerRule[] = [
  { name: 'graph/ is the authoring model: it imports no node kinds, runtime or ui', from: /^graph\//, to: /^(nodes|runtime|ui)\// },
  { name: 'nodes/ never imports runtime/ or ui/', from: /^nodes\//, to: /^(runtime|ui)\// },
  { name: 'runtime/ never imports ui/', from: /^runtime\//, to: /^ui\// },
  { name: 'ui/ never imports the command line', from: /^ui\//, to: /^runtime\/cli\// },
  { name: 'runtime/rig/ imports no evaluator, io, cli, crowd or split rig', from: /^runtime\/rig\//, to: /^runtime\/(eval|io|cli|crowd|split|threads)\// },
  { name: 'runtime/eval/ imports no io, cli, crowd or split rig', from: /^runtime\/eval\//, to: /^runtime\/(io|cli|crowd|split|threads)\// },
  { name: 'runtime/io/ imports no cli, crowd or split rig', from: /^runtime\/io\//, to: /^runtime\/(cli|crowd|split|threads)\// },
  { name: 'runtime/crowd/ imports no io, cli or split rig', from: /^runtime\/crowd\//, to: /^runtime\/(io|cli|split)\// },
  { name: 'runtime/split/ imports no io, cli or crowd', from: /^runtime\/split\//, to: /^runtime\/(io|cli|crowd)\// },
  { name: 'runtime/threads/ (starting workers) imports nothing else of the runtime', from: /^runtime\/threads\//, to: /^runtime\/(?!threads\/)/ },
];

describe('the source folders', () => {
  const graph = readImportGraph(ROOT, ['graph', 'nodes', 'runtime', 'ui', 'examples', 'bin']);

  it('are read: every folder has files with imports', () => {
    for (const folder of ['graph/', 'nodes/', 'runtime/eval/', 'runtime/rig/', 'runtime/io/', 'runtime/cli/', 'ui/']) {
      const files = [...graph.keys()].filter((f) => f.startsWith(folder));
      expect(files.length, folder).toBeGreaterThan(0);
      expect(files.some((f) => graph.get(f)!.length > 0), folder).toBe(true);
    }
  });

  it('import only downwards', () => {
    expect(layerViolations(graph, RULES)).toEqual([]);
  });

  it('have no barrels: a module that only re-exports others hides where a name lives', () => {
    expect([...graph.keys()].filter((file) => isBarrel(readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('have no import cycles', () => {
    expect(importCycles(readImportGraph(ROOT, ['graph', 'nodes', 'runtime', 'ui', 'examples', 'bin', 'test']))).toEqual([]);
  });
});

describe('the import graph checker', () => {
  it('reads static, re-exported, side-effect, type-only and dynamic imports, not other text', () => {
    const source = [
      "import { a } from './a';",
      'import type {',
      '  B,',
      "} from '../b';",
      "export { c } from './c';",
      "export * from './d';",
      "import './e';",
      // Split, so that this file read as a source does not seem to import './f'.
      "const f = await imp" + "ort('./f');",
      "const text = 'import nothing';",
      "const from = 'g';",
      'export const h = 1;',
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(['../b', './a', './c', './d', './e', './f']);
  });

  it('tells a barrel from a module that re-exports and adds its own', () => {
    expect(isBarrel("// the public face\nexport * from './a';\nexport { b, type C } from './b';\n")).toBe(true);
    expect(isBarrel("export * from './a';\nexport const d = 1;\n")).toBe(false);
    expect(isBarrel("import { a } from './a';\nexport const list = [a];\n")).toBe(false);
  });

  it('finds an import that points up, and only that one', () => {
    const graph = new Map([
      ['nodes/x.ts', ['graph/types.ts', 'runtime/eval/compile.ts']],
      ['runtime/eval/compile.ts', ['runtime/rig/rig.ts']],
      ['runtime/rig/rig.ts', ['runtime/eval/compile.ts']],
    ]);
    expect(layerViolations(graph, RULES)).toEqual([
      { rule: RULES[1].name, from: 'nodes/x.ts', to: 'runtime/eval/compile.ts' },
      { rule: RULES[4].name, from: 'runtime/rig/rig.ts', to: 'runtime/eval/compile.ts' },
    ]);
  });

  it('finds a cycle as the loop of files around it', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts'], ['e.ts', 'e.ts']]);
  });

  it('finds no cycle in a graph without one (a diamond)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts', 'c.ts']],
      ['b.ts', ['d.ts']],
      ['c.ts', ['d.ts']],
      ['d.ts', []],
    ]);
    expect(importCycles(graph)).toEqual([]);
  });
});
