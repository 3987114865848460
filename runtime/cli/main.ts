// The `sinew` command line: validate, eval, schedule, conformance, import-blender, import-gltf, bake.
import { runConformance } from '../io/blender/conformance';
import { compile } from '../eval/compile';
import { FrameRangeError } from '../eval/program';
import { CompileFailure } from '../eval/errors';
import { openGraph, openScene, readText, type FileError } from '../io/files';
import { loadGraph } from '../../graph/load';
import { readJson } from '../../graph/safe-json';
import { graphCatalog } from '../../nodes/catalog';
import { bakeCommand, importGltfCommand } from './gltf-commands';
import { importBlenderCommand } from './import-blender';
import { playingClip } from '../rig/scene/playback';
import { applySettings, parseSetting, type ParamSetting } from './set-params';
import { COMMAND_OPTIONS, parseArgs, parseFps, parseFrame } from './options';
import { runAsProcess, type CliIo } from './process';
import { printWarnings, strictFailure } from './warnings';

const USAGE = `usage: sinew <command> [options]

  validate FILE...                          check graph and scene files; exit 1 on any error
  eval GRAPH [--scene SCENE] [--clip NAME [--fps N]] [--frame N] [--set NODE.PARAM=VALUE]... [--strict]
                                            print every owner's final world matrix (column-major),
                                            with the scene's clip NAME playing under the constraints,
                                            at frame N (default: the frame the scene was saved at,
                                            a Blender import's; else 1)
  schedule GRAPH [--scene SCENE]            print the evaluation order and any cycles
  conformance DIR... [--only NAME,...] [--scope SCOPE]
                                            compare with Blender fixtures (cases whose name starts
                                            with one of NAME; SCOPE replaces each case's own: all,
                                            positions, end_effector, not_ik_affected); exit 0 only
                                            if all pass
  import-blender FILE -o GRAPH [--armature NAME] [--blender PATH] [--force] [--strict]
                                            turn a .blend file (exported by Blender, run headless with
                                            the bundled exporter) or an exported/fixture JSON into a
                                            graph with an inline scene
  import-gltf FILE -o OUT [--armature NAME] [--force]
                                            turn a glTF/GLB/VRM file into a scene (OUT.scene.json)
                                            or a graph with its VRM constraints (OUT.sinew.json)
  bake GRAPH [--scene FILE] [--clip NAME] --frames A..B -o OUT.glb [--fps N] [--step N] [--name NAME] [--force] [--strict]
                                            evaluate every frame and write a glTF animation on the
                                            skeleton (FILE: .glb/.gltf/.vrm or a scene file); with
                                            --clip, constraints on top of the clip (--frames defaults
                                            to the clip, --name to NAME+Sinew), other clips kept

  --force   replace an existing output file (an input of the command is never replaced)
  --strict  treat every warning as an error: exit 1 and write nothing
  Frames are numbers from -1048574 to 1048574; --fps is above 0 and at most 1000; --step is above 0
  and at most 10000; a bake takes at most 100000 frames.
`;

const CONFORMANCE_SCOPES = ['all', 'positions', 'end_effector', 'not_ik_affected'];

/** Runs one command; returns the exit code. Never throws for bad input. */
export function run(argv: string[], io: CliIo): number {
  const [command = '', ...rest] = argv;
  const spec = COMMAND_OPTIONS[command];
  if (!spec) return usage(io);
  const parsed = parseArgs(command, rest, spec);
  if (!parsed.ok) return io.err(parsed.message), 2;
  const { positional, options, flags, lists } = parsed.value;
  const strict = flags.has('strict');
  const force = flags.has('force');
  const printErrors = (errors: FileError[]) => { errors.forEach((e) => { io.err(`${e.file}: ${e.pointer || '(file)'}: ${e.message}`); }); };
  switch (command) {
    case 'validate': {
      if (!positional.length) return usage(io);
      let bad = 0;
      for (const file of positional) {
        const errors = validateFile(file, (w) => { io.err(`${w.file}: ${w.pointer || '(file)'}: warning: ${w.message}`); });
        printErrors(errors);
        if (errors.length) bad++;
      }
      if (!bad) io.out(`${positional.length} file${positional.length === 1 ? '' : 's'} valid`);
      return bad ? 1 : 0;
    }
    case 'eval':
    case 'schedule': {
      if (positional.length !== 1) return usage(io);
      const frame = parseFrame(options.frame, 1);
      if (!frame.ok) return io.err(frame.message), 2;
      const fps = parseFps(options.fps);
      if (!fps.ok) return io.err(fps.message), 2;
      const settings: ParamSetting[] = [];
      for (const text of lists.set ?? []) {
        const s = parseSetting(text);
        if (!s.ok) return io.err(s.message), 2;
        settings.push(s.value);
      }
      const opened = openGraph(positional[0], options.scene);
      if (!opened.ok) return printErrors(opened.errors), 1;
      if (options.clip !== undefined) {
        const playing = playingClip(opened.scene, options.clip, fps.value);
        if (!playing.ok) return io.err(`${opened.sceneSource}: ${playing.message}`), 1;
        opened.scene = playing.scene;
      }
      const refused = applySettings(opened.graph, settings, graphCatalog());
      if (refused.length) return refused.forEach((m) => { io.err(`${positional[0]}: ${m}`); }), 1;
      let warned = printWarnings(io, opened.warnings);
      try {
        const program = compile(opened.graph, opened.scene);
        if (opened.carried.length) io.err(`${positional[0]}: helper objects from the graph's scene: ${opened.carried.join(', ')}`);
        let output: string;
        if (command === 'eval') {
          // Without --frame, the frame the scene was saved at (a Blender import's), as Blender shows it.
          const at = options.frame === undefined ? (opened.scene.frame_current ?? frame.value) : frame.value;
          output = JSON.stringify(program.evaluate(at).result());
          if (options.frame !== undefined && at !== opened.scene.frame_current) notePlayback(io, positional[0], at, program.playbackDependence);
        } else {
          output = JSON.stringify({ order: program.schedule.order, cycles: program.schedule.cycles }, null, 2);
        }
        // After evaluating: a node that failed or an owner that overflowed is only known then.
        warned += printWarnings(io, program.warnings.map((x) => ({ ...x, file: positional[0] })));
        if (strict && warned) return io.err(strictFailure(positional[0], warned, 'no result printed')), 1;
        io.out(output);
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
      // Progress as it runs: a failure when it happens, a line per category and per folder when done.
      const tally = (name: string) => ({ name, passed: 0, failed: 0 });
      let folder = tally('');
      let category = tally('');
      const say = (t: { name: string; passed: number; failed: number }, indent = '') => { io.out(`${indent}${t.name}: ${t.passed} passed, ${t.failed} failed`); };
      const { passed, failed } = runConformance(positional, { only: options.only?.split(','), scope, onResult: (r, dir) => {
        const name = r.name.replace(/_\d+$/, '');
        if (dir !== folder.name || name !== category.name) {
          if (category.name) say(category, '  ');
          category = tally(name);
        }
        if (dir !== folder.name) {
          if (folder.name) say(folder);
          folder = tally(dir);
        }
        const counts = r.passed ? 'passed' : 'failed';
        category[counts]++;
        folder[counts]++;
        if (r.passed) return;
        const why = r.error ?? (r.unsupported.length ? `unsupported: ${r.unsupported.join('; ')}` : `largest error ${r.maxError.toExponential(2)} at ${r.where} (tolerance ${r.tolerance}, scope ${r.scope})`);
        io.out(`FAIL ${r.name}: ${why}`);
      } });
      if (category.name) say(category, '  ');
      if (folder.name) say(folder);
      io.out(`${passed} passed, ${failed} failed`);
      return failed === 0 && passed > 0 ? 0 : 1;
    }
    case 'import-blender': {
      if (positional.length !== 1 || !options.o) return usage(io);
      return importBlenderCommand(positional[0], options.o, { force, strict, armature: options.armature, blender: options.blender }, io);
    }
    case 'import-gltf': {
      if (positional.length !== 1 || !options.o) return usage(io);
      return importGltfCommand(positional[0], options.o, { armature: options.armature, force }, io);
    }
    case 'bake': {
      if (positional.length !== 1 || !options.o) return usage(io);
      return bakeCommand(positional[0], { ...options, o: options.o, force, strict }, io);
    }
    default:
      return usage(io);
  }
}

function validateFile(file: string, warn: (warning: FileError) => void): FileError[] {
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
  g.warnings.forEach((w) => { warn({ ...w, file }); });
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

/**
 * A note (not a warning: `--strict` does not count it) when the frame was evaluated on its own but
 * the rig keeps something from the frames before it, which Blender's session had played through.
 */
function notePlayback(io: CliIo, file: string, frame: number, causes: readonly string[]): void {
  if (causes.length === 0) return;
  io.err(`${file}: note: frame ${frame} was evaluated on its own, from the file's pose; played to from other frames (as in Blender, or \`sinew bake\`) it can differ, because ${causes.join('; ')}`);
}

function usage(io: CliIo): number {
  io.err(USAGE);
  return 2;
}

/** The CLI as a process (bin/sinew.mjs, `npm run sinew`): see ./process.ts. */
export function main(argv: string[] = process.argv.slice(2)): void {
  runAsProcess(run, argv);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('runtime/cli/main.ts')) main();
