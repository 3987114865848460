// glTF in the app: import a dropped or picked .glb/.gltf/.vrm as a graph + scene with its skinned
// character drawn by three.js, re-attach the character of a scene imported earlier, and export the
// baked animation as a GLB. No DOM beyond Blob; the app wires these into its toolbar and viewport
// (see docs/gltf.md, "In the app").
import type { GraphDocument } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { assetFromScene, bakeAnimation, bindingsFromScene, type BakeFrames, type BakeTarget } from '../../runtime/io/gltf/bake';
import { readGltf, writeGlb } from '../../runtime/io/gltf/container';
import { gltfLimitsWith, tooBig, type GltfLimits } from '../../runtime/io/gltf/limits';
import { importGltf, type GltfImportOptions } from '../../runtime/io/gltf/import';
import type { SceneDocument } from '../../runtime/rig/scene/types';
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
 * armature's `gltf_file`, so a graph saved with this scene finds its character again. A dropped or
 * picked file has no folder: a URI other than data: is refused (a GltfError naming its pointer),
 * and three.js is handed only files Sinew read. A Blob's size is checked before it is read.
 */
export async function importGltfBytes(bytes: ArrayBuffer | Uint8Array | Blob, fileName?: string, options: GltfImportOptions = {}): Promise<ImportedCharacter> {
  const data = await bytesOf(bytes, options.limits);
  const asset = readGltf(data, { limits: options.limits });
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
export async function characterForScene(
  scene: SceneDocument,
  fetchFile: (path: string) => Promise<ArrayBuffer | Uint8Array | Blob>,
  limits?: Partial<GltfLimits>,
): Promise<GltfCharacter | undefined> {
  const armature = scene.objects.find((o) => o.type === 'ARMATURE' && typeof (o as { gltf_file?: unknown }).gltf_file === 'string');
  if (!armature) return undefined;
  const data = await bytesOf(await fetchFile((armature as { gltf_file?: string }).gltf_file!), limits);
  const asset = readGltf(data, { limits });
  const bindings = bindingsFromScene(scene, asset);
  if (!bindings) return undefined;
  return new GltfCharacter(await parseWithThree(data), { asset, bindings });
}

/** The bytes of a file; a Blob (a dropped or picked File) past maxFileBytes is refused unread. */
async function bytesOf(data: ArrayBuffer | Uint8Array | Blob, overrides: Partial<GltfLimits> | undefined): Promise<Uint8Array> {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  const limits = gltfLimitsWith(overrides);
  if (data.size > limits.maxFileBytes) throw tooBig('', 'the file is', data.size, 'maxFileBytes', limits);
  return new Uint8Array(await data.arrayBuffer());
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
  return new Blob([bytes.slice().buffer], { type: 'model/gltf-binary' });
}
