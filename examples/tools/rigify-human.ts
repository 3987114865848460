// Writes examples/rigify-human.sinew.json: Rigify's generated human rig (Blender 3.4, 706 bones, 533
// constraints) in an animator's pose, imported by the project's importer from the shared Blender case
// ../shared/conformance/rigify-human/rigify_human_01.json — the graph `sinew import-blender` writes
// for that case (scene inline). Run `npx tsx examples/tools/rigify-human.ts` after changing the
// importer (drivers, custom properties, Blender's IK solver all come in through it); the example file
// is the output, committed, and test/conformance/rigify-example.test.ts checks the two are equal.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { saveGraph } from '../../graph/save';
import type { GraphDocument } from '../../graph/types';
import type { Fixture } from '../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../runtime/io/blender/import';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** The recorded case the example is: a random animator pose of 67 controls. */
export const RIGIFY_EXAMPLE_CASE = here('../../../shared/conformance/rigify-human/rigify_human_01.json');

/** The example's graph, from the case's fixture, as `sinew import-blender` imports it. */
export function rigifyExample(fixture: Fixture): GraphDocument {
  const imported = importBlenderFixture(fixture, { applyAfterEval: false });
  return { ...imported.graph, view: { x: 0, y: 0, zoom: 0.3 } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const graph = rigifyExample(JSON.parse(readFileSync(RIGIFY_EXAMPLE_CASE, 'utf8')) as Fixture);
  writeFileSync(here('../rigify-human.sinew.json'), saveGraph(graph));
  console.log(`wrote examples/rigify-human.sinew.json (${graph.nodes.length} nodes)`);
}
