// The `sinew import-gltf` and `sinew bake` commands (wired in runtime/cli/main.ts).
import { dirname, relative } from 'node:path';
import { saveGraph } from '../../graph/save';
import type { GraphDocument } from '../../graph/types';
import { compile } from '../eval/compile';
import { FrameRangeError } from '../eval/program';
import { CompileFailure } from '../eval/errors';
import { readText, type FileError } from '../io/files';
import { readJson } from '../../graph/safe-json';
import { parseFps, parseFrameRange, parseStep } from './options';
import { printWarnings, strictFailure } from './warnings';
import { checkOutput, writeOutput } from './write-output';
import { loadScene } from '../io/scene/load';
import type { SceneDocument } from '../rig/scene/types';
import { clipDuration, playingClip } from '../rig/scene/playback';
import { bakeAnimation } from '../io/gltf/bake';
import { GltfError, writeGlb } from '../io/gltf/container';
import { checkUri, type UriVerdict } from '../io/gltf/uri-policy';
import { openGraph } from '../io/files';
import { bakeTargetFor } from '../io/gltf/bake-target';
import { importGltfFile, realPathInFolder } from '../io/gltf/node';

type Io = { out: (s: string) => void; err: (s: string) => void };
const printErrors = (io: Io, errors: FileError[]) => { errors.forEach((e) => { io.err(`${e.file}: ${e.pointer || '(file)'}: ${e.message}`); }); };

/** A scene as canonical JSON text (the graph writer's rules: stable keys, no float noise). */
export function saveScene(scene: SceneDocument): string {
  return saveGraph(scene as unknown as GraphDocument);
}

/** What `sinew import-gltf` takes besides its file and output. */
export interface ImportGltfOptions {
  armature?: string;
  /** Replace an existing output (`--force`). */
  force?: boolean;
}

/**
 * `sinew import-gltf FILE -o OUT [--armature NAME] [--force]`: OUT ending in .sinew.json gets a
 * graph with the scene inline and VRMC constraints as nodes; any other OUT gets a scene file.
 * Either way the armature names the glTF file in `gltf_file`.
 */
export function importGltfCommand(file: string, out: string, options: ImportGltfOptions, io: Io): number {
  const output = { force: options.force, inputs: [file, ...externalFiles(file)] };
  const preflight = checkOutput(out, output);
  if (!preflight.ok) return io.err(preflight.message), 1;
  const r = importGltfFile(file, { armature: options.armature });
  if (!r.ok) return printErrors(io, r.errors), 1;
  const { imported } = r;
  for (const n of imported.notes) io.err(`${file}: note: ${n}`);
  const check = loadScene(imported.scene);
  if (!check.ok) return printErrors(io, check.errors.map((e) => ({ ...e, file }))), 1;
  const bones = imported.scene.objects[0].bones?.length ?? 0;
  const objects = imported.scene.objects.length - 1;
  // The armature remembers its file (relative to the file holding the scene), so bake finds it.
  (imported.scene.objects[0] as { gltf_file?: string }).gltf_file = relative(dirname(out), file).split('\\').join('/');
  const asGraph = /\.sinew\.json$/i.test(out);
  const springJoints = imported.graph.nodes.filter((n) => n.type === 'physics/spring-bone').length;
  const written = writeOutput(out, asGraph ? saveGraph(imported.graph) : saveScene(imported.scene), output);
  if (!written.ok) return io.err(written.message), 1;
  if (asGraph) {
    const springs = springJoints ? `, ${springJoints} VRM spring joints` : '';
    io.out(`wrote ${out} (${bones} bones, ${objects} other objects, ${imported.constraints.length} VRM constraints${springs} as ${imported.graph.nodes.length} nodes)`);
  } else {
    if (imported.constraints.length) io.err(`${file}: note: ${imported.constraints.length} VRMC_node_constraint constraints become graph nodes only when OUT is a graph (NAME.sinew.json)`);
    if (springJoints) io.err(`${file}: note: ${springJoints} VRMC_springBone joints become graph nodes only when OUT is a graph (NAME.sinew.json)`);
    io.out(`wrote ${out} (${bones} bones, ${objects} other objects)`);
  }
  return 0;
}

/** What `sinew bake` takes besides the graph file. */
export interface BakeCommandOptions {
  o: string;
  frames?: string;
  fps?: string;
  step?: string;
  name?: string;
  scene?: string;
  armature?: string;
  /** The scene's clip to bake the constraints on top of. */
  clip?: string;
  force?: boolean;
  strict?: boolean;
}

/** `sinew bake GRAPH [--scene FILE] --frames A..B -o OUT.glb [--fps N] [--step N] [--name NAME] [--armature NAME] [--force] [--strict]`. */
export function bakeCommand(graphFile: string, options: BakeCommandOptions, io: Io): number {
  const step = parseStep(options.step);
  if (!step.ok) return io.err(step.message), 2;
  const fps = parseFps(options.fps);
  if (!fps.ok) return io.err(fps.message), 2;
  // With a clip and no --frames, the clip's own range is baked (known once the scene is open).
  const frames = options.frames === undefined && options.clip !== undefined ? undefined : parseFrameRange(options.frames, step.value);
  if (frames && !frames.ok) return io.err(frames.message), 2;
  const out = options.o;
  const early = checkOutput(out, { force: options.force, inputs: [graphFile, ...(options.scene ? [options.scene, ...externalFiles(options.scene)] : [])] });
  if (!early.ok) return io.err(early.message), 1;
  const opened = openGraph(graphFile, options.scene, { armature: options.armature });
  if (!opened.ok) return printErrors(io, opened.errors), 1;
  let range = frames?.ok ? frames.value : undefined;
  if (options.clip !== undefined) {
    const playing = playingClip(opened.scene, options.clip, fps.value);
    if (!playing.ok) return io.err(`${opened.sceneSource}: ${playing.message}`), 1;
    opened.scene = playing.scene;
    if (!range) {
      // The clip's last key as a frame; a float32 key time a hair past a whole frame is that frame.
      const start = playing.scene.playback?.start_frame ?? 1;
      const clipFrames = parseFrameRange(`${start}..${start + Math.ceil(clipDuration(playing.clip) * fps.value - 1e-3)}`, step.value);
      if (!clipFrames.ok) return io.err(clipFrames.message), 2;
      range = clipFrames.value;
    }
  }
  if (!range) return io.err('--frames: required'), 2;
  const { target, source, warnings } = bakeTargetFor(opened);
  let warned = printWarnings(io, [...opened.warnings, ...warnings]);
  if (opened.carried.length) io.err(`${graphFile}: helper objects from the graph's scene: ${opened.carried.join(', ')}`);
  // Everything the bake read: the graph, its scene file, and the glTF (with its external files)
  // the animation is written onto, which `-o` must never overwrite.
  const inputs = [graphFile, opened.sceneSource, source, ...externalFiles(source), ...(options.scene ? [options.scene, ...externalFiles(options.scene)] : [])];
  try {
    const program = compile(opened.graph, opened.scene);
    const name = options.name ?? (options.clip !== undefined ? `${options.clip}+Sinew` : undefined);
    const baked = bakeAnimation(program, target, { start: range.start, end: range.end, fps: fps.value, step: step.value, name });
    // After baking: a node that failed or an owner that overflowed is only known then, with the
    // number of frames it happened in.
    warned += printWarnings(io, program.warnings.map((w) => ({ ...w, file: graphFile })), baked.frames.length);
    if (options.strict && warned) return io.err(strictFailure(graphFile, warned, `${out} not written`)), 1;
    const written = writeOutput(out, writeGlb(baked.asset), { force: options.force, inputs });
    if (!written.ok) return io.err(written.message), 1;
    io.out(`wrote ${out} (${baked.frames.length} frames at ${fps.value} fps, ${baked.nodes.length} animated nodes, skeleton from ${source})`);
    return 0;
  } catch (e) {
    if (e instanceof CompileFailure) return printErrors(io, e.errors.map((x) => ({ ...x, file: graphFile }))), 1;
    if (e instanceof GltfError) return io.err(`${graphFile}: ${e.message}`), 1;
    if (e instanceof FrameRangeError) return io.err(`${graphFile}: --frames: ${e.message}`), 1;
    throw e;
  }
}

/**
 * The files a .gltf names (external buffers and images), which an output must not overwrite
 * either. A GLB or VRM holds its data inside; a file that cannot be read names none (reading it
 * reports the problem).
 */
function externalFiles(file: string): string[] {
  if (!/\.gltf$/i.test(file)) return [];
  const t = readText(file);
  if (!t.ok) return [];
  const read = readJson(t.text);
  if (!read.ok || typeof read.value !== 'object' || read.value === null) return [];
  const json = read.value as { buffers?: unknown; images?: unknown };
  const uris: string[] = [];
  for (const list of [json.buffers, json.images]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      // Only what the reader would open: a URI the policy refuses is never read, and is not even
      // looked at here (its path may be a device or a file outside the folder).
      let verdict: UriVerdict;
      try {
        verdict = checkUri((item as { uri?: unknown } | null)?.uri, '', true);
      } catch {
        continue;
      }
      // Nor a path that a link leads out of the folder: that too is refused before it is opened.
      const real = verdict.kind === 'file' ? realPathInFolder(dirname(file), verdict.path) : undefined;
      if (real) uris.push(real);
    }
  }
  return uris;
}
