// The Rigify human rig of the shared cases (../shared/conformance/rigify-human: 706 bones, 533
// constraints), imported as a user imports it (fixture → importer → graph → compile), and a pose
// that changes every frame: the bench cycles through the poses Blender recorded for the four cases.
// When the importer learns more of the rig (drivers, Blender's IK solver), this follows with no edit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { casesIn } from '../../runtime/io/blender/conformance';
import type { Fixture } from '../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../runtime/io/blender/import';
import { compile } from '../../runtime/eval/compile';
import type { Program } from '../../runtime/eval/program';
import { SHARED_DIR } from '../shared-path';
import type { BenchRig } from './rigs';

export const RIGIFY_DIR = join(SHARED_DIR, 'conformance/rigify-human');

const readCase = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Fixture;

/** The rig of the folder's first case (its rest/default pose), as a graph and a scene. */
export function rigifyHuman(): BenchRig {
  const first = casesIn(RIGIFY_DIR)[0];
  const imported = importBlenderFixture(readCase(first.file));
  return { name: 'rigify-human', graph: imported.graph, scene: imported.scene, targets: [] };
}

/** What Blender's own update of the same rig costs, from the folder's manifest (`blender_eval_ms`). */
export interface BlenderTiming {
  /** Median wall time of one `view_layer.update()` after a full random pose of the controls, ms. */
  medianMsFullPose: number;
  /** Median after one control was moved, ms. */
  medianMsSingleControl?: number;
  /** The manifest's own description of the sample. */
  what: string;
}

export function blenderTiming(dir = RIGIFY_DIR): BlenderTiming {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    blender_eval_ms?: { what?: string; full_pose?: { median_ms?: number }; single_control?: { median_ms?: number } };
  };
  const t = manifest.blender_eval_ms;
  const full = t?.full_pose?.median_ms;
  if (typeof full !== 'number' || !(full > 0)) {
    throw new Error(`${join(dir, 'manifest.json')}: blender_eval_ms.full_pose.median_ms is missing (regenerate with gen_rigify.py --time)`);
  }
  return { medianMsFullPose: full, medianMsSingleControl: t?.single_control?.median_ms, what: t?.what ?? '' };
}

/**
 * Returns `apply(k)`, which writes the pose of recorded case k mod N into `program`'s bones in place
 * (only the bones whose pose differs between cases: the posed controls), allocation-free. Every
 * case of the folder is imported and compiled once here, to read its poses.
 */
export function rigifyPoseCycle(program: Program, dir = RIGIFY_DIR): { apply: (k: number) => void; moved: number; poses: number } {
  const bones = program.owners.filter((o) => o.kind === 'bone');
  const poses = casesIn(dir).map((c) => {
    const imported = importBlenderFixture(readCase(c.file));
    const p = compile(imported.graph, imported.scene);
    const byId = new Map(p.owners.map((o) => [o.id, o.basis]));
    return bones.map((b) => {
      const basis = byId.get(b.id);
      if (!basis) throw new Error(`${c.file}: bone ${b.id} of the bench rig is not in this case`);
      return Float64Array.from(basis);
    });
  });
  const moved = bones.map((_, i) => i).filter((i) => poses.some((pose) => pose[i].some((x, j) => x !== poses[0][i][j])));
  const targets = moved.map((i) => bones[i].basis);
  const frames = poses.map((pose) => moved.map((i) => pose[i]));
  const apply = (k: number) => {
    const pose = frames[k % frames.length];
    for (let i = 0; i < targets.length; i++) targets[i].set(pose[i]);
  };
  return { apply, moved: moved.length, poses: frames.length };
}
