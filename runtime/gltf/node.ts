// Node side of glTF: reading .glb / .gltf / .vrm files from disk, and opening what a bake needs.
// (Everything else in runtime/gltf runs in a browser or Worker too.)
import { readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { loadGraph } from '../../graph/load';
import type { GraphDocument } from '../../graph/types';
import { graphCatalog } from '../../nodes/catalog';
import { openScene, readText, type FileError } from '../files';
import { loadScene } from '../scene/load';
import type { SceneDocument } from '../scene/types';
import { assetFromScene, bindingsFromScene, type BakeTarget } from './bake';
import { GltfError, readGltf, singleBuffer } from './container';
import { withHelpers } from './helpers';
import { importGltf, type GltfImport, type GltfImportOptions } from './import';
import type { GltfAsset } from './types';

/** Whether a path names a glTF file (.glb, .gltf, or .vrm, which is a GLB). */
export function isGltfPath(file: string): boolean {
  return ['.glb', '.gltf', '.vrm'].includes(extname(file).toLowerCase());
}

/** Reads a glTF file with its external buffers and images. */
export function readGltfFile(file: string): { ok: true; asset: GltfAsset } | { ok: false; errors: FileError[] } {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(file));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { ok: false, errors: [{ file, code: 'unreadable', pointer: '', message: code === 'ENOENT' ? 'no such file' : `cannot read (${code ?? e})` }] };
  }
  try {
    const base = dirname(file);
    const read = (uri: string) => {
      try {
        return new Uint8Array(readFileSync(resolve(base, uri)));
      } catch {
        return undefined;
      }
    };
    // One embedded buffer, external images embedded too: what a baked GLB needs.
    const asset = singleBuffer(readGltf(bytes, read), read);
    return { ok: true, asset };
  } catch (e) {
    if (e instanceof GltfError) return { ok: false, errors: [{ file, code: 'bad-gltf', pointer: '', message: e.message }] };
    throw e;
  }
}

/** Imports a glTF file as a scene (and VRMC constraints as graph nodes). */
export function importGltfFile(file: string, options: GltfImportOptions = {}): { ok: true; imported: GltfImport; asset: GltfAsset } | { ok: false; errors: FileError[] } {
  const r = readGltfFile(file);
  if (!r.ok) return r;
  try {
    return { ok: true, imported: importGltf(r.asset, options), asset: r.asset };
  } catch (e) {
    if (e instanceof GltfError) return { ok: false, errors: [{ file, code: 'bad-gltf', pointer: '', message: e.message }] };
    throw e;
  }
}

export interface BakeInputs {
  graph: GraphDocument;
  scene: SceneDocument;
  target: BakeTarget;
  /** Where the skeleton the animation is written on came from. */
  source: string;
  warnings: FileError[];
  /** Helper objects taken from the graph's own scene. */
  carried: string[];
}

/**
 * A graph and the scene it bakes on: `sceneFile` if given (glTF or scene JSON; it replaces the
 * graph's scene and gets the graph's helper objects, helpers.ts), else the graph's own scene.
 * The animation goes onto a glTF file when there is one: the `--scene` file itself, or the file an
 * imported armature names in `gltf_file` (relative to the file holding the scene); otherwise onto a
 * skeleton made from the scene.
 */
export function openForBake(graphFile: string, sceneFile: string | undefined, options: GltfImportOptions = {}): { ok: true; inputs: BakeInputs } | { ok: false; errors: FileError[] } {
  const t = readText(graphFile);
  if (!t.ok) return t;
  const g = loadGraph(t.text, graphCatalog());
  if (!g.ok) return { ok: false, errors: g.errors.map((e) => ({ ...e, file: graphFile })) };
  const graph = g.graph;
  const warnings: FileError[] = g.warnings.map((e) => ({ ...e, file: graphFile }));

  // The graph's own scene: inline, or a file next to the graph.
  let own: { scene: SceneDocument; dir: string } | undefined;
  let ownErrors: FileError[] | undefined;
  if (typeof graph.scene === 'string') {
    const path = resolve(dirname(graphFile), graph.scene);
    const s = openScene(path);
    if (s.ok) own = { scene: s.scene, dir: dirname(path) };
    else ownErrors = s.errors;
  } else if (graph.scene && typeof graph.scene === 'object') {
    const s = loadScene(graph.scene);
    if (s.ok) own = { scene: s.scene, dir: dirname(graphFile) };
    else ownErrors = s.errors.map((e) => ({ ...e, pointer: `/scene${e.pointer}`, file: graphFile }));
  }

  let base: { scene: SceneDocument; dir: string; target?: BakeTarget; source: string };
  if (sceneFile && isGltfPath(sceneFile)) {
    const r = importGltfFile(sceneFile, options);
    if (!r.ok) return r;
    base = { scene: r.imported.scene, dir: dirname(sceneFile), target: { asset: r.asset, bindings: r.imported.bindings }, source: sceneFile };
  } else if (sceneFile) {
    const s = openScene(sceneFile);
    if (!s.ok) return s;
    base = { scene: s.scene, dir: dirname(sceneFile), source: sceneFile };
  } else if (own) {
    base = { ...own, source: graphFile };
  } else {
    return { ok: false, errors: ownErrors ?? [{ file: graphFile, code: 'no-scene', pointer: '/scene', message: 'the graph has no scene; give one with --scene FILE' }] };
  }
  let carried: string[] = [];
  let scene = base.scene;
  if (sceneFile) {
    if (ownErrors) warnings.push(...ownErrors.map((e) => ({ ...e, message: `${e.message} (the graph's own scene; its helper objects are not carried over)` })));
    ({ scene, carried } = withHelpers(graph, own?.scene, base.scene));
  }
  let target = base.target;
  let source = base.source;
  if (!target) {
    // A scene imported from glTF bakes onto its file again.
    const armature = scene.objects.find((o) => o.type === 'ARMATURE' && typeof (o as { gltf_file?: unknown }).gltf_file === 'string');
    const file = armature && resolve(base.dir, (armature as { gltf_file?: string }).gltf_file!);
    if (file) {
      const r = readGltfFile(file);
      const bindings = r.ok ? bindingsFromScene(scene, r.asset) : undefined;
      if (r.ok && bindings) {
        target = { asset: r.asset, bindings };
        source = file;
      } else {
        warnings.push({ file, code: 'no-gltf', pointer: '', message: `the scene was imported from this file, which cannot be read (${r.ok ? 'its nodes do not match' : r.errors[0].message}); baking onto a skeleton made from the scene` });
      }
    }
  }
  target ??= assetFromScene(scene);
  return { ok: true, inputs: { graph, scene, target, source, warnings, carried } };
}
