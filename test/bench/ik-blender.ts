// The rig behind `ik_blender_us`: Blender's legacy IK solver (Solver = BLENDER, as imported) on a
// Rigify-like arm (a 2-bone chain with a pole, IK Stretch 0.1 on both bones and the constraint's
// Stretch on, the target out of reach so the bones stretch) and a 4-bone spine chain without a pole.
// Both come from Blender-recorded shared fixtures, so the timed solve is one Sinew matches Blender on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type CompileOptions } from '../../runtime/eval/compile';
import { importBlenderFixture } from '../../runtime/io/blender/import';
import type { Fixture } from '../../runtime/io/blender/fixture';
import type { Program } from '../../runtime/eval/program';
import { SHARED_DIR } from '../shared-path';

function load(name: string): Fixture {
  return JSON.parse(readFileSync(join(SHARED_DIR, 'conformance/fixtures', `${name}.json`), 'utf8')) as Fixture;
}

/** The arm and the spine, compiled. */
export function ikBlenderPrograms(options: CompileOptions = {}): { arm: Program; spine: Program } {
  const arm = load('ik_two_bone_pole_00');
  for (const o of arm.objects) for (const b of o.bones ?? []) if (b.name === 'Bone0' || b.name === 'Bone1') (b.pose as Record<string, unknown>).ik_stretch = 0.1;
  for (const c of arm.constraints) c.props.use_stretch = true;
  const spine = load('ik_chain_00');
  for (const c of spine.constraints) c.props.chain_count = 4;
  const programOf = (fx: Fixture) => {
    const imp = importBlenderFixture(fx);
    return compile(imp.graph, imp.scene, options);
  };
  return { arm: programOf(arm), spine: programOf(spine) };
}
