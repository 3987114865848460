// Loads a GLB with three.js's GLTFLoader (in Node: GLB without textures needs no DOM) and samples
// its first animation with an AnimationMixer, as an engine would play the clip.
import { AnimationMixer, LoopOnce, type Object3D } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

export function parseGlb(bytes: Uint8Array): Promise<GLTF> {
  const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return new Promise((resolve, reject) => { new GLTFLoader().parse(ab, '', resolve, reject); });
}

/** The three.js object made for each glTF node index. */
export function objectsByNode(gltf: GLTF): Map<number, Object3D> {
  const out = new Map<number, Object3D>();
  gltf.scene.traverse((o) => {
    const a = gltf.parser.associations.get(o);
    if (a?.nodes !== undefined && !out.has(a.nodes)) out.set(a.nodes, o);
  });
  return out;
}

/** Plays a clip (the first unless named) once and returns a function that poses the scene at a time (seconds). */
export function sampler(gltf: GLTF, clip?: string): (seconds: number) => void {
  const mixer = new AnimationMixer(gltf.scene);
  const chosen = clip === undefined ? gltf.animations[0] : gltf.animations.find((a) => a.name === clip);
  if (!chosen) throw new Error(`no clip "${clip}" in the file`);
  const action = mixer.clipAction(chosen);
  action.setLoop(LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  return (seconds) => {
    // A LoopOnce action that reached an end pauses, and setTime would then hold it at 0 s.
    action.paused = false;
    action.enabled = true;
    mixer.setTime(seconds);
    gltf.scene.updateMatrixWorld(true);
  };
}
