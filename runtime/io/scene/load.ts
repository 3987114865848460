// Loads a scene file as untrusted input: bounded in size, depth and counts (graph/limits.ts),
// refused when newer, validated against the published schema, then checked for what a schema
// cannot say (unique names, parents that exist and are not their own ancestors, bone parents
// listed first), so a scene that loads also builds. Every problem is an error with a JSON pointer
// and a sentence; nothing in the file is evaluated, and keys are kept as plain data.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { limitsWith, tooMany, type Limits } from '../../../graph/limits';
import { describeValue, quoteList } from '../../../graph/messages';
import { pointerOf } from '../../../graph/pointer';
import { readJson } from '../../../graph/safe-json';
import type { GraphError } from '../../../graph/types';
import sceneSchema from './sinew-scene.schema.json' with { type: 'json' };
import { schemaErrors } from '../schema-errors';
import { SCENE_FORMAT, SCENE_VERSION, type SceneDocument, type SceneMesh, type SceneNlaStrip, type SceneMeshSkin, type SceneObject, type SceneCurve, type SceneSplineControl } from '../../rig/scene/types';
import { isRecord } from '../../../graph/is-record';

let validate: ValidateFunction | undefined;

export type SceneLoad = { ok: true; scene: SceneDocument } | { ok: false; errors: GraphError[] };

export interface SceneLoadOptions {
  /** Size, depth and count limits; the defaults (graph/limits.ts) for any left out. */
  limits?: Partial<Limits>;
}

/**
 * Deepest object parenting chain read (object → parent → … ), so building the rig stays within the
 * call stack. Blender scenes go a few levels deep; a thousand is far past any rig.
 */
export const MAX_PARENT_DEPTH = 1000;

/** Validates a scene given as JSON text or as parsed data (which is copied, never kept). */
export function loadScene(input: unknown, options: SceneLoadOptions = {}): SceneLoad {
  const limits = limitsWith(options.limits);
  const read = readJson(input, limits, 'scene');
  if (!read.ok) return read;
  const data = read.value;
  const header = checkHeader(data);
  if (header !== undefined) return refuse(header);
  const counts = checkCounts(data as Record<string, unknown>, limits);
  if (counts.length > 0) return { ok: false, errors: counts };
  validate ??= new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true }).compile(sceneSchema);
  if (!validate(data)) return { ok: false, errors: schemaErrors(validate.errors ?? []) };
  const scene = data as SceneDocument;
  const errors = checkStructure(scene);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, scene };
}

function refuse(error: GraphError): SceneLoad {
  return { ok: false, errors: [error] };
}

/** Format and version first: past a wrong format or a newer version, other errors are noise. */
function checkHeader(data: unknown): GraphError | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { code: 'wrong-format', pointer: '', message: `this is not a Sinew scene file: expected a JSON object with "format": "${SCENE_FORMAT}", got ${describeValue(data)}` };
  }
  const { format, version } = data as { format?: unknown; version?: unknown };
  if (format !== SCENE_FORMAT) {
    const what = format === undefined ? 'it has no "format"' : `its "format" is ${describeValue(format)}`;
    return { code: 'wrong-format', pointer: '/format', message: `this is not a Sinew scene file: ${what} (expected "${SCENE_FORMAT}")` };
  }
  if (typeof version === 'number' && Number.isInteger(version) && version > SCENE_VERSION) {
    return {
      code: 'newer-version',
      pointer: '/version',
      message: `this scene is version ${version}; this build of Sinew reads scene files up to version ${SCENE_VERSION}. Open it with a newer Sinew.`,
    };
  }
  return undefined;
}

/** Object, bone and point counts within their limits, before the schema walks them all. */
function checkCounts(data: Record<string, unknown>, limits: Limits): GraphError[] {
  const objects = data['objects'];
  if (!Array.isArray(objects)) return [];
  if (objects.length > limits.maxObjects) return [tooMany('/objects', 'objects', 'scene', objects.length, 'maxObjects', limits)];
  let bones = 0;
  let points = 0;
  let meshPoints = 0;
  for (const o of objects) {
    if (!isRecord(o)) continue;
    if (Array.isArray(o['bones'])) bones += o['bones'].length;
    const splines = isRecord(o['curve']) ? o['curve']['splines'] : undefined;
    if (Array.isArray(splines)) for (const s of splines) if (isRecord(s) && Array.isArray(s['points'])) points += s['points'].length;
    // A mesh's vertices and triangles count as points too: each is read per Shrinkwrap per frame.
    if (isRecord(o['mesh'])) {
      for (const key of ['vertices', 'triangles'] as const) {
        const list = o['mesh'][key];
        if (Array.isArray(list)) meshPoints += Math.ceil(list.length / 3);
      }
    }
  }
  const what = meshPoints > 0 ? 'curve points, mesh vertices and mesh triangles' : 'curve points';
  points += meshPoints;
  const errors: GraphError[] = [];
  if (bones > limits.maxBones) errors.push(tooMany('/objects', 'bones', 'scene', bones, 'maxBones', limits));
  if (points > limits.maxPoints) errors.push(tooMany('/objects', what, 'scene', points, 'maxPoints', limits));
  let keys = 0;
  const actions = data['actions'];
  if (Array.isArray(actions)) {
    for (const a of actions) {
      const curves = isRecord(a) ? a['fcurves'] : undefined;
      if (Array.isArray(curves)) for (const f of curves) if (isRecord(f) && Array.isArray(f['keyframes'])) keys += f['keyframes'].length;
    }
  }
  const clips = data['clips'];
  if (Array.isArray(clips)) {
    for (const c of clips) {
      const tracks = isRecord(c) ? c['tracks'] : undefined;
      if (!Array.isArray(tracks)) continue;
      for (const t of tracks) {
        const factors = isRecord(t) ? t['factors'] : undefined;
        if (!Array.isArray(factors)) continue;
        for (const f of factors) {
          const samplers = isRecord(f) ? f['samplers'] : undefined;
          if (!isRecord(samplers)) continue;
          for (const s of Object.values(samplers)) if (isRecord(s) && Array.isArray(s['input'])) keys += s['input'].length;
        }
      }
    }
  }
  if (keys > limits.maxKeyframes) errors.push(tooMany('/actions', 'keyframes', 'scene', keys, 'maxKeyframes', limits));
  return errors;
}

/** Names, parents and bone order: what building the rig relies on, reported here with pointers. */
function checkStructure(scene: SceneDocument): GraphError[] {
  const errors: GraphError[] = [];
  const byName = new Map<string, number>();
  scene.objects.forEach((o, i) => {
    const first = byName.get(o.name);
    if (first !== undefined) {
      errors.push({ code: 'duplicate-name', pointer: pointerOf('objects', i, 'name'), message: `object name "${o.name}" is already used by ${pointerOf('objects', first)}; every object needs its own name` });
    } else {
      byName.set(o.name, i);
    }
  });
  const boneNames = scene.objects.map((o) => new Set((o.type === 'ARMATURE' ? (o.bones ?? []) : []).map((b) => b.name)));
  scene.objects.forEach((o, i) => {
    if (o.parent) {
      const p = byName.get(o.parent);
      if (p === undefined) {
        errors.push({ code: 'missing-parent', pointer: pointerOf('objects', i, 'parent'), message: `parent object "${o.parent}" is not in the scene` });
      } else if (o.parent_type === 'BONE' && !boneNames[p].has(o.parent_bone ?? '')) {
        const armature = scene.objects[p].type === 'ARMATURE' ? `armature "${o.parent}"` : `"${o.parent}" (an ${scene.objects[p].type}, not an armature)`;
        const bone = o.parent_bone ? `"${o.parent_bone}"` : '(none named)';
        errors.push({ code: 'missing-parent', pointer: pointerOf('objects', i, 'parent_bone'), message: `parent bone ${bone} is not a bone of ${armature}` });
      }
    }
    const wanted = o.parent_type === 'VERTEX' ? 1 : o.parent_type === 'VERTEX_3' ? 3 : 0;
    if (wanted > 0 && o.parent_vertices?.length !== wanted) {
      const given = o.parent_vertices?.length ?? 0;
      errors.push({ code: 'invalid-parent', pointer: pointerOf('objects', i, 'parent_vertices'), message: `parent type ${o.parent_type} hangs the object from ${wanted === 1 ? 'one point' : 'three points'} of its parent; parent_vertices holds ${given}` });
    }
    if (o.parent_skin) checkSkin(o.parent_skin, wanted, scene, byName, boneNames, i, errors);
    if (o.type === 'ARMATURE') checkBones(o.bones ?? [], i, o.name, errors);
    if (o.type === 'CURVE') checkSplines(o.curve?.splines ?? [], i, errors);
    if (o.curve?.hooks) checkHooks(o.curve, scene, byName, boneNames, i, errors);
    if (o.mesh) checkMesh(o.mesh, i, errors);
    if (o.mesh?.skin) checkMeshSkin(o.mesh.skin, o.mesh, scene, byName, boneNames, i, errors);
  });
  checkOwnerIds(scene, errors);
  checkActions(scene, errors);
  if (errors.length === 0) checkParentChains(scene, byName, errors);
  return errors;
}

/** A vertex parent's skin: an armature of the scene, one entry per point, a weight per bone, bones the armature has. */
function checkSkin(skin: NonNullable<SceneObject['parent_skin']>, points: number, scene: SceneDocument, byName: Map<string, number>, boneNames: Set<string>[], i: number, errors: GraphError[]): void {
  const at = (...keys: (string | number)[]) => pointerOf('objects', i, 'parent_skin', ...keys);
  const a = skinArmature(skin.armature, scene, byName);
  if (a === undefined) {
    errors.push({ code: 'invalid-parent', pointer: at('armature'), message: `the armature deforming the parent's vertices, "${skin.armature}", is not an armature of the scene` });
    return;
  }
  if (skin.points.length !== points) errors.push({ code: 'invalid-parent', pointer: at('points'), message: `parent_skin has ${skin.points.length} points; parent_vertices needs ${points}` });
  checkSkinPoints(skin.points, skin.armature, boneNames[a], 'invalid-parent', at, errors);
}

/**
 * A mesh's skin: an armature of the scene; a position and a point (a weight per bone, bones the
 * armature has) per vertex, vertices the mesh has; polygons of at least three of those vertices.
 */
function checkMeshSkin(skin: SceneMeshSkin, mesh: SceneMesh, scene: SceneDocument, byName: Map<string, number>, boneNames: Set<string>[], i: number, errors: GraphError[]): void {
  const at = (...keys: (string | number)[]) => pointerOf('objects', i, 'mesh', 'skin', ...keys);
  const a = skinArmature(skin.armature, scene, byName);
  if (a === undefined) {
    errors.push({ code: 'invalid-mesh', pointer: at('armature'), message: `the armature deforming the mesh, "${skin.armature}", is not an armature of the scene` });
    return;
  }
  const n = skin.vertices.length;
  const count = Math.floor(mesh.vertices.length / 3);
  const outside = skin.vertices.findIndex((v) => v >= count);
  if (outside >= 0) errors.push({ code: 'invalid-mesh', pointer: at('vertices', outside), message: `the skin names vertex ${skin.vertices[outside]}; the mesh has ${count} vertices` });
  if (skin.rest.length !== 3 * n) errors.push({ code: 'invalid-mesh', pointer: at('rest'), message: `the skin has ${skin.rest.length} rest coordinates; its ${n} vertices need ${3 * n}` });
  if (skin.points.length !== n) errors.push({ code: 'invalid-mesh', pointer: at('points'), message: `the skin has ${skin.points.length} points; its ${n} vertices need one each` });
  checkSkinPoints(skin.points, skin.armature, boneNames[a], 'invalid-mesh', at, errors);
  const skinned = new Set(skin.vertices);
  skin.polygons.forEach((loop, k) => {
    const missing = loop.findIndex((v) => !skinned.has(v));
    if (loop.length < 3) errors.push({ code: 'invalid-mesh', pointer: at('polygons', k), message: `polygon ${k} has ${loop.length} corners; a polygon has at least 3` });
    else if (missing >= 0) errors.push({ code: 'invalid-mesh', pointer: at('polygons', k, missing), message: `polygon ${k} names vertex ${loop[missing]}, which is not among the skin's vertices` });
  });
  if (skin.surface) checkSurfaceSkin(skin.surface, n === count && skin.vertices.every((v, k) => v === k), skin.polygons.length, Math.floor(mesh.triangles.length / 3), at, errors);
}

/** A skin that moves the whole surface: every vertex in order, a polygon of the skin per triangle, flat polygons the skin has. */
function checkSurfaceSkin(surface: NonNullable<SceneMeshSkin['surface']>, everyVertex: boolean, polygons: number, triangles: number, at: (...keys: (string | number)[]) => string, errors: GraphError[]): void {
  if (!everyVertex) errors.push({ code: 'invalid-mesh', pointer: at('vertices'), message: 'a skin with a surface moves every vertex: its vertices are 0, 1, 2 … up to the mesh\'s last' });
  if (surface.triangle_polygons.length !== triangles) errors.push({ code: 'invalid-mesh', pointer: at('surface', 'triangle_polygons'), message: `the surface gives ${surface.triangle_polygons.length} triangles a polygon; the mesh has ${triangles} triangles` });
  const check = (list: number[], key: string) => {
    const k = list.findIndex((p) => p >= polygons);
    if (k >= 0) errors.push({ code: 'invalid-mesh', pointer: at('surface', key, k), message: `polygon ${list[k]} is not among the skin's ${polygons} polygons` });
  };
  check(surface.triangle_polygons, 'triangle_polygons');
  check(surface.flat_polygons, 'flat_polygons');
}

function skinArmature(name: string, scene: SceneDocument, byName: Map<string, number>): number | undefined {
  const a = byName.get(name);
  return a !== undefined && scene.objects[a].type === 'ARMATURE' ? a : undefined;
}

/** Each point has a weight per bone, and names bones the armature has. */
function checkSkinPoints(points: { bones: string[]; weights: number[] }[], armature: string, bones: Set<string>, code: 'invalid-parent' | 'invalid-mesh', at: (...keys: (string | number)[]) => string, errors: GraphError[]): void {
  points.forEach((p, k) => {
    if (p.weights.length !== p.bones.length) errors.push({ code, pointer: at('points', k, 'weights'), message: `point ${k} has ${p.bones.length} bones and ${p.weights.length} weights; it needs one weight per bone` });
    const missing = p.bones.findIndex((b) => !bones.has(b));
    if (missing >= 0) errors.push({ code, pointer: at('points', k, 'bones', missing), message: `bone "${p.bones[missing]}" is not a bone of armature "${armature}"` });
  });
}

/** A mesh's lists hold whole vertices, triangles and corner normals, and every triangle names vertices there are. */
function checkMesh(mesh: SceneMesh, i: number, errors: GraphError[]): void {
  const at = (key: string) => pointerOf('objects', i, 'mesh', key);
  if (mesh.vertices.length % 3 !== 0) errors.push({ code: 'invalid-mesh', pointer: at('vertices'), message: `the mesh has ${mesh.vertices.length} vertex coordinates, not three per vertex` });
  if (mesh.triangles.length % 3 !== 0) errors.push({ code: 'invalid-mesh', pointer: at('triangles'), message: `the mesh has ${mesh.triangles.length} triangle corners, not three per triangle` });
  if (mesh.normals !== undefined && mesh.normals.length !== mesh.triangles.length * 3) errors.push({ code: 'invalid-mesh', pointer: at('normals'), message: `the mesh has ${mesh.normals.length} normal coordinates; its ${mesh.triangles.length / 3} triangles need ${mesh.triangles.length * 3} (a normal at each corner)` });
  if (mesh.normals === undefined && mesh.vertex_normals === undefined && mesh.triangles.length > 0) errors.push({ code: 'invalid-mesh', pointer: at('normals'), message: 'the mesh has neither corner normals (normals) nor vertex normals (vertex_normals); Shrinkwrap needs one of them' });
  if (mesh.vertex_normals !== undefined && mesh.vertex_normals.length !== mesh.vertices.length) errors.push({ code: 'invalid-mesh', pointer: at('vertex_normals'), message: `the mesh has ${mesh.vertex_normals.length} vertex normal coordinates; its ${mesh.vertices.length / 3} vertices need ${mesh.vertices.length}` });
  const count = Math.floor(mesh.vertices.length / 3);
  for (const [name, group] of Object.entries(mesh.vertex_groups ?? {})) {
    const where = (key: string) => pointerOf('objects', i, 'mesh', 'vertex_groups', name, key);
    if (group.weights.length !== group.indices.length) errors.push({ code: 'invalid-mesh', pointer: where('weights'), message: `vertex group "${name}" has ${group.indices.length} vertices and ${group.weights.length} weights; it needs one weight per vertex` });
    if (group.counts !== undefined && group.counts.length !== group.indices.length) errors.push({ code: 'invalid-mesh', pointer: where('counts'), message: `vertex group "${name}" has ${group.indices.length} vertices and ${group.counts.length} counts; it needs one count per vertex` });
    const outside = group.indices.findIndex((v) => v >= count);
    if (outside >= 0) errors.push({ code: 'invalid-mesh', pointer: pointerOf('objects', i, 'mesh', 'vertex_groups', name, 'indices', outside), message: `vertex group "${name}" names vertex ${group.indices[outside]}; the mesh has ${count} vertices` });
  }
  const bad = mesh.triangles.findIndex((v) => v >= count);
  if (bad >= 0) errors.push({ code: 'invalid-mesh', pointer: pointerOf('objects', i, 'mesh', 'triangles', bad), message: `triangle corner ${bad} names vertex ${mesh.triangles[bad]}; the mesh has ${count} vertices` });
}

/** Action and clip names are unique, every object's action is one of them, and the played clip is there. */
function checkActions(scene: SceneDocument, errors: GraphError[]): void {
  const names = new Map<string, number>();
  (scene.actions ?? []).forEach((a, i) => {
    const first = names.get(a.name);
    if (first !== undefined) errors.push({ code: 'duplicate-name', pointer: pointerOf('actions', i, 'name'), message: `action name "${a.name}" is already used by ${pointerOf('actions', first)}` });
    else names.set(a.name, i);
  });
  const clips = new Map<string, number>();
  (scene.clips ?? []).forEach((c, i) => {
    const first = clips.get(c.name);
    if (first !== undefined) errors.push({ code: 'duplicate-name', pointer: pointerOf('clips', i, 'name'), message: `clip name "${c.name}" is already used by ${pointerOf('clips', first)}` });
    else clips.set(c.name, i);
  });
  if (scene.playback && !clips.has(scene.playback.clip)) {
    const names = [...clips.keys()];
    errors.push({ code: 'missing-clip', pointer: '/playback/clip', message: `the scene plays clip "${scene.playback.clip}", which is not in its "clips"${names.length ? ` (it has ${quoteList(names)})` : ' (it has none)'}` });
  }
  scene.objects.forEach((o, i) => {
    const action = o.animation_data?.action;
    if (typeof action === 'string' && !names.has(action)) {
      errors.push({ code: 'missing-action', pointer: pointerOf('objects', i, 'animation_data', 'action'), message: `object "${o.name}" is animated by action "${action}", which is not in the scene's "actions"` });
    }
    // Strips, and the strips inside meta strips.
    const check = (st: SceneNlaStrip, at: (string | number)[]): void => {
      if (typeof st.action === 'string' && !names.has(st.action)) {
        errors.push({ code: 'missing-action', pointer: pointerOf(...at, 'action'), message: `object "${o.name}" has an NLA strip playing action "${st.action}", which is not in the scene's "actions"` });
      }
      (st.strips ?? []).forEach((c, ci) => { check(c, [...at, 'strips', ci]); });
    };
    o.animation_data?.nla?.tracks.forEach((t, ti) => { t.strips.forEach((st, si) => { check(st, ['objects', i, 'animation_data', 'nla', 'tracks', ti, 'strips', si]); }); });
  });
}

function checkBones(bones: NonNullable<SceneDocument['objects'][number]['bones']>, i: number, armature: string, errors: GraphError[]): void {
  const seen = new Map<string, number>();
  bones.forEach((b, j) => {
    const first = seen.get(b.name);
    if (first !== undefined) {
      errors.push({ code: 'duplicate-name', pointer: pointerOf('objects', i, 'bones', j, 'name'), message: `bone name "${b.name}" is already used in armature "${armature}" by ${pointerOf('objects', i, 'bones', first)}` });
      return;
    }
    if (b.parent && !seen.has(b.parent)) {
      const later = bones.some((other, k) => k > j && other.name === b.parent);
      errors.push({
        code: 'missing-parent',
        pointer: pointerOf('objects', i, 'bones', j, 'parent'),
        message: later
          ? `parent bone "${b.parent}" must be listed before "${b.name}" in armature "${armature}"`
          : `parent bone "${b.parent}" is not a bone of armature "${armature}"`,
      });
    }
    seen.set(b.name, j);
  });
  // A B-Bone's custom handles are bones of the same armature (Blender's pointers cannot be otherwise).
  const names = new Set(bones.map((b) => b.name));
  bones.forEach((b, j) => {
    for (const key of ['bbone_custom_handle_start', 'bbone_custom_handle_end'] as const) {
      const h = b[key];
      if (typeof h === 'string' && h !== '' && !names.has(h)) {
        errors.push({ code: 'missing-bone', pointer: pointerOf('objects', i, 'bones', j, key), message: `B-Bone handle "${h}" of "${b.name}" is not a bone of armature "${armature}"` });
      }
    }
  });
}

/** A spline's radius and tilt, when given, hold one value per point: nodes read them by point. */
function checkSplines(splines: NonNullable<SceneDocument['objects'][number]['curve']>['splines'], i: number, errors: GraphError[]): void {
  splines.forEach((s, j) => {
    for (const key of ['radius', 'tilt', 'tangents'] as const) {
      const values = s[key];
      if (values !== undefined && values.length !== s.points.length) {
        errors.push({
          code: 'invalid-value',
          pointer: pointerOf('objects', i, 'curve', 'splines', j, key),
          message: `expected one ${key === 'tangents' ? 'tangent' : `${key} value`} per point (${s.points.length}), got ${values.length}`,
        });
      }
    }
  });
}

/**
 * A hooked curve: its first spline's control points, complete (a Bezier's handles and handle types
 * one per point, and as many path points as they make), and hooks whose targets are
 * in the scene and whose indices are among the control points.
 */
function checkHooks(curve: SceneCurve, scene: SceneDocument, byName: Map<string, number>, boneNames: Set<string>[], i: number, errors: GraphError[]): void {
  const at = (...keys: (string | number)[]) => pointerOf('objects', i, 'curve', ...keys);
  const spline = curve.splines[0];
  const control = spline?.control;
  if (!spline || !control) {
    errors.push({ code: 'invalid-curve', pointer: at('splines', 0, 'control'), message: 'the curve has hooks, which move the control points of its first spline; that spline needs them (control)' });
    return;
  }
  const where = (...keys: (string | number)[]) => at('splines', 0, 'control', ...keys);
  const n = control.co.length;
  const bezier = control.handle_left !== undefined || control.handle_right !== undefined || control.handle_types !== undefined;
  if (bezier) {
    for (const key of ['handle_left', 'handle_right', 'handle_types'] as const) {
      const got = control[key]?.length;
      if (got !== n) errors.push({ code: 'invalid-curve', pointer: where(key), message: `a Bezier spline's ${key} has one entry per control point (${n}), got ${got ?? 'none'}` });
    }
  }
  const made = bezier ? bezierPathPoints(control, spline.cyclic === true) : control.nurbs_basis ? control.nurbs_basis.length : n;
  control.nurbs_basis?.forEach((row, k) => {
    const outside = row.findIndex(([i]) => i >= n);
    if (outside >= 0) errors.push({ code: 'invalid-curve', pointer: where('nurbs_basis', k, outside), message: `path point ${k} sums control point ${row[outside][0]}; the spline has ${n}` });
  });
  if (made !== spline.points.length) errors.push({ code: 'invalid-curve', pointer: at('splines', 0, 'points'), message: `the control points make ${made} path points; the spline has ${spline.points.length}` });
  const deformPoints = bezier ? 3 * n : n;
  curve.hooks!.forEach((h, k) => {
    const t = byName.get(h.object);
    if (t === undefined) errors.push({ code: 'missing-target', pointer: at('hooks', k, 'object'), message: `hook "${h.name ?? k}" follows object "${h.object}", which is not in the scene` });
    else if (h.bone !== undefined && !boneNames[t].has(h.bone)) errors.push({ code: 'missing-bone', pointer: at('hooks', k, 'bone'), message: `hook "${h.name ?? k}" follows bone "${h.bone}", which is not a bone of ${scene.objects[t].type === 'ARMATURE' ? 'armature' : scene.objects[t].type} "${h.object}"` });
    const outside = h.indices.findIndex((v) => v >= deformPoints);
    if (outside >= 0) errors.push({ code: 'invalid-curve', pointer: at('hooks', k, 'indices', outside), message: `hook "${h.name ?? k}" moves point ${h.indices[outside]}; the spline has ${deformPoints} (${bezier ? 'three a Bezier point: left handle, point, right handle' : 'one a POLY or NURBS point'})` });
  });
}

/** How many path points a Bezier spline's control points make (the exporter's bezier_points): `resolution` a segment, one where both its handles are VECTOR, and the last point of an open spline. */
function bezierPathPoints(control: SceneSplineControl, cyclic: boolean): number {
  const n = control.co.length, res = control.resolution ?? 12, types = control.handle_types ?? [];
  if (n === 0) return 0;
  let count = 0;
  for (let s = 0; s < (cyclic ? n : n - 1); s++) {
    const a = cyclic ? (s + n - 1) % n : s, b = (a + 1) % n;
    count += types[a]?.[1] === 'VECTOR' && types[b]?.[0] === 'VECTOR' ? 1 : res;
  }
  return !cyclic || n === 1 ? count + 1 : count;
}

/**
 * Bones are named "Armature/Bone" as owners, and a name may hold "/": an object named like that, or
 * another armature's bone ("A/B" + "C" beside "A" + "B/C"), would hide the bone.
 */
function checkOwnerIds(scene: SceneDocument, errors: GraphError[]): void {
  const objectNames = new Set(scene.objects.map((o) => o.name));
  const boneIds = new Map<string, string>();
  scene.objects.forEach((o, i) => {
    if (o.type !== 'ARMATURE') return;
    (o.bones ?? []).forEach((b, j) => {
      const id = `${o.name}/${b.name}`;
      const pointer = pointerOf('objects', i, 'bones', j, 'name');
      const other = boneIds.get(id);
      if (objectNames.has(id)) {
        errors.push({ code: 'duplicate-name', pointer, message: `bone "${b.name}" of "${o.name}" is named "${id}" as an owner, and so is an object; rename one of them` });
      } else if (other !== undefined && other !== o.name) {
        errors.push({ code: 'duplicate-name', pointer, message: `bone "${b.name}" of "${o.name}" is named "${id}" as an owner, and so is a bone of "${other}"; rename one of them` });
      }
      if (!boneIds.has(id)) boneIds.set(id, o.name);
    });
  });
}

/** Parenting loops and chains deeper than MAX_PARENT_DEPTH, found without recursion. */
function checkParentChains(scene: SceneDocument, byName: Map<string, number>, errors: GraphError[]): void {
  const depth = new Int32Array(scene.objects.length).fill(-1); // -1: not yet known
  scene.objects.forEach((_, start) => {
    const path: number[] = [];
    const onPath = new Set<number>();
    let i: number | undefined = start;
    while (i !== undefined && depth[i] === -1) {
      if (onPath.has(i)) {
        const o = scene.objects[i];
        errors.push({ code: 'parent-loop', pointer: pointerOf('objects', i, 'parent'), message: `object "${o.name}" is its own ancestor (a parenting loop)` });
        for (const k of path) depth[k] = 0; // reported once; stop here
        return;
      }
      path.push(i);
      onPath.add(i);
      const parent: string | null | undefined = scene.objects[i].parent;
      i = parent ? byName.get(parent) : undefined;
    }
    let d = i === undefined ? 0 : depth[i] + 1;
    for (let k = path.length - 1; k >= 0; k--) depth[path[k]] = d++;
    const deepest = path[0];
    if (depth[deepest] > MAX_PARENT_DEPTH && errors.length === 0) {
      errors.push({
        code: 'limit-exceeded',
        pointer: pointerOf('objects', deepest, 'parent'),
        message: `object "${scene.objects[deepest].name}" hangs ${depth[deepest]} parents deep; Sinew reads parenting chains at most ${MAX_PARENT_DEPTH} deep`,
      });
    }
  });
}
