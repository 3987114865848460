// `sinew conformance` over the shipped Blender fixtures, and over another folder of fixtures in the
// same format (no manifest there: each case at 1e-5, scope all), with no change to the code.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';
import { FIXTURES_DIR } from '../shared-path';

const fixtures = FIXTURES_DIR;

function conformance(...dirs: string[]) {
  const out: string[] = [];
  const code = run(['conformance', ...dirs], { out: (s) => out.push(s), err: (s) => out.push(s) });
  return { code, lines: out };
}

describe('sinew conformance', () => {
  it('passes every shipped Blender fixture at its manifest tolerance', () => {
    const manifest = JSON.parse(readFileSync(join(fixtures, 'manifest.json'), 'utf8')) as { cases: unknown[] };
    const { code, lines } = conformance(fixtures);
    expect(lines.filter((l) => l.startsWith('FAIL')), 'failing cases').toEqual([]);
    expect(lines.at(-1)).toBe(`${manifest.cases.length} passed, 0 failed`);
    expect(code).toBe(0);
  });

  it('runs on another folder of fixtures, and names a failing case with its largest error and where', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sinew-fixtures-'));
    copyFileSync(join(fixtures, 'track_to_03.json'), join(dir, 'track_to_03.json'));
    // A copy whose recorded result was moved: the command must fail it and say where.
    const fx = JSON.parse(readFileSync(join(fixtures, 'copy_location_05.json'), 'utf8'));
    const owner = Object.keys(fx.expected.objects)[0];
    fx.expected.objects[owner][13] += 0.5;
    writeFileSync(join(dir, 'copy_location_05.json'), JSON.stringify(fx));
    const { code, lines } = conformance(dir);
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
    expect(lines[0]).toMatch(new RegExp(`^FAIL copy_location_05: largest error 5\\.00e-1 at ${owner}\\[13\\]`));
    // Progress: the failure as it happens, then a line per category and per folder.
    expect(lines.slice(1)).toEqual(['  copy_location: 0 passed, 1 failed', '  track_to: 1 passed, 0 failed', `${dir}: 1 passed, 1 failed`, '1 passed, 1 failed']);
  });

  it('runs one fixture file, at its manifest entry, and names a path that is neither a folder nor a file', () => {
    const one = conformance(join(fixtures, 'track_to_03.json'));
    expect(one.lines.at(-1)).toBe('1 passed, 0 failed');
    expect(one.code).toBe(0);
    // A moved result in a lone file (no manifest beside it): 1e-5, scope all, and it fails.
    const dir = mkdtempSync(join(tmpdir(), 'sinew-fixture-'));
    const fx = JSON.parse(readFileSync(join(fixtures, 'copy_location_05.json'), 'utf8'));
    const owner = Object.keys(fx.expected.objects)[0];
    fx.expected.objects[owner][12] += 1e-4;
    writeFileSync(join(dir, 'moved.json'), JSON.stringify(fx));
    const moved = conformance(join(dir, 'moved.json'));
    expect(moved.code).toBe(1);
    expect(moved.lines[0]).toMatch(/^FAIL moved: largest error 1\.00e-4/);
    const missing = conformance(join(dir, 'nope.json'));
    expect(missing.code).toBe(1);
    expect(missing.lines[0]).toMatch(/^FAIL nope: cannot read .*nope\.json: no such file$/);
  });

  it('fails a malformed case with where and what is wrong, and runs the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sinew-malformed-'));
    const good = readFileSync(join(fixtures, 'track_to_03.json'), 'utf8');
    writeFileSync(join(dir, 'a_good.json'), good);
    writeFileSync(join(dir, 'b_truncated.json'), good.slice(0, 200));
    const fx = JSON.parse(good);
    writeFileSync(join(dir, 'c_no_expected.json'), JSON.stringify({ ...fx, expected: undefined }));
    writeFileSync(join(dir, 'd_bad_name.json'), JSON.stringify({ ...fx, objects: [{ ...fx.objects[0], name: 5 }, ...fx.objects.slice(1)] }));
    const owner = Object.keys(fx.expected.objects)[0];
    writeFileSync(join(dir, 'e_short_matrix.json'), JSON.stringify({ ...fx, expected: { ...fx.expected, objects: { ...fx.expected.objects, [owner]: [1, 0, 0] } } }));
    writeFileSync(join(dir, 'f_not_a_case.json'), '[1, 2]');
    const { code, lines } = conformance(dir);
    expect(code).toBe(1);
    const fails = lines.filter((l) => l.startsWith('FAIL'));
    expect(fails).toHaveLength(5);
    expect(fails[0]).toMatch(/^FAIL b_truncated: cannot read .*b_truncated\.json: the file is not valid JSON: .* at line \d+, column \d+$/);
    expect(fails[1]).toBe('FAIL c_no_expected: /expected: required field "expected" is missing (a conformance case holds the matrices Blender evaluated; an export without them is for import-blender)');
    expect(fails[2]).toBe('FAIL d_bad_name: /objects/0/name: expected a string of 1 to 256 characters, got 5');
    expect(fails[3]).toMatch(new RegExp(`^FAIL e_short_matrix: /expected/objects/${owner}: expected 16 numbers, got`));
    expect(fails[4]).toMatch(/^FAIL f_not_a_case: this is not a Blender fixture: expected a JSON object/);
    expect(lines.at(-1)).toBe('1 passed, 5 failed');
  });
});
