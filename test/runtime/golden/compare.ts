// How far a change moves the golden cases' matrices, when it is meant to change their bits (a
// numeric shortcut whose error is bounded, not a restructuring). Save every case's final matrices
// before the change, then compare after it:
//   npx tsx test/runtime/golden/compare.ts --save /tmp/before.f64     (in the checkout before)
//   npx tsx test/runtime/golden/compare.ts /tmp/before.f64            (in the checkout after)
// Prints each case that changed with its largest difference, absolute and relative to the entry's
// size (|a − b| / max(1, |a|)), and the largest of all. Exit 1 when a case's owners or frames differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { goldenCases, ownersById } from './cases';

interface Saved { cases: { name: string; owners: string[]; frames: number }[] }

const [first, file] = process.argv.slice(2);
const save = first === '--save';
const path = save ? file : first;
if (!path) throw new Error('usage: compare.ts --save FILE | compare.ts FILE');

const numbers: number[] = [];
const index: Saved = { cases: [] };
for (const c of goldenCases()) {
  let owners: string[] = [];
  let frames = 0;
  c.evaluate((p) => {
    const sorted = ownersById(p);
    owners = sorted.map((o) => o.id);
    for (const o of sorted) for (let i = 0; i < 16; i++) numbers.push(o.final[i]);
    frames++;
  });
  index.cases.push({ name: c.name, owners, frames });
}

if (save) {
  writeFileSync(path, Buffer.from(Float64Array.from(numbers).buffer));
  writeFileSync(`${path}.json`, JSON.stringify(index));
  console.log(`${index.cases.length} cases, ${numbers.length} numbers saved to ${path}`);
} else {
  const before = new Float64Array(new Uint8Array(readFileSync(path)).buffer);
  const saved = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as Saved;
  const was = new Map(saved.cases.map((c, i) => [c.name, { c, at: offsetOf(saved, i) }]));
  let at = 0, worstAbs = 0, worstRel = 0, changed = 0, mismatched = 0;
  for (const c of index.cases) {
    const size = c.owners.length * 16 * c.frames;
    const old = was.get(c.name);
    if (!old || old.c.frames !== c.frames || old.c.owners.join() !== c.owners.join()) {
      console.log(`${c.name}: owners or frames differ from the saved run`);
      mismatched++;
      at += size;
      continue;
    }
    let abs = 0, rel = 0, same = true;
    for (let k = 0; k < size; k++) {
      const a = before[old.at + k], b = numbers[at + k];
      if (!Object.is(a, b)) same = false;
      const d = Object.is(a, b) ? 0 : a === b ? 0 : Number.isNaN(a - b) ? Infinity : Math.abs(a - b);
      if (d > abs) abs = d;
      const r = d / Math.max(1, Math.abs(a));
      if (r > rel) rel = r;
    }
    if (!same) {
      changed++;
      console.log(`${c.name}: largest difference ${abs.toExponential(2)} (relative ${rel.toExponential(2)})`);
    }
    worstAbs = Math.max(worstAbs, abs);
    worstRel = Math.max(worstRel, rel);
    at += size;
  }
  console.log(`${changed} of ${index.cases.length} cases changed; largest difference ${worstAbs.toExponential(2)}, relative ${worstRel.toExponential(2)}`);
  if (mismatched) process.exit(1);
}

function offsetOf(s: Saved, i: number): number {
  let at = 0;
  for (let k = 0; k < i; k++) at += s.cases[k].owners.length * 16 * s.cases[k].frames;
  return at;
}
