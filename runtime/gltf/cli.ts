// The `sinew import-gltf` and `sinew bake` commands (wired in runtime/cli/main.ts).
import { writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { saveGraph } from '../../graph/save';
import type { GraphDocument } from '../../graph/types';
import { compile } from '../compile';
import { FrameRangeError } from '../program';
import { CompileFailure } from '../errors';
import type { FileError } from '../files';
import { loadScene } from '../scene/load';
import type { SceneDocument } from '../scene/types';
import { bakeAnimation } from './bake';
import { GltfError, writeGlb } from './container';
import { openGraph } from '../files';
import { bakeTargetFor } from './bake-target';
import { importGltfFile } from './node';

type Io = { out: (s: string) => void; err: (s: string) => void };
const printErrors = (io: Io, errors: FileError[]) => errors.forEach((e) => io.err(`${e.file}: ${e.pointer || '(file)'}: ${e.message}`));

/** A scene as canonical JSON text (the graph writer's rules: stable keys, no float noise). */
export function saveScene(scene: SceneDocument): string {
  return saveGraph(scene as unknown as GraphDocument);
}

/**
 * `sinew import-gltf FILE -o OUT [--armature NAME]`: OUT ending in .sinew.json gets a graph with
 * the scene inline and VRMC constraints as nodes; any other OUT gets a scene file. Either way the
 * armature names the glTF file in `gltf_file`.
 */
export function importGltfCommand(file: string, out: string, options: { armature?: string }, io: Io): number {
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
  const springJoints = imported.graph.nodes.filter((n) => n.type === 'physics/spring-bone').length;
  if (/\.sinew\.json$/i.test(out)) {
    writeFileSync(out, saveGraph(imported.graph));
    const springs = springJoints ? `, ${springJoints} VRM spring joints` : '';
    io.out(`wrote ${out} (${bones} bones, ${objects} other objects, ${imported.constraints.length} VRM constraints${springs} as ${imported.graph.nodes.length} nodes)`);
  } else {
    writeFileSync(out, saveScene(imported.scene));
    if (imported.constraints.length) io.err(`${file}: note: ${imported.constraints.length} VRMC_node_constraint constraints become graph nodes only when OUT is a graph (NAME.sinew.json)`);
    if (springJoints) io.err(`${file}: note: ${springJoints} VRMC_springBone joints become graph nodes only when OUT is a graph (NAME.sinew.json)`);
    io.out(`wrote ${out} (${bones} bones, ${objects} other objects)`);
  }
  return 0;
}

/** Parses "A..B" (frames, either may be negative or fractional). */
export function parseFrames(text: string | undefined): { start: number; end: number } | undefined {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text ?? '');
  if (!m) return undefined;
  return { start: Number(m[1]), end: Number(m[2]) };
}

/** `sinew bake GRAPH [--scene FILE] --frames A..B -o OUT.glb [--fps N] [--step N] [--name NAME] [--armature NAME]`. */
export function bakeCommand(graphFile: string, options: Record<string, string | undefined>, io: Io): number {
  const frames = parseFrames(options.frames);
  if (!frames) return io.err(`--frames: expected A..B (e.g. 1..48), got "${options.frames ?? ''}"`), 2;
  const fps = options.fps === undefined ? 24 : Number(options.fps);
  const step = options.step === undefined ? 1 : Number(options.step);
  if (!(fps > 0)) return io.err(`--fps: expected a number above 0, got "${options.fps}"`), 2;
  if (!(step > 0)) return io.err(`--step: expected a number above 0, got "${options.step}"`), 2;
  const opened = openGraph(graphFile, options.scene, { armature: options.armature });
  if (!opened.ok) return printErrors(io, opened.errors), 1;
  const { target, source, warnings } = bakeTargetFor(opened);
  for (const w of [...opened.warnings, ...warnings]) io.err(`${w.file}: ${w.pointer || '(file)'}: warning: ${w.message}`);
  if (opened.carried.length) io.err(`${graphFile}: helper objects from the graph's scene: ${opened.carried.join(', ')}`);
  try {
    const program = compile(opened.graph, opened.scene);
    for (const w of program.warnings) io.err(`${graphFile}: ${w.pointer || '(file)'}: warning: ${w.message}`);
    const baked = bakeAnimation(program, target, { ...frames, fps, step, name: options.name });
    writeFileSync(options.o!, writeGlb(baked.asset));
    io.out(`wrote ${options.o} (${baked.frames.length} frames at ${fps} fps, ${baked.nodes.length} animated nodes, skeleton from ${source})`);
    return 0;
  } catch (e) {
    if (e instanceof CompileFailure) return printErrors(io, e.errors.map((x) => ({ ...x, file: graphFile }))), 1;
    if (e instanceof GltfError) return io.err(`${graphFile}: ${e.message}`), 1;
    if (e instanceof FrameRangeError) return io.err(`${graphFile}: --frames: ${e.message}`), 1;
    throw e;
  }
}
