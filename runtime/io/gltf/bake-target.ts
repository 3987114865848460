// Which glTF a bake writes its animation onto: the character `--scene` named, else the file an
// imported armature records in `gltf_file` (relative to the file holding the scene), else a
// skeleton made from the scene itself.
import { resolve } from 'node:path';
import type { OpenedGraph } from '../files';
import type { FileError } from '../scene/open';
import { assetFromScene, bindingsFromScene, type BakeTarget } from './bake';
import { readGltfFile } from './node';

export function bakeTargetFor(opened: OpenedGraph): { target: BakeTarget; source: string; warnings: FileError[] } {
  if (opened.gltf) return { target: opened.gltf, source: opened.sceneSource, warnings: [] };
  const armature = opened.scene.objects.find((o) => o.type === 'ARMATURE' && typeof (o as { gltf_file?: unknown }).gltf_file === 'string');
  const file = armature && resolve(opened.sceneDir, (armature as { gltf_file?: string }).gltf_file!);
  if (file) {
    const r = readGltfFile(file);
    const bindings = r.ok ? bindingsFromScene(opened.scene, r.asset) : undefined;
    if (r.ok && bindings) return { target: { asset: r.asset, bindings }, source: file, warnings: [] };
    const why = r.ok ? 'its nodes do not match' : r.errors[0].message;
    return {
      target: assetFromScene(opened.scene),
      source: opened.sceneSource,
      warnings: [{ file, code: 'no-gltf', pointer: r.ok ? '' : r.errors[0].pointer, message: `the scene was imported from this file, which cannot be read (${why}); baking onto a skeleton made from the scene` }],
    };
  }
  return { target: assetFromScene(opened.scene), source: opened.sceneSource, warnings: [] };
}
