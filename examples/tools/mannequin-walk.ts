// Writes examples/mannequin-walk.sinew.json: the mannequin's Walk clip (examples/assets/
// mannequin-anim.glb) under constraints. Run `npx tsx examples/tools/mannequin-walk.ts` after changing
// the asset or this script; the example file is the output, committed.
//
// - The legs are on IK: each shin reaches a foot goal, an empty whose path is the clip's own ankle
//   path (sampled at every frame of the clip into an action, as engines store IK goal curves in
//   clips), kept on the ground by a Floor constraint against the `Ground` empty: move Ground up
//   in the 3D view (a step, a kerb) and the feet stay on it, the knees bend.
// - The head looks at `LookTarget`, which sweeps from side to side (time → cos → offset).
// - An antenna of three bones on the head (added to the skeleton here) is a spring chain: it lags
//   behind the head's turns and the walk's bounce, falls back with gravity, and is kept out of a
//   sphere collider around the head.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { saveGraph } from '../../graph/save';
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { readGltf } from '../../runtime/io/gltf/container';
import { importGltf } from '../../runtime/io/gltf/import';
import { clipDuration } from '../../runtime/rig/scene/playback';
import type { SceneAction, SceneDocument, SceneObject } from '../../runtime/rig/scene/types';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const FPS = 24;
/** How high the ankle is above the ground when the foot is flat (the clip's lowest ankle). */
const ANKLE = 'foot';

export function walkExample(glb: Uint8Array): GraphDocument {
  const imported = importGltf(readGltf(glb));
  const base: SceneDocument = { ...imported.scene, playback: { clip: 'Walk', fps: FPS, loop: true } };
  (base.objects[0] as SceneObject & { gltf_file?: string }).gltf_file = 'assets/mannequin-anim.glb';
  const clip = base.clips!.find((c) => c.name === 'Walk')!;
  const frames = Math.round(clipDuration(clip) * FPS);

  // The clip's ankle paths, with nothing on the legs yet.
  const fk = compile({ format: GRAPH_FORMAT, version: GRAPH_VERSION, nodes: [], links: [] }, base);
  const paths: Record<'L' | 'R', number[][]> = { L: [], R: [] };
  for (let k = 0; k <= frames; k++) {
    fk.evaluate(1 + k);
    for (const side of ['L', 'R'] as const) {
      const m = fk.ownerMatrix(`Armature/${ANKLE}.${side}`)!;
      paths[side].push([m[12], m[13], m[14]]);
    }
  }
  const ankleHeight = Math.min(...paths.L.map((p) => p[2]), ...paths.R.map((p) => p[2]));
  const actions: SceneAction[] = (['L', 'R'] as const).map((side) => ({
    name: `FootGoal.${side}Action`,
    fcurves: [0, 1, 2].map((axis) => ({
      data_path: 'location',
      array_index: axis,
      keyframes: paths[side].map((p, k) => ({ co: [1 + k, p[axis]] as [number, number], interpolation: 'LINEAR' as const })),
      modifiers: [{ type: 'CYCLES', mode_before: 'REPEAT', mode_after: 'REPEAT' }],
    })),
  }));
  // The antenna: three bones straight up from the top of the head (armature space is the file's Y-up).
  const armature = base.objects[0];
  const head = armature.bones!.find((b) => b.name === 'spine.006')!;
  const top = [head.matrix_local[12] + head.matrix_local[4] * head.length, head.matrix_local[13] + head.matrix_local[5] * head.length, head.matrix_local[14] + head.matrix_local[6] * head.length];
  const ANTENNA = ['antenna.001', 'antenna.002', 'antenna.003'];
  const SEGMENT = 0.07;
  const antenna = ANTENNA.map((name, k) => {
    const at = [top[0], top[1] + k * SEGMENT, top[2]];
    return {
      name, parent: k === 0 ? head.name : ANTENNA[k - 1], length: SEGMENT, use_connect: k > 0,
      head_local: at, tail_local: [at[0], at[1] + SEGMENT, at[2]],
      matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, at[0], at[1], at[2], 1],
      pose: { rotation_mode: 'QUATERNION' as const },
    };
  });
  base.objects[0] = { ...armature, bones: [...armature.bones!, ...antenna] };
  const empty = (name: string, location: number[], extra: Partial<SceneObject> = {}): SceneObject => ({ name, type: 'EMPTY', location, rotation_mode: 'XYZ', rotation_euler: [0, 0, 0], scale: [1, 1, 1], ...extra });
  const scene: SceneDocument = {
    ...base,
    objects: [
      ...base.objects,
      empty('Ground', [0, 0, 0]),
      empty('FootGoal.L', paths.L[0], { animation_data: { action: 'FootGoal.LAction' } }),
      empty('FootGoal.R', paths.R[0], { animation_data: { action: 'FootGoal.RAction' } }),
      empty('LookTarget', [0, -1.5, 1.6]),
    ],
    actions,
  };

  const nodes: GraphNode[] = [];
  const links: GraphLink[] = [];
  const node = (id: string, type: string, params: Record<string, JsonValue>, x: number, y: number) => nodes.push({ id, type, params, position: [x, y] });
  const link = (from: string, fromSocket: string, to: string, toSocket: string) => links.push({ from: { node: from, socket: fromSocket }, to: { node: to, socket: toSocket } });
  (['L', 'R'] as const).forEach((side, i) => {
    const y = i * 420;
    const s = side.toLowerCase();
    // The goal, kept on the ground.
    node(`goal-${s}-in`, 'owner/input', { owner: `FootGoal.${side}` }, 0, y);
    node(`ground-${s}`, 'owner/read', { owner: 'Ground' }, 0, y + 120);
    node(`goal-${s}-floor`, 'constraint/floor', { floorLocation: 'FLOOR_Z', offset: ankleHeight }, 280, y);
    node(`goal-${s}-out`, 'owner/output', { owner: `FootGoal.${side}` }, 560, y);
    link(`goal-${s}-in`, 'transform', `goal-${s}-floor`, 'owner');
    link(`ground-${s}`, 'transform', `goal-${s}-floor`, 'target');
    link(`goal-${s}-floor`, 'owner', `goal-${s}-out`, 'transform');
    // The leg reaches it.
    node(`leg-${s}-in`, 'owner/input', { owner: `Armature/shin.${side}` }, 0, y + 240);
    node(`goal-${s}`, 'owner/read', { owner: `FootGoal.${side}` }, 0, y + 340);
    node(`leg-${s}-ik`, 'constraint/ik', { chainCount: 2 }, 280, y + 240);
    node(`leg-${s}-out`, 'owner/output', { owner: `Armature/shin.${side}` }, 560, y + 240);
    link(`leg-${s}-in`, 'transform', `leg-${s}-ik`, 'owner');
    link(`goal-${s}`, 'transform', `leg-${s}-ik`, 'target');
    link(`leg-${s}-ik`, 'owner', `leg-${s}-out`, 'transform');
  });
  // The look target sweeps ±0.8 across the face, once every two seconds; the head follows it.
  node('time', 'value/time', { fps: FPS }, 900, 0);
  node('phase', 'math/float', { operation: 'multiply', b: Math.PI }, 1100, 0);
  node('sweep', 'math/float', { operation: 'cos' }, 1300, 0);
  node('look-swing', 'math/vector', { operation: 'scale', a: [0.8, 0, 0] }, 1500, 0);
  node('look-offset', 'math/matrix', { operation: 'compose' }, 1700, 0);
  node('look-in', 'owner/input', { owner: 'LookTarget' }, 1500, 160);
  node('look-move', 'math/matrix', { operation: 'multiply' }, 1900, 80);
  node('look-out', 'owner/output', { owner: 'LookTarget' }, 2100, 80);
  link('time', 'seconds', 'phase', 'a');
  link('phase', 'value', 'sweep', 'a');
  link('sweep', 'value', 'look-swing', 'scale');
  link('look-swing', 'vector', 'look-offset', 'location');
  link('look-offset', 'transform', 'look-move', 'a');
  link('look-in', 'transform', 'look-move', 'b');
  link('look-move', 'transform', 'look-out', 'transform');
  node('head-in', 'owner/input', { owner: 'Armature/spine.006' }, 900, 420);
  node('look-target', 'owner/read', { owner: 'LookTarget' }, 900, 540);
  node('head-look', 'constraint/look-at', { aimAxis: 'Z', upAxis: 'Y', worldUp: [0, 0, 1] }, 1180, 420);
  node('head-out', 'owner/output', { owner: 'Armature/spine.006' }, 1460, 420);
  link('head-in', 'transform', 'head-look', 'owner');
  link('look-target', 'transform', 'head-look', 'target');
  link('head-look', 'owner', 'head-out', 'transform');
  // The antenna's springs, root first: each joint's stack starts from its parent's sprung matrix.
  node('head-collider', 'owner/read', { owner: 'Armature/spine.006' }, 900, 700);
  ANTENNA.forEach((bone, k) => {
    const y = 700 + k * 220;
    node(`antenna-${k}-in`, 'owner/input', { owner: `Armature/${bone}` }, 1180, y);
    node(`antenna-${k}-spring`, 'physics/spring-bone', {
      stiffness: 1.2, gravityPower: 0.4, dragForce: 0.25, hitRadius: 0.02, fps: FPS, startFrame: 1,
      collider1Shape: 'SPHERE', collider1Offset: [0, 0.08, 0.02], collider1Radius: 0.11,
    }, 1460, y);
    node(`antenna-${k}-out`, 'owner/output', { owner: `Armature/${bone}` }, 1740, y);
    link(`antenna-${k}-in`, 'transform', `antenna-${k}-spring`, 'owner');
    link('head-collider', 'transform', `antenna-${k}-spring`, 'collider1');
    link(`antenna-${k}-spring`, 'owner', `antenna-${k}-out`, 'transform');
  });
  return { format: GRAPH_FORMAT, version: GRAPH_VERSION, nodes, links, scene: scene as unknown as JsonValue, view: { x: 0, y: 0, zoom: 0.6 } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const graph = walkExample(new Uint8Array(readFileSync(here('../assets/mannequin-anim.glb'))));
  writeFileSync(here('../mannequin-walk.sinew.json'), saveGraph(graph));
  console.log(`wrote examples/mannequin-walk.sinew.json (${graph.nodes.length} nodes)`);
}
