// Blender solves an IK tree after the whole stack of its bones (the IK constraint is a placeholder
// in the stack), so the importer puts IK nodes last in their owner's stack, the others in order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../runtime/io/blender/import';
import { FIXTURES_DIR } from '../shared-path';

describe('importer: IK after the rest of its stack', () => {
  it('an IK listed before other constraints of its bone is solved after them', () => {
    const fx = JSON.parse(readFileSync(join(FIXTURES_DIR, 'ik_two_bone_pole_00.json'), 'utf8')) as Fixture;
    const ik = fx.constraints.find((c) => c.type === 'IK')!;
    const after = { ...ik, name: 'Limit', type: 'LIMIT_ROTATION', props: { influence: 1, use_limit_x: true, min_x: 0, max_x: 0.5, owner_space: 'LOCAL' } };
    const before = { ...ik, name: 'Limit before', type: 'LIMIT_ROTATION', props: { influence: 1, use_limit_z: true, min_z: 0, max_z: 0.1, owner_space: 'LOCAL' } };
    const i = fx.constraints.indexOf(ik);
    const constraints = [...fx.constraints.slice(0, i), before, ik, after, ...fx.constraints.slice(i + 1)];
    const { graph } = importBlenderFixture({ ...fx, constraints });
    const owner = `${ik.owner.object}/${ik.owner.bone}`;
    const order: string[] = [];
    let at = `in:${owner}`;
    for (let l = graph.links.find((x) => x.from.node === at && x.to.socket === 'owner'); l; l = graph.links.find((x) => x.from.node === at && x.to.socket === 'owner')) {
      at = l.to.node;
      order.push(graph.nodes.find((n) => n.id === at)!.type);
    }
    expect(order).toEqual(['constraint/limit-rotation', 'constraint/limit-rotation', 'constraint/ik']);
    expect(graph.links.some((l) => l.from.node === at && l.to.node === `out:${owner}`)).toBe(true);
  });
});
