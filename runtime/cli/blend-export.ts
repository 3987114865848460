// Running Blender headless with the bundled exporter (blender/sinew_export/) to turn a `.blend` file
// into the fixture JSON the importer reads: `sinew import-blender RIG.blend`. Blender is found from
// `--blender PATH`, then `$BLENDER`, then `blender` on PATH; each failure is one sentence that says
// what to do, with Blender's own last words when it ran and failed.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type BlendExport = { ok: true; text: string; notes: string[] } | { ok: false; message: string };

export interface BlendExportOptions {
  /** `--blender PATH`. */
  blender?: string;
  /** `--armature NAME`: that armature and what it depends on, instead of the whole scene. */
  armature?: string;
  /** The environment to read `BLENDER` and `PATH` from (the process's by default). */
  env?: NodeJS.ProcessEnv;
}

/** The bundled exporter's headless entry: `blender/` sits two folders above this file, from source (runtime/cli) and built (dist/cli) alike. */
export function exporterScript(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '..', '..', 'blender', 'sinew_export', 'headless.py');
}

/** Where Blender is, or why it is not there. */
export function findBlender(options: BlendExportOptions): { ok: true; path: string } | { ok: false; message: string } {
  const env = options.env ?? process.env;
  const given = options.blender ?? (env['BLENDER'] ? env['BLENDER'] : undefined);
  const from = options.blender !== undefined ? '--blender' : '$BLENDER';
  if (given !== undefined) {
    if (!existsSync(given)) return { ok: false, message: `Blender was not found at ${given} (from ${from})` };
    if (!isExecutable(given)) return { ok: false, message: `${given} (from ${from}) is not an executable file` };
    return { ok: true, path: given };
  }
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'blender');
    if (isExecutable(candidate)) return { ok: true, path: candidate };
  }
  return { ok: false, message: 'Blender was not found: give --blender PATH, set $BLENDER, or put blender (3.4 or later) on PATH' };
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Exports `blend` with Blender; the JSON text and the exporter's notes, or why it failed. */
export function exportBlend(blend: string, options: BlendExportOptions = {}): BlendExport {
  if (!existsSync(blend)) return { ok: false, message: `${blend}: no such file` };
  if (!statSync(blend).isFile()) return { ok: false, message: `${blend}: not a file` };
  const found = findBlender(options);
  if (!found.ok) return found;
  const script = exporterScript();
  if (!existsSync(script)) return { ok: false, message: `the bundled Blender exporter is missing (${script}); reinstall Sinew` };
  const dir = mkdtempSync(join(tmpdir(), 'sinew-blend-'));
  try {
    const out = join(dir, 'export.json');
    const args = ['-b', '--factory-startup', resolve(blend), '--python-exit-code', '1', '--python', script, '--', '-o', out];
    if (options.armature !== undefined) args.push('--armature', options.armature);
    const run = spawnSync(found.path, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: options.env ?? process.env });
    if (run.error) return { ok: false, message: `Blender (${found.path}) could not be run: ${run.error.message}` };
    const lines = `${run.stdout ?? ''}\n${run.stderr ?? ''}`.split('\n').map((l) => l.trimEnd());
    const ours = lines.filter((l) => l.startsWith('sinew-export: error: ')).map((l) => l.slice('sinew-export: error: '.length));
    if (run.status !== 0 || !existsSync(out)) {
      const why = ours.length ? ours.join('; ') : lastWords(lines);
      const how = run.signal ? `was stopped by ${run.signal}` : `exited with status ${run.status}`;
      return { ok: false, message: `${blend}: Blender (${found.path}) ${how} while exporting${why ? `: ${why}` : ''}` };
    }
    const notes = lines.filter((l) => l.startsWith('sinew-export: note: ')).map((l) => l.slice('sinew-export: note: '.length));
    return { ok: true, text: readFileSync(out, 'utf8'), notes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The last meaningful lines Blender printed (an error it reported, a Python traceback's last line). */
function lastWords(lines: string[]): string {
  const useful = lines.filter((l) => l && !/^(Blender quit|Read blend:|Blender \d)/.test(l));
  const err = useful.filter((l) => /error|Error|cannot|not found|failed/i.test(l));
  return (err.length ? err : useful).slice(-3).join(' | ');
}

/** Whether a path names a .blend file (by its name; Blender's own check is the file's magic). */
export function isBlendFile(path: string): boolean {
  return /\.blend\d*$/i.test(path);
}
