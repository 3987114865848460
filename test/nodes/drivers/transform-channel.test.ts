// The Transform Channel driver variable (TRANSFORMS) against Blender 3.4.1: 12 random poses of a
// child bone under a posed parent bone in a moved, rotated, scaled armature, its parent, and an
// empty, in random rotation modes; every channel in world, transform and local space and every
// rotation mode (459 variables per pose), recorded by record_transforms.py. Blender evaluates in
// float32: within 2e-5 (relative for values beyond 1). An unparented object in local space reads
// as its basis with its own rotation taken out (R⁻¹·T·R·S), Blender's rule for a parent-less object.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OwnerHandle } from '../../../nodes/define';
import { driverTransform } from '../../../nodes/drivers/transform-channel';
import type { EulerOrder } from '../../../nodes/math/euler';
import { bindEnv, run } from '../harness';

interface RecordedTarget {
  world: number[];
  basis: number[];
  rest?: number[];
  armature?: number[];
  parent?: { world: number[]; rest: number[] } | null;
  rotation_mode: string;
  euler: number[];
}
const recorded: {
  blender: string;
  combos: { target: string; channel: string; space: string; mode: string }[];
  poses: { targets: Record<string, RecordedTarget>; values: number[] }[];
} = JSON.parse(readFileSync(new URL('./blender-transforms.json', import.meta.url), 'utf8'));

const EULER = new Set(['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX']);
const m = (a: number[]) => Float64Array.from(a);

/** The owner handle the compiler would give the node for a recorded target. */
function handle(name: string, t: RecordedTarget): OwnerHandle {
  const order = (EULER.has(t.rotation_mode) ? t.rotation_mode : 'XYZ') as EulerOrder;
  const base = { id: name, rotationOrder: order, pre: m(t.world), final: m(t.world), basis: m(t.basis) };
  if (!t.rest) return { ...base, kind: 'object', objectType: 'EMPTY' };
  const armature: OwnerHandle = { id: 'Arm', kind: 'object', objectType: 'ARMATURE', rotationOrder: 'XYZ', pre: m(t.armature!), final: m(t.armature!) };
  const parent: OwnerHandle | undefined = t.parent
    ? { id: 'Arm/P', kind: 'bone', objectType: 'BONE', rotationOrder: 'XYZ', pre: m(t.parent.world), final: m(t.parent.world), bone: { armature, parent: undefined, length: 1, restMatrix: m(t.parent.rest), connected: false } }
    : undefined;
  return { ...base, kind: 'bone', objectType: 'BONE', bone: { armature, parent, length: 1, restMatrix: m(t.rest), connected: false } };
}

describe('driver/transform against Blender 3.4.1', () => {
  it('has the recording', () => {
    expect(recorded.poses.length).toBe(12);
    expect(recorded.combos.length).toBe(459);
  });
  for (const space of ['WORLD_SPACE', 'TRANSFORM_SPACE', 'LOCAL_SPACE']) {
    it(space, () => {
      const wrong: string[] = [];
      let checked = 0;
      recorded.poses.forEach((pose, k) => {
        recorded.combos.forEach((c, i) => {
          if (c.space !== space) return;
          const t = pose.targets[c.target];
          const owner = handle(c.target, t);
          const euler = EULER.has(t.rotation_mode) ? t.euler.join(', ') : '';
          const v = run(driverTransform, { target: t.world }, { channel: c.channel, space, rotationMode: c.mode, euler }, bindEnv({ sources: { target: owner } })).out.value[0];
          const want = pose.values[i];
          checked++;
          if (!(Math.abs(v - want) <= 2e-5 * Math.max(1, Math.abs(want)))) wrong.push(`pose ${k} ${c.target} ${c.channel} ${c.mode} (${t.rotation_mode}): ${v} vs Blender ${want}`);
        });
      });
      expect(checked).toBe(12 * 153);
      expect(wrong).toEqual([]);
    });
  }
});
