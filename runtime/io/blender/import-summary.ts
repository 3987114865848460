// What an import brought in and what it could not carry, as printed by `sinew import-blender`:
// objects, bones, constraints by type, drivers by kind, custom properties, and every setting,
// driver or expression not carried, grouped by reason with a count.
import type { Fixture } from './fixture';
import type { BlenderImport } from './import';

const tally = (items: Iterable<string>) => {
  const m = new Map<string, number>();
  for (const k of items) m.set(k, (m.get(k) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
};
const list = (t: [string, number][]) => t.map(([k, n]) => `${k} ${n}`).join(', ') || 'none';

/**
 * The Blender exporter's notes (`exporter.notes`): what it could not write as Blender has it (a
 * vertex parent, NLA tracks, a Bezier spline as its polyline, …), each a difference. Notes an
 * earlier add-on wrote about what Sinew now evaluates from the data beside them (delta
 * transforms, Relative Parenting, an armature's rest position) are not differences any more.
 */
export function exportNotes(fx: Fixture): string[] {
  const notes = (fx as { exporter?: { notes?: unknown } }).exporter?.notes;
  return Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string' && !EVALUATED_NOW.some((r) => r.test(n))) : [];
}

/**
 * The earlier add-on's notes on what is now evaluated (blender/sinew_export/dump.py wrote them until
 * the delta transforms were read), or was exact all along (a LATTICE parent type is its parent's
 * matrix, as OBJECT on a lattice is).
 */
const EVALUATED_NOW = [
  /^object .+: delta_\w+ is not identity; Sinew does not read delta transforms$/,
  /^object .+: parent type LATTICE is written as OBJECT$/,
  /^bone .+: use_relative_parent is on; Sinew evaluates it as an ordinary parent$/,
  /^object .+: the armature is in REST position$/,
];

/**
 * Everything not carried, one line each (what `--strict` refuses). `warnings`: what loading and
 * compiling the imported graph warned of (an action curve the pose animation ignores, a cycle).
 */
export function notCarried(imported: BlenderImport, notes: readonly string[] = [], warnings: readonly string[] = []): string[] {
  return [
    ...notes.map((n) => `exported approximately: ${n}`),
    ...imported.unsupported.map((u) => `unsupported: ${u}`),
    ...imported.drivers.notCarried.map((u) => `not carried: ${u}`),
    ...warnings.map((w) => `warning: ${w}`),
  ];
}

/** The summary's lines. */
export function importSummary(fx: Fixture, imported: BlenderImport, notes: readonly string[] = exportNotes(fx), warnings: readonly string[] = []): string[] {
  const bones = fx.objects.reduce((n, o) => n + (o.bones?.length ?? 0), 0);
  const d = imported.drivers;
  const kinds = [...d.drivers.counts].filter(([k]) => !k.startsWith('var:') && k !== 'python');
  const python = d.drivers.counts.get('python') ?? 0;
  const vars = [...d.drivers.counts].filter(([k]) => k.startsWith('var:')).map(([k, n]): [string, number] => [k.slice(4), n]);
  const lines = [
    `objects: ${fx.objects.length}, bones: ${bones}`,
    `constraints: ${fx.constraints.length} (${list(tally(fx.constraints.map((c) => c.type)))})`,
    `drivers: ${d.drivers.drivers.length + d.drivers.unsupported.length + d.drivers.skipped.length} (${list(kinds.sort((a, b) => b[1] - a[1]))}; variables ${list(vars)}), ${d.wired} wired live${python > 0 ? ` (${python} with Python's **, % or //, evaluated as Python does)` : ''}`,
    `custom properties: ${d.customProperties}`,
  ];
  // What Blender itself leaves out is left out faithfully: information, not something missing.
  const skipped = [...imported.skipped, ...imported.drivers.noEffect];
  if (skipped.length > 0) {
    lines.push(`skipped as Blender skips them: ${skipped.length}`);
    for (const s of skipped) lines.push(`  ${s}`);
  }
  // Where Blender breaks a dependency cycle, the graph breaks it too (cycle-breaks.ts): information.
  const { placed, unplaced } = imported.cycles;
  if (placed.length > 0) {
    lines.push(`dependency cycles broken where Blender breaks them: ${placed.length}`);
    for (const p of placed) lines.push(`  ${p}`);
  }
  if (unplaced.length > 0) {
    lines.push(`dependency cycles Blender breaks at a relation the graph has no link for (Sinew's own rule breaks any cycle left): ${unplaced.length}`);
    for (const p of unplaced) lines.push(`  ${p}`);
  }
  const missing = notCarried(imported, notes, warnings);
  if (missing.length === 0) lines.push('not carried: nothing');
  else {
    // Group by reason: the line with names and numbers taken out, so like items count together.
    const reason = (s: string) => s.replace(/"[^"]*"|\[[^\]]*\]|\([^)]*\)|\b[\w-]*[.\-\d][\w.-]*\b/g, '…').replace(/(…\s*)+/g, '… ');
    lines.push(`not carried: ${missing.length}`);
    for (const [r, n] of tally(missing.map(reason))) lines.push(`  ${n} × ${r.trim()}`);
  }
  return lines;
}
