// Checking a parsed file against the Blender fixture format (`blender-constraint-fixture/1`,
// ../shared/conformance/README.md) and its extensions (tools/README-rig-additions.md,
// tools/README-action-additions.md) before anything is imported from it. Every problem is an error
// with a JSON pointer into the fixture and a sentence; the objects are checked by the scene loader
// (the fixture's objects are a scene's objects, key for key), the constraints here.
//
// What an import needs is required: `format`, `objects`, `constraints`, and in every constraint
// `owner`, `type`, `name` and `props`, with owners and targets that exist; what it reads of the
// extensions (actions, drivers, NLA, …) is checked against their schema (check-extensions.ts). The descriptive keys
// (`blender`, `name`, `category`, `seed`, `description`) are checked when present; `expected` is
// what `sinew conformance` compares with and an import does not read.
import { describeValue, quoteList } from '../../../graph/messages';
import { pointerOf } from '../../../graph/pointer';
import type { GraphError, JsonValue } from '../../../graph/types';
import { loadScene } from '../scene/load';
import { SCENE_FORMAT, SCENE_VERSION, type SceneObject } from '../../rig/scene/types';
import { FIXTURE_FORMAT, type Fixture, type FixtureConstraint } from './fixture';
import { checkExtensionData } from './check-extensions';
import { isRecord } from '../../../graph/is-record';

/**
 * The extensions the format's documents define, and what an import does with each. Sinew imports
 * a constraint rig's static pose: an extension whose data is not imported is a warning naming what
 * is left out (`--strict` makes it an error). An extension no document defines is refused: Sinew
 * cannot know which keys it changes, and the README says a reader that does not know a listed
 * extension cannot evaluate the case faithfully.
 */
export const FIXTURE_EXTENSIONS: Readonly<Record<string, 'imported' | 'not-imported'>> = {
  // Collection-valued constraint settings (ARMATURE.targets) are plain `props`: read as any other.
  armature_targets: 'imported',
  // inherit_scale and friends are scene keys, and so are the B-Bone settings (runtime/rig/bbone.ts).
  bone_flags: 'imported',
  // Custom properties become driver/property nodes, drivers driver/driver nodes (import-drivers.ts);
  // a driver the graph cannot carry live is named in the import summary instead.
  custom_props: 'imported',
  drivers: 'imported',
  // F-curves of objects and pose bones: the scene's actions (runtime/rig/animation.ts).
  actions: 'imported',
  // An object's NLA tracks and strips, where Blender plays them (docs/blender-exporter.md): the
  // scene's objects' `animation_data.nla` (runtime/rig/nla.ts).
  nla: 'imported',
  // Custom properties an armature datablock's own action keys: their driver/property nodes play them.
  data_actions: 'imported',
};

export type FixtureCheck = { ok: true; fixture: Fixture; warnings: GraphError[] } | { ok: false; errors: GraphError[] };

/** References in `props`: the object, the bone of it, as the fixture format names them. */
const REFERENCES: readonly [string, string][] = [
  ['target', 'subtarget'],
  ['pole_target', 'pole_subtarget'],
  ['space_object', 'space_subtarget'],
];

/** Checks a parsed fixture; on success returns it with its objects as the scene loader read them. */
export function checkFixture(data: unknown): FixtureCheck {
  if (!isRecord(data)) return refuse('', 'wrong-format', `this is not a Blender fixture: expected a JSON object with "format": "${FIXTURE_FORMAT}", got ${describeValue(data)}`);
  if (data['format'] !== FIXTURE_FORMAT) {
    const format = data['format'];
    if (format === 'blender-constraint-fixture-manifest/1') return refuse('/format', 'wrong-format', 'this is the fixtures\' manifest, not a case; give one case file (e.g. fixtures/track_to_00.json)');
    const what = format === undefined ? 'it has no "format"' : `its "format" is ${describeValue(format)}`;
    return refuse('/format', 'wrong-format', `this is not a Blender fixture: ${what} (expected "${FIXTURE_FORMAT}")`);
  }
  const errors: GraphError[] = [];
  const warnings: GraphError[] = [];
  checkExtensions(data, errors, warnings);
  for (const key of ['blender', 'name', 'category', 'description']) {
    if (key in data && typeof data[key] !== 'string') errors.push(invalid(pointerOf(key), `expected a string, got ${describeValue(data[key])}`));
  }
  if ('seed' in data && !Number.isInteger(data['seed'])) errors.push(invalid('/seed', `expected a whole number, got ${describeValue(data['seed'])}`));

  const objects = checkObjects(data, errors);
  errors.push(...checkExtensionData(data));
  const constraints = data['constraints'];
  if (!('constraints' in data)) errors.push(missing('', 'constraints', 'a list of constraints'));
  else if (!Array.isArray(constraints)) errors.push(invalid('/constraints', `expected a list of constraints, got ${describeValue(constraints)}`));
  else if (objects) constraints.forEach((c, i) => { checkConstraint(c, i, objects, errors); });
  if (errors.length > 0 || !objects || !Array.isArray(constraints)) return { ok: false, errors };
  return { ok: true, fixture: { ...(data as unknown as Fixture), objects, constraints: constraints as FixtureConstraint[] }, warnings };
}

function checkExtensions(data: Record<string, unknown>, errors: GraphError[], warnings: GraphError[]): void {
  if (!('extensions' in data)) return;
  const list = data['extensions'];
  if (!Array.isArray(list)) {
    errors.push(invalid('/extensions', `expected a list of extension names, got ${describeValue(list)}`));
    return;
  }
  list.forEach((name, i) => {
    const pointer = pointerOf('extensions', i);
    if (typeof name !== 'string') return errors.push(invalid(pointer, `expected an extension name (a string), got ${describeValue(name)}`));
    const known = Object.hasOwn(FIXTURE_EXTENSIONS, name) ? FIXTURE_EXTENSIONS[name] : undefined;
    if (known === undefined) {
      return errors.push({
        code: 'unknown-extension',
        pointer,
        message: `unknown extension "${name}": this build of Sinew knows ${quoteList(Object.keys(FIXTURE_EXTENSIONS))}; a case that uses an extension Sinew does not know cannot be imported faithfully`,
      });
    }
    if (known === 'not-imported') warnings.push({ code: 'extension-not-imported', pointer, message: notImported(name, data) });
  });
}

function notImported(name: string, data: Record<string, unknown>): string {
  const count = (key: string) => (Array.isArray(data[key]) ? (data[key] as unknown[]).length : 0);
  switch (name) {
    case 'drivers':
      return `extension "drivers": the ${count('drivers')} drivers are not imported; the settings they drive keep the values recorded in the file`;
    default:
      return `extension "${name}": custom properties are not imported (only drivers read them)`;
  }
}

/** The objects, read by the scene loader: its pointers (`/objects/0/bones/3/matrix_local`) fit the fixture. */
function checkObjects(data: Record<string, unknown>, errors: GraphError[]): SceneObject[] | undefined {
  if (!('objects' in data)) {
    errors.push(missing('', 'objects', 'a list of objects'));
    return undefined;
  }
  const scene = loadScene({ format: SCENE_FORMAT, version: SCENE_VERSION, objects: data['objects'] as JsonValue });
  if (!scene.ok) {
    errors.push(...scene.errors);
    return undefined;
  }
  return scene.scene.objects;
}

function checkConstraint(c: unknown, i: number, objects: SceneObject[], errors: GraphError[]): void {
  const at = (...rest: (string | number)[]) => pointerOf('constraints', i, ...rest);
  if (!isRecord(c)) return void errors.push(invalid(at(), `expected a constraint (an object with "owner", "type", "name" and "props"), got ${describeValue(c)}`));
  const byName = new Map(objects.map((o) => [o.name, o] as const));
  const owner = c['owner'];
  if (!('owner' in c)) errors.push(missing(at(), 'owner', '{"object": name} or {"object": armature, "bone": bone}'));
  else if (!isRecord(owner)) errors.push(invalid(at('owner'), `expected {"object": name} or {"object": armature, "bone": bone}, got ${describeValue(owner)}`));
  else {
    const object = owner['object'];
    const bone = owner['bone'];
    if (typeof object !== 'string' || object === '') errors.push(invalid(at('owner', 'object'), `expected an object name, got ${describeValue(object)}`));
    else if (!byName.has(object)) errors.push({ code: 'missing-owner', pointer: at('owner', 'object'), message: `object "${object}" is not in the fixture's objects` });
    if (bone !== undefined && bone !== null && typeof bone !== 'string') errors.push(invalid(at('owner', 'bone'), `expected a bone name, got ${describeValue(bone)}`));
    else if (typeof object === 'string' && typeof bone === 'string' && byName.has(object)) {
      const problem = boneProblem(byName.get(object)!, bone);
      if (problem) errors.push({ code: 'missing-owner', pointer: at('owner', 'bone'), message: problem });
    }
  }
  for (const key of ['type', 'name']) {
    if (!(key in c)) errors.push(missing(at(), key, 'a string'));
    else if (typeof c[key] !== 'string' || c[key] === '') errors.push(invalid(at(key), `expected a non-empty string, got ${describeValue(c[key])}`));
  }
  for (const key of ['props', 'props_after_eval']) {
    if (!(key in c)) {
      if (key === 'props') errors.push(missing(at(), key, 'an object of settings'));
      continue;
    }
    const props = c[key];
    if (!isRecord(props)) {
      errors.push(invalid(at(key), `expected an object of settings, got ${describeValue(props)}`));
      continue;
    }
    // A constraint Blender marks invalid (a target bone renamed or deleted) is skipped by Blender and
    // by the import (blender-skips.ts): the bone it names need not exist. Its shape is still checked.
    checkReferences(props, (...rest) => at(key, ...rest), byName, errors, c['props'] !== null && isRecord(c['props']) && c['props']['is_valid'] === false);
  }
}

/** Targets, poles and space objects exist; a bone named with one is a bone of that armature. */
function checkReferences(props: Record<string, unknown>, at: (...rest: (string | number)[]) => string, byName: Map<string, SceneObject>, errors: GraphError[], skipped = false): void {
  for (const [objectKey, boneKey] of REFERENCES) {
    const object = props[objectKey];
    const bone = props[boneKey];
    if (object !== undefined && object !== null && typeof object !== 'string') {
      errors.push(invalid(at(objectKey), `expected an object name or null, got ${describeValue(object)}`));
      continue;
    }
    if (bone !== undefined && bone !== null && typeof bone !== 'string') {
      errors.push(invalid(at(boneKey), `expected a bone name ("" for none), got ${describeValue(bone)}`));
      continue;
    }
    if (typeof object !== 'string' || object === '' || skipped) continue;
    const target = byName.get(object);
    if (!target) {
      errors.push({ code: 'missing-target', pointer: at(objectKey), message: `object "${object}" is not in the fixture's objects` });
      continue;
    }
    if (typeof bone === 'string' && bone !== '') {
      const problem = boneProblem(target, bone);
      if (problem) errors.push({ code: 'missing-target', pointer: at(boneKey), message: problem });
    }
  }
}

function boneProblem(object: SceneObject, bone: string): string | undefined {
  if (object.type !== 'ARMATURE') return `"${object.name}" is an ${object.type}, not an armature, so it has no bone "${bone}"`;
  return (object.bones ?? []).some((b) => b.name === bone) ? undefined : `bone "${bone}" is not a bone of armature "${object.name}"`;
}

function refuse(pointer: string, code: string, message: string): FixtureCheck {
  return { ok: false, errors: [{ code, pointer, message }] };
}

function missing(base: string, name: string, expected: string): GraphError {
  return { code: 'missing-field', pointer: `${base}/${name}`, message: `required field "${name}" is missing (expected ${expected})` };
}

function invalid(pointer: string, message: string): GraphError {
  return { code: 'invalid-value', pointer, message };
}
