// `sinew import-blender RIG.blend`: finding Blender (--blender, $BLENDER, PATH) and reporting each
// way it can fail, with stand-in "Blender" scripts, so these run without Blender. The real round
// trip is test/blender/roundtrip.test.ts.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exporterScript, exportBlend, findBlender } from '../../../runtime/cli/blend-export';
import { run } from '../../../runtime/cli/main';

const FIXTURES = resolve(import.meta.dirname, '..', '..', 'blender', 'fixtures');
const dir = mkdtempSync(join(tmpdir(), 'sinew-blend-cli-'));
const blend = join(dir, 'rig.blend');
writeFileSync(blend, 'BLENDER-v304 (a stand-in: the fake Blender never reads it)');

/** A stand-in Blender: a shell script with this body, after it has found `-o OUT`. */
function fakeBlender(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\nargs="$*"\nout=""\nwhile [ $# -gt 0 ]; do if [ "$1" = "-o" ]; then out="$2"; fi; shift; done\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

function cli(args: string[]): { status: number; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(args, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { status, out, err };
}

afterEach(() => {
  delete process.env['SINEW_TEST_EXPORT'];
});

describe('finding Blender', () => {
  it('takes --blender first, then $BLENDER, then blender on PATH', () => {
    const a = fakeBlender('a-blender', 'exit 0');
    const b = fakeBlender('blender', 'exit 0');
    expect(findBlender({ blender: a, env: { BLENDER: '/nope', PATH: dir } })).toEqual({ ok: true, path: a });
    expect(findBlender({ env: { BLENDER: a, PATH: dir } })).toEqual({ ok: true, path: a });
    expect(findBlender({ env: { PATH: `/nonexistent:${dir}` } })).toEqual({ ok: true, path: b });
  });

  it('says what to do when there is none, or the one named is not there or not a program', () => {
    expect(findBlender({ env: { PATH: '/nonexistent' } })).toEqual({ ok: false, message: 'Blender was not found: give --blender PATH, set $BLENDER, or put blender (3.4 or later) on PATH' });
    expect(findBlender({ blender: '/no/blender', env: {} })).toEqual({ ok: false, message: 'Blender was not found at /no/blender (from --blender)' });
    const text = join(dir, 'not-a-program');
    writeFileSync(text, 'hello');
    expect(findBlender({ env: { BLENDER: text } })).toEqual({ ok: false, message: `${text} (from $BLENDER) is not an executable file` });
  });

  it('runs the bundled exporter, which ships beside the CLI', () => {
    expect(existsSync(exporterScript())).toBe(true);
  });
});

describe('sinew import-blender RIG.blend', () => {
  it('exports with Blender (the exporter, --armature passed on), then imports: the graph evaluates as Blender did', () => {
    process.env['SINEW_TEST_EXPORT'] = join(FIXTURES, 'handmade.export.json');
    const fake = fakeBlender('exporting-blender', `echo "$args" > "${dir}/args.txt"\necho "sinew-export: note: a note from the exporter" >&2\ncp "$SINEW_TEST_EXPORT" "$out"`);
    const graph = join(dir, 'rig.sinew.json');
    const r = cli(['import-blender', blend, '-o', graph, '--blender', fake, '--armature', 'Rig']);
    expect(r.status, r.err.join('\n')).toBe(0);
    expect(r.err).toContain(`${blend}: /exporter/notes: warning: exported approximately: a note from the exporter`);
    expect(r.out).toContain("not carried: 1");
    const args = readFileSync(join(dir, 'args.txt'), 'utf8');
    expect(args).toContain(`-b --factory-startup ${blend} --python-exit-code 1 --python ${exporterScript()} -- -o `);
    expect(args.trim().endsWith('--armature Rig')).toBe(true);
    const e = cli(['eval', graph]);
    expect(e.status, e.err.join('\n')).toBe(0);
    const ours = (JSON.parse(e.out.join('\n')) as { owners: Record<string, number[]> }).owners;
    const blender = (JSON.parse(readFileSync(join(FIXTURES, 'handmade.expected.json'), 'utf8')) as { frames: Record<string, Record<string, number[]>> }).frames['1'];
    expect(Object.keys(blender).length).toBe(18);
    for (const [owner, m] of Object.entries(blender)) {
      const s = ours[owner];
      expect(s, owner).toBeDefined();
      expect(Math.max(...m.map((x, i) => Math.abs(x - s[i]))), owner).toBeLessThanOrEqual(1e-4);
    }
  });

  it('reports the exporter\'s own error when Blender fails, and writes nothing', () => {
    const fake = fakeBlender('failing-blender', 'echo "sinew-export: error: there is no armature \\"X\\" in scene \\"Scene\\"" >&2\nexit 1');
    const graph = join(dir, 'failed.sinew.json');
    const r = cli(['import-blender', blend, '-o', graph, '--blender', fake]);
    expect(r.status).toBe(1);
    expect(r.err).toEqual([`${blend}: Blender (${fake}) exited with status 1 while exporting: there is no armature "X" in scene "Scene"`]);
    expect(existsSync(graph)).toBe(false);
  });

  it('reports Blender\'s last words when it fails before the exporter runs', () => {
    const fake = fakeBlender('crashing-blender', 'echo "Blender 3.4.1"\necho "Error: File format is not supported in file \'x\'" >&2\nexit 1');
    const r = cli(['import-blender', blend, '-o', join(dir, 'crashed.sinew.json'), '--blender', fake]);
    expect(r.status).toBe(1);
    expect(r.err).toEqual([`${blend}: Blender (${fake}) exited with status 1 while exporting: Error: File format is not supported in file 'x'`]);
  });

  it('refuses a Blender that exits 0 without writing the export', () => {
    const fake = fakeBlender('silent-blender', 'exit 0');
    const r = exportBlend(blend, { blender: fake });
    expect(r).toEqual({ ok: false, message: `${blend}: Blender (${fake}) exited with status 0 while exporting` });
  });

  it('names a missing .blend before looking for Blender', () => {
    const missing = join(dir, 'missing.blend');
    const r = cli(['import-blender', missing, '-o', join(dir, 'm.sinew.json'), '--blender', '/no/blender']);
    expect(r).toEqual({ status: 1, out: [], err: [`${missing}: no such file`] });
  });

  it('refuses --armature and --blender for a JSON input (they apply to .blend files)', () => {
    const r = cli(['import-blender', join(FIXTURES, 'handmade.export.json'), '-o', join(dir, 'j.sinew.json'), '--armature', 'Rig']);
    expect(r.status).toBe(2);
    expect(r.err[0]).toContain('--armature and --blender apply to a .blend file');
  });

  it('evaluates the frame the file was saved at unless told another, and says so when its actions play', () => {
    const doc = JSON.parse(readFileSync(join(FIXTURES, 'handmade.export.json'), 'utf8')) as Record<string, unknown> & { exporter: { frame_current: number }; extensions: string[] };
    doc.exporter.frame_current = 7;
    doc.extensions.push('actions');
    doc['actions'] = [{ name: 'Move', id: { object: 'Look' }, fcurves: [{ data_path: 'location', array_index: 0, keyframes: [
      { co: [1, 0], handle_left: [0, 0], handle_right: [2, 0], interpolation: 'LINEAR' },
      { co: [10, 1], handle_left: [9, 1], handle_right: [11, 1], interpolation: 'LINEAR' }] }] }];
    const file = join(dir, 'at7.json');
    writeFileSync(file, JSON.stringify(doc));
    const graph = join(dir, 'at7.sinew.json');
    const r = cli(['import-blender', file, '-o', graph]);
    expect(r.status, r.err.join('\n')).toBe(0);
    expect(r.err).toContain(`${file}: note: the file was saved at frame 7 and its actions play: \`sinew eval ${graph}\` evaluates that frame, as Blender shows it (--frame N for another)`);
    // Look's x is keyed 0 at frame 1 and 1 at frame 10 (linear): at the saved frame 7, 2/3.
    const x = (args: string[]) => (JSON.parse(cli(['eval', graph, ...args]).out.join('\n')) as { owners: Record<string, number[]> }).owners['Look'][12];
    const at1 = x(['--frame', '1']);
    expect(x([]) - at1).toBeCloseTo(2 / 3, 6);
    expect(x(['--frame', '7'])).toBe(x([]));
    expect(x(['--frame', '10']) - at1).toBeCloseTo(1, 6);
    const still = cli(['import-blender', join(FIXTURES, 'handmade.export.json'), '-o', join(dir, 'still.sinew.json')]);
    expect(still.err.some((l) => l.includes('saved at frame'))).toBe(false);
  });

  it('still imports the exporter\'s JSON directly', () => {
    const r = cli(['import-blender', join(FIXTURES, 'handmade.export.json'), '-o', join(dir, 'direct.sinew.json')]);
    expect(r.status, r.err.join('\n')).toBe(0);
    // The import summary, then the file: its two custom properties are value nodes.
    expect(r.out).toContain('custom properties: 2');
    expect(r.out).toContain('not carried: nothing');
    expect(r.out.at(-1)).toBe(`wrote ${join(dir, 'direct.sinew.json')} (52 nodes)`);
  });
});
