// Summarizes a V8 CPU profile (node --cpu-prof): the functions with the most self time, the share
// of each part of the code base, and the functions of Sinew's own code with the most total time
// (themselves and what they call: a kernel with its math, a space conversion with its products). Usage: node --import tsx test/bench/top.ts DIR_OR_FILE [N]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const arg = process.argv[2] ?? '.';
const files = statSync(arg).isDirectory() ? readdirSync(arg).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(arg, f)) : [arg];
const top = Number(process.argv[3] ?? 25);
// With tsx there is a profile per thread (its loader runs in a worker): take the busiest.
const busy = (p: Profile) => {
  const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  return p.samples.reduce((s, id, i) => s + (idle.has(id) ? 0 : p.timeDeltas[i] ?? 0), 0);
};
const loaded = files.map((f) => ({ f, p: JSON.parse(readFileSync(f, 'utf8')) as Profile }));
const { f: file, p: prof } = loaded.sort((a, b) => busy(b.p) - busy(a.p))[0];
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const parts = new Map<string, number>();
let total = 0;
const partOf = (url: string, name: string): string => {
  if (!url) return name.startsWith('(') ? name : 'V8 builtins';
  const m = /\/(runtime|nodes\/math|nodes\/constraints|nodes\/owner|nodes\/values|graph|test)\//.exec(url);
  if (m) return m[1];
  if (url.includes('gl-matrix')) return 'gl-matrix';
  return 'node / tsx';
};
const parentOf = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const inclusive = new Map<string, number>();
prof.samples.forEach((id, i) => {
  const n = byId.get(id)!;
  // Total time: every function on the sample's stack once, however deep it recurses.
  const onStack = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const f = byId.get(at)!.callFrame;
    if (/\/(runtime|nodes)\//.test(f.url)) onStack.add(`${f.functionName || '(anonymous)'}  ${f.url.replace(/^.*\/(main|snap)\//, '').replace(/^file:\/\//, '')}`);
  }
  for (const k of onStack) inclusive.set(k, (inclusive.get(k) ?? 0) + (prof.timeDeltas[i] ?? 0));
  const dt = prof.timeDeltas[i] ?? 0;
  const { functionName, url } = n.callFrame;
  const key = `${functionName || '(anonymous)'}  ${url.replace(/^.*\/(main|snap)\//, '').replace(/^file:\/\//, '')}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  const part = partOf(url, functionName);
  parts.set(part, (parts.get(part) ?? 0) + dt);
  total += dt;
});
const pct = (x: number) => `${((x / total) * 100).toFixed(1)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
console.table([...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => ({ 'self time': pct(v), function: k })));
console.table([...parts].sort((a, b) => b[1] - a[1]).map(([k, v]) => ({ part: k, 'self time': pct(v) })));
console.table([...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => ({ 'total time': pct(v), function: k })));
