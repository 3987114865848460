// Where a glTF file may take its data from: the one rule for every buffer and image URI, in the CLI
// and in the app. A URI is a data: URI, or a relative path that stays inside the folder of the file
// that names it. Everything else is refused before anything is opened or fetched: absolute paths,
// `..` that climbs out, file:, http: and every other scheme, and (in the app, where a dropped file has
// no folder) every external file. On disk, runtime/io/gltf/node.ts then follows links and refuses
// devices and other non-files (see docs/reliability.md, "glTF files").
import { GltfError } from './error';

export type UriVerdict =
  | { kind: 'data' }
  /** A path relative to the file's folder, normalized: '/'-separated, no '.', no '..', not empty. */
  | { kind: 'file'; path: string };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/**
 * Judges one URI of a glTF file. `pointer` names it in the refusal (`/buffers/0/uri`); `hasFolder`
 * says whether the file was read from a folder (the CLI) or has none (bytes dropped into the app).
 */
export function checkUri(uri: unknown, pointer: string, hasFolder: boolean): UriVerdict {
  const refuse = (why: string) => new GltfError(`${JSON.stringify(uri)} ${why}`, pointer, 'uri-refused');
  const rule = hasFolder
    ? 'a glTF file may name only data: URIs and files inside its own folder'
    : 'a glTF file opened without its folder (dropped or picked in the app) may hold its data only in data: URIs or a GLB';
  if (typeof uri !== 'string') throw new GltfError(`expected a URI (a string), got ${uri === null ? 'null' : typeof uri}`, pointer);
  const scheme = SCHEME.exec(uri)?.[1];
  if (scheme !== undefined && scheme.toLowerCase() === 'data') return { kind: 'data' };
  if (scheme !== undefined && scheme.length === 1) throw refuse(`is an absolute (drive) path; ${rule}`);
  if (scheme !== undefined) throw refuse(`uses the ${scheme.toLowerCase()}: scheme; ${rule}`);
  if (!hasFolder) throw refuse(`names an external file; ${rule}`);
  // A relative reference: its query and fragment are not part of the path (RFC 3986).
  const raw = uri.split(/[?#]/, 1)[0];
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    throw refuse('is not a valid URI (a % escape that is not UTF-8)');
  }
  if (path.includes('\0')) throw refuse(`holds a NUL character; ${rule}`);
  if (path.includes('\\')) throw refuse(`holds a backslash; glTF URIs separate folders with "/"; ${rule}`);
  if (path.startsWith('/')) throw refuse(`is an absolute path; ${rule}`);
  const kept: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (kept.length === 0) throw refuse(`climbs out of the file's folder with ".."; ${rule}`);
      kept.pop();
    } else {
      kept.push(segment);
    }
  }
  if (kept.length === 0) throw refuse('names no file');
  return { kind: 'file', path: kept.join('/') };
}
