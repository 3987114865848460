// `sinew validate` prints the loader's warnings (a misspelt param) and still exits 0: a warning
// is something to look at, not a broken file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';

describe('sinew validate: warnings', () => {
  it('prints FILE: POINTER: warning: message for an unknown param, and exits 0', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sinew-cli-warn-')), 'typo.sinew.json');
    const node = { id: 'ik', type: 'constraint/ik', params: { influnce: 0.5 }, position: [0, 0] };
    writeFileSync(path, JSON.stringify({ format: 'sinew-graph', version: 1, nodes: [node], links: [] }));
    const out: string[] = [];
    const err: string[] = [];
    const code = run(['validate', path], { out: (s) => out.push(s), err: (s) => err.push(s) });
    expect(code).toBe(0);
    expect(err).toEqual([`${path}: /nodes/0/params/influnce: warning: node "ik": unknown param "influnce" (did you mean "influence"?); it is kept in the file but not used`]);
    expect(out).toEqual(['1 file valid']);
  });
});
