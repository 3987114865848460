// three-vrm's spring update as the reference tests run it (see three-vrm.test.ts for why the child refresh).
import type * as THREE from 'three';
import type { VRMSpringBoneJoint, VRMSpringBoneManager } from '@pixiv/three-vrm-springbone';

/** VRMSpringBoneManager.update (world matrices already current), each joint's child refreshed before it updates. */
export function updateJoints(manager: VRMSpringBoneManager, dt: number): void {
  const sorting = manager as unknown as { _sortJoints(): void; _sortedJoints: VRMSpringBoneJoint[]; _ancestors: THREE.Object3D[] };
  sorting._sortJoints();
  // The manager's own first pass: the joints' ancestors, colliders among them (their collider matrices).
  sorting._ancestors.forEach((a, i) => { a.updateWorldMatrix(i === 0, false); });
  for (const joint of sorting._sortedJoints) {
    joint.bone.updateMatrix();
    joint.bone.updateWorldMatrix(false, false);
    // three r187 recomputes a world matrix only when asked to (force) or after updateMatrix().
    joint.child?.updateWorldMatrix(false, false, true);
    joint.update(dt);
  }
}

