// One worker's share of a crowd, on the main thread, without workers: the CPU time per character
// of N animated humanoids (test/bench/crowd-rig.ts, each at its own fractional frame, 0.37 apart)
// evaluated by one program they share (runtime/crowd/characters.ts), against N programs, one per
// character, evaluated in turn (what a worker did before), and one program at one frame over and
// over (what a single character costs). The three alternate in rounds in one process.
// Usage: node --import tsx test/bench/crowd-share.ts [characters=64] [rounds=15]
import { CrowdShare } from '../../runtime/crowd/characters';
import { crowdBytes, framesView, type CrowdLayout } from '../../runtime/crowd/layout';
import { compile } from '../../runtime/eval/compile';
import { animatedHumanoid } from './crowd-rig';

const characters = Number(process.argv[2] ?? 64);
const rounds = Number(process.argv[3] ?? 15);
const rig = animatedHumanoid();
const programs = Array.from({ length: characters }, () => compile(rig.graph, rig.scene));
const layout: CrowdLayout = { characters, owners: programs[0].owners.length };
const buffer = new SharedArrayBuffer(crowdBytes(layout));
const share = new CrowdShare(rig.graph, rig.scene, buffer, layout, 0, characters);
const frames = framesView(buffer, layout);
const single = compile(rig.graph, rig.scene);

let k = 0;
const FRAMES = Math.max(4, Math.round(2000 / characters));
const ways: Record<string, () => void> = {
  'one program shared': () => { for (let c = 0; c < characters; c++) frames[c] = 1 + k + c * 0.37; share.evaluate(); },
  'a program each, in turn': () => { for (let c = 0; c < characters; c++) programs[c].evaluate(1 + k + c * 0.37); },
  'one character alone': () => { for (let c = 0; c < characters; c++) single.evaluate(1 + k + c * 0.37); },
};
const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((w) => [w, []]));
for (let r = 0; r < rounds + 3; r++) {
  for (const [name, run] of Object.entries(ways)) {
    const c0 = process.cpuUsage();
    for (let f = 0; f < FRAMES; f++, k++) run();
    const c = process.cpuUsage(c0);
    if (r >= 3) cpu[name].push((c.user + c.system) / (FRAMES * characters));
  }
}
const median = (v: number[]) => [...v].sort((x, y) => x - y)[v.length >> 1];
console.log(`${characters} characters, CPU µs per character (median of ${rounds} rounds, fastest): ${Object.entries(cpu).map(([n, v]) => `${n} ${median(v).toFixed(1)} (${Math.min(...v).toFixed(1)})`).join(' · ')}`);
