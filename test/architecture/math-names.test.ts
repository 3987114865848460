// nodes/math/ keeps one naming scheme (verb first: multiplyMat4, invertQuat): tools/rename-math.mjs
// renamed the old type-first names, and finds nothing left to rename — so a branch merged with an
// old name in it fails here until the script is run again.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../tools/rename-math.mjs', import.meta.url));

it('no old nodes/math name is left to rename (node tools/rename-math.mjs --check)', () => {
  const run = spawnSync(process.execPath, [SCRIPT, '--check'], { encoding: 'utf8' });
  expect(run.stdout + run.stderr).toMatch(/0 file\(s\) would change/);
  expect(run.status).toBe(0);
});
