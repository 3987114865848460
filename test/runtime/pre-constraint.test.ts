// Every fixture's scene evaluated with no constraints must give Blender's unconstrained matrices:
// this checks parenting, parent inverses, rotation modes and every bone inheritance mode.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT } from '../../graph/types';
import type { Fixture } from '../../runtime/io/blender/fixture';
import { compile } from '../../runtime/eval/compile';
import { SCENE_FORMAT } from '../../runtime/rig/scene/types';
import { FIXTURES_DIR } from '../shared-path';

const dir = FIXTURES_DIR;
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'manifest.json' && f !== 'experiments.json');

describe('pre-constraint world matrices match Blender', () => {
  it.each(files)('%s', (file) => {
    const fx = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
    const program = compile(
      { format: GRAPH_FORMAT, version: 1, nodes: [], links: [] },
      { format: SCENE_FORMAT, version: 1, objects: fx.objects },
    ).evaluate(1);
    const owners = new Map(program.owners.map((o) => [o.id, o]));
    let worst = 0;
    let where = '';
    const compare = (label: string, actual: ArrayLike<number>, expected: number[]) => {
      expected.forEach((e, i) => {
        const err = Math.abs(actual[i] - e);
        if (!(err <= worst)) { worst = err; where = `${label}[${i}]`; }
      });
    };
    for (const [name, m] of Object.entries(fx.expected_unconstrained.objects)) compare(name, owners.get(name)!.final, m);
    for (const [id, b] of Object.entries(fx.expected_unconstrained.bones)) {
      const o = owners.get(id)!;
      const arm = fx.objects.find((x) => x.name === id.split('/')[0])!;
      const armInv = mat4.invert(new Float64Array(16), owners.get(arm.name)!.final) as Float64Array;
      const pose = mat4.multiply(new Float64Array(16), armInv, o.final) as Float64Array;
      compare(`${id} matrix`, pose, b.matrix);
      compare(`${id} head`, [o.final[12], o.final[13], o.final[14]], b.head);
    }
    expect(worst, `largest error at ${where}`).toBeLessThanOrEqual(1e-5);
  });
});
