// `npm run test:all`: every check CI runs, as phases side by side. Each phase is an npm script that
// also runs alone. They share no files and none needs another's output, and they use the machine
// differently: the browser suite spends half its time waiting on Chromium and Vitest's files spend
// much of theirs waiting on Blender, so together they keep both cores busy where one after another
// left one idle (docs/engineering.md, "CI time").
//
// Output stays readable: every line is prefixed with its phase's name as it comes (a hung phase
// shows where it hangs), and at the end a failed phase's last lines are printed again, whole, above
// a table of every phase's result and time. The exit code is 1 when any phase failed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Phase {
  name: string;
  /** The npm script the phase runs (`npm run -s SCRIPT`). */
  script: string;
  args?: string[];
}

const PHASES: Phase[] = [
  { name: 'tsc', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'vitest', script: 'test' },
  { name: 'e2e', script: 'test:e2e' },
  { name: 'conformance', script: 'sinew', args: ['--', 'conformance', '../shared/conformance/fixtures', '../shared/conformance/actions'] },
];

/** Lines of a failed phase printed again at the end: enough for Vitest's or the harness's report of its failures. */
const TAIL_LINES = 80;

interface Result {
  phase: Phase;
  code: number;
  seconds: number;
  lines: string[];
}

const width = Math.max(...PHASES.map((p) => p.name.length));
const running = new Set<ReturnType<typeof spawn>>();

function run(phase: Phase): Promise<Result> {
  const started = Date.now();
  const lines: string[] = [];
  // Its own process group, so an interrupted run ends the phase's whole tree (Vitest's workers, Chromium).
  const child = spawn('npm', ['run', '-s', phase.script, ...(phase.args ?? [])], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  const prefix = `${phase.name.padEnd(width)} │ `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      console.log(prefix + line);
    });
  }
  console.log(`${prefix}started: npm run -s ${[phase.script, ...(phase.args ?? [])].join(' ')}`);
  return new Promise((resolve) => {
    child.on('error', (e) => { lines.push(String(e)); });
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      console.log(`${prefix}${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(0)} s`);
      resolve({ phase, code: code ?? 1, seconds, lines });
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) if (child.pid) try { process.kill(-child.pid, signal); } catch { /* already gone */ }
    process.exit(1);
  });
}

const started = Date.now();
const results = await Promise.all(PHASES.map(run));
const failed = results.filter((r) => r.code !== 0);

for (const r of failed) {
  console.log(`\n── ${r.phase.name} failed; its last ${Math.min(TAIL_LINES, r.lines.length)} lines:`);
  for (const line of r.lines.slice(-TAIL_LINES)) console.log(line);
}
console.log(`\nnpm run test:all (${((Date.now() - started) / 1000).toFixed(0)} s):`);
for (const r of results) console.log(`  ${r.phase.name.padEnd(width)}  ${r.code === 0 ? 'passed' : 'FAILED'}  ${r.seconds.toFixed(0).padStart(4)} s`);
console.log(`phases: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
