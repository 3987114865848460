// A fixture's drivers (README-rig-additions §6): each compiled, its variables resolved to what they
// read (a custom property, a pose channel, a constraint setting), and its target to what it writes.
// Whatever cannot be carried is named, never evaluated as zero.
import { compileDriver, DriverError, evaluateDriver, type DriverProgram, type DrivenKind } from '../../../nodes/drivers/driver-program';
import { evaluatedPath, pathTarget, type EvaluatedPath, type PathTarget } from '../../../nodes/drivers/data-path';
import type { EvaluatedRead } from '../../../nodes/drivers/evaluated-read';
import type { JsonValue } from '../../../graph/types';
import type { Keyframe } from '../../../nodes/math/fcurve/fcurve';
import { TRANSFORM_CHANNELS, TRANSFORM_ROTATION_MODES, TRANSFORM_SPACES, type TransformChannel, type TransformRotationMode } from '../../../nodes/drivers/transform-channel';
import type { DriverSpace } from '../../../nodes/drivers/local-space';
import { savedFrame, type Fixture } from './fixture';

export interface FixtureDriverTarget {
  id_type?: string;
  id?: string | null;
  data_path?: string;
  bone_target?: string;
  transform_type?: string;
  transform_space?: string;
  rotation_mode?: string;
  /**
   * Written when Blender could not resolve this SINGLE_PROP target's path and read its fallback
   * value instead (Blender 4.x: `use_fallback_value`, and `is_fallback_used` at the export).
   */
  fallback_value?: number;
  /** A Context Property variable's context (Blender 4.x): `ACTIVE_SCENE` (written as a SCENE target) or `ACTIVE_VIEW_LAYER`. */
  context_property?: string | null;
  /** False when Blender cannot resolve this SINGLE_PROP target's path (written only then). */
  path_resolves?: boolean;
}

export interface FixtureDriver {
  /** id_type: 'OBJECT', 'ARMATURE' or another ID type Blender names. */
  owner: { object: string; id_type: string };
  data_path: string;
  array_index: number;
  key: string;
  type: string;
  expression?: string;
  is_simple_expression?: boolean;
  use_self?: boolean;
  variables: { name: string; type: string; targets: FixtureDriverTarget[] }[];
  modifiers?: ({ type: string } & Record<string, JsonValue>)[];
  keyframes?: [number, number][];
  keyframe_interpolation?: string[];
  /** The whole keys (handles, easing), as an action's keys. */
  keyframe_points?: Keyframe[];
  extrapolation?: string;
  mute?: boolean;
  /** False when Blender cannot resolve the driven path (a deleted bone or constraint; written only then). */
  path_resolves?: boolean;
  /** False when Blender flagged the driver or its F-curve invalid when it evaluated the file (DRIVER_FLAG_INVALID, FCURVE_DISABLED). */
  is_valid?: boolean;
  /** When it drives an enum setting: Blender's value of each item, by identifier. */
  enum_items?: Record<string, number>;
}

/** What one variable reads: the object it is on and the path there, or two owners compared. */
export type VariableRead =
  /** A custom property or setting of an object (or, `scene:NAME`, a custom property of that scene). */
  | { object: string; target: PathTarget }
  /** The scene's frame: `frame_current` (whole) or `frame_current_final` (with the subframe). */
  | { frame: 'whole' | 'exact' }
  | { difference: 'LOC_DIFF' | 'ROTATION_DIFF'; owners: [string, string]; spaces: [DriverSpace, DriverSpace] }
  /** A Transform Channel variable: one channel of an owner (`Object` or `Object/Bone`). */
  | { transform: { owner: string; channel: TransformChannel; space: DriverSpace; rotationMode: TransformRotationMode } }
  /** A property Blender could not find, read as the variable's fallback value (a constant). */
  | { fallback: number }
  /** A bone's rest data (`data.bones["B"].head_local[1]`, its length): a constant of the rig. */
  | { constant: number }
  /** An evaluated matrix of an owner (`Object` or `Object/Bone`): its matrix_world, a pose bone's head, … */
  | { evaluated: { owner: string; read: EvaluatedRead; element: number } };

export interface ImportedDriver {
  index: number;
  source: FixtureDriver;
  /** What the driver writes, relative to its object (armature-datablock paths prefixed `data.`). */
  writes: PathTarget;
  program: DriverProgram;
  reads: VariableRead[];
  /** Whether the file decided that its expression does not fail at the saved frame (it may read evaluated matrices instead: see opening-failures.ts). */
  openingDecided: boolean;
}

export interface DriverImport {
  drivers: ImportedDriver[];
  /** `Driver key: reason`, one per driver that could not be carried. */
  unsupported: string[];
  /** `Driver key: reason`, one per driver Blender itself does not evaluate (a path it cannot resolve). */
  skipped: string[];
  /** Drivers by kind (`SUM`, `SCRIPTED`, … and `var:SINGLE_PROP`, …), for the import summary. */
  counts: Map<string, number>;
}

/** Hard ranges and booleans of the properties drivers write in rigs. */
function drivenKind(t: PathTarget): DrivenKind {
  const prop = t.kind === 'constraint' || t.kind === 'bone-setting' ? t.prop : t.kind === 'bone-channel' || t.kind === 'object-channel' ? t.channel : '';
  if (prop === 'mute' || prop === 'hide' || prop === 'enabled' || prop.startsWith('use_')) return { kind: 'bool' };
  if (prop === 'influence' || prop === 'weight') return { kind: 'float', min: 0, max: 1 };
  return { kind: 'float', min: -Infinity, max: Infinity };
}

export function importDrivers(fx: Fixture): DriverImport {
  const all = ((fx as unknown as { drivers?: FixtureDriver[] }).drivers ?? []);
  const drivers: ImportedDriver[] = [];
  const unsupported: string[] = [];
  const skipped: string[] = [];
  const counts = new Map<string, number>();
  const count = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  all.forEach((d, index) => {
    count(d.type);
    for (const v of d.variables) count(`var:${v.type}`);
    const fail = (reason: string) => (d.is_valid === false ? skipped : unsupported).push(`driver ${d.owner.object}: ${d.key}: ${d.is_valid === false ? FLAGGED_INVALID : reason}`);
    const invalid = blenderInvalid(d);
    if (invalid) return void skipped.push(`driver ${d.owner.object}: ${d.key}: ${invalid}`);
    const path = d.owner.id_type === 'ARMATURE' ? `data.${d.data_path}` : d.data_path;
    const writes = pathTarget(path, d.array_index);
    if (!writes) {
      // A modifier's setting (a subdivision level, a mask's strength) shapes the mesh, not a matrix.
      if (/^modifiers\[/.test(path)) {
        if (geometryUnread(fx, d.owner.object)) return void skipped.push(`driver ${d.owner.object}: ${d.key}: it drives the modifier setting ${path}, which shapes only the mesh, and nothing in the rig reads that mesh (no constraint targets it, nothing hangs from its vertices): no effect on any matrix`);
        return fail(`it drives the modifier setting ${path}, which shapes the mesh and moves no object or bone (Sinew evaluates their matrices)`);
      }
      return fail(`the driven path ${path} is not one Sinew can drive`);
    }
    const reads: VariableRead[] = [];
    for (const v of d.variables) {
      if (v.type === 'LOC_DIFF' || v.type === 'ROTATION_DIFF') {
        const owners: string[] = [];
        const spaces: DriverSpace[] = [];
        for (const t of v.targets.slice(0, 2)) {
          if (!t.id || (t.id_type ?? 'OBJECT') !== 'OBJECT') return fail(`variable ${v.name}: a ${v.type} target must be an object`);
          const space = t.transform_space ?? 'WORLD_SPACE';
          if (!(TRANSFORM_SPACES as readonly string[]).includes(space)) return fail(`variable ${v.name}: the transform space ${space} is not one Blender 3.4 has`);
          owners.push(transformOwner(fx, t.id, t.bone_target));
          // ROTATION_DIFF reads every target in world space (a bone by its pose matrix) whatever it says.
          spaces.push(v.type === 'LOC_DIFF' ? (space as DriverSpace) : 'WORLD_SPACE');
        }
        if (owners.length !== 2) return fail(`variable ${v.name}: ${v.type} needs two targets`);
        reads.push({ difference: v.type, owners: [owners[0], owners[1]], spaces: [spaces[0], spaces[1]] });
        continue;
      }
      if (v.type === 'TRANSFORMS') {
        const t = v.targets[0];
        if (!t?.id || (t.id_type ?? 'OBJECT') !== 'OBJECT') return fail(`variable ${v.name}: a TRANSFORMS target must be an object`);
        const channel = t.transform_type ?? 'LOC_X';
        const space = t.transform_space ?? 'WORLD_SPACE';
        const rotationMode = t.rotation_mode ?? 'AUTO';
        if (!(TRANSFORM_CHANNELS as readonly string[]).includes(channel)) return fail(`variable ${v.name}: the transform type ${channel} is not one Blender 3.4 has`);
        if (!(TRANSFORM_SPACES as readonly string[]).includes(space)) return fail(`variable ${v.name}: the transform space ${space} is not one Blender 3.4 has`);
        if (!(TRANSFORM_ROTATION_MODES as readonly string[]).includes(rotationMode)) return fail(`variable ${v.name}: the rotation mode ${rotationMode} is not one Blender 3.4 has`);
        reads.push({ transform: { owner: transformOwner(fx, t.id, t.bone_target), channel: channel as TransformChannel, space: space as DriverSpace, rotationMode: rotationMode as TransformRotationMode } });
        continue;
      }
      const t = v.targets[0];
      // A Context Property of the active scene (Blender 4.x) reads the exported scene, as a SCENE target does.
      const activeScene = v.type === 'CONTEXT_PROP' && t?.context_property === 'ACTIVE_SCENE' && t.id_type === 'SCENE';
      if (v.type === 'CONTEXT_PROP' && !activeScene) return fail(`variable ${v.name}: a Context Property of ${t?.context_property ?? 'no context'} is not supported (the active scene's is)`);
      if (v.type !== 'SINGLE_PROP' && !activeScene) return fail(`variable ${v.name}: type ${v.type} is not supported yet`);
      if (!t?.id) return fail(`variable ${v.name}: no target`);
      if (typeof t.fallback_value === 'number') {
        reads.push({ fallback: t.fallback_value });
        continue;
      }
      let object = t.id;
      let path = t.data_path ?? '';
      if (t.id_type === 'ARMATURE') {
        // The armature datablock: read through the (first) armature object that uses it, as `data.…`.
        const user = fx.objects.find((o) => o.type === 'ARMATURE' && (o as { data_name?: string }).data_name === t.id);
        if (!user) return fail(`variable ${v.name}: no armature object in the rig uses the armature data "${t.id}"`);
        object = user.name;
        path = `data.${path}`;
      } else if (t.id_type === 'SCENE') {
        // The scene: its frame, or a custom property on it (a rig's global switches).
        if (path === 'frame_current' || path === 'frame_current_final') {
          reads.push({ frame: path === 'frame_current' ? 'whole' : 'exact' });
          continue;
        }
        const read = pathTarget(path);
        if (read?.kind !== 'object-prop') return fail(`variable ${v.name}: the scene path ${t.data_path} is not one Sinew can read (frame_current, frame_current_final and custom properties are)`);
        reads.push({ object: sceneOwner(t.id), target: read });
        continue;
      } else if ((t.id_type ?? 'OBJECT') !== 'OBJECT') return fail(`variable ${v.name}: a target of id type ${t.id_type} is not supported`);
      const evaluated = evaluatedPath(path);
      if (evaluated) {
        const read = evaluatedRead(fx, object, evaluated);
        if (typeof read === 'string') return fail(`variable ${v.name}: ${read}`);
        reads.push(read);
        continue;
      }
      const read = pathTarget(path);
      if (!read) return fail(`variable ${v.name}: the path ${t.data_path} is not one Sinew can read`);
      reads.push({ object, target: read });
    }
    let program: DriverProgram;
    try {
      program = compileDriver({ ...d, variables: d.variables.map((v) => v.name) }, drivenKind(writes));
    } catch (e) {
      if (e instanceof DriverError) return fail(e.message);
      throw e;
    }
    if (program.expression?.python) count('python');
    const opening = failsOnOpening(fx, program, reads, d.expression ?? '');
    if (opening.failed) return void skipped.push(`driver ${d.owner.object}: ${d.key}: ${opening.failed}`);
    if (d.is_valid === false) return void skipped.push(`driver ${d.owner.object}: ${d.key}: ${FLAGGED_INVALID}`);
    drivers.push({ index, source: d, writes, program, reads, openingDecided: opening.decided });
  });
  return { drivers, unsupported, skipped, counts };
}

/**
 * Whether nothing Sinew evaluates reads the object's geometry: a mesh the export carries no surface
 * of (no constraint targets its vertex groups or surface) with no child on its vertices. Its
 * modifiers then change no matrix, so a driver on one has no effect on the rig.
 */
function geometryUnread(fx: Fixture, object: string): boolean {
  const o = fx.objects.find((x) => x.name === object);
  const exported = o as { blender_type?: string; mesh?: unknown } | undefined;
  if (exported?.blender_type !== 'MESH' || exported.mesh !== undefined) return false;
  return !fx.objects.some((c) => c.parent === object && (c.parent_type === 'VERTEX' || c.parent_type === 'VERTEX_3'));
}

/**
 * Why Blender does not evaluate the driver, if it does not: it drives a path it cannot resolve
 * (nothing is written), or a variable has no target or reads a path it cannot resolve (Blender
 * reads 0, writes the result once, flags the driver invalid and skips it for the rest of the session:
 * the value it wrote is the one the file holds, which the graph keeps). Measured in 3.4.1 (rigs.py `messy`).
 */
function blenderInvalid(d: FixtureDriver): string | undefined {
  if (d.path_resolves === false) return `it drives ${d.data_path}, which Blender cannot find (a bone, constraint or property that is gone), so Blender writes nothing`;
  const kept = 'Blender reads 0 for it once and then skips the driver, keeping the value the file holds';
  for (const v of d.variables) {
    const targets = v.type === 'LOC_DIFF' || v.type === 'ROTATION_DIFF' ? v.targets.slice(0, 2) : v.targets.slice(0, 1);
    if (v.type === 'CONTEXT_PROP') continue;
    if (targets.some((t) => !t.id)) return `variable ${v.name} has no target object; ${kept}`;
    const t = targets[0];
    if (v.type === 'SINGLE_PROP' && t.path_resolves === false) return `variable ${v.name} reads ${t.id}${(t.data_path ?? '').startsWith('[') ? '' : '.'}${t.data_path ?? ''}, which Blender cannot find; ${kept}`;
  }
  return undefined;
}

/**
 * Why Blender skips a driver it flagged invalid when it evaluated the file (an error in its
 * expression or a variable: a function a rig's UI script registers, `bpy` in an expression, which
 * Blender runs without the file's scripts): from then on evaluate_driver gives 0 and its curve of 0
 * is written, the same every frame: the value the file holds. Measured in 3.4.1 (rigs.py `python_drivers`).
 */
const FLAGGED_INVALID = 'Blender flagged it invalid when it evaluated the file (is_valid false: an error in its expression or a variable) and writes the same value every frame from then on, the value the file holds';

/**
 * The owner a Transform Channel or Distance/Rotational Difference target reads: the bone when the
 * object is an armature that has it, else the object itself, as Blender reads a target whose bone
 * name matches no bone (`BKE_pose_channel_find_name` finds none; measured in 3.4.1, rigs.py `messy`).
 */
function transformOwner(fx: Fixture, object: string, bone: string | undefined): string {
  if (!bone) return object;
  const o = fx.objects.find((x) => x.name === object);
  return o?.type === 'ARMATURE' && o.bones?.some((b) => b.name === bone) ? `${object}/${bone}` : object;
}

/**
 * What a variable reading an evaluated matrix or a bone's rest data reads: the owner and element, a
 * rest value from the export, or why it cannot be read. `matrix_local` takes out the parent's matrix,
 * which Sinew reads for a plain object parent (not a bone, vertices or a curve's path).
 */
function evaluatedRead(fx: Fixture, object: string, e: EvaluatedPath): VariableRead | string {
  const o = fx.objects.find((x) => x.name === object);
  if (!o) return `object "${object}" is not in the rig`;
  if (e.kind === 'rest') {
    const bone = o.bones?.find((b) => b.name === e.bone);
    if (!bone) return `bone "${e.bone}" is not a bone of "${object}"`;
    const value = e.read === 'length' ? bone.length : bone[e.read]?.[e.element];
    return typeof value === 'number' ? { constant: value } : `the export holds no ${e.read} of bone "${e.bone}"`;
  }
  if (e.bone !== null) {
    if (!o.bones?.some((b) => b.name === e.bone)) return `bone "${e.bone}" is not a bone of "${object}"`;
    return { evaluated: { owner: `${object}/${e.bone}`, read: e.read, element: e.element } };
  }
  if (e.read === 'matrix_local' && o.parent) {
    const parent = fx.objects.find((x) => x.name === o.parent);
    const plain = (o.parent_type ?? 'OBJECT') === 'OBJECT' && parent?.type !== 'CURVE';
    if (!plain) return `matrix_local of "${object}" takes out a ${parent?.type === 'CURVE' ? 'curve' : (o.parent_type ?? 'OBJECT').toLowerCase()} parent's matrix, which Sinew reads only for a plain object parent`;
  }
  return { evaluated: { owner: object, read: e.read, element: e.element } };
}

/**
 * Why Blender skips the driver all session, if it does: Blender evaluates a file first at the frame
 * it was saved at, and a scripted expression that fails there (a division by a property that is 0
 * in the saved pose, a Python error) is flagged and skipped from then on, keeping the value that
 * failure wrote — the value the file holds, which the graph keeps. Decided here only for a driver
 * whose every variable the file gives (custom properties, channels, the frame); one reading
 * evaluated matrices is evaluated each frame afresh. Measured in 3.4.1 (rigs.py `random_drivers76`).
 */
function failsOnOpening(fx: Fixture, program: DriverProgram, reads: readonly VariableRead[], text: string): { decided: boolean; failed?: string } {
  const e = program.expression;
  if (!e) return { decided: true };
  const frame = savedFrame(fx) ?? 1;
  const params = new Float64Array(program.params.length);
  params[0] = frame;
  for (let i = 0; i < reads.length; i++) {
    const v = readFixtureValue(fx, reads[i], frame);
    if (typeof v === 'number') params[i + 1] = Math.fround(v);
    // A variable the expression does not name cannot change its result; one it names must be known.
    else if (namesWord(text, e.params[i + 1])) return { decided: false };
  }
  e.evaluate(params);
  if (e.status === 0) return { decided: true };
  return { decided: true, failed: openingFailure(frame, [...params.slice(1)].map((v, i) => `${e.params[i + 1]} = ${v}`).join(', ') || 'no variables') };
}

/** Whether `name` stands in `text` as a whole word (a variable Blender may have left with any characters in its name). */
function namesWord(text: string, name: string): boolean {
  const word = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (!word(text[at - 1]) && !word(text[at + name.length])) return true;
  }
  return false;
}

/** The reason a driver failing at the saved frame is skipped (`values`: what its variables read there). */
export function openingFailure(frame: number, values: string): string {
  return `its expression fails at frame ${frame}, the frame the file was saved at (${values}): Blender evaluates that frame first on opening the file, flags the driver and skips it from then on, keeping the value the file holds`;
}

/** The owner name of a scene's custom properties (`scene:Scene`), beside objects' and bones'. */
export function sceneOwner(scene: string): string {
  return `scene:${scene}`;
}

/** Blender's fixture keeps the quaternion as [x, y, z, w]; RNA's index 0 is W. */
const QUAT_INDEX = [3, 0, 1, 2];

/** The value a variable reads, from the fixture's authored data (drivers read no evaluated matrix). */
export function readFixtureValue(fx: Fixture, read: VariableRead, frame = 1): number | string {
  if ('difference' in read) return `a ${read.difference} variable reads evaluated matrices, not the file`;
  if ('transform' in read) return 'a TRANSFORMS variable reads evaluated matrices, not the file';
  if ('frame' in read) return read.frame === 'whole' ? Math.floor(frame) : frame;
  if ('fallback' in read) return read.fallback;
  if ('constant' in read) return read.constant;
  if ('evaluated' in read) return `reading ${read.evaluated.read} reads an evaluated matrix, not the file`;
  const t = read.target;
  // A property's value, or its element when the path names one.
  const num = (v: JsonValue | undefined, what: string): number | string => {
    const x = Array.isArray(v) && 'index' in t && t.index !== undefined ? v[t.index] : v;
    return typeof x === 'number' ? x : typeof x === 'boolean' ? (x ? 1 : 0) : `${what} is not a number`;
  };
  if (fx.scene && read.object === sceneOwner(fx.scene.name) && t.kind === 'object-prop') return num(fx.scene.custom_props?.[t.prop], `the property ["${t.prop}"] of scene ${fx.scene.name}`);
  const object: (Fixture['objects'][number] & { custom_props?: Record<string, JsonValue> }) | undefined = fx.objects.find((o) => o.name === read.object);
  if (!object) return `the object ${read.object} is not in the rig`;
  if (t.kind === 'object-prop') return num(object.custom_props?.[t.prop], `the property ["${t.prop}"] of ${object.name}`);
  if (t.kind === 'data-prop') return num((object as { data_custom_props?: Record<string, JsonValue> }).data_custom_props?.[t.prop], `the property ["${t.prop}"] of ${object.name}'s armature data`);
  if (t.kind === 'data-bone-prop') {
    const bone = object.bones?.find((b) => b.name === t.bone) as { custom_props?: Record<string, JsonValue> } | undefined;
    return num(bone?.custom_props?.[t.prop], `the property ["${t.prop}"] of bone ${t.bone}`);
  }
  if (t.kind === 'bone-prop' || t.kind === 'bone-channel') {
    const bone = object.bones?.find((b) => b.name === t.bone) as (NonNullable<Fixture['objects'][number]['bones']>[number] & { pose?: Record<string, JsonValue> }) | undefined;
    if (!bone) return `the bone ${t.bone} is not in ${object.name}`;
    const pose = (bone.pose ?? {}) as Record<string, JsonValue>;
    if (t.kind === 'bone-prop') return num((pose.custom_props as Record<string, JsonValue> | undefined)?.[t.prop], `the property ["${t.prop}"] of ${t.bone}`);
    const channel = pose[t.channel];
    if (!Array.isArray(channel)) return `the channel ${t.channel} of ${t.bone} is not recorded`;
    const i = t.channel === 'rotation_quaternion' ? QUAT_INDEX[t.index] : t.index;
    return num(channel[i], `${t.channel}[${t.index}] of ${t.bone}`);
  }
  return `reading ${t.kind} is not supported yet`;
}

/** Every driver evaluated from the fixture's authored values: `expected.driven` keys → values. */
export function evaluateFixtureDrivers(fx: Fixture, imported: DriverImport = importDrivers(fx), frame = 1): { values: Map<string, number | boolean>; errors: string[] } {
  const values = new Map<string, number | boolean>();
  const errors: string[] = [];
  for (const d of imported.drivers) {
    const p = d.program;
    p.params[0] = frame;
    let ok = true;
    d.reads.forEach((r, i) => {
      const v = readFixtureValue(fx, r, frame);
      if (typeof v === 'string') {
        errors.push(`driver ${d.source.key}: variable ${d.source.variables[i].name}: ${v}`);
        ok = false;
      } else p.params[i + 1] = Math.fround(v);
    });
    if (!ok) continue;
    const v = evaluateDriver(p);
    values.set(d.source.key, p.target.kind === 'bool' ? v === 1 : v);
  }
  return { values, errors };
}
