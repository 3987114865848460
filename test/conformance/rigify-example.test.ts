// examples/rigify-human.sinew.json: Rigify's human rig in an animator's pose, imported from the shared
// Blender case by examples/tools/rigify-human.ts. The committed file is what the script writes (so
// `npx tsx examples/tools/rigify-human.ts` regenerates it after an importer change), and opened as a
// user opens it, it evaluates to the matrices Blender recorded for that pose: every object and every
// bone, the IK-affected ones included (Blender's legacy IK solver), within the case's tolerance. And it
// poses through a control: the left arm's IK/FK switch, a custom property read by a driver.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mat4 } from 'gl-matrix';
import { saveGraph } from '../../graph/save';
import { casesIn } from '../../runtime/io/blender/conformance';
import type { Fixture } from '../../runtime/io/blender/fixture';
import { compile } from '../../runtime/eval/compile';
import { openGraph } from '../../runtime/io/files';
import type { Program } from '../../runtime/eval/program';
import { RIGIFY_EXAMPLE_CASE, rigifyExample } from '../../examples/tools/rigify-human';
import { PROJECT_ROOT } from '../shared-path';

const file = join(PROJECT_ROOT, 'examples/rigify-human.sinew.json');
const fixture = JSON.parse(readFileSync(RIGIFY_EXAMPLE_CASE, 'utf8')) as Fixture;
const manifestCase = casesIn(join(RIGIFY_EXAMPLE_CASE, '..')).find((c) => basename(c.file) === basename(RIGIFY_EXAMPLE_CASE))!;

function open(): Program {
  const opened = openGraph(file);
  if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
  return compile(opened.graph, opened.scene);
}

/** The bone's pose matrix (armature space), as Blender's `pose.bones[…].matrix`. */
function poseMatrix(p: Program, id: string): number[] {
  const o = p.owners.find((x) => x.id === id)!;
  const armature = p.owners.find((x) => x.id === id.split('/')[0])!;
  const inv = mat4.invert(new Float64Array(16), armature.final)!;
  return Array.from(mat4.multiply(new Float64Array(16), inv, o.final));
}

describe('examples/rigify-human.sinew.json', () => {
  it('is what examples/tools/rigify-human.ts writes from the shared case', () => {
    expect(readFileSync(file, 'utf8')).toBe(saveGraph(rigifyExample(fixture)));
  });

  it("evaluates to Blender's recorded pose: every object and every bone", () => {
    const program = open().evaluate(1);
    expect(program.warnings).toEqual([]);
    const tolerance = manifestCase.tolerance;
    const bones = Object.entries(fixture.expected.bones as Record<string, { matrix: number[] }>);
    expect(bones.length).toBe(706);
    let worst = 0;
    let where = '';
    for (const [id, b] of bones) {
      const m = poseMatrix(program, id);
      for (let i = 0; i < 16; i++) {
        const e = Math.abs(m[i] - b.matrix[i]);
        if (!(e <= worst)) { worst = e; where = `${id}[${i}]`; }
      }
    }
    for (const [name, m] of Object.entries(fixture.expected.objects as Record<string, number[]>)) {
      const f = program.ownerMatrix(name)!;
      for (let i = 0; i < 16; i++) {
        const e = Math.abs(f[i] - m[i]);
        if (!(e <= worst)) { worst = e; where = `${name}[${i}]`; }
      }
    }
    expect(worst, `largest error at ${where}`).toBeLessThanOrEqual(tolerance);
  });

  it("poses through the left arm's IK/FK switch (the custom property IK_FK on upper_arm_parent.L, driving ORG-upper_arm.L's second Copy Transforms): at 1 the arm is the FK control's, at 0 the IK control's", () => {
    const program = open();
    const matrix = (id: string) => Array.from(program.ownerMatrix(id)!);
    const near = (a: number[], b: number[]) => a.every((x, i) => Math.abs(x - b[i]) <= 1e-9);
    const handAt = () => matrix('rig/ORG-hand.L').slice(12, 15);
    // The switch is the README's --set line: the property node the importer names prop:OWNER:NAME.
    const opened = openGraph(file);
    if (!opened.ok) throw new Error('unreadable');
    const switchNode = opened.graph.nodes.find((n) => n.id === 'prop:rig/upper_arm_parent.L:IK_FK' && n.type === 'driver/property');
    expect(switchNode?.params?.value).toBe(1);
    program.evaluate(1);
    // Copy Transforms in world space, influence 1 − IK_FK = 0: the bone is its first target, the FK control.
    expect(near(matrix('rig/ORG-upper_arm.L'), matrix('rig/upper_arm_fk.L'))).toBe(true);
    expect(near(matrix('rig/ORG-upper_arm.L'), matrix('rig/upper_arm_ik.L'))).toBe(false);
    const fkHand = handAt();
    expect(program.setParam(switchNode!.id, 'value', 0)).toBe('applied');
    program.evaluate(1);
    expect(near(matrix('rig/ORG-upper_arm.L'), matrix('rig/upper_arm_ik.L'))).toBe(true);
    const ikHand = handAt();
    expect(Math.hypot(ikHand[0] - fkHand[0], ikHand[1] - fkHand[1], ikHand[2] - fkHand[2])).toBeGreaterThan(0.01);
  });
});
