// `sinew import-blender` checks its input against the fixture format and its extensions, names
// every problem by fixture pointer, and never writes an invalid graph or says "internal error".
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from '../../../runtime/cli/main';
import { compile } from '../../../runtime/eval/compile';
import { openGraph } from '../../../runtime/io/files';
import type { ParsedJson } from '../../parsed-json';

function sinew(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const shared = join(__dirname, '../../../../shared/conformance');
const fixture = (name: string) => JSON.parse(readFileSync(join(shared, 'fixtures', `${name}.json`), 'utf8')) as Record<string, ParsedJson>;
const dir = mkdtempSync(join(tmpdir(), 'sinew-import-blender-'));
let counter = 0;
/** Writes a fixture (a value, or text as is) and imports it to a fresh output path. */
function importing(content: unknown, ...flags: string[]) {
  const n = counter++;
  const file = join(dir, `fx${n}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  const target = join(dir, `out${n}.sinew.json`);
  return { file, target, ...sinew('import-blender', file, '-o', target, ...flags) };
}

describe('sinew import-blender refuses what is not a fixture', () => {
  it('text that is not JSON', () => {
    const r = importing('{"format": "blender-constraint-fixture/1", ');
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${r.file}: (file): the file is not valid JSON: the file ends too early (expected a field name in double quotes) at line 1, column 44`);
    expect(existsSync(r.target)).toBe(false);
  });

  it('another format, the manifest, a value that is no object', () => {
    const graph = importing({ format: 'sinew-graph', version: 1, nodes: [], links: [] });
    expect(graph).toMatchObject({ code: 1, err: `${graph.file}: /format: this is not a Blender fixture: its "format" is "sinew-graph" (expected "blender-constraint-fixture/1")` });
    const manifest = importing(JSON.parse(readFileSync(join(shared, 'fixtures/manifest.json'), 'utf8')));
    expect(manifest.err).toBe(`${manifest.file}: /format: this is the fixtures' manifest, not a case; give one case file (e.g. fixtures/track_to_00.json)`);
    const list = importing([1, 2]);
    expect(list.err).toBe(`${list.file}: (file): this is not a Blender fixture: expected a JSON object with "format": "blender-constraint-fixture/1", got [1,2]`);
    for (const r of [graph, manifest, list]) expect(existsSync(r.target)).toBe(false);
  });

  it('missing and mistyped fields, each named by its pointer', () => {
    const fx = fixture('ik_chain_00');
    delete fx.objects[0].bones[3].matrix_local;
    fx.objects[0].bones[4].length = 'long';
    fx.objects[1].location = [0, 1];
    fx.seed = 'seven';
    fx.constraints[0].owner.bone = 'Bone99';
    fx.constraints[0].props.target = 'Ghost';
    fx.constraints.push({ owner: { object: 'Target' }, type: 5, props: [] });
    const r = importing(fx);
    expect(r.code).toBe(1);
    expect(r.err.split('\n')).toEqual([
      `${r.file}: /seed: expected a whole number, got "seven"`,
      `${r.file}: /objects/0/bones/3/matrix_local: required field "matrix_local" is missing`,
      `${r.file}: /objects/0/bones/4/length: expected a number, 0 or more, got "long"`,
      `${r.file}: /objects/1/location: expected an array of 3 numbers, got [0,1]`,
    ]);
    // With the objects right, the constraints are checked against them.
    const objectsOk = fixture('ik_chain_00');
    objectsOk.constraints[0].owner.bone = 'Bone99';
    objectsOk.constraints[0].props.target = 'Ghost';
    objectsOk.constraints[0].props.pole_subtarget = 7;
    objectsOk.constraints.push({ owner: { object: 'Target' }, type: 5, props: [] });
    objectsOk.constraints.push({ owner: { object: 'Target', bone: 'Hand' }, type: 'COPY_LOCATION', name: 'Copy', props: {} });
    const c = importing(objectsOk);
    expect(c.code).toBe(1);
    expect(c.err.split('\n')).toEqual([
      `${c.file}: /constraints/0/owner/bone: bone "Bone99" is not a bone of armature "Armature"`,
      `${c.file}: /constraints/0/props/target: object "Ghost" is not in the fixture's objects`,
      `${c.file}: /constraints/0/props/pole_subtarget: expected a bone name ("" for none), got 7`,
      `${c.file}: /constraints/1/type: expected a non-empty string, got 5`,
      `${c.file}: /constraints/1/name: required field "name" is missing (expected a string)`,
      `${c.file}: /constraints/1/props: expected an object of settings, got []`,
      `${c.file}: /constraints/2/owner/bone: "Target" is an EMPTY, not an armature, so it has no bone "Hand"`,
    ]);
    const none = fixture('track_to_03');
    delete none.constraints;
    delete none.objects;
    const n = importing(none);
    expect(n.err.split('\n')).toEqual([
      `${n.file}: /objects: required field "objects" is missing (expected a list of objects)`,
      `${n.file}: /constraints: required field "constraints" is missing (expected a list of constraints)`,
    ]);
    for (const r2 of [r, c, n]) expect(existsSync(r2.target)).toBe(false);
  });

  it('a setting of the wrong type for its node, at the fixture property it came from', () => {
    const fx = fixture('ik_chain_00');
    fx.constraints[0].props.influence = 'high';
    fx.constraints[0].props.iterations = -5;
    const r = importing(fx);
    expect(r.code).toBe(1);
    expect(r.err.split('\n')).toEqual([
      `${r.file}: /constraints/0/props/influence: expected a number from 0 to 1, got "high" (in the imported graph at /nodes/1/params/influence)`,
      `${r.file}: /constraints/0/props/iterations: expected a whole number from 1 to 10000, got -5 (in the imported graph at /nodes/1/params/iterations)`,
    ]);
    expect(existsSync(r.target)).toBe(false);
  });
});

describe('extensions', () => {
  it('one no document defines is refused, naming those Sinew knows', () => {
    const r = importing({ ...fixture('track_to_03'), extensions: ['telepathy'] });
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `${r.file}: /extensions/0: unknown extension "telepathy": this build of Sinew knows "armature_targets", "bone_flags", "custom_props", "drivers", "actions", "nla" and "data_actions"; a case that uses an extension Sinew does not know cannot be imported faithfully`,
    );
    const notList = importing({ ...fixture('track_to_03'), extensions: 'drivers' });
    expect(notList.err).toBe(`${notList.file}: /extensions: expected a list of extension names, got "drivers"`);
  });

  it('the rig additions (drivers, custom_props) import with a summary and a warning for each driver not carried live; --strict refuses', () => {
    const rig = join(shared, 'rigify-human/rigify_human_00.json');
    const out = join(dir, 'rigify.sinew.json');
    const r = sinew('import-blender', rig, '-o', out);
    expect(r.code).toBe(0);
    const lines = r.err.split('\n');
    // The 86 drivers of constraint settings and the 20 finger-curl pose channels are wired; the 84
    // on B-Bone ease (the skin's shape, which Sinew does not make) are each named; the 8 on bones'
    // hide move no matrix and are listed as such.
    expect(lines.filter((l) => l.includes('/drivers: warning: not carried: driver rig: ')).length).toBe(84);
    expect(r.out.split('\n').filter((l) => l.includes('].hide: it drives') && l.includes('which changes only how the object or bone is drawn'))).toHaveLength(8);
    expect(r.out).toContain('drivers: 198 (SUM 129, SCRIPTED 69; variables SINGLE_PROP 198), 106 wired live');
    expect(r.out).toContain('custom properties: 51');
    expect(r.out).toMatch(/constraints: 533 \(COPY_TRANSFORMS 168, STRETCH_TO 144, .*ARMATURE 9, IK 8, /);
    const opened = openGraph(out);
    expect(opened.ok).toBe(true);
    if (opened.ok) expect(compile(opened.graph, opened.scene).owners.length).toBeGreaterThan(700);
    const strict = sinew('import-blender', rig, '-o', join(dir, 'rigify-strict.sinew.json'), '--strict');
    expect(strict.code).toBe(1);
    expect(strict.err.split('\n').at(-1)).toMatch(/: --strict: \d+ warnings; .*rigify-strict\.sinew\.json not written$/);
    expect(existsSync(join(dir, 'rigify-strict.sinew.json'))).toBe(false);
  });

  it('the action additions import with their actions, without a warning, and the graph plays them', () => {
    const anim = join(shared, 'actions/anim_constraint_00.json');
    const out = join(dir, 'anim.sinew.json');
    const r = sinew('import-blender', anim, '-o', out);
    expect(r).toMatchObject({ code: 0, err: '' });
    const opened = openGraph(out);
    expect(opened.ok && opened.scene.actions?.length).toBe(3);
  });
});

describe('unsupported properties', () => {
  it('are warnings at their constraint; --strict makes them exit 1 and writes nothing', () => {
    const fx = fixture('track_to_03');
    fx.constraints[0].props.use_telekinesis = true;
    const r = importing(fx);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(new RegExp(`^${r.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: /constraints/0: warning: unsupported: .*\\.use_telekinesis$`));
    const strict = importing(fx, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.err.split('\n').at(-1)).toBe(`${strict.file}: --strict: 1 warning; ${strict.target} not written`);
    expect(existsSync(strict.target)).toBe(false);
    expect(importing(fixture('track_to_03'), '--strict').code).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Property: a real fixture, mutated anywhere, is refused with pointer-named errors or imported to
// a graph that loads and compiles; the command never throws.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

/** Every place in a value (its own path excluded), at most `limit` of them. */
function places(value: Json, limit = 4000): Path[] {
  const out: Path[] = [];
  const stack: [Json, Path][] = [[value, []]];
  while (stack.length && out.length < limit) {
    const [v, path] = stack.pop()!;
    if (path.length) out.push(path);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, [...path, i]]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) stack.push([x, [...path, k]]);
  }
  return out;
}

type Mutation = { kind: 'delete' } | { kind: 'set'; value: Json } | { kind: 'add'; key: string; value: Json };

function mutate(root: Json, path: Path, m: Mutation): void {
  let parent: ParsedJson = root;
  for (const k of path.slice(0, -1)) parent = parent[k];
  const last = path[path.length - 1];
  if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else Reflect.deleteProperty(parent, last);
  } else if (m.kind === 'set') {
    Object.defineProperty(parent, last, { value: m.value, enumerable: true, writable: true, configurable: true });
  } else {
    const target = parent[last];
    if (target && typeof target === 'object' && !Array.isArray(target)) Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    else if (Array.isArray(target)) target.push(m.value);
  }
}

const hostile: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, 0, -1, 1e308, -1e308, 5e-324, 1.5, '', 'Armature', 'Bone1', 'Target', 'ARMATURE', 'BONE', 'QUATERNION', [], {}, [1, 2], [1, 2, 3], Array(16).fill(0)),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant<Mutation>({ kind: 'delete' }),
  hostile.map((value): Mutation => ({ kind: 'set', value })),
  fc.record({ key: fc.constantFrom('__proto__', 'constructor', 'toString', 'bones', 'parent', 'target', 'subtarget', 'x'), value: hostile }).map((r): Mutation => ({ kind: 'add', ...r })),
);

describe('a mutated real fixture', () => {
  const names = ['track_to_03', 'ik_chain_00', 'composite_15', 'follow_path_02', 'bone_child_of_04', 'spline_ik_01', 'transform_05'];
  it('is refused with pointer-named errors, or written as a graph that loads and compiles; never a throw', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 3 }), (name, edits) => {
        const fx = fixture(name) as Json;
        for (const [pick, m] of edits) {
          const all = places(fx);
          if (all.length) mutate(fx, all[pick % all.length], m);
        }
        const r = importing(fx);
        const lines = r.err ? r.err.split('\n') : [];
        for (const line of lines) {
          expect(line.startsWith(`${r.file}: `), line).toBe(true);
          expect(line.slice(r.file.length + 2), line).toMatch(/^(\(file\)|(\/[^:\s]*)+|\/[^:]*): \S/);
          expect(line).not.toMatch(/internal error|\n\s+at /);
        }
        if (r.code === 0) {
          const opened = openGraph(r.target);
          expect(opened.ok, JSON.stringify(opened.ok ? [] : opened.errors)).toBe(true);
          if (opened.ok) expect(() => compile(opened.graph, opened.scene)).not.toThrow();
          expect(lines.every((l) => l.includes(': warning: '))).toBe(true);
        } else {
          expect(r.code).toBe(1);
          expect(lines.length).toBeGreaterThan(0);
          expect(existsSync(r.target)).toBe(false);
        }
      }),
      { numRuns: 300, seed: Number(process.env.SINEW_SEED ?? Date.now() % 1e9) },
    );
  });
});
