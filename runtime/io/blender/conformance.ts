// Runs Blender fixtures through Sinew and compares with Blender's own evaluated matrices, under each
// case's tolerance and scope (all / positions / end_effector, as the fixture manifest defines them;
// not_ik_affected for rig cases, README-rig-additions §8).
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { mat4 } from 'gl-matrix';
import { compile } from '../../eval/compile';
import type { Program } from '../../eval/program';
import type { BoneOwner } from '../../rig/rig';
import { ownerOfId } from '../../rig/scene/owner-id';
import type { Fixture, FixtureFrames, FixtureReadout, Manifest, ManifestCase } from './fixture';
import { importBlenderFixture } from './import';
import { checkExpected } from './check-expected';
import { checkFixture } from './check-fixture';
import { readText } from '../scene/open';
import { readJson } from '../../../graph/safe-json';
import type { GraphError } from '../../../graph/types';
import { evaluateFixtureDrivers } from './drivers';

export interface CaseResult {
  name: string;
  file: string;
  passed: boolean;
  tolerance: number;
  scope: string;
  /** Largest difference found, and where: owner and matrix entry or coordinate. */
  maxError: number;
  where: string;
  unsupported: string[];
  /** Set when the case could not be evaluated at all. */
  error?: string;
}

interface Check { label: string; actual: ArrayLike<number>; expected: number[]; tolerance: number }

/** Evaluates one fixture and compares it with Blender's result (at each of its frames, when animated). */
export function runCase(fx: Fixture, c: ManifestCase): CaseResult {
  const base = { name: c.name, file: c.file, tolerance: c.tolerance, scope: c.tolerance_scope };
  const imported = importBlenderFixture(fx);
  let program: Program;
  try {
    program = compile(imported.graph, imported.scene);
  } catch (e) {
    return { ...base, passed: false, maxError: Infinity, where: '', unsupported: imported.unsupported, error: e instanceof Error ? e.message : String(e) };
  }
  let maxError = 0;
  let where = '';
  let passed = imported.unsupported.length === 0;
  for (const { frame, readout } of readouts(fx)) {
    try {
      program.evaluate(frame);
    } catch (e) {
      return { ...base, passed: false, maxError: Infinity, where: '', unsupported: imported.unsupported, error: e instanceof Error ? e.message : String(e) };
    }
    const at = fx.frames ? ` at frame ${frame}` : '';
    for (const check of checksFor(fx, readout, program, c)) {
      for (let i = 0; i < check.expected.length; i++) {
        const err = Math.abs(check.actual[i] - check.expected[i]);
        const bad = !(err <= check.tolerance);
        if (bad) passed = false;
        if (!(err <= maxError)) { maxError = Number.isNaN(err) ? Infinity : err; where = `${check.label}[${i}]${at}`; }
      }
    }
  }
  // Driven values (README-rig-additions §6.4): floats within 1e-6, booleans exactly.
  const driven = (fx.expected as { driven?: Record<string, number | boolean> }).driven;
  if (driven && !fx.frames) {
    const { values, errors } = evaluateFixtureDrivers(fx, imported.drivers.drivers);
    if (errors.length) return { ...base, passed: false, maxError: Infinity, where: '', unsupported: imported.unsupported, error: errors.join('; ') };
    for (const [key, want] of Object.entries(driven)) {
      const got = values.get(key);
      const err = typeof want === 'boolean' ? (got === want ? 0 : Infinity) : typeof got === 'number' ? Math.abs(got - want) : Infinity;
      if (!(err <= DRIVEN_TOLERANCE)) {
        passed = false;
        if (!(err <= maxError)) { maxError = err; where = `driven ${key} (${String(got)}, Blender ${String(want)})`; }
      }
    }
  }
  return { ...base, passed, maxError, where, unsupported: imported.unsupported };
}

/** README-rig-additions §6.4: driven floats are compared within 1e-6. */
const DRIVEN_TOLERANCE = 1e-6;

/** What Blender recorded, per frame: one readout at frame 1, or one per listed frame (extension `actions`). */
function readouts(fx: Fixture): { frame: number; readout: FixtureReadout }[] {
  if (!fx.frames) return [{ frame: 1, readout: fx.expected as FixtureReadout }];
  return Object.entries(fx.expected as FixtureFrames).map(([key, readout]) => ({ frame: Number(key), readout }));
}

function checksFor(fx: Fixture, expected: FixtureReadout, program: Program, c: ManifestCase): Check[] {
  const owners = new Map(program.owners.map((o) => [o.id, o]));
  if (c.tolerance_scope === 'not_ik_affected') return checksOutsideIk(fx, expected, owners, c.tolerance_not_ik_affected ?? c.tolerance);
  const exact = c.tolerance_scope === 'all' ? c.tolerance : Math.min(1e-5, c.tolerance);
  const checks: Check[] = [];
  const skipped = c.tolerance_scope === 'all' ? new Set<string>() : ikChainsAndDescendants(fx);
  for (const [name, m] of Object.entries(expected.objects)) {
    const o = owners.get(name);
    checks.push({ label: name, actual: o ? o.final : [], expected: m, tolerance: exact });
  }
  for (const [id, b] of Object.entries(expected.bones)) {
    const o = owners.get(id) as BoneOwner | undefined;
    const ends = o ? boneEnds(o) : { pose: [], head: [], tail: [] };
    if (skipped.has(id)) continue;
    checks.push({ label: `${id} matrix`, actual: ends.pose, expected: b.matrix, tolerance: exact });
    checks.push({ label: `${id} head`, actual: ends.head, expected: b.head, tolerance: exact });
    checks.push({ label: `${id} tail`, actual: ends.tail, expected: b.tail, tolerance: exact });
  }
  if (c.tolerance_scope !== 'all') {
    for (const chain of ikChains(fx)) {
      const last = chain.bones[chain.bones.length - 1];
      const lastOwner = owners.get(last) as BoneOwner | undefined;
      const effector = lastOwner ? boneEnds(lastOwner).tail : [];
      checks.push({ label: `${last} end effector`, actual: effector, expected: expected.bones[last].tail, tolerance: c.tolerance });
      if (c.tolerance_scope === 'positions') {
        for (const id of chain.bones) {
          const o = owners.get(id) as BoneOwner | undefined;
          checks.push({ label: `${id} head`, actual: o ? boneEnds(o).head : [], expected: expected.bones[id].head, tolerance: c.tolerance });
        }
      }
    }
  }
  return checks;
}

/** Every object and every bone the case does not list in `ik_affected`, at one tolerance. */
function checksOutsideIk(fx: Fixture, expected: FixtureReadout, owners: Map<string, Program['owners'][number]>, tolerance: number): Check[] {
  const affected = new Set(fx.ik_affected ?? []);
  const checks: Check[] = [];
  for (const [name, m] of Object.entries(expected.objects)) checks.push({ label: name, actual: owners.get(name)?.final ?? [], expected: m, tolerance });
  for (const [id, b] of Object.entries(expected.bones)) {
    if (affected.has(id)) continue;
    const o = owners.get(id) as BoneOwner | undefined;
    const ends = o ? boneEnds(o) : { pose: [], head: [], tail: [] };
    checks.push({ label: `${id} matrix`, actual: ends.pose, expected: b.matrix, tolerance });
    checks.push({ label: `${id} head`, actual: ends.head, expected: b.head, tolerance });
    checks.push({ label: `${id} tail`, actual: ends.tail, expected: b.tail, tolerance });
  }
  return checks;
}

const armInv = new Float64Array(16);
function boneEnds(o: BoneOwner): { pose: number[]; head: number[]; tail: number[] } {
  const f = o.final;
  mat4.invert(armInv, o.armatureOwner.final);
  const pose = new Float64Array(16);
  mat4.multiply(pose, armInv, f);
  const len = o.bone!.length;
  return {
    pose: Array.from(pose),
    head: [f[12], f[13], f[14]],
    tail: [f[12] + f[4] * len, f[13] + f[5] * len, f[14] + f[6] * len],
  };
}

/** Each IK chain: its bones from the root down (README: use_tail decides the last bone). */
export function ikChains(fx: Fixture): { bones: string[] }[] {
  const out: { bones: string[] }[] = [];
  for (const c of fx.constraints) {
    if (c.type !== 'IK' || !c.owner.bone) continue;
    const arm = fx.objects.find((o) => o.name === c.owner.object);
    const parentOf = new Map((arm?.bones ?? []).map((b) => [b.name, b.parent ?? null]));
    let bone: string | null = c.props.use_tail === false ? parentOf.get(c.owner.bone) ?? null : c.owner.bone;
    const count = Number(c.props.chain_count ?? 0);
    const bones: string[] = [];
    while (bone && (count === 0 || bones.length < count)) {
      bones.unshift(`${c.owner.object}/${bone}`);
      bone = parentOf.get(bone) ?? null;
    }
    out.push({ bones });
  }
  return out;
}

/** Bones in an IK chain or below its last bone: not compared outside the `all` scope. */
function ikChainsAndDescendants(fx: Fixture): Set<string> {
  const set = new Set<string>();
  for (const chain of ikChains(fx)) {
    const last = chain.bones[chain.bones.length - 1];
    if (!last) continue;
    chain.bones.forEach((b) => set.add(b));
    const owner = ownerOfId(fx.objects, last);
    if (!owner || owner.bone === null) continue;
    const bones = owner.object.bones ?? [];
    for (const b of bones) if (isBelow(bones, b.name, owner.bone)) set.add(`${owner.object.name}/${b.name}`);
  }
  return set;
}

function isBelow(bones: { name: string; parent?: string | null }[], name: string, ancestor: string): boolean {
  const parentOf = new Map(bones.map((b) => [b.name, b.parent ?? null]));
  for (let p = parentOf.get(name) ?? null; p; p = parentOf.get(p) ?? null) if (p === ancestor) return true;
  return false;
}

/**
 * The cases under a folder: from its manifest when there is one, else every fixture at 1e-5, scope
 * all. A fixture file is one case: its folder manifest's entry when it has one, else 1e-5, scope all.
 * A path that is neither is one failed case that says so (not a stack trace).
 */
export function casesIn(path: string): ManifestCase[] {
  const isFile = existsSync(path) && statSync(path).isFile();
  const dir = isFile ? dirname(path) : path;
  const manifestPath = join(dir, 'manifest.json');
  const listed = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest).cases.map((c) => ({ ...c, file: join(dir, c.file) }))
    : undefined;
  const plain = (file: string): ManifestCase => ({ name: basename(file).replace(/\.json$/, ''), file, category: '', tolerance: 1e-5, tolerance_scope: 'all' });
  if (isFile) return [listed?.find((c) => resolve(c.file) === resolve(path)) ?? plain(path)];
  if (!existsSync(path)) return [plain(path)]; // reported as unreadable by runConformance
  if (listed) return listed;
  return readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => plain(join(path, f)));
}

export interface ConformanceOptions {
  /** Only the cases whose name starts with one of these. */
  only?: string[];
  /** Replaces each case's own scope (e.g. `not_ik_affected`, `all`). */
  scope?: string;
  /** Hears each case as it finishes (for progress). */
  onResult?: (result: CaseResult, dir: string) => void;
}

/** Runs every case in the folders. */
export function runConformance(dirs: string[], options: ConformanceOptions = {}): { results: CaseResult[]; passed: number; failed: number } {
  const { only, scope, onResult } = options;
  const results: CaseResult[] = [];
  for (const dir of dirs) {
    for (const listed of casesIn(dir)) {
      const c = scope ? { ...listed, tolerance_scope: scope } : listed;
      if (only && !only.some((prefix) => c.name.startsWith(prefix))) continue;
      const read = readCase(c.file);
      if (!read.ok) {
        results.push({ name: c.name, file: c.file, passed: false, tolerance: c.tolerance, scope: c.tolerance_scope, maxError: Infinity, where: '', unsupported: [], error: read.error });
        onResult?.(results[results.length - 1], dir);
        continue;
      }
      results.push(runCase(read.fixture, c));
      onResult?.(results[results.length - 1], dir);
    }
  }
  const passed = results.filter((r) => r.passed).length;
  return { results, passed, failed: results.length - passed };
}

/**
 * A case file read as `import-blender` reads a fixture (its size, its JSON, its structure), with the
 * matrices conformance compares against checked too; or the errors, each with its JSON pointer.
 */
function readCase(file: string): { ok: true; fixture: Fixture } | { ok: false; error: string } {
  const text = readText(file);
  if (!text.ok) return { ok: false, error: `cannot read ${file}: ${describeErrors(text.errors)}` };
  const json = readJson(text.text, undefined, 'fixture');
  if (!json.ok) return { ok: false, error: `cannot read ${file}: ${describeErrors(json.errors)}` };
  const checked = checkFixture(json.value);
  if (!checked.ok) return { ok: false, error: describeErrors(checked.errors) };
  const expected = checkExpected(checked.fixture);
  if (expected.length > 0) return { ok: false, error: describeErrors(expected) };
  return { ok: true, fixture: checked.fixture };
}

function describeErrors(errors: readonly GraphError[]): string {
  return errors.map((e) => (e.pointer ? `${e.pointer}: ${e.message}` : e.message)).join('\n');
}
