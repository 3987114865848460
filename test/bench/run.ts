// `npm run bench` — Sinew's runtime benchmark (tinybench). Prints a table; with `-- --json`, one JSON
// object: humanoid_us, large_us, compile_ms, ccd_ratio, naive_ratio, alloc_bytes_per_frame, spring_us, ik_blender_us (Blender's IK solver on an arm and a spine),
// crowd_chars_16ms (animated humanoids at different poses evaluated in ≤ 16.7 ms by one worker per core, test/bench/crowd.ts),
// rigify_us (µs per frame, Rigify's human rig of ../shared/conformance/rigify-human, a new pose every
// frame, on one thread), rigify_split_us (the same on the machine's cores, runtime/split/),
// blender_ratio (Blender's recorded update time for that rig, on 2 threads, ÷ rigify_split_us;
// blender_ratio_one_thread ÷ rigify_us), load_graph_ms and
// load_scene_ms (a graph of 50,000 nodes and a scene of 50,000 objects, the default count limits) and
// load_growth (the larger of their times ÷ the time at a tenth of the count: 10 when loading is
// linear, 100 when quadratic; tests no longer bound it, test/reliability/safe-loading.test.ts), each the median of repeated runs (every task of every run in a fresh process). Options: `--runs N`
// (default 5), `--quick` (2 short runs, 20,000 frames for the allocation figure), `--task NAME`
// (one measurement, printed as JSON). Not part of `npm test`. See docs/performance.md.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { compile } from '../../runtime/eval/compile';
import type { Program } from '../../runtime/eval/program';
import { createSplitRig } from '../../runtime/split/split-rig';
import { ALLOC_NODE_FLAGS, measureAllocation } from './alloc';
import { allowedDistance, BONE_LENGTH, CHAIN_BONES, sinewChain, threeChain } from './ccd';
import { poseCycle } from './animate';
import { crowdCapacity } from './crowd';
import { naiveEvaluate } from './naive';
import { humanoid, largeRig, rigStats } from './rigs';
import { blenderTiming, rigifyHuman, rigifyPoseCycle } from './rigify';
import { ikBlenderPrograms } from './ik-blender';
import { benchSpec, sinewRig } from '../nodes/physics/spring-rig';
import { DEFAULT_LIMITS } from '../../graph/limits';
import { loadGraph } from '../../graph/load';
import { graphCatalog } from '../../nodes/catalog';
import { loadScene } from '../../runtime/io/scene/load';
import { graphOfSize, sceneOfSize } from '../reliability/files-of-size';

const args = process.argv.slice(2);
const json = args.includes('--json');
const quick = args.includes('--quick');
const runsArg = args.indexOf('--runs');
const runs = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1])) : quick ? 2 : 5;
const taskTime = quick ? 300 : 1000;
const log = (...x: unknown[]) => { if (!json) console.log(...x); else console.error(...x); };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const HUMANOID_BATCH = 20;
const LARGE_BATCH = 2;

type Task = 'humanoid' | 'large' | 'compile' | 'ccd' | 'naive' | 'alloc' | 'spring' | 'rigify' | 'rigifysplit' | 'ikblender' | 'crowd' | 'load';
const TASKS: Task[] = ['humanoid', 'large', 'compile', 'ccd', 'naive', 'alloc', 'spring', 'rigify', 'rigifysplit', 'ikblender', 'crowd', 'load'];
/** Frames a spring jump replays (from the start frame 0 to this frame). */
const SPRING_JUMP = 120;

/**
 * One measurement, in a process of its own: the node kernels are shared by every program (and by
 * the naive evaluator), so measuring several rigs in one process would let each one's type
 * feedback slow the others down. Prints one JSON line.
 */
async function child(task: Task): Promise<void> {
  const out = (x: Record<string, unknown>) => { console.log(JSON.stringify({ task, load: loadavg()[0], ...x })); };
  // Compiling runs far fewer times per second than a frame: give it longer to warm up and to sample.
  const bench = task === 'compile' || task === 'load' ? new Bench({ time: taskTime * 2, warmupTime: taskTime }) : new Bench({ time: taskTime, warmupTime: taskTime / 4 });
  let frame = 0;
  /** What to stop after measuring (a split rig's workers). */
  let done: (() => Promise<void>) | undefined;
  const hum = humanoid();
  const humProgram = compile(hum.graph, hum.scene);
  if (task === 'humanoid') {
    bench.add(`humanoid evaluate ×${HUMANOID_BATCH}`, () => { for (let i = 0; i < HUMANOID_BATCH; i++) humProgram.evaluate(frame++); });
    // Incremental: what the editor pays while a target is dragged, and when only the frame moves.
    const inc = compile(hum.graph, hum.scene).update(0);
    const look = inc.owner('look')!.basis;
    const hand = inc.owner('hand_ik.L')!.basis;
    let k = 0;
    bench
      .add(`humanoid update after moving the look target ×${HUMANOID_BATCH}`, () => {
        for (let i = 0; i < HUMANOID_BATCH; i++) { look[12] = 0.2 + 0.001 * (k++ % 100); inc.markOwnerDirty('look').update(); }
      })
      .add(`humanoid update after moving a hand IK target ×${HUMANOID_BATCH}`, () => {
        for (let i = 0; i < HUMANOID_BATCH; i++) { hand[13] = -0.15 + 0.001 * (k++ % 100); inc.markOwnerDirty('hand_ik.L').update(); }
      })
      .add(`humanoid update to the next frame ×${HUMANOID_BATCH}`, () => {
        for (let i = 0; i < HUMANOID_BATCH; i++) inc.update(k++);
      });
    // Animated: every bone's pose changes every frame (written in place, then evaluated), so no
    // matrix can be kept from the last frame; the writes alone are the next row.
    const animated = compile(hum.graph, hum.scene);
    const play = poseCycle(animated);
    bench
      .add(`humanoid animated: every bone's pose changes, evaluate ×${HUMANOID_BATCH}`, () => {
        for (let i = 0; i < HUMANOID_BATCH; i++) { play(k); animated.evaluate(k++); }
      })
      .add(`humanoid animated: writing the poses only ×${HUMANOID_BATCH}`, () => {
        for (let i = 0; i < HUMANOID_BATCH; i++) play(k++);
      });
  } else if (task === 'large' || task === 'compile') {
    const big = largeRig();
    const bigProgram = compile(big.graph, big.scene);
    if (task === 'large') bench.add(`large evaluate ×${LARGE_BATCH}`, () => { for (let i = 0; i < LARGE_BATCH; i++) bigProgram.evaluate(frame++); });
    else bench.add('compile large', () => { compile(big.graph, big.scene); });
  } else if (task === 'spring') {
    // Four spring chains (14 joints, sphere and capsule colliders, two chains in center space) on an
    // animated root: playing forward is one tick a frame; a jump back to SPRING_JUMP replays from 0.
    const r = sinewRig(benchSpec());
    const play = compile(r.graph, r.scene).evaluate(0);
    let f = 0;
    const jump = compile(r.graph, r.scene);
    bench
      .add('spring rig play the next frame ×1', () => { play.evaluate(++f); })
      .add(`spring rig jump back to frame ${SPRING_JUMP} (${SPRING_JUMP + 1} ticks)`, () => { jump.evaluate(0); jump.evaluate(SPRING_JUMP); });
  } else if (task === 'rigify') {
    // Rigify's human rig as the importer makes it from the shared case; each frame writes the pose
    // of the next recorded case into the posed controls, then evaluates every step: as Blender's
    // timing re-poses the controls before each depsgraph update (blender_eval_ms.full_pose).
    const rig = rigifyHuman();
    const program = compile(rig.graph, rig.scene);
    const { apply } = rigifyPoseCycle(program);
    let k = 0;
    bench.add('rigify human: a new pose of the controls, evaluate ×1', () => { apply(k); program.evaluate(k++); });
  } else if (task === 'rigifysplit') {
    // The same frames on the rig split across the machine's cores (runtime/split/), as Blender's
    // depsgraph spreads a rig's bones over them (the manifest's update time is on 2 threads): the
    // steps are shared out as createSplitRig chooses, timed on this pose cycle.
    const rig = rigifyHuman();
    const cycles = new Map<Program, (k: number) => void>();
    const pose = (p: Program, k: number) => { if (!cycles.has(p)) cycles.set(p, rigifyPoseCycle(p).apply); cycles.get(p)!(k); };
    const split = await createSplitRig(rig.graph, rig.scene, { pose });
    done = () => split.dispose();
    let k = 0;
    bench.add(`rigify human on ${split.threads} threads (steps ${split.shares.join(' / ')}): a new pose, evaluate ×1`, () => { pose(split.program, k); split.evaluate(k++); });
  } else if (task === 'ikblender') {
    // Blender's legacy IK solver: a Rigify-like arm (2 bones, pole, IK Stretch 0.1) and a 4-bone spine.
    const { arm, spine } = ikBlenderPrograms();
    bench
      .add('BLENDER IK arm (2 bones, pole, stretch) ×1', () => { arm.evaluate(frame++); })
      .add('BLENDER IK spine (4 bones) ×1', () => { spine.evaluate(frame++); });
  } else if (task === 'ccd') {
    const sinew = sinewChain();
    const three = threeChain(sinew.goals);
    // Both solvers must reach every goal (or their best) before they are timed.
    sinew.goals.forEach((g, i) => {
      for (const [name, s] of [['sinew', sinew], ['three', three]] as const) {
        const e = s.solveOne(i);
        const d = Math.hypot(e[0] - g[0], e[1] - g[1], e[2] - g[2]);
        const best = allowedDistance(g, [0, 0, 0], CHAIN_BONES * BONE_LENGTH);
        if (!(d <= best + 1e-12)) throw new Error(`${name} misses goal ${i}: ${d} > ${best}`);
      }
    });
    if (!three.converged.every(Boolean)) throw new Error('CCDIKSolver did not converge on every goal');
    bench
      .add(`sinew chain IK ×${sinew.goals.length} goals`, () => { sinew.solveAll(); })
      .add(`three CCDIKSolver ×${sinew.goals.length} goals`, () => { three.solveAll(); });
  } else if (task === 'naive') {
    // The naive evaluator must give the same pose before it is timed.
    for (const f of [1, 13, 50]) {
      humProgram.evaluate(f);
      const naive = naiveEvaluate(hum.graph, hum.scene, f);
      for (const o of humProgram.owners) {
        const m = naive.get(o.id)!;
        for (let i = 0; i < 16; i++) {
          if (!(Math.abs(m[i] - o.final[i]) <= 1e-9)) throw new Error(`naive evaluator differs at ${o.id}[${i}], frame ${f}: ${m[i]} vs ${o.final[i]}`);
        }
      }
    }
    bench.add('naive humanoid ×1', () => { naiveEvaluate(hum.graph, hum.scene, frame++); });
  } else if (task === 'load') {
    // Loading at the default count limits and at a tenth of them (tasks 0–3, read by name order below).
    const catalog = graphCatalog();
    const graphs = [graphOfSize(DEFAULT_LIMITS.maxNodes), graphOfSize(DEFAULT_LIMITS.maxNodes / 10)].map((g) => JSON.stringify(g));
    const scenes = [sceneOfSize(DEFAULT_LIMITS.maxObjects), sceneOfSize(DEFAULT_LIMITS.maxObjects / 10)].map((g) => JSON.stringify(g));
    const ok = (r: { ok: boolean }) => { if (!r.ok) throw new Error('a benchmark file did not load'); };
    bench
      .add(`load a graph of ${DEFAULT_LIMITS.maxNodes} nodes`, () => { ok(loadGraph(graphs[0], catalog)); })
      .add(`load a graph of ${DEFAULT_LIMITS.maxNodes / 10} nodes`, () => { ok(loadGraph(graphs[1], catalog)); })
      .add(`load a scene of ${DEFAULT_LIMITS.maxObjects} objects`, () => { ok(loadScene(scenes[0])); })
      .add(`load a scene of ${DEFAULT_LIMITS.maxObjects / 10} objects`, () => { ok(loadScene(scenes[1])); });
  } else if (task === 'crowd') {
    // Workers, not tinybench: the figure is a character count, searched for (test/bench/crowd.ts).
    out({ crowd: await crowdCapacity(quick ? 20 : 60) });
    return;
  } else {
    const frames = quick ? 20_000 : 100_000;
    const a = await measureAllocation((f) => { humProgram.evaluate(f); }, frames);
    out({ ...a });
    return;
  }
  await bench.warmup();
  await bench.run();
  // CPU time too (user + system, per iteration): on a loaded machine it moves less than wall time.
  const cpu = bench.tasks.map((t) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let n = 0;
    while (performance.now() - t0 < taskTime / 2 || n < 3) { (t as unknown as { fn: () => void }).fn(); n++; }
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / n;
  });
  out({ tasks: bench.tasks.map((t, i) => ({ name: t.name, min: t.result!.min, median: median(t.result!.samples), p99: t.result!.p99, samples: t.result!.samples.length, cpu: cpu[i] })) });
  await done?.();
}

interface ChildResult {
  task: Task;
  load: number;
  tasks?: { name: string; min: number; median: number; p99: number; samples: number; cpu: number }[];
  bytesPerFrame?: number;
  rawBytesPerFrame?: number;
  frames?: number;
  scavenges?: number;
  collections?: number;
  crowd?: { chars: number; workers: number; frameMs: number; usPerChar: number; cpuUsPerChar: number; cpuBoundChars: number; tried: { characters: number; ms: number }[] };
}

function runChild(task: Task): ChildResult {
  const flags = task === 'alloc' ? ALLOC_NODE_FLAGS : [];
  const r = spawnSync(process.execPath, [...process.execArgv, ...flags, fileURLToPath(import.meta.url), '--task', task, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`bench task ${task} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as ChildResult;
}

async function main(): Promise<void> {
  const taskArg = args.indexOf('--task');
  if (taskArg >= 0) return child(args[taskArg + 1] as Task);

  const hum = humanoid();
  const big = largeRig();
  const st = { hum: rigStats(hum), big: rigStats(big) };
  const humSteps = compile(hum.graph, hum.scene).steps.length;
  const bigSteps = compile(big.graph, big.scene).steps.length;
  log(`humanoid: ${st.hum.bones} bones, ${st.hum.constraints} constraints, ${st.hum.nodes} nodes, ${humSteps} steps`);
  log(`large: ${st.big.bones} bones, ${st.big.constraints} constraints, ${st.big.nodes} nodes, ${bigSteps} steps`);
  const rigify = rigifyHuman();
  const rigifyProgram = compile(rigify.graph, rigify.scene);
  const rigifyPose = rigifyPoseCycle(rigifyProgram);
  const blender = blenderTiming();
  const st2 = rigStats(rigify);
  log(`rigify human: ${st2.bones} bones, ${st2.constraints} constraints, ${st2.nodes} nodes, ${rigifyProgram.steps.length} steps; ${rigifyPose.moved} controls posed, cycling through ${rigifyPose.poses} recorded poses; Blender ${blender.medianMsFullPose} ms an update (manifest blender_eval_ms.full_pose.median_ms)`);
  log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, node ${process.version}; ${runs} runs, each task in a process of its own`);

  const per = { humanoid_us: [] as number[], large_us: [] as number[], compile_ms: [] as number[], ccd_ratio: [] as number[], naive_ratio: [] as number[], alloc_bytes_per_frame: [] as number[], spring_us: [] as number[], ik_blender_us: [] as number[], rigify_us: [] as number[], rigify_split_us: [] as number[], blender_ratio: [] as number[], blender_ratio_one_thread: [] as number[], crowd_chars_16ms: [] as number[], load_graph_ms: [] as number[], load_scene_ms: [] as number[], load_growth: [] as number[] };
  const cpuPer = { humanoid_us: [] as number[], large_us: [] as number[], compile_ms: [] as number[], ccd_ratio: [] as number[], naive_ratio: [] as number[], spring_us: [] as number[], ik_blender_us: [] as number[], rigify_us: [] as number[], rigify_split_us: [] as number[], blender_ratio: [] as number[], blender_ratio_one_thread: [] as number[], load_graph_ms: [] as number[], load_scene_ms: [] as number[], load_growth: [] as number[] };
  const rows: Record<string, unknown>[] = [];
  const loads: number[] = [];
  for (let r = 0; r < runs; r++) {
    const res = Object.fromEntries(TASKS.map((t) => [t, runChild(t)])) as Record<Task, ChildResult>;
    const ms = (t: Task, i = 0) => res[t].tasks![i].median;
    const humanoidUs = (ms('humanoid') / HUMANOID_BATCH) * 1000;
    per.humanoid_us.push(humanoidUs);
    per.large_us.push((ms('large') / LARGE_BATCH) * 1000);
    per.compile_ms.push(ms('compile'));
    per.ccd_ratio.push(ms('ccd', 1) / ms('ccd', 0));
    per.naive_ratio.push((ms('naive') * 1000) / humanoidUs);
    per.alloc_bytes_per_frame.push(res.alloc.bytesPerFrame!);
    per.spring_us.push(ms('spring') * 1000);
    per.rigify_us.push(ms('rigify') * 1000);
    per.rigify_split_us.push(ms('rigifysplit') * 1000);
    // Like for like: Blender's wall time on the machine's 2 threads over Sinew's on its cores (the split rig).
    per.blender_ratio.push(blender.medianMsFullPose / ms('rigifysplit'));
    per.blender_ratio_one_thread.push(blender.medianMsFullPose / ms('rigify'));
    per.ik_blender_us.push((ms('ikblender') + ms('ikblender', 1)) * 1000);
    per.crowd_chars_16ms.push(res.crowd.crowd!.chars);
    per.load_graph_ms.push(ms('load', 0));
    per.load_scene_ms.push(ms('load', 2));
    per.load_growth.push(Math.max(ms('load', 0) / ms('load', 1), ms('load', 2) / ms('load', 3)));
    const cpu = (t: Task, i = 0) => res[t].tasks![i].cpu;
    cpuPer.humanoid_us.push((cpu('humanoid') / HUMANOID_BATCH) * 1000);
    cpuPer.large_us.push((cpu('large') / LARGE_BATCH) * 1000);
    cpuPer.compile_ms.push(cpu('compile'));
    cpuPer.ccd_ratio.push(cpu('ccd', 1) / cpu('ccd', 0));
    cpuPer.naive_ratio.push((cpu('naive') * 1000) / cpuPer.humanoid_us[cpuPer.humanoid_us.length - 1]);
    cpuPer.spring_us.push(cpu('spring') * 1000);
    cpuPer.rigify_us.push(cpu('rigify') * 1000);
    cpuPer.rigify_split_us.push(cpu('rigifysplit') * 1000);
    cpuPer.blender_ratio.push(blender.medianMsFullPose / cpu('rigifysplit'));
    cpuPer.blender_ratio_one_thread.push(blender.medianMsFullPose / cpu('rigify'));
    cpuPer.ik_blender_us.push((cpu('ikblender') + cpu('ikblender', 1)) * 1000);
    cpuPer.load_graph_ms.push(cpu('load', 0));
    cpuPer.load_scene_ms.push(cpu('load', 2));
    cpuPer.load_growth.push(Math.max(cpu('load', 0) / cpu('load', 1), cpu('load', 2) / cpu('load', 3)));
    for (const t of TASKS) {
      loads.push(res[t].load);
      for (const k of res[t].tasks ?? []) rows.push({ run: r + 1, task: k.name, 'median (µs)': +(k.median * 1000).toFixed(2), 'min (µs)': +(k.min * 1000).toFixed(2), 'p99 (µs)': +(k.p99 * 1000).toFixed(2), 'CPU (µs)': +(k.cpu * 1000).toFixed(2), samples: k.samples, load: +res[t].load.toFixed(2) });
    }
    const a = res.alloc;
    rows.push({ run: r + 1, task: `allocation: ${a.frames} frames, ${a.scavenges} scavenges`, 'median (µs)': `${a.rawBytesPerFrame!.toFixed(2)} B/frame raw`, load: +a.load.toFixed(2) });
    const cr = res.crowd.crowd!;
    rows.push({ run: r + 1, task: `crowd: ${cr.chars} humanoids in ${cr.frameMs.toFixed(2)} ms on ${cr.workers} workers, CPU ${cr.cpuUsPerChar.toFixed(0)} µs a character → ${cr.cpuBoundChars} on idle cores (tried ${cr.tried.map((x) => `${x.characters}: ${x.ms.toFixed(1)} ms`).join(', ')})`, 'median (µs)': +(cr.usPerChar).toFixed(2), load: +res.crowd.load.toFixed(2) });
    log(`run ${r + 1}/${runs}: humanoid ${humanoidUs.toFixed(2)} µs, rigify ${(ms('rigify') * 1000).toFixed(0)} µs (split ${(ms('rigifysplit') * 1000).toFixed(0)}), load ${loadavg()[0].toFixed(2)}`);
  }

  const figures = {
    humanoid_us: round(median(per.humanoid_us), 2),
    large_us: round(median(per.large_us), 1),
    compile_ms: round(median(per.compile_ms), 2),
    ccd_ratio: round(median(per.ccd_ratio), 2),
    naive_ratio: round(median(per.naive_ratio), 1),
    alloc_bytes_per_frame: round(median(per.alloc_bytes_per_frame), 1),
    spring_us: round(median(per.spring_us), 2),
    rigify_us: round(median(per.rigify_us), 1),
    rigify_split_us: round(median(per.rigify_split_us), 1),
    blender_ratio: round(median(per.blender_ratio), 2),
    blender_ratio_one_thread: round(median(per.blender_ratio_one_thread), 2),
    ik_blender_us: round(median(per.ik_blender_us), 2),
    crowd_chars_16ms: median(per.crowd_chars_16ms),
    load_graph_ms: round(median(per.load_graph_ms), 1),
    load_scene_ms: round(median(per.load_scene_ms), 1),
    load_growth: round(median(per.load_growth), 1),
  };
  if (json) {
    console.log(JSON.stringify(figures));
    console.error(`load during the runs: ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} (1-minute average)`);
    return;
  }
  console.table(rows);
  const goals: Record<keyof typeof figures, [string, (x: number) => boolean]> = {
    humanoid_us: ['≤ 30', (x) => x <= 30],
    large_us: ['≤ 300', (x) => x <= 300],
    compile_ms: ['≤ 20', (x) => x <= 20],
    ccd_ratio: ['≥ 5', (x) => x >= 5],
    naive_ratio: ['≥ 10', (x) => x >= 10],
    alloc_bytes_per_frame: ['= 0', (x) => x === 0],
    spring_us: ['(none)', () => true],
    rigify_us: ['(none)', () => true],
    rigify_split_us: ['(none)', () => true],
    blender_ratio: ['≥ 10', (x) => x >= 10],
    blender_ratio_one_thread: ['(none)', () => true],
    ik_blender_us: ['(none)', () => true],
    crowd_chars_16ms: ['≥ 1000', (x) => x >= 1000],
    load_graph_ms: ['(none)', () => true],
    load_scene_ms: ['(none)', () => true],
    load_growth: ['< 30 (linear ≈ 10)', (x) => x < 30],
  };
  console.table(Object.entries(figures).map(([k, v]) => {
    const key = k as keyof typeof figures;
    const cpu = key === 'alloc_bytes_per_frame' || key === 'crowd_chars_16ms' ? undefined : round(median(cpuPer[key]), 2);
    return { figure: k, median: v, runs: per[key].map((x) => round(x, 2)).join(' '), 'CPU-time median': cpu ?? '', goal: goals[key][0], met: goals[key][1](v) ? 'yes' : 'no' };
  }));
  console.log(`load during the runs: ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} (1-minute average)`);
}

function round(x: number, digits: number): number {
  const k = 10 ** digits;
  return Math.round(x * k) / k;
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
