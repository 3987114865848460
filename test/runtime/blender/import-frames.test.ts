// The importer puts each owner's constraint stack in a frame named after its bone, so the imported
// Rigify rig opens readable; the frames load, save and leave evaluation alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../../graph/load';
import { saveGraph } from '../../../graph/save';
import { graphCatalog } from '../../../nodes/catalog';
import { casesIn } from '../../../runtime/io/blender/conformance';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';
import { SHARED_DIR } from '../../shared-path';

const RIGIFY = join(SHARED_DIR, 'conformance/rigify-human');

describe('importer frames', () => {
  const fx = JSON.parse(readFileSync(casesIn(RIGIFY)[0].file, 'utf8')) as Fixture;
  const { graph } = importBlenderFixture(fx);
  const frames = graph.frames ?? [];

  it('gives each constrained bone one frame, named after the bone, holding its whole stack and nothing else', () => {
    const bones = new Set(fx.constraints.map((c) => c.owner.bone ?? c.owner.object));
    expect(frames.map((f) => f.label).sort()).toEqual([...bones].sort());
    const owners = new Set(fx.constraints.map((c) => (c.owner.bone ? `${c.owner.object}/${c.owner.bone}` : c.owner.object)));
    for (const f of frames) {
      const owner = f.id.slice('frame:'.length);
      expect(owners.has(owner)).toBe(true);
      expect(f.nodes[0]).toBe(`in:${owner}`);
      expect(f.nodes[f.nodes.length - 1]).toBe(`out:${owner}`);
      expect(f.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    // No node in two frames, and the shared target readers in none.
    const framed = frames.flatMap((f) => f.nodes);
    expect(new Set(framed).size).toBe(framed.length);
    expect(framed.some((id) => id.startsWith('read:'))).toBe(false);
  });

  it('loads without errors and saves canonically with its frames', () => {
    const text = saveGraph(graph);
    const loaded = loadGraph(text, graphCatalog());
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.pointer}: ${e.message}`).join('\n'));
    expect(loaded.graph.frames).toEqual(frames);
    expect(saveGraph(loaded.graph)).toBe(text);
  });
});
