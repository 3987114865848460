// The ways of sharing Rigify's human rig out across two threads, each timed on one split rig in turn:
//   node --import tsx test/bench/split-ways.ts
// The steps' costs are profiled on one thread (300 posed frames after 300 to warm up); the ways are
// the list schedules at the cross-thread costs the split rig tries (plan.ts `balancedThreads`) and
// the one at 0.02 refined on the simulated frame at three latencies (`refinedThreads`). One rig
// replans to each way in turn, 100 frames to warm up and 500 timed, for 7 rounds; prints each way's
// median and fastest round, µs a frame.
import { compile } from '../../runtime/eval/compile';
import type { Program } from '../../runtime/eval/program';
import { balancedThreads, refinedThreads, stepReads } from '../../runtime/split/plan';
import { createSplitRig } from '../../runtime/split/split-rig';
import { rigifyHuman, rigifyPoseCycle } from './rigify';

const rig = rigifyHuman();
const probe = compile(rig.graph, rig.scene, { lazyPre: false });
const cycles = new Map<Program, (k: number) => void>();
const pose = (p: Program, k: number) => {
  let cycle = cycles.get(p);
  if (!cycle) cycles.set(p, (cycle = rigifyPoseCycle(p).apply));
  cycle(k);
};
for (let i = 0; i < 300; i++) { pose(probe, i); probe.evaluate(0); }
const profile = probe.startProfiling();
for (let i = 0; i < 300; i++) { pose(probe, i); probe.evaluate(0); }
probe.stopProfiling();
const cost = Float64Array.from(profile.time, (t) => t / profile.passes);
const reads = stepReads(probe);
const ways: [string, Int8Array][] = [0.002, 0.005, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.08].map((c) => [`list ${c}`, balancedThreads(reads, cost, 2, c)]);
const start = ways[4][1];
for (const latency of [0.001, 0.002, 0.005]) ways.push([`refined ${latency}`, refinedThreads(reads, cost, start, 2, latency)]);

// `replan` is the split rig's own (split-rig.ts SplitFrame), not part of the SplitRig interface.
const split = await createSplitRig(rig.graph, rig.scene, { threads: 2, threadOf: start, pose }) as Awaited<ReturnType<typeof createSplitRig>> & { replan(way: Int8Array): void };
const times = new Map<string, number[]>(ways.map(([name]) => [name, []]));
for (let round = 0; round < 7; round++) {
  for (const [name, way] of ways) {
    split.replan(way);
    for (let i = 0; i < 100; i++) { pose(split.program, i); split.evaluate(0); }
    const t0 = performance.now();
    for (let i = 0; i < 500; i++) { pose(split.program, i); split.evaluate(0); }
    times.get(name)!.push(((performance.now() - t0) * 1000) / 500);
  }
}
for (const [name, t] of times) {
  t.sort((a, b) => a - b);
  console.log(`${name.padEnd(16)} median ${t[3].toFixed(0)} µs; fastest ${t[0].toFixed(0)}`);
}
await split.dispose();
