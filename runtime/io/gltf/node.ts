// Node side of glTF: reading .glb / .gltf / .vrm files from disk, and the files they name.
// (Everything else in runtime/gltf runs in a browser or Worker too.)
//
// Every file is read the same bounded way: its kind and size from stat before it is opened (a device,
// a pipe or a folder is never opened, a file past the limit never read), then opened without
// following a last-moment link, checked again on the open descriptor, and read up to the size
// known beforehand. A file a glTF names must pass the URI policy (uri-policy.ts) and, once every
// link is followed, still lie inside the glTF file's own folder.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { FileError } from '../scene/open';
import { readGltf, singleBuffer, type ExternalFile, type ResolveExternal } from './container';
import { GltfError } from './error';
import { importGltf, type GltfImport, type GltfImportOptions } from './import';
import { describeSize } from '../../../graph/limits';
import { bytesText, gltfLimitsWith, type GltfLimits } from './limits';
import type { GltfAsset } from './types';

/** Whether a path names a glTF file (.glb, .gltf, or .vrm, which is a GLB). */
export function isGltfPath(file: string): boolean {
  return ['.glb', '.gltf', '.vrm'].includes(extname(file).toLowerCase());
}

export interface ReadGltfFileOptions {
  /** Limits in place of DEFAULT_GLTF_LIMITS (runtime/io/gltf/limits.ts). */
  limits?: Partial<GltfLimits>;
}

/** Reads a glTF file with its external buffers and images (embedded into one buffer). */
export function readGltfFile(file: string, options: ReadGltfFileOptions = {}): { ok: true; asset: GltfAsset } | { ok: false; errors: FileError[] } {
  const limits = gltfLimitsWith(options.limits);
  try {
    const bytes = readBounded(file, limits.maxFileBytes, '');
    const resolve = folderReader(dirname(file));
    // One embedded buffer, external images embedded too: what a baked GLB needs.
    const asset = singleBuffer(readGltf(bytes, { resolve, limits }), { resolve, limits });
    return { ok: true, asset };
  } catch (e) {
    if (e instanceof GltfError) return { ok: false, errors: [errorOf(file, e)] };
    throw e;
  }
}

/** Imports a glTF file as a scene (and VRMC constraints as graph nodes). */
export function importGltfFile(
  file: string,
  options: GltfImportOptions & ReadGltfFileOptions = {},
): { ok: true; imported: GltfImport; asset: GltfAsset } | { ok: false; errors: FileError[] } {
  const r = readGltfFile(file, options);
  if (!r.ok) return r;
  try {
    return { ok: true, imported: importGltf(r.asset, options), asset: r.asset };
  } catch (e) {
    if (e instanceof GltfError) return { ok: false, errors: [errorOf(file, e)] };
    throw e;
  }
}

function errorOf(file: string, e: GltfError): FileError {
  return { file, code: e.code, pointer: e.pointer, message: e.message };
}

/**
 * The reader of the files a glTF in `folder` names: each path (already allowed by the URI policy)
 * is followed through every link and must end at a regular file inside the folder's real path.
 */
export function folderReader(folder: string): ResolveExternal {
  let realFolder: string | undefined;
  return (request: ExternalFile) => {
    const quoted = JSON.stringify(request.path);
    let real: string;
    try {
      realFolder ??= realpathSync(resolve(folder));
      real = realpathSync(join(realFolder, ...request.path.split('/')));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw new GltfError(`cannot read ${quoted} (${code ?? String(e)})`, request.pointer);
    }
    if (!isInside(realFolder, real)) {
      throw new GltfError(`${quoted} leads through a link to ${real}, outside the glTF file's folder; a glTF file may name only files inside its own folder`, request.pointer, 'uri-refused');
    }
    return readBounded(real, request.maxBytes, request.pointer, request.byteLength, quoted);
  };
}

/** Whether a real path lies strictly inside a real folder. */
function isInside(realFolder: string, real: string): boolean {
  const inside = relative(realFolder, real);
  return !(inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside));
}

/**
 * The real path of a file a glTF in `folder` names (a path the URI policy allowed), when it exists
 * and every link on the way keeps it inside the folder; else undefined. Nothing is opened.
 */
export function realPathInFolder(folder: string, path: string): string | undefined {
  try {
    const realFolder = realpathSync(resolve(folder));
    const real = realpathSync(join(realFolder, ...path.split('/')));
    return isInside(realFolder, real) ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A regular file's bytes: kind and size checked with stat before it is opened, at most `maxBytes`
 * (the caller's maxFileBytes) read; with `exactly`, that many bytes (the file must hold them; more
 * are left unread).
 */
function readBounded(path: string, maxBytes: number, pointer: string, exactly?: number, quoted?: string): Uint8Array {
  const name = quoted ?? 'the file';
  const fail = (e: unknown): never => {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot read (${code ?? String(e)})`;
    throw new GltfError(quoted ? `${quoted}: ${why}` : why, pointer, 'unreadable');
  };
  let before: Stats;
  try {
    before = statSync(path);
  } catch (e) {
    return fail(e);
  }
  refuseNonFile(before, name, pointer);
  const size = exactly ?? before.size;
  if (exactly !== undefined && before.size < exactly) {
    throw new GltfError(`${name} holds ${before.size} bytes; the glTF file declares ${exactly} (byteLength)`, pointer.replace(/\/uri$/, '/byteLength'));
  }
  if (size > maxBytes) throw new GltfError(`${name} is ${bytesText(size)}; Sinew reads at most ${describeSize(maxBytes)} (limit maxFileBytes)`, pointer, 'limit-exceeded');
  let fd: number;
  try {
    // O_NOFOLLOW: a link put in place after the check is not followed; O_NONBLOCK: a pipe swapped in
    // cannot hang the open (the descriptor is checked again below).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return fail(e);
  }
  try {
    const now = fstatSync(fd);
    refuseNonFile(now, name, pointer);
    if (now.ino !== before.ino || now.dev !== before.dev) throw new GltfError(`${name} changed while it was being opened`, pointer, 'unreadable');
    const out = new Uint8Array(size);
    let at = 0;
    while (at < size) {
      const n = readSync(fd, out, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    if (at < size) throw new GltfError(`${name} holds ${at} bytes; ${bytesText(size)} were expected (it shrank while it was read)`, pointer, 'unreadable');
    return out;
  } finally {
    closeSync(fd);
  }
}

function refuseNonFile(stats: Stats, name: string, pointer: string): void {
  if (stats.isFile()) return;
  const kind = stats.isDirectory() ? 'a folder' : stats.isCharacterDevice() || stats.isBlockDevice() ? 'a device' : stats.isFIFO() ? 'a pipe' : stats.isSocket() ? 'a socket' : 'not a file';
  throw new GltfError(`${name} is ${kind}, not a regular file; Sinew reads only regular files`, pointer, kind === 'a folder' ? 'unreadable' : 'uri-refused');
}
