// Reading text and scene files from disk, with every failure an error value naming the file.
import { readFileSync, statSync } from 'node:fs';
import { DEFAULT_LIMITS, describeSize } from '../../../graph/limits';
import type { GraphError } from '../../../graph/types';
import { loadScene } from './load';
import type { SceneDocument } from '../../rig/scene/types';

export interface FileError extends GraphError {
  file: string;
}

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
    const message = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot read (${code ?? String(e)})`;
    return { ok: false, errors: [{ file, code: 'unreadable', pointer: '', message }] };
  }
}

/** Opens a scene file. */
export function openScene(file: string): { ok: true; scene: SceneDocument } | { ok: false; errors: FileError[] } {
  const t = readText(file);
  if (!t.ok) return t;
  const s = loadScene(t.text);
  return s.ok ? s : { ok: false, errors: s.errors.map((e) => ({ ...e, file })) };
}
