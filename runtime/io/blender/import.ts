// Blender fixture → Sinew scene + graph: every object and bone as it is, every constraint stack in
// order as a chain of nodes. Properties are mapped through each node's `blender` record; a property
// with no mapping is reported by name, never dropped silently.
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument, type GraphFrame, type GraphLink, type GraphNode, type JsonValue } from '../../../graph/types';
import { stackFrame } from './stack-frame';
import { defaultCatalog, type NodeCatalog } from '../../../nodes/catalog';
import type { NodeDefinition } from '../../../nodes/define';
import { isRotationModePath, parseDataPath } from '../../rig/scene/data-path';
import { SCENE_FORMAT, SCENE_VERSION, type SceneDocument, type SceneNla, type SceneNlaStrip } from '../../rig/scene/types';
import { curvePlays, savedFrame, savedTimeScale, type Fixture, type FixtureConstraint, type FixtureNla, type FixtureNlaStrip } from './fixture';
import { CycleBreaks } from './cycle-breaks';
import { drivableParam, scheduleParam } from '../../eval/driven-params';
import { animatedSettings, drivesCurveTime, switchedMutes, wireDrivers, type ChoiceSetting, type DriverReport } from './import-drivers';
import { importDrivers, type ImportedDriver } from './drivers';
import { blenderSkips } from './blender-skips';
import { bboneHandleNames, bboneSegments } from '../../rig/bbone';
import { wireAnimatedSettings } from './animated-settings';
import { wireConstraintSwitches, type ConstraintSwitch } from './constraint-switch';
import { drawnOnly } from './drawn-only';
import { dropOpeningFailures } from './opening-failures';
import { unsupportedModifier } from '../../../nodes/math/fcurve/modifiers';

export interface BlenderImport {
  scene: SceneDocument;
  graph: GraphDocument;
  /** Properties or constraints Sinew cannot represent, each named: `Owner: Constraint (TYPE).prop`. */
  unsupported: string[];
  /** Where each of `unsupported` is in the fixture (`/constraints/3`), item for item. */
  unsupportedAt: string[];
  /**
   * Each constraint node's constraint in the fixture (its index in `constraints`) and the property
   * each of its params was read from, to report a problem with the graph where the fixture has it.
   */
  origins: Map<string, { index: number; props: Map<string, string> }>;
  /** The rig's drivers and custom properties: what was wired live and what was not carried. */
  drivers: DriverReport;
  /** Constraints left out because Blender leaves them out (`Owner: Constraint (TYPE): why`), blender-skips.ts. */
  skipped: string[];
  /** Blender's breaks of dependency cycles (cycle-breaks.ts): those the graph makes too, and those it has no link for. */
  cycles: { placed: string[]; unplaced: string[] };
}

/** Props every constraint has, handled here rather than per node. */
const COMMON: Record<string, string> = {
  influence: 'influence',
  owner_space: 'ownerSpace',
  target_space: 'targetSpace',
  head_tail: 'headTail',
  use_bbone_shape: 'useBBoneShape',
};
/** Read-only state and UI flags: they describe Blender's evaluation, not what to evaluate. */
const STATE = new Set(['is_valid', 'error_location', 'error_rotation', 'is_override_data', 'show_expanded', 'active', 'mute', 'enabled']);
/** Object/bone references and the input socket each one feeds. */
const REFERENCES: [string, string, string][] = [
  ['target', 'subtarget', 'target'],
  ['pole_target', 'pole_subtarget', 'pole'],
  ['space_object', 'space_subtarget', 'space'],
];

/** Imports a fixture; `applyAfterEval` takes Blender's write-back (its steady state) as authored. */
export function importBlenderFixture(fx: Fixture, options: { catalog?: NodeCatalog; applyAfterEval?: boolean } = {}): BlenderImport {
  const catalog = options.catalog ?? defaultCatalog;
  const byBlenderType = new Map<string, NodeDefinition>();
  for (const def of catalog.values()) if (def.blender) byBlenderType.set(def.blender.type, def);

  const scene = sceneOf(fx);
  const nodes: GraphNode[] = [];
  const links: GraphLink[] = [];
  const unsupported: string[] = [];
  const unsupportedAt: string[] = [];
  const report = (index: number, text: string) => {
    unsupported.push(text);
    unsupportedAt.push(`/constraints/${index}`);
  };
  const origins: BlenderImport['origins'] = new Map();
  const readers = new Map<string, string>();
  let column = 0;
  const driverImport = importDrivers(fx);
  // A constraint whose mute a driver or an action sets stays in the graph: its switch multiplies its influence.
  const mutesSwitched = switchedMutes(fx, driverImport);
  // Armatures where a driver or an action sets an IK's influence, mute or enabled.
  const switchedSettings = animatedSettings(fx, driverImport, ['influence', 'mute', 'enabled']);
  const ikSwitchedArmatures = new Set(fx.constraints
    .filter((c) => c.type === 'IK' && switchedSettings.has(`${c.owner.bone ? `${c.owner.object}/${c.owner.bone}` : c.owner.object}\u0000${c.name}`))
    .map((c) => c.owner.object));
  const constraintNodes = new Map<string, string>();
  const skipped: string[] = [];
  /** Constraints not in the graph because Blender does not evaluate them, and why. */
  const skippedConstraints = new Map<string, string>();

  const cycleBreaks = new CycleBreaks(fx);
  // A read where Blender breaks a dependency cycle, its own node so the owner's other readers still
  // wait for it (cycle-breaks.ts). Of an object: its matrix before its constraints, this frame's
  // (Blender has made it by then); of a bone, or of a curve's path: as the last evaluation left it
  // (`breaksCycle`).
  const cycleReaderFor = (ownerId: string, lastLeft: boolean): string => {
    const id = lastLeft ? `read:${ownerId}:cycle` : `pre:${ownerId}:cycle`;
    if (!nodes.some((n) => n.id === id)) {
      nodes.push(lastLeft
        ? { id, type: 'owner/read', params: { owner: ownerId, breaksCycle: true }, position: [-560, 160 * (readers.size + 1)] }
        : { id, type: 'owner/input', params: { owner: ownerId }, position: [-560, 160 * (readers.size + 1)] });
    }
    return id;
  };
  const readerFor = (ownerId: string): string => {
    let id = readers.get(ownerId);
    if (!id) {
      id = `read:${ownerId}`;
      readers.set(ownerId, id);
      nodes.push({ id, type: 'owner/read', params: { owner: ownerId }, position: [-300, 160 * readers.size] });
    }
    return id;
  };
  // A mesh object's vertex group read as a target (a vertex-group subtarget, which the exporter
  // writes as `blender_<subtarget key>` with the group's vertices on the mesh).
  const groupReaders = new Map<string, string>();
  const meshOf = (object: string) => fx.objects.find((o) => o.name === object)?.mesh;
  const hasGroup = (object: string, group: string): boolean => Object.hasOwn(meshOf(object)?.vertex_groups ?? {}, group);
  const groupReaderFor = (object: string, group: string): string => {
    const key = `${object}\u0000${group}`;
    let id = groupReaders.get(key);
    if (!id) {
      id = `group:${object}:${group}`;
      groupReaders.set(key, id);
      nodes.push({ id, type: 'owner/vertex-group', params: { owner: object, group }, position: [-300, -160 * (groupReaders.size + 40)] });
    }
    return id;
  };
  // A bone with B-Bone segments read with its shape (an Armature target, a Follow B-Bone target):
  // its B-Bone node, the handle bones wired in so that the shape is computed after they move.
  const bbones = new Map<string, string>();
  const bboneFor = (object: string, bone: string): string | undefined => {
    const ownerId = `${object}/${bone}`;
    const known = bbones.get(ownerId);
    if (known) return known;
    const list = fx.objects.find((o) => o.name === object)?.bones ?? [];
    const index = list.findIndex((b) => b.name === bone);
    if (index < 0 || bboneSegments(list[index]) < 2) return undefined;
    const id = `bbone:${ownerId}`;
    bbones.set(ownerId, id);
    nodes.push({ id, type: 'owner/bbone', params: { owner: ownerId }, position: [-300, -160 * bbones.size] });
    const handles = bboneHandleNames(list, index);
    for (const [socket, name] of [['start', handles.start], ['end', handles.end]] as const) {
      if (name !== undefined && list.some((b) => b.name === name)) links.push({ from: { node: readerFor(`${object}/${name}`), socket: 'transform' }, to: { node: id, socket } });
    }
    return id;
  };

  // One stack per owner, in the order its constraints are listed.
  const stacks = new Map<string, { c: FixtureConstraint; index: number }[]>();
  fx.constraints.forEach((c, index) => {
    const ownerId = c.owner.bone ? `${c.owner.object}/${c.owner.bone}` : c.owner.object;
    const stack = stacks.get(ownerId);
    if (stack) stack.push({ c, index });
    else stacks.set(ownerId, [{ c, index }]);
  });

  // Blender's legacy IK solves a tree once the whole stack of its bones has run: the IK constraint
  // itself is a placeholder in the stack (BKE_pose_where_is: iksolver_execute_tree after every tree
  // bone's where_is_pose_bone), so constraints listed after it act before the solve. Sinew's IK node
  // solves where it stands, so it goes last in its owner's stack (stable: the others keep their order).
  for (const stack of stacks.values()) {
    const ik = stack.filter(({ c }) => c.type === 'IK');
    if (ik.length === 0) continue;
    const rest = stack.filter(({ c }) => c.type !== 'IK');
    stack.splice(0, stack.length, ...rest, ...ik);
  }

  const frames: GraphFrame[] = [];
  const nodeDefs = new Map<string, NodeDefinition>();
  for (const [ownerId, stack] of stacks) {
    const first = nodes.length;
    const x = 0;
    const y = 200 * column++;
    const inId = `in:${ownerId}`;
    nodes.push({ id: inId, type: 'owner/input', params: { owner: ownerId }, position: [x, y] });
    let prev: { node: string; socket: string } = { node: inId, socket: 'transform' };
    stack.forEach(({ c, index }, i) => {
      const where = `${ownerId}: ${c.name} (${c.type})`;
      const key = `${ownerId}\u0000${c.name}`;
      const props = { ...c.props, ...(options.applyAfterEval !== false ? c.props_after_eval : {}) };
      const skip = blenderSkips(fx, c);
      if (skip) {
        skipped.push(`${where}: ${skip}`);
        skippedConstraints.set(key, skip);
        return;
      }
      // On an armature where a driver or an action switches an IK (its influence or mute), Blender
      // still orders the bones of an IK it leaves out of its trees (muted, influence 0) as a chain:
      // they take their parents' poses from before the solve (measured in 3.4.1, rigs.py
      // muted_ik_tree and its keyed variants). Such an IK stays, at influence 0 when muted; elsewhere
      // Blender orders its bones after their parents' solve, as Sinew does for a bone of no chain.
      const ikSwitched = c.type === 'IK' && ikSwitchedArmatures.has(c.owner.object);
      const muted = props.mute === true || props.enabled === false;
      // Muted in the file and no driver or action switching it: left out, or kept off if an IK here.
      const mutedStill = muted && !mutesSwitched.has(key);
      if (mutedStill && !ikSwitched) {
        skippedConstraints.set(key, 'it is muted, and Blender skips a muted constraint');
        return;
      }
      if (c.type === 'IK' && !ikSwitched && props.influence === 0) {
        skippedConstraints.set(key, 'its influence is 0, and Blender leaves such an IK out of its trees');
        return;
      }
      const def = byBlenderType.get(c.type);
      const origin = { index, props: new Map<string, string>() };
      origins.set(`c${nodes.length}:${c.name}`, origin);
      if (!def) {
        report(index, `${where}: constraint type ${c.type} is not supported`);
        return;
      }
      const id = `c${nodes.length}:${c.name}`;
      const params: Record<string, JsonValue> = {};
      const mapping = def.blender!;
      // An action the file does not hold (an export from before actions named by constraints were
      // written): the node would have nothing to play, so the constraint is reported and left out.
      const absent = namedActions(def, props).filter((name) => !(fx.actions ?? []).some((a) => a.name === name));
      if (absent.length > 0) {
        for (const name of absent) report(index, `${where}: its action "${name}" is not among the file's actions (the Sinew add-on writes every action a constraint names; export again), so the constraint is left out`);
        return;
      }
      for (const [prop, value] of Object.entries(props)) {
        if (STATE.has(prop) || mapping.ignore?.includes(prop)) continue;
        // Own keys only: a property named "constructor" or "__proto__" must not find Object's.
        const common = Object.hasOwn(COMMON, prop) ? COMMON[prop] : undefined;
        const name = (Object.hasOwn(mapping.params, prop) ? mapping.params[prop] : undefined) ?? (common && (Object.hasOwn(def.params, common) || Object.hasOwn(def.inputs, common)) ? common : undefined);
        if (name) {
          Object.defineProperty(params, name, { value, enumerable: true, writable: true, configurable: true });
          origin.props.set(name, prop);
          continue;
        }
        const ref = REFERENCES.find(([obj, sub]) => prop === obj || prop === sub);
        if (ref && ref[2] in def.inputs) continue;
        // A vertex-group subtarget on a mesh the export carries: read by a Vertex Group node (below),
        // or, for a group the mesh lacks, as the object itself (Blender then reads the object's matrix).
        const grouped = REFERENCES.find(([obj, sub]) => prop === `blender_${sub}` && typeof props[obj] === 'string' && meshOf(props[obj]) !== undefined);
        if (grouped && grouped[2] in def.inputs) continue;
        if (ref && (value === null || value === '')) continue;
        report(index, `${where}.${prop}`);
      }
      for (const prop of mapping.unsupported?.(props) ?? []) report(index, `${where}.${prop}`);
      if (mapping.convert) for (const [k, v] of Object.entries(mapping.convert(props))) Object.defineProperty(params, k, { value: v, enumerable: true, writable: true, configurable: true });
      if (mutedStill) params.influence = 0;
      nodes.push({ id, type: def.type, params, position: [x + 260 * (i + 1), y] });
      nodeDefs.set(id, def);
      constraintNodes.set(key, id);
      links.push({ from: prev, to: { node: id, socket: 'owner' } });
      const refs: { socket: string; object: string; bone: string }[] = [];
      const groups = new Map<string, string>();
      for (const [obj, sub, socket] of REFERENCES) {
        const target = props[obj];
        const bone = props[sub];
        const group = props[`blender_${sub}`];
        if (typeof target === 'string' && typeof group === 'string' && group !== '' && hasGroup(target, group)) groups.set(socket, groupReaderFor(target, group));
        if (typeof target === 'string') refs.push({ socket, object: target, bone: typeof bone === 'string' ? bone : '' });
      }
      const listed = mapping.references?.(props) ?? [];
      refs.push(...listed);
      // Where Blender reads a B-Bone's segments: every Armature target bone (armdef_accumulate_bone),
      // and a Head/Tail target with Follow B-Bone (constraint_target_to_mat4).
      const shaped = new Set<string>(listed.map((r) => r.socket));
      if (props.use_bbone_shape === true && Object.hasOwn(def.params, 'useBBoneShape')) shaped.add('target');
      for (const { socket, object, bone } of refs) {
        if (!(socket in def.inputs)) continue;
        const refId = bone !== '' ? `${object}/${bone}` : object;
        const inputType = def.inputs[socket].type;
        // An Owner In has no path to give: a curve read where a cycle breaks is read as last left.
        const lastLeft = bone !== '' || inputType === 'curve';
        const from = groups.get(socket) ?? (bone !== '' && shaped.has(socket) ? bboneFor(object, bone) : undefined)
          ?? (cycleBreaks.breaks(ownerId, c.name, refId, lastLeft) ? cycleReaderFor(refId, lastLeft) : readerFor(refId));
        links.push({ from: { node: from, socket: inputType === 'curve' ? 'curve' : 'transform' }, to: { node: id, socket } });
      }
      prev = { node: id, socket: 'owner' };
    });
    const outId = `out:${ownerId}`;
    nodes.push({ id: outId, type: 'owner/output', params: { owner: ownerId }, position: [x + 260 * (stack.length + 1), y] });
    links.push({ from: prev, to: { node: outId, socket: 'transform' } });
    // Each owner's stack in a frame named after its bone, so an imported rig opens readable.
    frames.push(stackFrame(ownerId, stack[0].c.owner.bone || stack[0].c.owner.object, frames.length, nodes.slice(first).filter((n) => n.type !== 'owner/read' && n.type !== 'owner/vertex-group').map((n) => n.id)));
  }

  // The node param or input a constraint setting became (a driver or a keyed curve links into it), if
  // a number can drive it; a choice (a Blender enum) only through driver/enum-choice (choiceOf).
  const paramOf = (node: string, prop: string) => {
    const name = [...(origins.get(node)?.props ?? [])].find(([, p]) => p === prop)?.[0];
    const def = nodeDefs.get(node);
    return name && def ? { name, def } : undefined;
  };
  const settingOf = (node: string, prop: string): string | undefined => {
    const found = paramOf(node, prop);
    if (!found) return undefined;
    const { name, def } = found;
    const spec = def.params[name];
    return Object.hasOwn(def.inputs, name) || (drivableParam(spec) && spec.kind !== 'choice' && !scheduleParam(def, name)) ? name : undefined;
  };
  const choiceOf = (node: string, prop: string): ChoiceSetting | undefined => {
    const found = paramOf(node, prop);
    const spec = found?.def.params[found.name];
    return found && spec?.kind === 'choice' && !scheduleParam(found.def, found.name) ? { name: found.name, options: spec.options } : undefined;
  };
  const switches: ConstraintSwitch[] = [];
  const readByNode = new Set<string>();
  const animated = wireAnimatedSettings(fx, { nodes, links, constraintNodes, skippedConstraints, bbones, settingOf, choiceOf, switches, readByNode, report: (text, at) => { unsupported.push(text); unsupportedAt.push(at); }, skip: (text) => skipped.push(text) }, driverImport.drivers);
  reportCurveModifiers(fx, (text, at) => { unsupported.push(text); unsupportedAt.push(at); });
  reportNla(fx, readByNode, (text, at) => { unsupported.push(text); unsupportedAt.push(at); });
  for (const key of drawnOnlyCurves(fx)) {
    animated.add(key);
    const [object, path, index] = key.split('\u0000');
    skipped.push(`action curve ${object}: ${path}[${index}]: it changes only how the object or bone is drawn (or whether it renders), no matrix`);
  }
  if (animated.size > 0) withoutCurves(scene, fx, animated);
  if (readByNode.size > 0) markReadByNode(scene, readByNode);
  withoutDrivenCurveTimes(scene, driverImport.drivers);
  const drivers = wireDrivers(fx, { nodes, links, constraintNodes, skippedConstraints, readerFor, settingOf, choiceOf, bbones }, driverImport);
  wireConstraintSwitches(nodes, links, [...switches, ...drivers.switches]);
  const graph: GraphDocument = { format: GRAPH_FORMAT, version: GRAPH_VERSION, nodes, links, ...(frames.length > 0 && { frames }), scene: scene as unknown as JsonValue };
  // Drivers reading evaluated matrices that fail at the saved frame: Blender skips them all session.
  const dropped = dropOpeningFailures(graph, scene, driverImport.drivers);
  drivers.noEffect.push(...dropped);
  drivers.wired -= dropped.length;
  return { scene, graph, unsupported, unsupportedAt, origins, drivers, skipped, cycles: cycleBreaks.report() };
}

/**
 * The actions a constraint's properties name: each non-empty value of a property its mapping puts
 * into an `action` param (the Action constraint's `action`), read from the definition, not its type.
 */
function namedActions(def: NodeDefinition, props: Record<string, JsonValue>): string[] {
  const names: string[] = [];
  for (const [prop, name] of Object.entries(def.blender?.params ?? {})) {
    const value = Object.hasOwn(props, prop) ? props[prop] : undefined;
    if (Object.hasOwn(def.params, name) && def.params[name].kind === 'action' && typeof value === 'string' && value !== '') names.push(value);
  }
  return names;
}

/** The playing action curves (`object\0data_path\0index`) on settings that change only how things are drawn. */
function drawnOnlyCurves(fx: Fixture): string[] {
  const out: string[] = [];
  for (const a of fx.actions ?? []) {
    if (!a.id) continue;
    for (const f of a.fcurves) if (curvePlays(a, f) && drawnOnly(f.data_path)) out.push(`${a.id.object}\u0000${f.data_path}\u0000${f.array_index}`);
  }
  return out;
}

/** Marks the curves a `driver/nla-value` node reads (`action\0data_path\0index`): the pose animation leaves them to it. */
function markReadByNode(scene: SceneDocument, keys: ReadonlySet<string>): void {
  scene.actions = scene.actions?.map((a) => ({
    ...a,
    fcurves: a.fcurves.map((f) => (keys.has(`${a.name}\u0000${f.data_path}\u0000${f.array_index}`) ? { ...f, read_by_node: true } : f)),
  }));
}

/** Takes the curves wired as nodes (`object\0data_path\0index`) out of the scene's actions. */
function withoutCurves(scene: SceneDocument, fx: Fixture, wired: ReadonlySet<string>): void {
  const objectsOf = new Map<string, string[]>();
  for (const a of fx.actions ?? []) if (a.id) objectsOf.set(a.name, [...(objectsOf.get(a.name) ?? []), a.id.object]);
  scene.actions = scene.actions?.map((a) => ({
    ...a,
    fcurves: a.fcurves.filter((f) => !(objectsOf.get(a.name) ?? []).some((o) => wired.has(`${o}\u0000${f.data_path}\u0000${f.array_index}`))),
  }));
}

/** Every F-curve modifier of the actions that Sinew does not evaluate (modifiers.ts), by action, curve and kind. */
function reportCurveModifiers(fx: Fixture, report: (text: string, at: string) => void): void {
  (fx.actions ?? []).forEach((a, ai) => { a.fcurves.forEach((f, fi) => { (f.modifiers ?? []).forEach((m, mi) => {
    const why = unsupportedModifier(m);
    if (why) report(`action "${a.name}" ${f.data_path}[${f.array_index}]: ${why} is not evaluated; the curve plays without it`, `/actions/${ai}/fcurves/${fi}/modifiers/${mi}`);
  }); }); });
}

/** An object's NLA as the scene holds it: the settings the evaluation reads (runtime/rig/nla.ts). */
function sceneNla(n: FixtureNla): SceneNla {
  return {
    ...(n.action_blend_type ? { action_blend_type: n.action_blend_type } : {}),
    ...(typeof n.action_influence === 'number' ? { action_influence: n.action_influence } : {}),
    ...(n.action_range ? { action_range: n.action_range } : {}),
    tracks: n.tracks.map((t) => ({
      ...(t.name ? { name: t.name } : {}), ...(t.mute ? { mute: true } : {}), ...(t.is_solo ? { is_solo: true } : {}),
      strips: t.strips.map(sceneStrip),
    })),
  };
}

/** A strip as the scene holds it (a meta strip with the strips inside it). */
function sceneStrip(st: FixtureNlaStrip): SceneNlaStrip {
  return {
    name: st.name, ...(st.type === 'TRANSITION' || st.type === 'META' ? { type: st.type } : {}), action: st.action,
    frame_start: st.frame_start, frame_end: st.frame_end, action_frame_start: st.action_frame_start, action_frame_end: st.action_frame_end,
    scale: st.scale, repeat: st.repeat, use_reverse: st.use_reverse, extrapolation: st.extrapolation, blend_type: st.blend_type, influence: st.influence,
    use_animated_influence: st.use_animated_influence, blend_in: st.blend_in, blend_out: st.blend_out, mute: st.mute,
    use_animated_time: st.use_animated_time, use_animated_time_cyclic: st.use_animated_time_cyclic,
    ...(st.global_time === true ? { global_time: true } : {}),
    ...stripCurves(st),
    ...(Array.isArray(st.modifiers) && st.modifiers.length ? { modifiers: st.modifiers } : {}),
    ...(st.type === 'META' ? { strips: (st.strips ?? []).map(sceneStrip) } : {}),
  };
}

/** A strip's keyed influence and strip time, as the scene holds them. */
function stripCurves(st: FixtureNlaStrip): Pick<SceneNlaStrip, 'influence_curve' | 'time_curve'> {
  const curve = (path: string) => {
    const f = (st.fcurves ?? []).find((c) => c.data_path === path && c.mute !== true && c.keyframes.length > 0);
    return f && { data_path: f.data_path, array_index: f.array_index, ...(f.extrapolation ? { extrapolation: f.extrapolation } : {}), keyframes: f.keyframes, ...(f.modifiers?.length ? { modifiers: f.modifiers } : {}) };
  };
  const influence = curve('influence'), time = curve('strip_time');
  return { ...(influence ? { influence_curve: influence } : {}), ...(time ? { time_curve: time } : {}) };
}

/** What of an object's NLA Sinew does not play (runtime/rig/nla.ts), by object, track and strip. */
function reportNla(fx: Fixture, readByNode: ReadonlySet<string>, report: (text: string, at: string) => void): void {
  (fx.nla ?? []).forEach((n, ni) => {
    const at = `/nla/${ni}`;
    n.tracks.forEach((t, ti) => {
      const visit = (st: FixtureNlaStrip, where: string, sat: string): void => {
        if (st.mute === true || t.mute === true) return;
        // Transitions and meta strips play (runtime/rig/nla.ts); a sound strip does not.
        if (st.type && st.type !== 'CLIP' && st.type !== 'TRANSITION' && st.type !== 'META') report(`${where}: a ${st.type} strip is not evaluated`, sat);
        (st.strips ?? []).forEach((c, ci) => { visit(c, `${where} strip "${c.name ?? ci}"`, `${sat}/strips/${ci}`); });
        const otherCurves = (st.fcurves ?? []).filter((c) => c.data_path !== 'influence' && c.data_path !== 'strip_time');
        if (otherCurves.length) report(`${where}: its animated ${otherCurves.map((c) => c.data_path).join(', ')} is not evaluated (its value at the export is used)`, sat);
        // Its modifiers play (runtime/rig/nla-modifiers.ts) but for kinds Sinew does not have; an
        // exporter from before they were written counted them.
        if (typeof st.modifiers === 'number' && st.modifiers > 0) report(`${where}: its ${st.modifiers} F-curve modifier(s) are not evaluated (the export counts them without their settings)`, sat);
        (Array.isArray(st.modifiers) ? st.modifiers : []).forEach((m, mi) => {
          const why = unsupportedModifier(m); // a strip's Cycles changes nothing (nla-modifiers.ts): not named
          if (why) report(`${where}: ${why} on the strip is not evaluated; the strip plays without it`, `${sat}/modifiers/${mi}`);
        });
        const act = fx.actions?.find((a) => a.name === st.action);
        // A custom property's curve plays through the property's node (runtime/rig/property-nla.ts), a
        // constraint setting's through the driver/nla-value node that reads it.
        const others = (act?.fcurves ?? []).filter((f) => {
          const parsed = parseDataPath(f.data_path);
          const k = parsed?.kind;
          // A keyed rotation mode plays (runtime/rig/animation.ts).
          if (isRotationModePath(parsed)) return false;
          // What changes only how things are drawn has no effect here either (drawn-only.ts).
          return k !== 'transform' && k !== 'custom' && !drawnOnly(f.data_path) && !readByNode.has(`${st.action}\u0000${f.data_path}\u0000${f.array_index}`);
        });
        if (others.length) report(`${where}: its action "${st.action}" animates ${others.map((f) => `${f.data_path}[${f.array_index}]`).join(', ')}, which the NLA does not play in Sinew`, sat);
      };
      t.strips.forEach((st, si) => { visit(st, `object "${n.object}" NLA track "${t.name ?? ti}" strip "${st.name ?? si}"`, `${at}/tracks/${ti}/strips/${si}`); });
    });
  });
}

/**
 * A curve's keyed Evaluation Time where a driver drives it: Blender evaluates the driver after the
 * animation, so the driver's value is the one read (the `driver/curve-time` node writes it).
 */
function withoutDrivenCurveTimes(scene: SceneDocument, drivers: readonly ImportedDriver[]): void {
  const driven = new Set(drivers.filter(drivesCurveTime).map((d) => d.source.owner.object));
  scene.objects = scene.objects.map((o) => {
    if (!driven.has(o.name) || !o.curve?.eval_time_fcurve) return o;
    const { eval_time_fcurve: _keyed, ...curve } = o.curve;
    return { ...o, curve };
  });
}

/**
 * The fixture's objects and actions as a scene: each action on the object it animates (§3); an
 * action no object plays (`id` null: one an Action constraint names) is in the scene's actions only.
 */
function sceneOf(fx: Fixture): SceneDocument {
  const scene: SceneDocument = { format: SCENE_FORMAT, version: SCENE_VERSION, objects: fx.objects };
  // The pose Blender shows is the one at the file's current frame: `eval` evaluates it by default.
  const saved = savedFrame(fx);
  if (saved !== undefined) scene.frame_current = saved;
  const timeScale = savedTimeScale(fx);
  if (timeScale !== undefined) scene.time_scale = timeScale;
  if (!fx.actions?.length) return scene;
  const actionOf = new Map(fx.actions.flatMap((a) => (a.id ? [[a.id.object, a.name] as const] : [])));
  const nlaOf = new Map((fx.nla ?? []).map((n) => [n.object, n] as const));
  scene.objects = fx.objects.map((o) => {
    const nla = nlaOf.get(o.name);
    if (!actionOf.has(o.name) && !nla) return o;
    return { ...o, animation_data: { action: actionOf.get(o.name) ?? null, ...(nla ? { nla: sceneNla(nla) } : {}) } };
  });
  scene.actions = fx.actions.map((a) => ({
    name: a.name,
    fcurves: a.fcurves.map((f) => ({
      data_path: f.data_path,
      array_index: f.array_index,
      ...(f.extrapolation ? { extrapolation: f.extrapolation } : {}),
      ...(f.int_values === true ? { int_values: true } : {}),
      ...(f.discrete_values === true ? { discrete_values: true } : {}),
      ...(f.mute ? { mute: true } : {}),
      ...(typeof f.group === 'string' ? { group: f.group } : {}),
      keyframes: f.keyframes.map((k) => ({ co: k.co, handle_left: k.handle_left, handle_right: k.handle_right, interpolation: k.interpolation, easing: k.easing, back: k.back, amplitude: k.amplitude, period: k.period })),
      ...(f.modifiers?.length ? { modifiers: f.modifiers } : {}),
    })),
    ...(a.groups ? { groups: a.groups.map((g) => ({ name: g.name, ...(g.mute ? { mute: true } : {}) })) } : {}),
  }));
  return scene;
}
