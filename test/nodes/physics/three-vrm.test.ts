// Sinew's spring bones against @pixiv/three-vrm-springbone 3.5.5 (the VRMC_springBone 1.0
// reference implementation): the same joints, colliders and root motion over 240 frames at a fixed
// 1/60 s, every joint's world position and rotation within 1e-5 at every frame.
//
// The three.js side is built from the rig's rest matrices (so its joint frames are Sinew's bones'),
// and its root follows the root bone's matrix that Sinew's action gives at each frame: the motion
// is the input, the joints are what is compared.
//
// The joints are updated by three-vrm's own VRMSpringBoneJoint.update, in the manager's order, with
// one difference from VRMSpringBoneManager.update: each joint's child has its world matrix brought up
// to date first. The manager leaves a child joint's world matrix as it was before the parent joint
// turned this frame, so the bone length it measures to it varies with the motion, where the spec
// defines boneLength once, at initialization (docs/fidelity.md gives the size of that difference).
import * as THREE from 'three';
import {
  VRMSpringBoneCollider, VRMSpringBoneColliderShapeCapsule, VRMSpringBoneColliderShapeSphere,
  VRMSpringBoneJoint, VRMSpringBoneManager, type VRMSpringBoneColliderGroup,
} from '@pixiv/three-vrm-springbone';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Program } from '../../../runtime/eval/program';
import { updateJoints } from './three-vrm-update';
import { ARMATURE, defaultSpec, jointName, sinewRig, type SpringRigSpec } from './spring-rig';

interface ThreeRig {
  manager: VRMSpringBoneManager;
  root: THREE.Object3D;
  scene: THREE.Scene;
  objects: Map<string, THREE.Object3D>;
}

/** three-vrm's rig of the same bones, joints and colliders. */
function threeRig(spec: SpringRigSpec, program: Program): ThreeRig {
  const { scene: doc } = sinewRig(spec);
  const scene = new THREE.Scene();
  const objects = new Map<string, THREE.Object3D>();
  const rest = new Map<string, THREE.Matrix4>();
  for (const b of doc.objects[0].bones!) {
    const o = new THREE.Object3D();
    o.name = b.name;
    const m = new THREE.Matrix4().fromArray(b.matrix_local);
    rest.set(b.name, m);
    const local = b.parent ? rest.get(b.parent)!.clone().invert().multiply(m) : m.clone();
    local.decompose(o.position, o.quaternion, o.scale);
    (b.parent ? objects.get(b.parent)! : scene).add(o);
    objects.set(b.name, o);
  }
  const root = objects.get('root')!;
  root.matrixAutoUpdate = false;
  const colliders = spec.colliders.map((c) => {
    const shape = c.shape === 'SPHERE'
      ? new VRMSpringBoneColliderShapeSphere({ offset: new THREE.Vector3(...c.offset), radius: c.radius })
      : new VRMSpringBoneColliderShapeCapsule({ offset: new THREE.Vector3(...c.offset), tail: new THREE.Vector3(...c.tail), radius: c.radius });
    const collider = new VRMSpringBoneCollider(shape);
    objects.get(c.bone)!.add(collider);
    return collider;
  });
  const group: VRMSpringBoneColliderGroup = { colliders };
  const manager = new VRMSpringBoneManager();
  spec.chains.forEach((ch, c) => {
    for (let k = 0; k < ch.heads.length - 1; k++) {
      const joint = new VRMSpringBoneJoint(objects.get(jointName(c, k))!, objects.get(jointName(c, k + 1))!, {
        stiffness: ch.stiffness, gravityPower: ch.gravityPower, dragForce: ch.dragForce, hitRadius: ch.hitRadius,
        gravityDir: new THREE.Vector3(...ch.gravityDir),
      }, [group]);
      if (ch.centered) joint.center = root;
      manager.addJoint(joint);
    }
  });
  followRoot(root, program, scene);
  manager.setInitState();
  scene.updateMatrixWorld(true); // the joints' matrices are composed by setInitState
  return { manager, root, scene, objects };
}

function followRoot(root: THREE.Object3D, program: Program, scene: THREE.Scene): void {
  root.matrix.fromArray(program.ownerMatrix(`${ARMATURE}/root`)!);
  scene.updateMatrixWorld(true);
}

/** Largest difference over every joint of position and rotation columns. */
function difference(spec: SpringRigSpec, program: Program, rig: ThreeRig): { err: number; where: string } {
  let err = 0;
  let where = '';
  spec.chains.forEach((ch, c) => { ch.heads.forEach((_h, k) => {
    const name = jointName(c, k);
    const mine = program.ownerMatrix(`${ARMATURE}/${name}`)!;
    const theirs = rig.objects.get(name)!.matrixWorld.elements;
    for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14]) {
      const d = Math.abs(mine[i] - theirs[i]);
      if (!(d <= err)) { err = d; where = `${name}[${i}]`; }
    }
  }); });
  return { err, where };
}

/** Plays both for the spec's frames; the largest difference, where and when, and how far the joints swung. */
function compare(spec: SpringRigSpec): { err: number; where: string; swing: number } {
  const { scene, graph } = sinewRig(spec);
  const program = compile(graph, scene).evaluate(0);
  const rig = threeRig(spec, program);
  let worst = difference(spec, program, rig);
  let swing = 0;
  const dt = 1 / spec.fps;
  for (let f = 1; f < spec.frames; f++) {
    program.evaluate(f);
    followRoot(rig.root, program, rig.scene);
    if (process.env.SPRING_MANAGER) rig.manager.update(dt);
    else updateJoints(rig.manager, dt);
    rig.scene.updateMatrixWorld(true);
    const d = difference(spec, program, rig);
    if (!(d.err <= worst.err)) worst = { err: d.err, where: `${d.where} at frame ${f}` };
    // How far the tip of the first chain is from where it would be rigidly attached (the spring's effect).
    const tip = program.ownerMatrix(`${ARMATURE}/${jointName(0, spec.chains[0].heads.length - 1)}`)!;
    const rigid = program.owner(`${ARMATURE}/${jointName(0, 0)}`)!.pre;
    swing = Math.max(swing, Math.abs(tip[12] - rigid[12]) + Math.abs(tip[13] - rigid[13]) + Math.abs(tip[14] - rigid[14]));
  }
  if (process.env.SPRING_REPORT) console.log(JSON.stringify({ ...worst, swing }));
  return { ...worst, swing };
}

describe('spring bones against three-vrm', () => {
  it('every joint within 1e-5 over 240 frames (world chain and center-space chain, sphere and capsule)', () => {
    const r = compare(defaultSpec());
    expect(r.err, r.where).toBeLessThan(1e-5);
    expect(r.swing).toBeGreaterThan(0.05); // the rig does swing
  });

  it('without colliders, stiff and heavy', () => {
    const spec = defaultSpec();
    spec.colliders = [];
    spec.chains.forEach((c) => { c.stiffness = 3; c.gravityPower = 2; c.dragForce = 0.1; });
    const r = compare(spec);
    expect(r.err, r.where).toBeLessThan(1e-5);
  });

  it('colliders in the way of the chains: a large sphere and capsule', () => {
    const spec = defaultSpec();
    spec.colliders[0].radius = 0.2;
    spec.colliders[1].radius = 0.15;
    spec.turn = 1.2;
    const r = compare(spec);
    expect(r.err, r.where).toBeLessThan(1e-5);
    // The colliders do push: without them the same rig ends elsewhere.
    const free = { ...spec, colliders: [] };
    const a = compile(sinewRig(spec).graph, sinewRig(spec).scene).evaluate(spec.frames - 1);
    const b = compile(sinewRig(free).graph, sinewRig(free).scene).evaluate(spec.frames - 1);
    const tip = `${ARMATURE}/${jointName(0, spec.chains[0].heads.length - 1)}`;
    const moved = Math.hypot(...[12, 13, 14].map((i) => a.ownerMatrix(tip)![i] - b.ownerMatrix(tip)![i]));
    expect(moved).toBeGreaterThan(1e-2);
    if (process.env.SPRING_REPORT) console.log(JSON.stringify({ moved }));
  });
});
