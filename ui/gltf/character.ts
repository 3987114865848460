// A glTF character drawn by three.js and posed by Sinew: the file's own scene (skinned meshes and
// all) under one group that turns glTF's Y-up into Sinew's Z-up, its joints set from the owners'
// evaluated matrices on every update, so the meshes deform with the rig.
import * as THREE from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { GLTF_TO_SINEW } from '../../runtime/io/gltf/axes';
import type { BakeTarget } from '../../runtime/io/gltf/bake';
import { GltfError } from '../../runtime/io/gltf/error';

/** A three.js view of a glTF file whose nodes follow Sinew owners. */
export class GltfCharacter {
  /** Add this to the viewport's THREE.Scene (at the scene's root: its matrix is Sinew's world). */
  readonly object = new THREE.Group();
  private readonly bound: { object: THREE.Object3D; owner: string; offset: THREE.Matrix4 }[] = [];
  private readonly walk: THREE.Object3D[] = [];
  private readonly inverse = new THREE.Matrix4();

  /**
   * @param gltf what three's GLTFLoader made of the file
   * @param source the file and what each of its nodes is in the Sinew scene (import or bindingsFromScene)
   */
  constructor(readonly gltf: GLTF, readonly source: BakeTarget) {
    this.object.name = 'gltf-character';
    this.object.matrixAutoUpdate = false;
    this.object.matrix.fromArray(GLTF_TO_SINEW);
    this.object.add(gltf.scene);
    const byNode = new Map<number, THREE.Object3D>();
    gltf.scene.traverse((o) => {
      const node = gltf.parser.associations.get(o)?.nodes;
      if (node !== undefined && !byNode.has(node)) byNode.set(node, o);
      // Bounds were computed in the bind pose; a posed character must not be culled by them.
      if ((o as THREE.SkinnedMesh).isSkinnedMesh) o.frustumCulled = false;
      o.updateMatrix();
      this.walk.push(o);
    });
    source.bindings.forEach((b, node) => {
      const object = b && byNode.get(node);
      if (!b || !object) return;
      object.matrixAutoUpdate = false;
      this.bound.push({ object, owner: b.owner, offset: new THREE.Matrix4().fromArray(Array.from(b.offset)) });
    });
    this.object.updateMatrixWorld(true);
  }

  /** Poses the character: each bound node takes its owner's world matrix (times its joint offset). */
  update(matrixOf: (owner: string) => ArrayLike<number> | undefined): void {
    const targets = new Map<THREE.Object3D, THREE.Matrix4>();
    for (const b of this.bound) {
      const m = matrixOf(b.owner);
      if (m) targets.set(b.object, new THREE.Matrix4().fromArray(Array.from(m)).multiply(b.offset));
    }
    this.object.updateMatrixWorld(false);
    // Parents first (traverse order): a bound node's local matrix is its target seen from its parent's new world.
    for (const o of this.walk) {
      const parent = o.parent!;
      const target = targets.get(o);
      if (target) {
        o.matrix.copy(this.inverse.copy(parent.matrixWorld).invert().multiply(target));
        o.matrixWorld.copy(target);
      } else {
        o.matrixWorld.multiplyMatrices(parent.matrixWorld, o.matrix);
      }
    }
  }

  /** Frees the GPU resources of the character's meshes. */
  dispose(): void {
    this.object.removeFromParent();
    this.gltf.scene.traverse((o) => {
      const mesh = o as THREE.Mesh;
      if (!mesh.isMesh) return;
      mesh.geometry.dispose();
      for (const m of Array.isArray(mesh.material) ? mesh.material : [mesh.material]) m.dispose();
    });
  }
}

/**
 * Parses GLB bytes (or .gltf JSON with embedded data) with three's GLTFLoader. Callers check the
 * file with readGltf first (the URI policy, runtime/io/gltf/uri-policy.ts); as a second gate, the
 * loader may fetch nothing but data: URIs and the blob: URLs it makes of the file's own images, so
 * a file the check missed still cannot make three.js load anything from a server or disk.
 */
export function parseWithThree(bytes: Uint8Array): Promise<GLTF> {
  const copy = bytes.slice().buffer;
  const refused: string[] = [];
  const manager = new THREE.LoadingManager();
  manager.setURLModifier((url) => {
    if (/^(data|blob):/i.test(url)) return url;
    refused.push(url);
    // Thrown inside the loader's promise, so the request is never made.
    throw new GltfError(`${JSON.stringify(url)} is not inside the file; Sinew lets three.js load only data: URIs`, '', 'uri-refused');
  });
  return new Promise((resolve, reject) => { new GLTFLoader(manager).parse(copy, '', (gltf) => {
    if (refused.length === 0) { resolve(gltf); return; }
    reject(new GltfError(`the file asked for ${refused.map((u) => JSON.stringify(u)).join(', ')}; a glTF file opened in the app may hold its data only in data: URIs or a GLB`, '', 'uri-refused'));
  }, reject); });
}
