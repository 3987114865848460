// examples/mannequin-walk.sinew.json: the Walk clip under constraints — the legs reach foot goals
// that follow the clip's ankles and stay on the ground, the head looks at a sweeping target — and
// the committed file is what its generator (examples/tools/mannequin-walk.ts) writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveGraph } from '../../graph/save';
import { compile } from '../../runtime/eval/compile';
import { openGraph } from '../../runtime/io/files';
import type { Program } from '../../runtime/eval/program';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { walkExample } from '../../examples/tools/mannequin-walk';

const examples = join(__dirname, '../../examples');
const file = join(examples, 'mannequin-walk.sinew.json');
const at = (m: ArrayLike<number>) => [m[12], m[13], m[14]];
const dist = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function open(): { program: Program; scene: SceneDocument } {
  const opened = openGraph(file);
  if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
  return { program: compile(opened.graph, opened.scene), scene: opened.scene };
}

const tail = (p: Program, id: string) => {
  const m = p.ownerMatrix(id)!;
  const length = p.owners.find((o) => o.id === id)!.bone!.length;
  return [m[12] + m[4] * length, m[13] + m[5] * length, m[14] + m[6] * length];
};

describe('examples/mannequin-walk.sinew.json', () => {
  it('is what examples/tools/mannequin-walk.ts writes from the asset it names', () => {
    const generated = saveGraph(walkExample(new Uint8Array(readFileSync(join(examples, 'assets/mannequin-anim.glb')))));
    expect(readFileSync(file, 'utf8')).toBe(generated);
  });

  it('walks: each shin reaches its foot goal, the goals follow the clip and never sink under the ground, the head looks at the target', () => {
    const { program } = open();
    expect(program.warnings).toEqual([]);
    const ground = at(program.evaluate(1).ownerMatrix('Ground')!)[2];
    const seen: number[][] = [];
    for (const f of [1, 4.5, 9, 13, 17, 22.25, 29, 33, 40]) {
      program.evaluate(f);
      for (const side of ['L', 'R']) {
        const goal = at(program.ownerMatrix(`FootGoal.${side}`)!);
        expect(dist(tail(program, `Armature/shin.${side}`), goal), `shin.${side} at frame ${f}`).toBeLessThan(1e-6);
        expect(goal[2]).toBeGreaterThan(ground);
      }
      const head = program.ownerMatrix('Armature/spine.006')!;
      const target = at(program.ownerMatrix('LookTarget')!);
      const aim = [target[0] - head[12], target[1] - head[13], target[2] - head[14]];
      const n = Math.hypot(...aim);
      expect((head[8] * aim[0] + head[9] * aim[1] + head[10] * aim[2]) / n, `the face at frame ${f}`).toBeGreaterThan(1 - 1e-9);
      seen.push(at(program.ownerMatrix('FootGoal.L')!));
    }
    // The feet move with the walk.
    expect(Math.max(...seen.map((p) => p[1])) - Math.min(...seen.map((p) => p[1]))).toBeGreaterThan(0.3);
  });

  it('springs the antenna: it lags behind the head, stays out of the head\'s collider, and frame N is the same played or jumped to', () => {
    const { program } = open();
    const tip = (p: Program) => tail(p, 'Armature/antenna.003');
    // The antenna rigidly on the head, for comparison: its rest offset from the head carried along.
    const played: number[][] = [];
    let lag = 0;
    for (let f = 1; f <= 40; f++) {
      program.evaluate(f);
      played.push(tip(program));
      const head = program.ownerMatrix('Armature/spine.006')!;
      const base = at(program.ownerMatrix('Armature/antenna.001')!);
      const rigidTip = [base[0] + head[4] * 0.21, base[1] + head[5] * 0.21, base[2] + head[6] * 0.21];
      lag = Math.max(lag, dist(played[f - 1], rigidTip));
      // Out of the collider sphere (centre 0.08 up the head bone and 0.02 along its Z, radius 0.11), within the joint's hit radius.
      const c = [head[12] + head[4] * 0.08 + head[8] * 0.02, head[13] + head[5] * 0.08 + head[9] * 0.02, head[14] + head[6] * 0.08 + head[10] * 0.02];
      expect(dist(played[f - 1], c), `antenna tip at frame ${f}`).toBeGreaterThanOrEqual(0.11 + 0.02 - 1e-9);
    }
    expect(lag).toBeGreaterThan(0.005);
    const jumped = open().program;
    for (const f of [25, 7, 40]) expect(tip(jumped.evaluate(f))).toEqual(played[f - 1]);
  });

  it('keeps the feet on a raised ground: the goals rise with it and the knees bend to reach them', () => {
    const { program } = open();
    program.evaluate(9);
    const flat = at(program.ownerMatrix('FootGoal.L')!);
    const knee = at(program.ownerMatrix('Armature/shin.L')!);
    program.setOwnerBasis('Ground', { location: [0, 0, 0.2] }).evaluate(9);
    const raised = at(program.ownerMatrix('FootGoal.L')!);
    expect(raised[2]).toBeGreaterThan(flat[2] + 0.05);
    expect(dist(tail(program, 'Armature/shin.L'), raised)).toBeLessThan(1e-6);
    expect(dist(at(program.ownerMatrix('Armature/shin.L')!), knee)).toBeGreaterThan(0.01);
  });
});
