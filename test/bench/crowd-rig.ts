// The bench humanoid with an action on every bone (its rotation swinging ±0.1 rad about each axis
// over a 24-frame cycle), so a crowd's characters at different frames hold different poses and no
// character can reuse another's work: each frame is a full evaluation of every character.
import type { SceneFCurve, SceneObject } from '../../runtime/rig/scene/types';
import { humanoid, type BenchRig } from './rigs';

const CYCLE = 24;
const KEYS = 6;

export function animatedHumanoid(): BenchRig {
  const rig = humanoid();
  const objects: SceneObject[] = rig.scene.objects.map((o) => {
    if (o.type !== 'ARMATURE' || !o.bones) return o;
    const fcurves: SceneFCurve[] = [];
    o.bones.forEach((b, i) => {
      const e = b.pose?.rotation_euler ?? [0, 0, 0];
      for (let axis = 0; axis < 3; axis++) {
        fcurves.push({
          data_path: `pose.bones["${b.name}"].rotation_euler`,
          array_index: axis,
          keyframes: Array.from({ length: KEYS + 1 }, (_, k) => ({
            co: [(k * CYCLE) / KEYS, e[axis] + 0.1 * Math.sin((2 * Math.PI * k) / KEYS + i + axis)] as [number, number],
            interpolation: 'BEZIER' as const,
          })),
          modifiers: [{ type: 'CYCLES' }],
        });
      }
    });
    rig.scene.actions = [...(rig.scene.actions ?? []), { name: 'crowd-swing', fcurves }];
    return { ...o, animation_data: { action: 'crowd-swing' } };
  });
  return { ...rig, scene: { ...rig.scene, objects } };
}
