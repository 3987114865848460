// Node side of glTF: reading .glb / .gltf / .vrm files from disk.
// (Everything else in runtime/gltf runs in a browser or Worker too.)
import { readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import type { FileError } from '../scene/open';
import { GltfError, readGltf, singleBuffer } from './container';
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
