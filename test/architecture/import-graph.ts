// The import graph of the source folders, read with a regular expression over import and export
// specifiers (no TypeScript needed), and the two checks made on it: layer rules and cycles.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** File (path relative to the root, `/`-separated) → the files it imports, relative too. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const STATIC = /^[ \t]*(?:import|export)\b[^;'"`]*?\bfrom\s*['"]([^'"\n]+)['"]/gm;
const BARE = /^[ \t]*import\s*['"]([^'"\n]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** The module specifiers a source text imports or re-exports, statically or dynamically. */
export function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  for (const pattern of [STATIC, BARE, DYNAMIC]) for (const m of source.matchAll(pattern)) found.push(m[1]);
  return found;
}

const EXTENSIONS = ['.ts', '.mjs', '.js', '/index.ts'];

function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  const withoutJs = base.replace(/\.js$/, '');
  if (withoutJs !== base && existsSync(withoutJs + '.ts')) return withoutJs + '.ts';
  return undefined;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Reads the import graph of `folders` under `root`; a relative import that names no file is an error. */
export function readImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  const rel = (path: string) => relative(root, path).split('\\').join('/');
  for (const folder of folders) {
    for (const file of sourceFiles(join(root, folder))) {
      const targets: string[] = [];
      for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) continue; // a package
        const target = resolveRelative(file, specifier);
        if (target === undefined) throw new Error(`${rel(file)}: import '${specifier}' names no file`);
        targets.push(rel(target));
      }
      graph.set(rel(file), targets);
    }
  }
  return graph;
}

/** A rule: no file matching `from` imports a file matching `to`. */
export interface LayerRule {
  readonly name: string;
  readonly from: RegExp;
  readonly to: RegExp;
}

export interface Violation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

/** Every import that breaks one of the rules. */
export function layerViolations(graph: ImportGraph, rules: readonly LayerRule[]): Violation[] {
  const found: Violation[] = [];
  for (const [from, targets] of graph) {
    for (const rule of rules) {
      if (!rule.from.test(from)) continue;
      for (const to of targets) if (rule.to.test(to)) found.push({ rule: rule.name, from, to });
    }
  }
  return found;
}

/**
 * The import cycles: each strongly connected group of more than one file (or a file importing
 * itself), as its files in order around one loop, found by Tarjan's algorithm.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const edges = (file: string) => (graph.get(file) ?? []).filter((to) => graph.has(to));

  function connect(file: string): void {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const to of edges(file)) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || edges(file).includes(file)) cycles.push(loopThrough(group, edges));
  }

  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return cycles;
}

/** One loop through a strongly connected group, from its first file back to it, for the message. */
function loopThrough(group: readonly string[], edges: (file: string) => string[]): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const to of edges(queue[i])) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [queue[i]];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, queue[i]);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const RE_EXPORT = /^[ \t]*export\b[^;'"`]*?\bfrom\s*['"][^'"\n]+['"];?/gm;

/** Whether a source text only re-exports other modules (a barrel): it adds nothing of its own. */
export function isBarrel(source: string): boolean {
  const code = source.replace(COMMENTS, '');
  return RE_EXPORT.test(code) && code.replace(RE_EXPORT, '').trim() === '';
}
