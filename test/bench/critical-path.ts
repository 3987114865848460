import { rigLoop } from './rig-loop';
const which = process.argv[2] ?? 'rigify';
const { program, frame, frames: FRAMES } = rigLoop(which);
for (let i = 0; i < FRAMES; i++) frame();
const profile = program.startProfiling();
for (let i = 0; i < FRAMES; i++) frame();
program.stopProfiling();
const deps = program.dependencies!;
const steps = program.steps;
const n = deps.units.count;
const cost = new Float64Array(n);
const stepOf = new Int32Array(n).fill(-1);
steps.forEach((s, i) => { cost[s.unit] = Math.max(0, profile.time[i] / profile.passes - 0.00004) * 1000; stepOf[s.unit] = i; });
const preds: number[][] = Array.from({ length: n }, () => []);
for (let e = 0; e < deps.from.length; e++) if (deps.from[e] !== deps.to[e]) preds[deps.to[e]].push(deps.from[e]);
// critical path in step order
const finish = new Float64Array(n);
let W = 0, C = 0;
for (const s of steps) { let st = 0; for (const p of preds[s.unit]) st = Math.max(st, finish[p]); finish[s.unit] = st + cost[s.unit]; W += cost[s.unit]; C = Math.max(C, finish[s.unit]); }
// list scheduling on P procs, in step order (a topological order), earliest start
for (const P of [2, 3, 4]) {
  const free = new Float64Array(P);
  const f2 = new Float64Array(n);
  const proc = new Int32Array(n);
  let cross = 0;
  for (const s of steps) {
    const u = s.unit;
    let best = 0, bestStart = Infinity;
    for (let q = 0; q < P; q++) {
      let st = free[q];
      for (const p of preds[u]) st = Math.max(st, f2[p]);
      if (st < bestStart - 1e-9) { bestStart = st; best = q; }
    }
    proc[u] = best; f2[u] = bestStart + cost[u]; free[best] = f2[u];
  }
  for (const s of steps) for (const p of preds[s.unit]) if (proc[p] !== proc[s.unit]) cross++;
  console.log(`P=${P}: makespan ${Math.max(...free).toFixed(1)} µs, cross edges ${cross}`);
}
console.log(`steps ${steps.length}, W ${W.toFixed(1)} µs, critical path ${C.toFixed(1)} µs, edges ${deps.from.length}`);
