// examples/crowd.html: a crowd of mannequins playing the Walk clip under the constraints of
// examples/mannequin-walk.sinew.json (leg IK to foot goals on the ground, a head looking at a
// target, a sprung antenna), each character at its own point of the walk. Every character's rig is
// evaluated in Web Workers (runtime/crowd, one per core) into a SharedArrayBuffer the page reads to
// pose the meshes: the page needs cross-origin isolation (vite.config.ts sends the headers).
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { loadGraph } from '../graph/load';
import { graphCatalog } from '../nodes/catalog';
import { createCrowd } from '../runtime/crowd/crowd';
import { loadScene } from '../runtime/io/scene/load';
import { characterForScene } from '../ui/gltf/index';
import type { GltfCharacter } from '../ui/gltf/character';

const hud = document.querySelector<HTMLDivElement>('#hud')!;
const params = new URLSearchParams(location.search);
const count = Math.max(1, Math.min(400, Number(params.get('n') ?? 24) | 0));
const workers = Math.max(1, Number(params.get('workers') ?? navigator.hardwareConcurrency ?? 2) | 0);
const SPACING = 1.2;
const FPS = 24;

/** What the browser test reads: frames evaluated, and one owner's matrix per character. */
interface CrowdDemo {
  characters: number;
  workers: number;
  evaluated: number;
  isolated: boolean;
  owners: readonly string[];
  matrixOf(character: number, owner: string): number[];
  /** Stops the loop after the frame being evaluated; gives the frames that frame used. */
  pause(): Promise<number[]>;
  /** Once paused: evaluates every character at the frame given for it (a jump, back or forth). */
  evaluateAt(frames: number[]): Promise<void>;
  /** Whether each worker evaluates all its characters with one program (runtime/crowd/characters.ts). */
  sharedProgram: boolean;
  /** What every character runs (for a check against a Program on the page). */
  graph?: unknown;
  scene?: unknown;
  error?: string;
}
declare global { interface Window { crowdDemo?: CrowdDemo } }

async function main(): Promise<void> {
  if (!crossOriginIsolated) throw new Error('this page is not cross-origin isolated, so it has no SharedArrayBuffer: serve it with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp (npm start does)');
  const url = new URL('./mannequin-walk.sinew.json', import.meta.url);
  const loaded = loadGraph(await (await fetch(url)).text(), graphCatalog());
  if (!loaded.ok) throw new Error(`mannequin-walk.sinew.json: ${loaded.errors.map((e) => `${e.pointer}: ${e.message}`).join('; ')}`);
  const sceneLoad = loadScene(loaded.graph.scene);
  if (!sceneLoad.ok) throw new Error(`mannequin-walk.sinew.json scene: ${sceneLoad.errors.map((e) => `${e.pointer}: ${e.message}`).join('; ')}`);
  const { graph } = loaded;
  const { scene } = sceneLoad;

  const crowd = await createCrowd(graph, scene, { characters: count, workers });
  addEventListener('pagehide', () => void crowd.dispose());
  const ownerIndex = new Map(crowd.owners.map((id, i) => [id, i]));

  const view = new THREE.Scene();
  view.background = new THREE.Color(0x1b1d21);
  view.add(new THREE.HemisphereLight(0xdde4ff, 0x303030, 2.2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(3, -4, 6);
  view.add(sun);
  const cols = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / cols);
  const grid = new THREE.GridHelper(Math.max(cols, rows) * SPACING + 2, Math.max(cols, rows) + 2, 0x555555, 0x333333);
  grid.rotation.x = Math.PI / 2; // Sinew is Z-up
  view.add(grid);

  const fetchFile = async (path: string) => new Uint8Array(await (await fetch(new URL(path, url))).arrayBuffer());
  const characters: GltfCharacter[] = [];
  const offsets: [number, number][] = [];
  for (let c = 0; c < count; c++) {
    const ch = await characterForScene(scene, fetchFile);
    if (!ch) throw new Error('the mannequin-walk scene names no glTF character that matches its file');
    view.add(ch.object);
    characters.push(ch);
    offsets.push([((c % cols) - (cols - 1) / 2) * SPACING, (Math.floor(c / cols) - (rows - 1) / 2) * SPACING]);
    hud.textContent = `loading the mannequins… ${c + 1}/${count}`;
  }

  const renderer = new THREE.WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(devicePixelRatio, 2));
  renderer.setSize(innerWidth, innerHeight);
  document.body.prepend(renderer.domElement);
  const camera = new THREE.PerspectiveCamera(40, innerWidth / innerHeight, 0.05, 200);
  camera.up.set(0, 0, 1);
  const reach = Math.max(cols, rows) * SPACING;
  camera.position.set(reach * 0.6, -reach * 1.3, reach * 0.7 + 1.5);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.set(0, 0, 0.8);
  controls.update();
  addEventListener('resize', () => {
    camera.aspect = innerWidth / innerHeight;
    camera.updateProjectionMatrix();
    renderer.setSize(innerWidth, innerHeight);
  });

  const demo: CrowdDemo = {
    characters: count,
    workers: crowd.workers,
    evaluated: 0,
    isolated: crossOriginIsolated,
    owners: crowd.owners,
    matrixOf: (c, owner) => Array.from(crowd.matrix(c, ownerIndex.get(owner)!)),
    pause: () => new Promise((resolve) => { paused = resolve; }),
    evaluateAt: (frames) => crowd.evaluate(frames),
    sharedProgram: crowd.sharedProgram,
    graph,
    scene,
  };
  let paused: ((frames: number[]) => void) | undefined;
  window.crowdDemo = demo;

  const moved = new Float64Array(16);
  const start = performance.now();
  let evalMs = 0;
  for (;;) {
    // Each character walks at its own phase (1.7 frames apart), so no two hold the same pose.
    const now = 1 + ((performance.now() - start) / 1000) * FPS;
    for (let c = 0; c < count; c++) crowd.frames[c] = now + c * 1.7;
    const t0 = performance.now();
    await crowd.evaluate();
    evalMs = 0.9 * evalMs + 0.1 * (performance.now() - t0);
    demo.evaluated++;
    if (paused) { paused(Array.from(crowd.frames)); return; }
    characters.forEach((ch, c) => {
      const [dx, dy] = offsets[c];
      ch.update((owner) => {
        const i = ownerIndex.get(owner);
        if (i === undefined) return undefined;
        moved.set(crowd.matrix(c, i));
        moved[12] += dx;
        moved[13] += dy;
        return moved;
      });
    });
    renderer.render(view, camera);
    hud.textContent = `${count} mannequins, Walk clip with constraints on\n${crowd.workers} Web Workers (pool: workerpool), shared memory, ${crowd.sharedProgram ? 'one program a worker' : 'a program a character'}\nevaluation ${evalMs.toFixed(1)} ms a frame`;
    await new Promise((r) => requestAnimationFrame(r));
  }
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  hud.textContent = `the crowd could not start: ${message}`;
  window.crowdDemo = { characters: 0, workers: 0, evaluated: 0, isolated: crossOriginIsolated, owners: [], matrixOf: () => [], pause: () => Promise.resolve([]), evaluateAt: () => Promise.resolve(), sharedProgram: false, error: message };
  console.error(message);
});
