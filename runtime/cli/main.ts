// The `sinew` command line: validate, eval, schedule, conformance, import-blender.
import { writeFileSync } from 'node:fs';
import { saveGraph } from '../../graph/save';
import { importBlenderFixture } from '../blender/import';
import type { Fixture } from '../blender/fixture';
import { runConformance } from '../blender/conformance';
import { compile } from '../compile';
import { FrameRangeError } from '../program';
import { CompileFailure } from '../errors';
import { openGraph, openScene, readText, type FileError } from '../files';
import { loadGraph } from '../../graph/load';
import { readJson } from '../../graph/safe-json';
import { graphCatalog } from '../../nodes/catalog';
import { bakeCommand, importGltfCommand } from '../gltf/cli';

const USAGE = `usage: sinew <command> [options]

  validate FILE...                          check graph and scene files; exit 1 on any error
  eval GRAPH [--scene SCENE] [--frame N]    print every owner's final world matrix (column-major)
  schedule GRAPH [--scene SCENE]            print the evaluation order and any cycles
  conformance DIR... [--only NAME,...] [--scope SCOPE]
                                            compare with Blender fixtures (cases whose name starts
                                            with one of NAME; SCOPE replaces each case's own: all,
                                            positions, end_effector, not_ik_affected); exit 0 only
                                            if all pass
  import-blender FIXTURE -o GRAPH           turn a Blender fixture into a graph with an inline scene
  import-gltf FILE -o OUT [--armature NAME] turn a glTF/GLB/VRM file into a scene (OUT.scene.json)
                                            or a graph with its VRM constraints (OUT.sinew.json)
  bake GRAPH [--scene FILE] --frames A..B -o OUT.glb [--fps N] [--step N] [--name NAME]
                                            evaluate every frame and write a glTF animation on the
                                            skeleton (FILE: .glb/.gltf/.vrm or a scene file)
`;

const CONFORMANCE_SCOPES = ['all', 'positions', 'end_effector', 'not_ik_affected'];

type Out = { out: (s: string) => void; err: (s: string) => void };

/** Runs one command; returns the exit code. Never throws for bad input. */
export function run(argv: string[], io: Out): number {
  const [command, ...rest] = argv;
  const { positional, options } = parseArgs(rest);
  const printErrors = (errors: FileError[]) => errors.forEach((e) => io.err(`${e.file}: ${e.pointer || '(file)'}: ${e.message}`));
  switch (command) {
    case 'validate': {
      if (!positional.length) return usage(io);
      let bad = 0;
      for (const file of positional) {
        const errors = validateFile(file);
        printErrors(errors);
        if (errors.length) bad++;
      }
      if (!bad) io.out(`${positional.length} file${positional.length === 1 ? '' : 's'} valid`);
      return bad ? 1 : 0;
    }
    case 'eval':
    case 'schedule': {
      if (positional.length !== 1) return usage(io);
      const opened = openGraph(positional[0], options.scene);
      if (!opened.ok) return printErrors(opened.errors), 1;
      try {
        const program = compile(opened.graph, opened.scene);
        if (opened.carried.length) io.err(`${positional[0]}: helper objects from the graph's scene: ${opened.carried.join(', ')}`);
        for (const w of [...opened.warnings, ...program.warnings.map((x) => ({ ...x, file: positional[0] }))]) {
          io.err(`${w.file}: ${w.pointer || '(file)'}: warning: ${w.message}`);
        }
        if (command === 'eval') {
          const frame = options.frame === undefined ? 1 : Number(options.frame);
          if (!Number.isFinite(frame)) return io.err(`--frame: expected a number, got "${options.frame}"`), 1;
          io.out(JSON.stringify(program.evaluate(frame).result()));
        } else {
          io.out(JSON.stringify({ order: program.schedule.order, cycles: program.schedule.cycles }, null, 2));
        }
        return 0;
      } catch (e) {
        if (e instanceof CompileFailure) return printErrors(e.errors.map((x) => ({ ...x, file: positional[0] }))), 1;
        if (e instanceof FrameRangeError) return io.err(`${positional[0]}: --frame: ${e.message}`), 1;
        throw e;
      }
    }
    case 'conformance': {
      if (!positional.length) return usage(io);
      const scope = options.scope;
      if (scope !== undefined && !CONFORMANCE_SCOPES.includes(scope)) return io.err(`--scope: expected one of ${CONFORMANCE_SCOPES.join(', ')}, got "${scope}"`), 2;
      const { results, passed, failed } = runConformance(positional, options.only?.split(','), scope);
      for (const r of results) {
        if (r.passed) continue;
        const why = r.error ?? (r.unsupported.length ? `unsupported: ${r.unsupported.join('; ')}` : `largest error ${r.maxError.toExponential(2)} at ${r.where} (tolerance ${r.tolerance}, scope ${r.scope})`);
        io.out(`FAIL ${r.name}: ${why}`);
      }
      io.out(`${passed} passed, ${failed} failed`);
      return failed === 0 && passed > 0 ? 0 : 1;
    }
    case 'import-blender': {
      if (positional.length !== 1 || !options.o) return usage(io);
      const t = readText(positional[0]);
      if (!t.ok) return printErrors(t.errors), 1;
      let fx: Fixture;
      try {
        fx = JSON.parse(t.text) as Fixture;
      } catch (e) {
        return io.err(`${positional[0]}: (file): not valid JSON: ${e instanceof Error ? e.message : e}`), 1;
      }
      if (fx.format !== 'blender-constraint-fixture/1') return io.err(`${positional[0]}: /format: expected "blender-constraint-fixture/1"`), 1;
      const imported = importBlenderFixture(fx, { applyAfterEval: false });
      for (const u of imported.unsupported) io.err(`${positional[0]}: unsupported: ${u}`);
      writeFileSync(options.o, saveGraph(imported.graph));
      io.out(`wrote ${options.o} (${imported.graph.nodes.length} nodes)`);
      return 0;
    }
    case 'import-gltf': {
      if (positional.length !== 1 || !options.o) return usage(io);
      return importGltfCommand(positional[0], options.o, { armature: options.armature }, io);
    }
    case 'bake': {
      if (positional.length !== 1 || !options.o) return usage(io);
      return bakeCommand(positional[0], options, io);
    }
    default:
      return usage(io);
  }
}

function validateFile(file: string): FileError[] {
  const t = readText(file);
  if (!t.ok) return t.errors;
  const read = readJson(t.text);
  if (!read.ok) return read.errors.map((e) => ({ ...e, file }));
  const format = (read.value as { format?: unknown } | null)?.format;
  if (format === 'sinew-scene') {
    const s = openScene(file);
    return s.ok ? [] : s.errors;
  }
  const g = loadGraph(read.value, graphCatalog());
  if (!g.ok) return g.errors.map((e) => ({ ...e, file }));
  if (g.graph.scene === undefined) return [];
  // With a scene at hand, also check what only compiling can: owners, socket types, dangling links.
  const opened = openGraph(file);
  if (!opened.ok) return opened.errors;
  try {
    compile(opened.graph, opened.scene);
    return [];
  } catch (e) {
    if (e instanceof CompileFailure) return e.errors.map((x) => ({ ...x, file }));
    throw e;
  }
}

function usage(io: Out): number {
  io.err(USAGE);
  return 2;
}

function parseArgs(args: string[]): { positional: string[]; options: Record<string, string | undefined> } {
  const positional: string[] = [];
  const options: Record<string, string | undefined> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-o' || a.startsWith('--')) options[a.replace(/^-+/, '')] = args[++i];
    else positional.push(a);
  }
  return { positional, options };
}

// Entry point: any unexpected failure is reported as one line, never a stack trace.
if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('runtime/cli/main.ts')) {
  try {
    process.exitCode = run(process.argv.slice(2), { out: (s) => console.log(s), err: (s) => console.error(s) });
  } catch (e) {
    console.error(`sinew: internal error: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 3;
  }
}
