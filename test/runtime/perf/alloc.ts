// Does `evaluate` allocate? Runs a rig for 100,000 frames and reports the bytes allocated per frame
// and the garbage collections seen (none when nothing is allocated). Run it with the young
// generation made large, so a measuring window is never collected:
//
//   node --max-semi-space-size=128 --min-semi-space-size=128 --import tsx test/runtime/perf/alloc.ts
//     [--rig humanoid|large|bones|KIND] [--frames N] [--max BYTES] [--json]
//     [--kinds]   one child process per node kind (a 20-bone chain where every bone has it)
//
// `--rig bones` is a chain of bones with no node at all; `--rig runtime` the runtime's own work
// only (stacks, Owner In/Out, the constraint wrapper and its space conversions, kernels that do
// not allocate); `--rig constraint/copy-location` (any kind) the 20-bone chain with that
// constraint on every bone. Exits 1 when the bytes per frame exceed `--max` (default 0).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GRAPH_FORMAT, type GraphDocument, type JsonValue } from '../../../graph/types';
import { compile } from '../../../runtime/compile';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/scene/types';
import { ALLOC_NODE_FLAGS, measureAllocation } from '../../bench/alloc';
import { humanoid, largeRig, restMatrix } from '../../bench/rigs';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

/** Kinds checked by `--kinds`, with the params they are given. */
export const KIND_CASES: [string, Record<string, JsonValue>][] = [
  ['bones', {}],
  ['runtime', {}],
  ['owner/read', {}],
  ['constraint/copy-location', {}],
  ['constraint/copy-location', { influence: 0.5 }],
  ['constraint/copy-location', { ownerSpace: 'LOCAL', targetSpace: 'LOCAL' }],
  ['constraint/copy-rotation', {}],
  ['constraint/copy-rotation', { ownerSpace: 'LOCAL', targetSpace: 'LOCAL' }],
  ['constraint/copy-scale', {}],
  ['constraint/copy-transforms', {}],
  ['constraint/limit-location', { useMinZ: true, minZ: 0.2 }],
  ['constraint/limit-rotation', { useLimitX: true, minX: -0.1, maxX: 0.1, ownerSpace: 'LOCAL' }],
  ['constraint/limit-scale', { useMaxX: true, maxX: 1.05 }],
  ['constraint/damped-track', {}],
  ['constraint/track-to', {}],
  ['constraint/locked-track', {}],
  ['constraint/stretch-to', {}],
  ['constraint/child-of', {}],
  ['constraint/ik', { chainCount: 2 }],
  ['constraint/ik', { chainCount: 5 }],
];

/** A 20-bone chain, two empties, and `kind` on every bone (every third for IK). */
export function kindRig(kind: string, params: Record<string, JsonValue>): { graph: GraphDocument; scene: SceneDocument } {
  const bones = [];
  for (let i = 0; i < 20; i++) {
    bones.push({
      name: `b${i}`, parent: i ? `b${i - 1}` : null, length: 0.1,
      matrix_local: restMatrix([0, 0.1 * i, 0], [0.01, 0.1 * i + 0.1, 0.005]),
      pose: { rotation_mode: 'XYZ' as const, rotation_euler: [0.1, 0.05 * i, 0.02] },
    });
  }
  const scene: SceneDocument = {
    format: SCENE_FORMAT, version: 1,
    objects: [
      { name: 'A', type: 'ARMATURE', bones },
      { name: 'T', type: 'EMPTY', location: [0.5, 1, 0.3], rotation_euler: [0.3, 0.2, 0.1] },
      { name: 'P', type: 'EMPTY', location: [0.5, 0, 2] },
    ],
  };
  const nodes: GraphDocument['nodes'] = [];
  const links: GraphDocument['links'] = [];
  const node = (id: string, type: string, p: Record<string, JsonValue> = {}) => nodes.push({ id, type, params: p, position: [0, 0] });
  const link = (a: string, b: string, c: string, d: string) => links.push({ from: { node: a, socket: b }, to: { node: c, socket: d } });
  if (kind === 'runtime') {
    // Only the runtime's own work: pre-constraint matrices, stacks, Owner In/Out, the constraint
    // wrapper with LOCAL space conversions both ways, targets from a constant (no owner read).
    node('v', 'value/transform', { value: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.2, 0.3, 0.1, 1] });
    for (let i = 1; i < 20; i++) {
      node(`i${i}`, 'owner/input', { owner: `A/b${i}` });
      node(`c${i}`, 'constraint/copy-location', { ownerSpace: 'LOCAL', targetSpace: 'WORLD', useOffset: true });
      node(`l${i}`, 'constraint/limit-location', { useMinZ: true, minZ: -0.1, ownerSpace: 'LOCAL_WITH_PARENT' });
      node(`o${i}`, 'owner/output', { owner: `A/b${i}` });
      link(`i${i}`, 'transform', `c${i}`, 'owner');
      link('v', 'transform', `c${i}`, 'target');
      link(`c${i}`, 'owner', `l${i}`, 'owner');
      link(`l${i}`, 'owner', `o${i}`, 'transform');
    }
  } else if (kind === 'owner/read') {
    for (let i = 0; i < 20; i++) node(`r${i}`, 'owner/read', { owner: i % 2 ? 'T' : `A/b${i}` });
  } else if (kind !== 'bones') {
    node('t', 'owner/read', { owner: 'T' });
    node('p', 'owner/read', { owner: 'P' });
    const ik = kind === 'constraint/ik';
    for (let i = 1; i < 20; i += ik ? 6 : 1) {
      node(`i${i}`, 'owner/input', { owner: `A/b${i}` });
      node(`c${i}`, kind, params);
      node(`o${i}`, 'owner/output', { owner: `A/b${i}` });
      link(`i${i}`, 'transform', `c${i}`, 'owner');
      link(`c${i}`, 'owner', `o${i}`, 'transform');
      if (!/limit-(location|rotation|scale)$/.test(kind)) link(ik || i % 2 ? 't' : 'p', 'transform', `c${i}`, 'target');
      if (ik) link('p', 'transform', `c${i}`, 'pole');
    }
  }
  return { graph: { format: GRAPH_FORMAT, version: 1, nodes, links }, scene };
}

async function one(): Promise<void> {
  const rigName = opt('--rig', 'humanoid');
  const frames = Number(opt('--frames', '100000'));
  const max = Number(opt('--max', '0'));
  const rig = rigName === 'humanoid' ? humanoid() : rigName === 'large' ? largeRig() : kindRig(rigName, JSON.parse(opt('--params', '{}')) as Record<string, JsonValue>);
  const program = compile(rig.graph, rig.scene);
  const report = await measureAllocation((f) => { program.evaluate(f); }, frames);
  const line = { rig: rigName, params: opt('--params', '{}'), steps: program.steps.length, ...report };
  if (args.includes('--json')) console.log(JSON.stringify(line));
  else {
    console.log(`${rigName}: ${program.steps.length} steps; ${report.bytesPerFrame} bytes allocated per frame (raw ${report.rawBytesPerFrame.toFixed(2)}, ${report.windows} windows)`);
    console.log(`${report.frames} frames in one go: ${report.scavenges} scavenges, ${report.collections} collections in all`);
  }
  if (report.bytesPerFrame > max) process.exitCode = 1;
}

function kinds(): void {
  const rows = KIND_CASES.map(([kind, params]) => {
    const r = spawnSync(process.execPath, [...process.execArgv, ...ALLOC_NODE_FLAGS, fileURLToPath(import.meta.url), '--rig', kind, '--params', JSON.stringify(params), '--frames', opt('--frames', '20000'), '--json', '--max', '1e9'], { encoding: 'utf8' });
    if (r.status !== 0) return { kind, params: JSON.stringify(params), 'bytes/frame': `failed: ${r.stderr.split('\n').find((l) => l.trim()) ?? ''}` };
    const j = JSON.parse(r.stdout.trim().split('\n').pop()!) as { steps: number; bytesPerFrame: number; scavenges: number };
    return { kind, params: JSON.stringify(params), steps: j.steps, 'bytes/frame': j.bytesPerFrame, scavenges: j.scavenges };
  });
  console.table(rows);
}

if (args.includes('--kinds')) kinds();
else await one();
