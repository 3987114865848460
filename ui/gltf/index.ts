// glTF in the app: import a dropped or picked .glb/.gltf/.vrm as a graph + scene with its skinned
// character drawn by three.js, re-attach the character of a scene imported earlier, and export the
// baked animation as a GLB. No DOM beyond Blob; the app wires these into its toolbar and viewport
// (see docs/gltf.md, "In the app").
import type { GraphDocument } from '../../graph/types';
import { compile } from '../../runtime/compile';
import { assetFromScene, bakeAnimation, bindingsFromScene, type BakeFrames, type BakeTarget } from '../../runtime/gltf/bake';
import { readGltf, writeGlb } from '../../runtime/gltf/container';
import { importGltf, type GltfImportOptions } from '../../runtime/gltf/import';
import type { SceneDocument } from '../../runtime/scene/types';
import { GltfCharacter, parseWithThree } from './character';

export { GltfCharacter } from './character';

/** Whether a file name is one importGltfBytes reads. */
export function isGltfFileName(name: string): boolean {
  return /\.(glb|gltf|vrm)$/i.test(name);
}

export interface ImportedCharacter {
  /** VRMC_node_constraint constraints as nodes, the scene inline (an empty graph otherwise). */
  graph: GraphDocument;
  scene: SceneDocument;
  /** The skinned meshes, drawn following the pose; also the target of exportGlb. */
  character: GltfCharacter;
  /** What the import changed or skipped, one sentence each (show them to the user). */
  notes: string[];
}

/**
 * Imports a glTF file's bytes (GLB, VRM, or .gltf with embedded data). `fileName` is recorded in the
 * armature's `gltf_file`, so a graph saved with this scene finds its character again.
 */
export async function importGltfBytes(bytes: ArrayBuffer | Uint8Array, fileName?: string, options: GltfImportOptions = {}): Promise<ImportedCharacter> {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const asset = readGltf(data);
  const imported = importGltf(asset, options);
  if (fileName) (imported.scene.objects[0] as { gltf_file?: string }).gltf_file = fileName;
  const gltf = await parseWithThree(data);
  return { graph: imported.graph, scene: imported.scene, character: new GltfCharacter(gltf, { asset, bindings: imported.bindings }), notes: imported.notes };
}

/**
 * The character of a scene imported from glTF (its armature names the file in `gltf_file`), loaded
 * with `fetchFile` (given that path as written, e.g. relative to the graph's URL); undefined when
 * the scene names no file or its nodes do not match the file.
 */
export async function characterForScene(scene: SceneDocument, fetchFile: (path: string) => Promise<ArrayBuffer | Uint8Array>): Promise<GltfCharacter | undefined> {
  const armature = scene.objects.find((o) => o.type === 'ARMATURE' && typeof (o as { gltf_file?: unknown }).gltf_file === 'string');
  if (!armature) return undefined;
  const raw = await fetchFile((armature as { gltf_file?: string }).gltf_file!);
  const data = raw instanceof Uint8Array ? raw : new Uint8Array(raw);
  const asset = readGltf(data);
  const bindings = bindingsFromScene(scene, asset);
  if (!bindings) return undefined;
  return new GltfCharacter(await parseWithThree(data), { asset, bindings });
}

/**
 * The graph's animation over `frames`, baked onto the character's file (meshes, materials and all)
 * or, without one, onto a skeleton made from the scene: GLB bytes, as `sinew bake` writes them.
 * Compiles its own program, so the live one keeps its frame.
 */
export function bakeGlbBytes(graph: GraphDocument, scene: SceneDocument, frames: BakeFrames, character?: { source: BakeTarget }): Uint8Array {
  const program = compile(graph, scene);
  return writeGlb(bakeAnimation(program, character?.source ?? assetFromScene(scene), frames).asset);
}

/** bakeGlbBytes as a Blob ready to download ("model/gltf-binary"). */
export function exportGlb(graph: GraphDocument, scene: SceneDocument, frames: BakeFrames, character?: { source: BakeTarget }): Blob {
  const bytes = bakeGlbBytes(graph, scene, frames, character);
  return new Blob([bytes.slice().buffer as ArrayBuffer], { type: 'model/gltf-binary' });
}
