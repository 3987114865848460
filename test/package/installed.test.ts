// The package as a user gets it: `npm pack` (whose prepack builds dist/), then `npm install
// --omit=dev` of the tarball into an empty folder, then the `sinew` bin run there with npx. Nothing
// of the repository is reachable from that folder (no tsx, no vite, no TypeScript sources on the
// import path), so this fails if the bin needs a dev dependency or the CLI reads a file the package
// does not carry. The CLI's answers are compared with the same commands run from the source.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';

const ROOT = join(__dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'sinew-package-'));
const app = join(work, 'app');
const installed = join(app, 'node_modules/sinew');
// A cache of our own, kept between runs (so a second run installs from it), never the user's ~/.npm.
const cache = join(ROOT, 'node_modules/.cache/sinew-package-test-npm');

/** The environment of a user's shell: no npm_* variables from the `npm test` around us, and no
 * node_modules/.bin of the repository on PATH. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && k !== 'NODE_PATH' && k !== 'NODE_OPTIONS') env[k] = v;
  env.PATH = (process.env.PATH ?? '').split(delimiter).filter((p) => !/node_modules[\\/]\.bin[\\/]?$|node-gyp-bin/.test(p)).join(delimiter);
  return env;
}

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, env: userEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `npx sinew ARGS` in the install folder; `--no` so npx never fetches a `sinew` from the registry. */
function installedSinew(...args: string[]) {
  const r = spawnSync('npx', ['--no', '--', 'sinew', ...args], { cwd: app, env: userEnv(), encoding: 'utf8' });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

function sourceSinew(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(args, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return Promise.resolve({ code, out: out.join('\n'), err: err.join('\n') });
}

beforeAll(() => {
  npm(['pack', '--pack-destination', work, '--cache', cache], ROOT);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no tarball in ${work}`);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'sinew-user', private: true }));
  npm(['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--cache', cache, join(work, tarball)], app);
}); // 15–30 s idle, 2 min beside test:all's other phases at load 11; vitest.config.ts's 600 s hook ceiling ends a stuck registry

afterAll(() => rm(work, { recursive: true, force: true }));

describe('the installed package', () => {
  it('has its runtime dependencies and none of the dev ones', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    for (const dep of Object.keys(pkg.dependencies)) expect(existsSync(join(app, 'node_modules', dep, 'package.json')), dep).toBe(true);
    for (const dep of Object.keys(pkg.devDependencies)) expect(existsSync(join(app, 'node_modules', dep)), dep).toBe(false);
  });

  it('carries the docs the README cites, the theme variables and both browser builds', () => {
    const readme = readFileSync(join(installed, 'README.md'), 'utf8');
    const cited = [...new Set([...readme.matchAll(/`((?:docs|ui|graph|runtime)\/[\w./-]+\.(?:md|json))`/g)].map((m) => m[1]))];
    expect(cited).toContain('docs/reliability.md');
    expect(cited).toContain('ui/README.md');
    for (const file of cited) expect(existsSync(join(installed, file)), file).toBe(true);
    const uiReadme = readFileSync(join(installed, 'ui/README.md'), 'utf8');
    expect(uiReadme).toContain('theme.ts');
    expect(readFileSync(join(installed, 'ui/theme.ts'), 'utf8')).toContain('--sinew-accent');
    for (const file of ['dist/sinew.js', 'dist/sinew.bundle.js', 'dist/types/ui/index.d.ts', 'dist/cli/sinew.js', 'examples/plain.html']) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
  });

  it('validates the examples, and reports a broken file by file and pointer', () => {
    const ok = installedSinew('validate', 'node_modules/sinew/examples/arm-ik.sinew.json', 'node_modules/sinew/examples/mannequin.sinew.json');
    expect(ok, ok.err).toMatchObject({ code: 0, out: '2 files valid' });
    writeFileSync(join(app, 'broken.sinew.json'), '{"format": "sinew-graph", "version": 1, "nodes": [{"id": 3}]}');
    const bad = installedSinew('validate', 'broken.sinew.json');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^broken\.sinew\.json: \/nodes\/0/m);
    expect(bad.err).not.toMatch(/internal error|\n\s+at /);
  });

  it('evaluates the arm example to the matrices the source gives', async () => {
    const mine = installedSinew('eval', 'node_modules/sinew/examples/arm-ik.sinew.json', '--frame', '12');
    expect(mine.code, mine.err).toBe(0);
    const source = await sourceSinew('eval', join(ROOT, 'examples/arm-ik.sinew.json'), '--frame', '12');
    expect(source.code).toBe(0);
    const owners = (JSON.parse(mine.out) as { owners: Record<string, number[]> }).owners;
    expect(Object.keys(owners)).toContain('Rig/Hand.L');
    expect(owners).toEqual((JSON.parse(source.out) as { owners: Record<string, number[]> }).owners);
  });

  it('imports the mannequin glTF to the scene the source writes', async () => {
    const mine = installedSinew('import-gltf', 'node_modules/sinew/examples/assets/mannequin.glb', '-o', 'mannequin.scene.json');
    expect(mine.code, mine.err).toBe(0);
    const reference = join(work, 'mannequin.scene.json');
    const source = await sourceSinew('import-gltf', join(ROOT, 'examples/assets/mannequin.glb'), '-o', reference);
    expect(source.code, source.err).toBe(0);
    // The armature names its glTF file relative to the scene file, which differs between the two places.
    const scene = (file: string) => JSON.parse(readFileSync(file, 'utf8').replace(/"gltf_file": "[^"]*"/, '"gltf_file": ""')) as unknown;
    expect(scene(join(app, 'mannequin.scene.json'))).toEqual(scene(reference));
    expect(installedSinew('validate', 'mannequin.scene.json')).toMatchObject({ code: 0, out: '1 file valid' });
  });

  it('bakes the mannequin to the same glTF file the source writes', async () => {
    const mine = installedSinew('bake', 'node_modules/sinew/examples/mannequin.sinew.json', '--frames', '1..12', '-o', 'wave.glb');
    expect(mine.code, mine.err).toBe(0);
    expect(mine.out).toMatch(/^wrote wave\.glb \(12 frames/);
    const reference = join(work, 'reference.glb');
    const source = await sourceSinew('bake', join(ROOT, 'examples/mannequin.sinew.json'), '--frames', '1..12', '-o', reference);
    expect(source.code, source.err).toBe(0);
    const glb = readFileSync(join(app, 'wave.glb'));
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.equals(readFileSync(reference))).toBe(true);
  });
});
