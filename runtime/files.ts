// Opening graph and scene files from disk: a graph's scene is inline or a path relative to the graph.
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_LIMITS, describeSize } from '../graph/limits';
import { loadGraph } from '../graph/load';
import type { GraphDocument, GraphError } from '../graph/types';
import { graphCatalog } from '../nodes/catalog';
import { loadScene } from './scene/load';
import type { SceneDocument } from './scene/types';

export interface FileError extends GraphError {
  file: string;
}

export type Opened = { ok: true; graph: GraphDocument; scene: SceneDocument; warnings: FileError[] } | { ok: false; errors: FileError[] };

const inFile = (file: string) => (e: GraphError): FileError => ({ ...e, file });

/**
 * Reads a file as text, turning a missing, unreadable or oversized file into an error value. The
 * size is checked before reading, so a huge file is refused without loading it into memory.
 */
export function readText(file: string, maxBytes = DEFAULT_LIMITS.maxTextLength): { ok: true; text: string } | { ok: false; errors: FileError[] } {
  try {
    const size = statSync(file).size;
    if (size > maxBytes) {
      const message = `the file is ${describeSize(size)} (${size} bytes); Sinew reads at most ${describeSize(maxBytes)} (limit maxTextLength)`;
      return { ok: false, errors: [{ file, code: 'limit-exceeded', pointer: '', message }] };
    }
    return { ok: true, text: readFileSync(file, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const message = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot read (${code ?? e})`;
    return { ok: false, errors: [{ file, code: 'unreadable', pointer: '', message }] };
  }
}

/** Opens a scene file. */
export function openScene(file: string): { ok: true; scene: SceneDocument } | { ok: false; errors: FileError[] } {
  const t = readText(file);
  if (!t.ok) return t;
  const s = loadScene(t.text);
  return s.ok ? s : { ok: false, errors: s.errors.map(inFile(file)) };
}

/** Opens a graph file and its scene: `sceneFile` if given, else the graph's inline or referenced scene. */
export function openGraph(file: string, sceneFile?: string): Opened {
  const t = readText(file);
  if (!t.ok) return t;
  const g = loadGraph(t.text, graphCatalog());
  if (!g.ok) return { ok: false, errors: g.errors.map(inFile(file)) };
  const warnings = g.warnings.map(inFile(file));
  if (sceneFile) {
    const s = openScene(sceneFile);
    return s.ok ? { ok: true, graph: g.graph, scene: s.scene, warnings } : s;
  }
  const ref = g.graph.scene;
  if (typeof ref === 'string') {
    const s = openScene(resolve(dirname(file), ref));
    return s.ok ? { ok: true, graph: g.graph, scene: s.scene, warnings } : s;
  }
  if (ref === undefined || ref === null) {
    return { ok: false, errors: [{ file, code: 'no-scene', pointer: '/scene', message: 'the graph has no scene; give one with --scene FILE' }] };
  }
  const s = loadScene(ref);
  if (!s.ok) return { ok: false, errors: s.errors.map((e) => ({ ...e, pointer: `/scene${e.pointer}`, file })) };
  return { ok: true, graph: g.graph, scene: s.scene, warnings };
}
