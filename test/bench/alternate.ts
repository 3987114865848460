// Compares checkouts of Sinew in one process, for a loaded machine: each checkout's program for one
// bench rig is built side by side, then windows of frames are taken in turn, so every checkout sees
// the same load. Prints per checkout the fastest window, the median window and the median CPU time,
// all in µs per frame. Run it twice with the checkouts in opposite orders (the JIT warms them in turn).
//   node --import tsx test/bench/alternate.ts humanoid|large|rigify DIR...
// where each DIR is a checkout (e.g. `git archive <commit> | tar -x -C DIR`, node_modules linked).
type Task = 'humanoid' | 'large' | 'rigify';

interface Frames { (): void }

async function setup(dir: string, task: Task, frames: number): Promise<Frames> {
  const { compile } = await import(`${dir}/runtime/eval/compile.ts`);
  const rigs = await import(`${dir}/test/bench/rigs.ts`);
  const rigify = await import(`${dir}/test/bench/rigify.ts`);
  const rig = task === 'rigify' ? rigify.rigifyHuman() : task === 'large' ? rigs.largeRig() : rigs.humanoid();
  const program = compile(rig.graph, rig.scene);
  const cycle = task === 'rigify' ? rigify.rigifyPoseCycle(program) : undefined;
  let k = 0;
  return () => {
    for (let i = 0; i < frames; i++) {
      cycle?.apply(k);
      program.evaluate(k++);
    }
  };
}

const median = (a: number[]): number => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

async function main(): Promise<void> {
  const [taskArg, ...dirs] = process.argv.slice(2);
  if (taskArg !== 'humanoid' && taskArg !== 'large' && taskArg !== 'rigify' || dirs.length === 0) {
    throw new Error('usage: alternate.ts humanoid|large|rigify DIR...');
  }
  const task: Task = taskArg;
  const frames = task === 'humanoid' ? 200 : task === 'large' ? 20 : 10;
  const windows = task === 'humanoid' ? 60 : 40;
  const runs = await Promise.all(dirs.map((d) => setup(d, task, frames)));
  for (let w = 0; w < 10; w++) for (const r of runs) r();
  const wall: number[][] = dirs.map(() => []);
  const cpu: number[][] = dirs.map(() => []);
  for (let w = 0; w < windows; w++) {
    runs.forEach((r, i) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      r();
      const t = performance.now() - t0;
      const c = process.cpuUsage(c0);
      wall[i].push((t * 1000) / frames);
      cpu[i].push((c.user + c.system) / frames);
    });
  }
  dirs.forEach((dir, i) => { console.log(JSON.stringify({ task, dir, fastest: +Math.min(...wall[i]).toFixed(1), median: +median(wall[i]).toFixed(1), cpuMedian: +median(cpu[i]).toFixed(1) })); });
}

void main();
