// How a bench rig's frame splits across threads (runtime/split/plan.ts), from its steps' costs:
//   node --import tsx test/bench/split-plan.ts [rigify|humanoid|large|crowd] [threads]
// Each step's cost is its time in the step profiler (500 frames, the profiler's own cost included).
// Prints the frame's critical path along the schedule's edges and, for each cross-thread cost the
// split rig tries, each thread's share of the cost and how many waits a frame its plan has.
import { balancedThreads, splitPlan, stepReads } from '../../runtime/split/plan';
import { rigLoop } from './rig-loop';

const which = process.argv[2] ?? 'rigify';
const threads = Number(process.argv[3] ?? 2);
const { program, frame } = rigLoop(which);
for (let i = 0; i < 500; i++) frame();
const profile = program.startProfiling();
for (let i = 0; i < 500; i++) frame();
program.stopProfiling();
const cost = Float64Array.from(profile.time, (t) => t / profile.passes);
const reads = stepReads(program);
const edges = reads.reduce((n, r) => n + r.length, 0);

// Critical path: each step's finish is its cost after the latest finish among the steps it reads.
const finishOf = new Float64Array(reads.length);
let critical = 0;
reads.forEach((r, s) => {
  let start = 0;
  for (const p of r) start = Math.max(start, finishOf[p]);
  finishOf[s] = start + cost[s];
  critical = Math.max(critical, finishOf[s]);
});
const total = cost.reduce((a, b) => a + b, 0);
console.log(`${which}: ${reads.length} steps, ${edges} reads between steps; ${(total * 1000).toFixed(0)} µs a frame profiled, critical path ${(critical * 1000).toFixed(1)} µs`);
for (const cross of [0, 0.002, 0.005, 0.01, 0.02, 0.05, 0.08]) {
  const threadOf = balancedThreads(reads, cost, threads, cross);
  const plan = splitPlan(reads, threadOf, threads);
  const load = new Float64Array(threads);
  threadOf.forEach((t, s) => { load[t] += cost[s]; });
  console.log(`cross-thread cost ${cross} ms: steps ${plan.shares.map((x) => x.length).join(' / ')}, cost ${Array.from(load, (x) => (x * 1000).toFixed(0)).join(' / ')} µs, waits a frame ${plan.waits.map((w) => w.count.length).join(' / ')}`);
}
