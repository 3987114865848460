// Opening a graph file and the scene it runs on: the graph's own scene (inline, or a path relative to
// the graph), or a replacement given by the user (scene JSON or a glTF/VRM character). A replacement
// keeps the graph's helper objects (targets, poles) that it lacks, so one graph runs on many
// characters with the same bone names.
import { dirname, resolve } from 'node:path';
import { loadGraph } from '../../graph/load';
import type { GraphDocument } from '../../graph/types';
import { graphCatalog } from '../../nodes/catalog';
import type { GltfBinding } from './gltf/binding';
import type { GltfImportOptions } from './gltf/import';
import { withHelpers } from './gltf/helpers';
import { importGltfFile, isGltfPath } from './gltf/node';
import type { GltfAsset } from './gltf/types';
import { openScene, readText, type FileError } from './scene/open';
import { loadScene } from './scene/load';
import type { SceneDocument } from '../rig/scene/types';

export { openScene, readText, type FileError };

export interface OpenedGraph {
  graph: GraphDocument;
  scene: SceneDocument;
  /** Folder of the file the scene came from (paths inside the scene are relative to it). */
  sceneDir: string;
  /** Where the scene came from: a scene file, a glTF file, or the graph file itself. */
  sceneSource: string;
  /** The glTF the scene was imported from just now, when `--scene` named one. */
  gltf?: { asset: GltfAsset; bindings: GltfBinding[] };
  /** Helper objects taken over from the graph's own scene into a replacement scene. */
  carried: string[];
  warnings: FileError[];
}

export type Opened = ({ ok: true } & OpenedGraph) | { ok: false; errors: FileError[] };

/** Opens a graph file and its scene: `sceneFile` (scene JSON or glTF) if given, else the graph's own. */
export function openGraph(file: string, sceneFile?: string, options: GltfImportOptions = {}): Opened {
  const t = readText(file);
  if (!t.ok) return t;
  const g = loadGraph(t.text, graphCatalog());
  if (!g.ok) return { ok: false, errors: g.errors.map((e) => ({ ...e, file })) };
  const graph = g.graph;
  const warnings: FileError[] = g.warnings.map((e) => ({ ...e, file }));

  const own = ownScene(file, graph);
  if (!sceneFile) {
    if (!own.ok) return own;
    return { ok: true, graph, scene: own.scene, sceneDir: own.dir, sceneSource: own.source, carried: [], warnings };
  }

  let replacement: { scene: SceneDocument; gltf?: OpenedGraph['gltf'] };
  if (isGltfPath(sceneFile)) {
    const r = importGltfFile(sceneFile, options);
    if (!r.ok) return r;
    replacement = { scene: r.imported.scene, gltf: { asset: r.asset, bindings: r.imported.bindings } };
  } else {
    const s = openScene(sceneFile);
    if (!s.ok) return s;
    replacement = { scene: s.scene };
  }
  if (!own.ok && own.errors[0]?.code !== 'no-scene') {
    warnings.push(...own.errors.map((e) => ({ ...e, message: `${e.message} (the graph's own scene; its helper objects are not carried over)` })));
  }
  const { scene, carried } = withHelpers(graph, own.ok ? own.scene : undefined, replacement.scene);
  return { ok: true, graph, scene, sceneDir: dirname(sceneFile), sceneSource: sceneFile, gltf: replacement.gltf, carried, warnings };
}

function ownScene(file: string, graph: GraphDocument): { ok: true; scene: SceneDocument; dir: string; source: string } | { ok: false; errors: FileError[] } {
  const ref = graph.scene;
  if (typeof ref === 'string') {
    const path = resolve(dirname(file), ref);
    const s = openScene(path);
    return s.ok ? { ok: true, scene: s.scene, dir: dirname(path), source: path } : s;
  }
  if (ref === undefined || ref === null) {
    return { ok: false, errors: [{ file, code: 'no-scene', pointer: '/scene', message: 'the graph has no scene; give one with --scene FILE' }] };
  }
  const s = loadScene(ref);
  if (!s.ok) return { ok: false, errors: s.errors.map((e) => ({ ...e, pointer: `/scene${e.pointer}`, file })) };
  return { ok: true, scene: s.scene, dir: dirname(file), source: file };
}
