// Writing a command's output file so that nothing the user made is ever destroyed: an output that
// is one of the command's inputs (under any spelling: `./a/../g.json`, a symlink, a hard link) is
// refused; an existing file is refused unless the user said `--force`; and the bytes go to a
// temporary file in the same folder, flushed to disk, then renamed into place, so an interrupted
// run leaves the old file whole. Every failure is a one-line error naming the file.
import * as fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';

export interface OutputOptions {
  /** Replace an existing file (`--force`). Inputs are refused even then. */
  force?: boolean;
  /** Files the command reads: the output may be none of them. */
  inputs?: readonly string[];
}

export type OutputCheck = { ok: true } | { ok: false; message: string };

/**
 * The file system calls a write makes, so a test can make one fail midway (a full disk, a rename
 * refused) and check that the old file survives and no temporary file is left behind.
 */
export interface OutputFs {
  openSync(path: string, flags: string, mode?: number): number;
  writeSync(fd: number, data: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  linkSync(existing: string, link: string): void;
  unlinkSync(path: string): void;
}

const realFs: OutputFs = fs;

/** Bytes written per call: big enough to be fast, small enough that a failure can fall midway. */
const CHUNK = 1 << 20;

/**
 * Checks, before any work, that `target` may be written: its folder exists and is a folder, it is
 * not an input, and it does not exist unless `force`. `writeOutput` checks again when it writes.
 */
export function checkOutput(target: string, options: OutputOptions = {}): OutputCheck {
  const dir = dirname(resolve(target));
  const folder = statOrUndefined(dir);
  if (!folder) {
    const blocker = fileAbove(dir);
    return refuse(target, blocker ? `cannot write here: ${blocker} is a file, not a folder` : `the folder ${dir} does not exist`);
  }
  if (!folder.isDirectory()) return refuse(target, `cannot write here: ${dir} is not a folder`);
  if (basename(target) === '' || target.endsWith('/')) return refuse(target, 'names a folder, not a file');
  const existing = statOrUndefined(target);
  if (existing?.isDirectory()) return refuse(target, 'is a folder, not a file');
  for (const input of options.inputs ?? []) {
    if (sameFile(target, input)) return refuse(target, `is also an input of this command (${input}); choose another output file`);
  }
  if (existing && !options.force) return refuse(target, 'already exists; add --force to replace it');
  return { ok: true };
}

/** Writes `data` to `target` through a temporary file and a rename; never leaves a partial file. */
export function writeOutput(target: string, data: string | Uint8Array, options: OutputOptions = {}, io: OutputFs = realFs): OutputCheck {
  const check = checkOutput(target, options);
  if (!check.ok) return check;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const dir = dirname(resolve(target));
  const temp = join(dir, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const mode = statOrUndefined(target)?.mode ?? 0o666;
  let fd: number | undefined;
  try {
    fd = io.openSync(temp, 'wx', mode & 0o7777);
    for (let at = 0; at < bytes.length; ) at += io.writeSync(fd, bytes, at, Math.min(CHUNK, bytes.length - at));
    io.fsyncSync(fd);
    io.closeSync(fd);
    fd = undefined;
    if (options.force) io.renameSync(temp, target);
    else placeIfAbsent(temp, target, io);
  } catch (e) {
    if (fd !== undefined) tryQuietly(() => { io.closeSync(fd!); });
    tryQuietly(() => { io.unlinkSync(temp); });
    return refuse(target, (e as { sinewMessage?: string }).sinewMessage ?? `could not be written (${describeError(e)}); the old file, if any, is unchanged`);
  }
  syncFolder(dir);
  return { ok: true };
}

/**
 * Without `--force`, a file that appeared since the check must still not be replaced: a hard link
 * fails when the name exists, which `rename` would not. File systems without hard links get the
 * rename after one more check.
 */
function placeIfAbsent(temp: string, target: string, io: OutputFs): void {
  try {
    io.linkSync(temp, target);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw Object.assign(new Error('exists'), { sinewMessage: 'already exists (it appeared while Sinew worked); add --force to replace it' });
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    if (fs.existsSync(target)) throw Object.assign(new Error('exists'), { sinewMessage: 'already exists (it appeared while Sinew worked); add --force to replace it' });
    io.renameSync(temp, target);
    return;
  }
  io.unlinkSync(temp);
}

/** Whether two paths name one file: the same real path, or (hard links) the same device and inode. */
export function sameFile(a: string, b: string): boolean {
  if (realPathOf(a) === realPathOf(b)) return true;
  const sa = statOrUndefined(a);
  const sb = statOrUndefined(b);
  return sa !== undefined && sb !== undefined && sa.dev === sb.dev && sa.ino === sb.ino;
}

/** The real path of a file, or of its folder joined with its name when the file does not exist yet. */
function realPathOf(path: string): string {
  const full = resolve(path);
  try {
    return fs.realpathSync(full);
  } catch {
    try {
      return join(fs.realpathSync(dirname(full)), basename(full));
    } catch {
      return full;
    }
  }
}

function statOrUndefined(path: string): fs.Stats | undefined {
  try {
    return fs.statSync(path);
  } catch {
    return undefined;
  }
}

/** The nearest existing ancestor of a missing folder when it is a file (`notes.txt/out.glb`). */
function fileAbove(dir: string): string | undefined {
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    const s = statOrUndefined(d);
    if (s) return s.isDirectory() ? undefined : d;
  }
  return undefined;
}

function syncFolder(dir: string): void {
  // Makes the rename itself durable; some systems cannot open a folder for this, which is harmless.
  tryQuietly(() => {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  });
}

function describeError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'the disk quota is used up';
    case 'ENOENT':
      return 'the folder takes no new files';
    default:
      return err.code ?? (e instanceof Error ? e.message : String(e));
  }
}

function refuse(target: string, message: string): OutputCheck {
  return { ok: false, message: `${target}: ${message}` };
}

function tryQuietly(f: () => void): void {
  try {
    f();
  } catch {
    // Cleanup after a failure: the failure already being reported is the one that matters.
  }
}
