// The cases whose matrices must stay bit-identical through runtime restructurings (issue 17): every
// Blender fixture set (shared and ours), every benchmark rig under its animated pose cycle, and every
// example graph. Each case evaluates its frames and yields the final world matrix of every owner.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type CompileOptions } from '../../../runtime/eval/compile';
import type { Program } from '../../../runtime/eval/program';
import { casesIn } from '../../../runtime/io/blender/conformance';
import type { Fixture, FixtureFrames } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';
import { openGraph } from '../../../runtime/io/files';
import { poseCycle } from '../../bench/animate';
import { animatedHumanoid } from '../../bench/crowd-rig';
import { ikBlenderPrograms } from '../../bench/ik-blender';
import { humanoid, largeRig, type BenchRig } from '../../bench/rigs';
import { rigifyHuman } from '../../bench/rigify';
import { SHARED_DIR } from '../../shared-path';

/** A case: `evaluate` visits its program after each of its frames; `run` is the digest of every visit. */
export interface GoldenCase { name: string; evaluate: (visit: (program: Program) => void) => void; run: () => string }

const ROOT = join(import.meta.dirname, '../../..');

/** The owners in a stable (id) order: the order digests and matrix files use. */
export function ownersById(program: Program): Program['owners'] {
  return [...program.owners].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** SHA-256 of the owners' final matrices as float64 bytes, owner by owner, in a stable (id) order. */
function digest(program: Program, hash: ReturnType<typeof createHash>): void {
  for (const o of ownersById(program)) {
    hash.update(o.id);
    hash.update(new Uint8Array(Float64Array.from(o.final).buffer));
  }
}

function goldenCase(name: string, evaluate: GoldenCase['evaluate']): GoldenCase {
  return {
    name,
    evaluate,
    run: () => {
      const hash = createHash('sha256');
      evaluate((p) => { digest(p, hash); });
      return hash.digest('hex');
    },
  };
}

function fixtureCase(dir: string, file: string, options: CompileOptions): GoldenCase {
  return goldenCase(`${dir.replace(ROOT, '.').replace(SHARED_DIR, '../shared')}/${file.split('/').pop()}`, (visit) => {
    const fx = JSON.parse(readFileSync(file, 'utf8')) as Fixture;
    const imported = importBlenderFixture(fx);
    const program = compile(imported.graph, imported.scene, options);
    const frames = fx.frames ? Object.keys(fx.expected as FixtureFrames).map(Number) : [1];
    for (const f of frames) visit(program.evaluate(f));
  });
}

function benchCase(name: string, rig: () => BenchRig | Program, options: CompileOptions, frames = 8): GoldenCase {
  return goldenCase(`bench/${name}`, (visit) => {
    const r = rig();
    const program = 'evaluate' in r ? r : compile(r.graph, r.scene, options);
    const pose = poseCycle(program, frames);
    for (let k = 0; k < frames; k++) {
      pose(k);
      visit(program.evaluate(1 + k));
    }
  });
}

function exampleCase(file: string, options: CompileOptions): GoldenCase {
  return goldenCase(`examples/${file}`, (visit) => {
    const opened = openGraph(join(ROOT, 'examples', file));
    if (!opened.ok) throw new Error(`${file}: ${opened.errors.map((e) => e.message).join('; ')}`);
    const program = compile(opened.graph, opened.scene, options);
    for (const f of [1, 7, 24]) visit(program.evaluate(f));
  });
}

const FIXTURE_DIRS = [
  join(SHARED_DIR, 'conformance/fixtures'),
  join(SHARED_DIR, 'conformance/actions'),
  join(SHARED_DIR, 'conformance/rigify-human'),
  join(ROOT, 'test/nodes/constraints/ik/blender'),
  join(ROOT, 'test/nodes/constraints/ik/blender-legacy'),
  join(ROOT, 'test/nodes/constraints/ik/rigify-quadruped/wolf'),
  join(ROOT, 'test/nodes/constraints/ik/rigify-quadruped/horse'),
];

/** Every case, its programs compiled with `options` (the digests hold for every option). */
export function goldenCases(options: CompileOptions = {}): GoldenCase[] {
  const fixtures = FIXTURE_DIRS.flatMap((dir) => casesIn(dir).map((c) => fixtureCase(dir, c.file, options)));
  const bench = [
    benchCase('humanoid', humanoid, options),
    benchCase('large', () => largeRig(), options),
    benchCase('rigify-human', rigifyHuman, options, 4),
    benchCase('animated-humanoid', animatedHumanoid, options),
    benchCase('ik-blender-arm', () => ikBlenderPrograms(options).arm, options),
    benchCase('ik-blender-spine', () => ikBlenderPrograms(options).spine, options),
  ];
  const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.sinew.json')).sort().map((f) => exampleCase(f, options));
  return [...fixtures, ...bench, ...examples];
}
