// `sinew import-blender FILE -o GRAPH [--armature NAME] [--blender PATH] [--force] [--strict]`: a
// Blender fixture, or a Blender exporter's JSON, or a `.blend` file (exported first by Blender run
// headless with the bundled exporter, runtime/cli/blend-export.ts), as a graph with its scene inline. The fixture is checked against the format first (errors name fixture pointers),
// and the graph is loaded and compiled before it is written, so an invalid graph is never written:
// a problem found there is reported at the constraint it came from.
import { saveGraph } from '../../graph/save';
import { loadGraph } from '../../graph/load';
import { pointerOf } from '../../graph/pointer';
import { readJson } from '../../graph/safe-json';
import type { GraphDocument, GraphError } from '../../graph/types';
import { graphCatalog } from '../../nodes/catalog';
import { checkFixture } from '../io/blender/check-fixture';
import { importBlenderFixture, type BlenderImport } from '../io/blender/import';
import { exportNotes, importSummary } from '../io/blender/import-summary';
import { compile } from '../eval/compile';
import { CompileFailure } from '../eval/errors';
import { readText, type FileError } from '../io/files';
import { exportBlend, isBlendFile } from './blend-export';
import type { CliIo } from './process';
import { printWarnings, strictFailure } from './warnings';
import { checkOutput, writeOutput } from './write-output';

export interface ImportBlenderOptions {
  force?: boolean;
  strict?: boolean;
  /** `.blend` input: export only this armature and the objects it depends on. */
  armature?: string;
  /** `.blend` input: the Blender executable (else `$BLENDER`, else `blender` on PATH). */
  blender?: string;
}

export function importBlenderCommand(file: string, out: string, options: ImportBlenderOptions, io: CliIo): number {
  const printErrors = (errors: readonly GraphError[]) => { errors.forEach((e) => { io.err(`${file}: ${e.pointer || '(file)'}: ${e.message}`); }); };
  const output = { force: options.force, inputs: [file] };
  const preflight = checkOutput(out, output);
  if (!preflight.ok) return io.err(preflight.message), 1;
  let text: string;
  let blendNotes: string[] = [];
  if (isBlendFile(file)) {
    const exported = exportBlend(file, { armature: options.armature, blender: options.blender });
    if (!exported.ok) return io.err(exported.message), 1;
    text = exported.text;
    blendNotes = exported.notes;
  } else {
    if (options.armature !== undefined || options.blender !== undefined) {
      return io.err(`sinew import-blender: --armature and --blender apply to a .blend file; ${file} is read as JSON`), 2;
    }
    const t = readText(file);
    if (!t.ok) return printErrors(t.errors), 1;
    text = t.text;
  }
  const read = readJson(text, undefined, 'fixture');
  if (!read.ok) return printErrors(read.errors), 1;
  const checked = checkFixture(read.value);
  if (!checked.ok) return printErrors(checked.errors), 1;

  const imported = importBlenderFixture(checked.fixture, { applyAfterEval: false });
  // The exporter's notes, from the file and (a .blend) from what the exporter printed, once each.
  const notes = [...new Set([...exportNotes(checked.fixture), ...blendNotes])];
  const verified = verifyImport(imported);
  if (!verified.ok) return printErrors(verified.errors), 1;
  const warnings: FileError[] = [
    ...checked.warnings,
    // What the exporter could not write as Blender has it: each a difference, so --strict refuses it.
    ...notes.map((n) => ({ code: 'export-note', pointer: '/exporter/notes', message: `exported approximately: ${n}` })),
    ...imported.unsupported.map((u, i) => ({ code: 'unsupported', pointer: imported.unsupportedAt[i], message: `unsupported: ${u}` })),
    ...verified.warnings,
    // Drivers and custom-property values the graph does not carry live: each a warning, so --strict refuses them.
    ...imported.drivers.notCarried.map((u) => ({ code: 'not-carried', pointer: '/drivers', message: `not carried: ${u}` })),
  ].map((w) => ({ ...w, file }));
  for (const line of importSummary(checked.fixture, imported, notes, [...checked.warnings, ...verified.warnings].map((w) => w.message))) io.out(line);
  const warned = printWarnings(io, warnings);
  if (options.strict && warned) return io.err(strictFailure(file, warned, `${out} not written`)), 1;
  const written = writeOutput(out, verified.text, output);
  if (!written.ok) return io.err(written.message), 1;
  io.out(`wrote ${out} (${imported.graph.nodes.length} nodes)`);
  const saved = imported.scene.frame_current;
  if (saved !== undefined && saved !== 1 && checked.fixture.actions?.length) {
    io.err(`${file}: note: the file was saved at frame ${saved} and its actions play: \`sinew eval ${out}\` evaluates that frame, as Blender shows it (--frame N for another)`);
  }
  return 0;
}

/**
 * Loads and compiles the imported graph as `sinew validate` would. A problem is a mistake in the
 * fixture the format check could not see (a setting of the wrong type for its node): it is moved
 * from the graph's pointer to the fixture's constraint, keeping the graph's pointer in the message.
 */
function verifyImport(imported: BlenderImport): { ok: true; text: string; warnings: GraphError[] } | { ok: false; errors: GraphError[] } {
  const text = saveGraph(imported.graph);
  const where = (errors: readonly GraphError[]) => errors.map((e) => atFixture(e, imported.graph, imported.origins));
  const loaded = loadGraph(text, graphCatalog());
  if (!loaded.ok) return { ok: false, errors: where(loaded.errors) };
  try {
    const program = compile(loaded.graph, imported.scene);
    return { ok: true, text, warnings: where([...loaded.warnings, ...program.warnings]) };
  } catch (e) {
    if (e instanceof CompileFailure) return { ok: false, errors: where(e.errors) };
    throw e;
  }
}

function atFixture(e: GraphError, graph: GraphDocument, origins: BlenderImport['origins']): GraphError {
  const m = /^\/(nodes|links)\/(\d+)(?:\/params\/([^/]+))?/.exec(e.pointer);
  let node: string | undefined;
  if (m?.[1] === 'nodes') node = graph.nodes[Number(m[2])]?.id;
  else if (m?.[1] === 'links') node = graph.links[Number(m[2])]?.to.node;
  node ??= e.nodeId;
  const origin = node === undefined ? undefined : origins.get(node);
  if (origin !== undefined) {
    const prop = m?.[3] === undefined ? undefined : origin.props.get(m[3].replaceAll('~1', '/').replaceAll('~0', '~'));
    const pointer = prop === undefined ? pointerOf('constraints', origin.index) : pointerOf('constraints', origin.index, 'props', prop);
    return { ...e, pointer, message: `${e.message} (in the imported graph at ${e.pointer})` };
  }
  // The inline scene is the fixture's objects, key for key.
  if (e.pointer.startsWith('/scene/')) return { ...e, pointer: e.pointer.slice('/scene'.length) };
  return { ...e, message: `${e.message} (in the imported graph at ${e.pointer || 'its top'})` };
}
