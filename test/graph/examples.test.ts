import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../graph/load';
import { saveGraph } from '../../graph/save';

const folder = new URL('../../examples/', import.meta.url);
const files = readdirSync(folder).filter((f) => f.endsWith('.sinew.json'));

describe('shipped example graphs', () => {
  it.each(files)('%s loads and is saved canonically', (file) => {
    const text = readFileSync(new URL(file, folder), 'utf8');
    const result = loadGraph(text);
    if (!result.ok) throw new Error(result.errors.map((e) => `${e.pointer}: ${e.message}`).join('\n'));
    // A canonical file diffs cleanly: opening and saving it in the editor must not change a byte.
    expect(saveGraph(result.graph)).toBe(text);
  });
});
