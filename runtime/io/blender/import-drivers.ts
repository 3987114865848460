// The importer's driver half: every custom property of the fixture becomes a `driver/property`
// node, every driver a `driver/driver` node whose variables are linked from those nodes and whose
// output is linked into the setting it drives (a constraint's influence, a driven mute through the
// influence, an Armature target's weight, any number, whole-number or on/off param of a constraint). What is not carried live is listed by name.
import type { GraphLink, GraphNode, JsonValue } from '../../../graph/types';
import { pathTarget, type PathTarget } from '../../../nodes/drivers/data-path';
import { INHERIT_SCALE_MODES } from '../../../nodes/drivers/bone-inheritance';
import { CHANNEL_INPUTS } from '../../../nodes/drivers/pose-channels';
import type { BBoneSetting } from '../../../nodes/math/bbone';
import { bboneSettingInput } from '../../../nodes/owner/bbone';
import { bboneSettingOf } from '../../rig/bbone';
import type { TransformProps } from '../../rig/scene/types';
import { importDrivers, sceneOwner, type DriverImport, type ImportedDriver, type VariableRead } from './drivers';
import { animationParam, curvePlays, keysRotationMode, nlaActions, type Fixture } from './fixture';
import { ownerOfId } from '../../rig/scene/owner-id';
import type { ConstraintSwitch } from './constraint-switch';
import { drawnOnly } from './drawn-only';

export interface DriverWiring {
  nodes: GraphNode[];
  links: GraphLink[];
  /** Constraint node ids by `Owner\0Constraint name` (owner `Object` or `Object/Bone`). */
  constraintNodes: Map<string, string>;
  /** Constraints Blender does not evaluate (muted, invalid), by the same key, and why: a driver on one has no effect. */
  skippedConstraints?: ReadonlyMap<string, string>;
  /** The `owner/read` node of an owner (`Object` or `Object/Bone`), made on first use. */
  readerFor?(ownerId: string): string;
  /** The node param or input a constraint's Blender setting became, when a link can drive it. */
  settingOf?(node: string, prop: string): string | undefined;
  /** The choice param a constraint's Blender enum setting became, and its options (a driver reaches it through driver/enum-choice). */
  choiceOf?(node: string, prop: string): ChoiceSetting | undefined;
  /** B-Bone nodes by bone (`Object/Bone`): a driven B-Bone setting of such a bone links into its node. */
  bbones?: ReadonlyMap<string, string>;
}

export interface DriverReport {
  drivers: DriverImport;
  /** Drivers wired live into the graph. */
  wired: number;
  /** `driver …: reason` for each driver the graph does not evaluate live. */
  notCarried: string[];
  /** `driver …: reason` for each driver that has no effect in Blender either (it drives a skipped constraint). */
  noEffect: string[];
  customProperties: number;
  /** Driven mutes to put in front of their constraints' influence once all is wired (constraint-switch.ts). */
  switches: ConstraintSwitch[];
}

/** `pose.bones["B"].constraints["C"].mute` and the like: the constraints whose mute (or enabled) a driver or an action sets. */
export function switchedMutes(fx: Fixture, imported: DriverImport = importDrivers(fx)): Set<string> {
  return animatedSettings(fx, imported, ['mute', 'enabled']);
}

/** The constraints (`constraintKey`) one of whose settings `props` a driver or an action sets. */
export function animatedSettings(fx: Fixture, imported: DriverImport, props: readonly string[]): Set<string> {
  const out = new Set<string>();
  const add = (object: string, w: PathTarget | null) => {
    if (w?.kind === 'constraint' && !w.item && props.includes(w.prop)) out.add(constraintKey(object, w));
  };
  for (const d of imported.drivers) add(d.source.owner.object, d.writes);
  for (const a of fx.actions ?? []) {
    if (!a.id) continue;
    for (const f of a.fcurves) if (curvePlays(a, f)) add(a.id.object, pathTarget(f.data_path, f.array_index));
  }
  // The actions of an object's NLA strips key its settings too.
  for (const n of fx.nla ?? []) {
    for (const name of new Set(nlaActions(n))) {
      const a = fx.actions?.find((x) => x.name === name);
      for (const f of a?.fcurves ?? []) if (curvePlays(a!, f)) add(n.object, pathTarget(f.data_path, f.array_index));
    }
  }
  return out;
}

/** Whether a driver drives a curve's Evaluation Time (`eval_time` on the curve datablock): a `driver/curve-time` node takes it. */
export function drivesCurveTime(d: ImportedDriver): boolean {
  return d.source.owner.id_type === 'CURVE' && d.writes.kind === 'object-channel' && d.writes.channel === 'eval_time';
}

export function constraintKey(object: string, w: Extract<PathTarget, { kind: 'constraint' }>): string {
  return `${w.bone ? `${object}/${w.bone}` : object}\u0000${w.constraint}`;
}

type CustomProps = Record<string, JsonValue>;

/** A choice param a Blender enum setting became (import.ts `choiceOf`): its name and options. */
export interface ChoiceSetting {
  name: string;
  options: readonly string[];
}

/**
 * A `driver/enum-choice` node `id` for a driven or keyed enum setting, and its link into `choice` of
 * `node`: Blender's value of each item (`enumItems`, the export's) paired with that item's position
 * among the param's options; items the param lacks are left out (the choice then stays).
 */
export function enumChoiceNode(id: string, enumItems: Readonly<Record<string, number>>, node: string, choice: ChoiceSetting, position: [number, number]): { node: GraphNode; link: GraphLink } {
  const items = Object.entries(enumItems).filter(([item]) => choice.options.includes(item)).map(([item, value]) => [value, choice.options.indexOf(item)]);
  return {
    node: { id, type: 'driver/enum-choice', params: { items: JSON.stringify(items) }, position },
    link: { from: { node: id, socket: 'choice' }, to: { node, socket: choice.name } },
  };
}

/** The driven bone settings `driver/bone-inheritance` takes, by Blender name: its param for each. */
const INHERITANCE_PARAMS: Readonly<Record<string, string>> = { use_inherit_rotation: 'inheritRotation', use_local_location: 'localLocation', inherit_scale: 'inheritScale' };

/** A bone's settings of how it inherits from its parent, which the pose depends on. */
const BONE_PARENTING: ReadonlySet<string> = new Set(['use_inherit_rotation', 'inherit_scale', 'use_inherit_scale', 'use_local_location', 'use_relative_parent', 'use_connect']);

/** Adds the property and driver nodes and their links; returns what it did and did not carry. */
export function wireDrivers(fx: Fixture, g: DriverWiring, imported: DriverImport = importDrivers(fx)): DriverReport {
  const notCarried = imported.unsupported.slice();
  const noEffect: string[] = imported.skipped.slice();
  const propNodes = new Map<string, string>();
  let y = 0;
  /** `animated`: where an action may key the property (an object's or a pose bone's), to play its curve. */
  const addProp = (owner: string, name: string, value: JsonValue, ui?: Record<string, JsonValue>, animated?: { object: string; bone: string | null; data?: true }) => {
    if (Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'number' || typeof x === 'boolean')) {
      // An array property: one property node per element, named `name[i]`, which drivers read and
      // write by index (`["p"][1]`, or an F-curve's array index).
      const defaults = ui?.default;
      value.forEach((x, i) => {
        const elementUi = ui ? { ...ui, default: Array.isArray(defaults) ? (defaults[i] ?? x) : x } : undefined;
        addProp(owner, `${name}[${i}]`, x, elementUi, animated);
      });
      return;
    }
    if (typeof value !== 'number' && typeof value !== 'boolean') {
      notCarried.push(`custom property ${owner}["${name}"]: a ${Array.isArray(value) ? 'array' : typeof value} value is not carried`);
      return;
    }
    const id = `prop:${owner}:${name}`;
    const v = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    propNodes.set(`${owner}\u0000${name}`, id);
    // JSON reads 1 and 1.0 alike; Blender's UI data of an int property has no `precision` (a float's has).
    const kind = typeof value === 'boolean' ? 'BOOL' : ui && !('precision' in ui) && Number.isInteger(value) ? 'INT' : 'FLOAT';
    const params: Record<string, JsonValue> = { owner, name, kind, value: v, default: v };
    for (const key of ['min', 'max', 'soft_min', 'soft_max'] as const) if (typeof ui?.[key] === 'number') params[key] = ui[key];
    if (typeof ui?.default === 'number') params.default = ui.default;
    if (typeof ui?.description === 'string' && ui.description !== '') params.description = ui.description;
    // On an object the NLA plays, the node plays the property through it instead (property-nla.ts).
    const nla = animated && !animated.data && (fx.nla ?? []).some((n) => n.object === animated.object);
    const curve = animated && !nla && (animated.data ? dataPropertyCurve(fx, animated.object, animated.bone, name) : propertyCurve(fx, animated.object, animated.bone, name));
    if (curve) params.animation = animationParam(curve);
    g.nodes.push({ id, type: 'driver/property', params, position: [-900, 90 * y++] });
  };
  /** The `…_ui` record beside a property holder's values (README-rig-additions §3), by property name. */
  const uiOf = (holder: unknown, key: string) => ((holder as Record<string, Record<string, Record<string, JsonValue>> | undefined>)?.[key] ?? {});
  if (fx.scene) {
    // The scene's custom properties (a rig's global switches), which drivers read through SCENE targets.
    for (const [k, v] of Object.entries(fx.scene.custom_props ?? {})) addProp(sceneOwner(fx.scene.name), k, v, fx.scene.custom_props_ui?.[k]);
  }
  for (const o of fx.objects) {
    const objectUi = uiOf(o, 'custom_props_ui');
    for (const [k, v] of Object.entries(((o as { custom_props?: CustomProps }).custom_props ?? {}))) addProp(o.name, k, v, objectUi[k], { object: o.name, bone: null });
    // The armature datablock's properties and its bones' (not the pose bones'): `Object/data`, `Object/data/Bone`.
    const dataUi = uiOf(o, 'data_custom_props_ui');
    for (const [k, v] of Object.entries(((o as { data_custom_props?: CustomProps }).data_custom_props ?? {}))) addProp(`${o.name}/data`, k, v, dataUi[k], { object: o.name, bone: null, data: true });
    for (const b of o.bones ?? []) {
      const props = ((b.pose as { custom_props?: CustomProps } | undefined)?.custom_props ?? {});
      const poseUi = uiOf(b.pose, 'custom_props_ui');
      for (const [k, v] of Object.entries(props)) addProp(`${o.name}/${b.name}`, k, v, poseUi[k], { object: o.name, bone: b.name });
      for (const [k, v] of Object.entries(((b as { custom_props?: CustomProps }).custom_props ?? {}))) addProp(`${o.name}/data/${b.name}`, k, v, undefined, { object: o.name, bone: b.name, data: true });
    }
  }

  /** A property's node: a plain one (an F-curve's index 0 on it is no element), else the array element `prop[index]`. */
  function propNode(holder: string, prop: string, index: number | undefined): string | undefined {
    const plain = propNodes.get(`${holder}\u0000${prop}`);
    if (plain !== undefined && !index) return plain;
    return index === undefined ? undefined : propNodes.get(`${holder}\u0000${prop}[${index}]`);
  }

  const switches: ConstraintSwitch[] = [];

  // One `driver/pose-channels` node per owner whose channels are driven, holding the authored
  // values; each driver links into the channel it drives.
  const channelNodes = new Map<string, string | undefined>();
  // One `driver/bone-inheritance` node per bone whose inheritance is driven, holding the file's settings.
  const inheritanceNodes = new Map<string, string | undefined>();
  const inheritanceNode = (boneId: string): string | undefined => {
    if (inheritanceNodes.has(boneId)) return inheritanceNodes.get(boneId);
    const owner = ownerOfId(fx.objects, boneId);
    const bone = owner?.bone === null ? undefined : owner?.object.bones?.find((b) => b.name === owner?.bone);
    let id: string | undefined;
    if (bone) {
      id = `inherit:${boneId}`;
      const b = bone as { use_inherit_rotation?: boolean; use_local_location?: boolean; inherit_scale?: string };
      g.nodes.push({ id, type: 'driver/bone-inheritance', params: { owner: boneId, inheritRotation: b.use_inherit_rotation ?? true, localLocation: b.use_local_location ?? true, inheritScale: b.inherit_scale ?? 'FULL' }, position: [-300, 160 + 120 * inheritanceNodes.size] });
    }
    inheritanceNodes.set(boneId, id);
    return id;
  };

  const channelsNode = (ownerId: string): string | undefined => {
    if (channelNodes.has(ownerId)) return channelNodes.get(ownerId);
    const t = authoredTransform(fx, ownerId);
    let id: string | undefined;
    if (t) {
      id = `pose:${ownerId}`;
      const mode = t.rotation_mode ?? 'XYZ';
      const params: Record<string, JsonValue> = { owner: ownerId, rotationMode: mode };
      const put = (names: readonly string[], values: readonly number[] | undefined) => { names.forEach((n, i) => { if (values && typeof values[i] === 'number') params[n] = values[i]; }); };
      put(CHANNEL_INPUTS.location, t.location);
      put(CHANNEL_INPUTS.scale, t.scale);
      if (mode === 'QUATERNION') {
        const q = t.rotation_quaternion; // [x, y, z, w] in the fixture
        if (q) put(CHANNEL_INPUTS.rotation_quaternion, [q[3], q[0], q[1], q[2]]);
      } else if (mode === 'AXIS_ANGLE') put(CHANNEL_INPUTS.rotation_axis_angle, t.rotation_axis_angle);
      else put(CHANNEL_INPUTS.rotation_euler, t.rotation_euler);
      g.nodes.push({ id, type: 'driver/pose-channels', params, position: [-300, -160 - 120 * channelNodes.size] });
    }
    channelNodes.set(ownerId, id);
    return id;
  };

  let frameNode: string | undefined;
  /** The one `value/time` node drivers read the frame from, made on first use. */
  const timeNode = (): string => {
    if (!frameNode) {
      frameNode = 'drv:frame';
      g.nodes.push({ id: frameNode, type: 'value/time', params: {}, position: [-900, -120] });
    }
    return frameNode;
  };
  let wired = 0;
  /** Drivers linked from the driver that sets what they read; dropped if that one is not wired. */
  const readsDriver: { reader: string; setter: string; what: string }[] = [];
  for (const d of imported.drivers) {
    const src = d.source;
    const where = `driver ${src.owner.object}: ${src.key}`;
    const w = d.writes;
    // Where the value goes: a node's input socket, or nowhere live (with why).
    if (drawnOnly(`${src.owner.id_type === 'ARMATURE' ? 'data.' : ''}${src.data_path}`)) {
      noEffect.push(`${where}: it drives ${src.data_path}, which changes only how the object or bone is drawn, no matrix`);
      continue;
    }
    let to: { node: string; socket: string; from: 'value' | 'inverse'; switch?: true } | string;
    // What a driven enum adds between the driver and the param, once the driver is wired.
    let choiceNode: { node: GraphNode; link: GraphLink } | undefined;
    if (w.kind === 'constraint') {
      const key = constraintKey(src.owner.object, w);
      const node = g.constraintNodes.get(key);
      const skippedBecause = g.skippedConstraints?.get(key);
      if (!node && skippedBecause) {
        noEffect.push(`${where}: drives constraint ${w.constraint}, which Blender does not evaluate (${skippedBecause})`);
        continue;
      }
      if (!node) to = `the constraint ${w.constraint} is not in the graph`;
      else if (w.item) to = w.item.collection === 'targets' && w.prop === 'weight' ? { node, socket: `weight${w.item.index + 1}`, from: 'value' } : `driving ${w.item.collection}[${w.item.index}].${w.prop} is not supported`;
      else if (w.prop === 'influence') to = { node, socket: 'influence', from: 'value' };
      // The switch goes in front of the influence once everything that sets the influence is wired (constraint-switch.ts).
      else if (w.prop === 'mute' || w.prop === 'enabled') to = { node, socket: 'influence', from: w.prop === 'mute' ? 'inverse' : 'value', switch: true };
      else {
        // Any other setting (a Limit Distance's distance, a Transformation's ranges, limits): a link
        // into the param it became, written before the kernel each frame (runtime/eval/driven-params.ts).
        const setting = g.settingOf?.(node, w.prop);
        const choice = setting ? undefined : g.choiceOf?.(node, w.prop);
        if (setting) to = { node, socket: setting, from: 'value' };
        else if (choice && src.enum_items) {
          // A driven enum (a Mix mode, a space): Blender writes the item whose value the driver gives.
          choiceNode = enumChoiceNode(`drv:${d.index}:enum`, src.enum_items, node, choice, [-450, 90 * wired]);
          to = { node: choiceNode.node.id, socket: 'value', from: 'value' };
        } else to = `driving the constraint setting ${w.prop} is not supported (Sinew has no ${choice ? "table of its items' values in this export" : 'number param for it'})`;
      }
    } else if (drivesCurveTime(d)) {
      const id = `time:${src.owner.object}`;
      if (!g.nodes.some((n) => n.id === id)) g.nodes.push({ id, type: 'driver/curve-time', params: { owner: src.owner.object }, position: [-300, 160 + 90 * wired] });
      to = { node: id, socket: 'value', from: 'value' };
    } else if (w.kind === 'bone-channel' && bboneSettingOf(w.channel, w.index)) {
      to = bboneInput(g, `${src.owner.object}/${w.bone}`, bboneSettingOf(w.channel, w.index)!, false, `${w.bone}.${w.channel}[${w.index}]`);
    } else if (w.kind === 'bone-channel' || w.kind === 'object-channel') {
      const ownerId = w.kind === 'bone-channel' ? `${src.owner.object}/${w.bone}` : src.owner.object;
      // A rotation channel of another mode than the owner's is not read by Blender (BKE_object_rot_to_mat3,
      // BKE_pchan_rot_to_mat3): driving it moves nothing. The node's rotation inputs are shared between
      // the modes, so wiring it would move the owner.
      const mode = authoredTransform(fx, ownerId)?.rotation_mode ?? 'XYZ';
      const unread = rotationChannelUnread(w.channel, mode);
      if (unread && keysRotationMode(fx, src.owner.object, w.kind === 'bone-channel' ? w.bone : null)) {
        // Read at the frames the keyed mode reads it: the driven channels' node keeps the file's mode.
        notCarried.push(`${where}: drives ${w.channel}[${w.index}] of an owner whose rotation mode an action keys (the driven channels keep the file's mode, ${mode}, where Blender reads this one in the modes that use it)`);
        continue;
      }
      if (unread) {
        noEffect.push(`${where}: drives ${w.channel}[${w.index}], which Blender does not read in rotation mode ${mode}`);
        continue;
      }
      // Deltas are an object's (a pose bone has none: Blender would not resolve such a path).
      const sockets: readonly string[] | undefined = Object.hasOwn(CHANNEL_INPUTS, w.channel) && !(w.kind === 'bone-channel' && w.channel.startsWith('delta_')) ? CHANNEL_INPUTS[w.channel as keyof typeof CHANNEL_INPUTS] : undefined;
      const socket = sockets?.[w.index];
      const node = socket ? channelsNode(ownerId) : undefined;
      const what = `${w.kind === 'bone-channel' ? `${w.bone}.` : ''}${w.channel}`;
      to = node && socket ? { node, socket, from: 'value' }
        // Not a transform channel (hide_viewport, show_in_front, an IK setting of a pose bone): named as such.
        : !sockets ? `it drives ${what}, which is not a transform channel: Sinew drives location, rotation and scale (and delta) channels, B-Bone settings, constraint settings and custom properties`
        : `driving the channel ${what}[${w.index}] is not supported (location, rotation and scale are)`;
    }
    else if (w.kind === 'object-prop' || w.kind === 'bone-prop' || w.kind === 'data-prop' || w.kind === 'data-bone-prop') {
      // A driven custom property: the driver's value goes into the property node, which the readers read.
      const holder = w.kind === 'object-prop' ? src.owner.object : w.kind === 'bone-prop' ? `${src.owner.object}/${w.bone}` : w.kind === 'data-prop' ? `${src.owner.object}/data` : `${src.owner.object}/data/${w.bone}`;
      const node = propNode(holder, w.prop, w.index);
      to = node ? { node, socket: 'driven', from: 'value' } : `the custom property ${holder}["${w.prop}"]${w.index ? `[${w.index}]` : ''} is not in the rig (or not a number)`;
    }
    else if (bboneSettingOf(w.prop, w.index)) to = bboneInput(g, `${src.owner.object}/${w.bone}`, bboneSettingOf(w.prop, w.index)!, true, `bones["${w.bone}"].${w.prop}[${w.index}]`);
    // How a bone inherits from its parent: set on the bone before its pose is built (driver/bone-inheritance).
    else if (w.kind === 'bone-setting' && Object.hasOwn(INHERITANCE_PARAMS, w.prop) && inheritanceNode(`${src.owner.object}/${w.bone}`)) {
      const node = inheritanceNode(`${src.owner.object}/${w.bone}`)!;
      const param = INHERITANCE_PARAMS[w.prop];
      if (w.prop !== 'inherit_scale') to = { node, socket: param, from: 'value' };
      else if (src.enum_items) {
        choiceNode = enumChoiceNode(`drv:${d.index}:enum`, src.enum_items, node, { name: param, options: INHERIT_SCALE_MODES }, [-450, 90 * wired]);
        to = { node: choiceNode.node.id, socket: 'value', from: 'value' };
      } else to = `driving the bone setting ${w.bone}.inherit_scale is not supported (this export has no table of its items' values; export again with the Sinew add-on)`;
    }
    // The rest of a bone's parenting settings shape the pose (bone-parent.ts), but Sinew reads them from the file once.
    else if (BONE_PARENTING.has(w.prop)) to = `driving the bone setting ${w.bone}.${w.prop} is not supported: Sinew reads it once, from the file (the driver's value at the saved frame)`;
    else to = `the bone setting ${w.bone}.${w.prop} is not evaluated by Sinew (no effect on the pose)`;
    if (typeof to === 'string') {
      notCarried.push(`${where}: ${to}`);
      continue;
    }
    const id = `drv:${d.index}`;
    const params: Record<string, JsonValue> = {
      type: src.type,
      expression: src.expression ?? '',
      variables: src.variables.map((v) => v.name).join(', '),
      write: d.program.target.kind === 'bool' ? 'BOOL' : 'FLOAT',
    };
    if (d.program.target.kind === 'float') {
      if (Number.isFinite(d.program.target.min)) params.min = d.program.target.min;
      if (Number.isFinite(d.program.target.max)) params.max = d.program.target.max;
    }
    if (src.modifiers?.length || src.keyframes?.length) params.curve = JSON.stringify({ modifiers: src.modifiers ?? [], keyframes: src.keyframes, keyframe_interpolation: src.keyframe_interpolation, ...(src.keyframe_points?.length ? { keyframe_points: src.keyframe_points } : {}), extrapolation: src.extrapolation });
    const pendingLinks: GraphLink[] = [];
    let failed = false;
    d.reads.forEach((r, i) => {
      const socket = `var${i + 1}`;
      if ('difference' in r) {
        if (!g.readerFor) {
          notCarried.push(`${where}: variable ${src.variables[i].name}: no owner reader to compare with`);
          failed = true;
          return;
        }
        const diff = `${id}:${socket}`;
        g.nodes.push({ id: diff, type: 'driver/difference', params: { mode: r.difference, spaceA: r.spaces[0], spaceB: r.spaces[1] }, position: [-750, 90 * wired] });
        pendingLinks.push(
          { from: { node: g.readerFor(r.owners[0]), socket: 'transform' }, to: { node: diff, socket: 'a' } },
          { from: { node: g.readerFor(r.owners[1]), socket: 'transform' }, to: { node: diff, socket: 'b' } },
          { from: { node: diff, socket: 'value' }, to: { node: id, socket } },
        );
        return;
      }
      if ('transform' in r) {
        if (!g.readerFor) {
          notCarried.push(`${where}: variable ${src.variables[i].name}: no owner reader to read`);
          failed = true;
          return;
        }
        const tf = `${id}:${socket}`;
        const t = authoredTransform(fx, r.transform.owner);
        const mode = t?.rotation_mode ?? 'XYZ';
        const euler = mode !== 'QUATERNION' && mode !== 'AXIS_ANGLE' && t?.rotation_euler ? t.rotation_euler.join(', ') : '';
        g.nodes.push({ id: tf, type: 'driver/transform', params: { channel: r.transform.channel, space: r.transform.space, rotationMode: r.transform.rotationMode, euler }, position: [-750, 90 * wired] });
        pendingLinks.push(
          { from: { node: g.readerFor(r.transform.owner), socket: 'transform' }, to: { node: tf, socket: 'target' } },
          { from: { node: tf, socket: 'value' }, to: { node: id, socket } },
        );
        return;
      }
      if ('fallback' in r) {
        // Blender found no property there and read the variable's fallback value: a constant.
        params[socket] = r.fallback;
        return;
      }
      if ('constant' in r) {
        params[socket] = r.constant;
        return;
      }
      if ('evaluated' in r) {
        if (!g.readerFor) {
          notCarried.push(`${where}: variable ${src.variables[i].name}: no owner reader to read`);
          failed = true;
          return;
        }
        const ev = `${id}:${socket}`;
        g.nodes.push({ id: ev, type: 'driver/evaluated', params: { read: r.evaluated.read, element: r.evaluated.element }, position: [-750, 90 * wired] });
        pendingLinks.push(
          { from: { node: g.readerFor(r.evaluated.owner), socket: 'transform' }, to: { node: ev, socket: 'target' } },
          { from: { node: ev, socket: 'value' }, to: { node: id, socket } },
        );
        return;
      }
      if ('frame' in r) {
        // The scene's frame: the timeline's, whole (frame_current), or the time Blender evaluates at,
        // with its subframe and time remapping (frame_current_final, as the expression's `frame`).
        const time = timeNode();
        if (r.frame === 'exact') {
          pendingLinks.push({ from: { node: time, socket: 'sceneTime' }, to: { node: id, socket } });
          return;
        }
        const whole = `${id}:${socket}`;
        g.nodes.push({ id: whole, type: 'math/float', params: { operation: 'floor' }, position: [-750, 90 * wired] });
        pendingLinks.push({ from: { node: time, socket: 'frame' }, to: { node: whole, socket: 'a' } }, { from: { node: whole, socket: 'value' }, to: { node: id, socket } });
        return;
      }
      const from = readNode(r);
      const rt = r.target;
      // A setting another driver sets: read from that driver's node (Blender orders driver → driver).
      const setter = rt.kind === 'constraint'
        ? imported.drivers.find((o) => o.writes.kind === 'constraint' && o.source.owner.object === r.object && constraintKey(r.object, o.writes) === constraintKey(r.object, rt) && o.writes.prop === rt.prop && !o.writes.item === !rt.item && (!rt.item || (o.writes.item?.collection === rt.item.collection && o.writes.item.index === rt.item.index)))
        : rt.kind === 'bone-channel' || rt.kind === 'object-channel' ? imported.drivers.find((o) => o.source.owner.object === r.object && sameChannel(o.writes, rt)) : undefined;
      if (setter) {
        const from = `drv:${setter.index}`;
        pendingLinks.push({ from: { node: from, socket: 'value' }, to: { node: id, socket } });
        readsDriver.push({ reader: id, setter: from, what: `${where}: variable ${src.variables[i].name}: it reads what driver ${setter.source.key} sets, which is not carried` });
        return;
      }
      const isChannel = rt.kind === 'bone-channel' || rt.kind === 'object-channel';
      if (isChannel && (fx.nla ?? []).some((n) => n.object === r.object)) {
        // Played by the object's NLA (strips blended, the action on top): the owner's own playback.
        const ch = `${id}:${socket}`;
        const owner = rt.kind === 'bone-channel' ? `${r.object}/${rt.bone}` : r.object;
        g.nodes.push({ id: ch, type: 'driver/channel', params: { channel: `${owner}.${rt.channel}[${rt.index}]`, value: readAuthored(fx, r) ?? 0, owner, property: rt.channel, index: rt.index }, position: [-750, 90 * wired] });
        pendingLinks.push({ from: { node: ch, socket: 'value' }, to: { node: id, socket } });
        return;
      }
      const animated = isChannel ? channelCurve(fx, r.object, rt) : rt.kind === 'constraint' ? constraintCurve(fx, r.object, rt) : undefined;
      if (animated) {
        const label = isChannel ? `${r.object}${rt.kind === 'bone-channel' ? `/${rt.bone}` : ''}.${rt.channel}[${rt.index}]` : `${r.object}.${animated.data_path}`;
        // An animated channel or constraint setting: its action's curve at each frame, as Blender's
        // drivers see it (the animation system writes it first).
        const ch = `${id}:${socket}`;
        const value = readAuthored(fx, r) ?? 0;
        g.nodes.push({ id: ch, type: 'driver/channel', params: { channel: label, value, animation: animationParam(animated) }, position: [-750, 90 * wired] });
        pendingLinks.push({ from: { node: ch, socket: 'value' }, to: { node: id, socket } });
        return;
      }
      if ('error' in from) {
        const value = readAuthored(fx, r);
        if (value === undefined) {
          notCarried.push(`${where}: variable ${src.variables[i].name}: ${from.error}`);
          failed = true;
        } else params[socket] = value; // a pose channel read as authored: the value it has in this pose
      } else pendingLinks.push({ from: { node: from.node, socket: 'value' }, to: { node: id, socket } });
    });
    if (failed) continue;
    if (/\bframe\b/.test(src.expression ?? '')) pendingLinks.push({ from: { node: timeNode(), socket: 'sceneTime' }, to: { node: id, socket: 'frame' } });
    g.nodes.push({ id, type: 'driver/driver', params, position: [-600, 90 * wired] });
    g.links.push(...pendingLinks);
    if (choiceNode) {
      g.nodes.push(choiceNode.node);
      g.links.push(choiceNode.link);
    }
    // A driven mute switches the constraint off; its influence (authored, keyed or driven) still
    // applies when it is on (Blender: muted → skipped, else blended by influence).
    if (to.switch) switches.push({ constraint: to.node, enabled: { node: id, socket: to.from }, id: `${id}:influence`, position: [-450, 90 * wired] });
    else g.links.push({ from: { node: id, socket: to.from }, to: { node: to.node, socket: to.socket } });
    wired++;
  }
  // A reader whose setter was not carried is not carried either (repeated: chains of drivers).
  for (let changed = true; changed; ) {
    changed = false;
    const ids = new Set(g.nodes.map((n) => n.id));
    for (const d of readsDriver) {
      if (!ids.has(d.reader) || ids.has(d.setter)) continue;
      const mine = (node: string) => node === d.reader || node.startsWith(`${d.reader}:`);
      g.nodes.splice(0, g.nodes.length, ...g.nodes.filter((n) => !mine(n.id)));
      g.links.splice(0, g.links.length, ...g.links.filter((l) => !mine(l.from.node) && !mine(l.to.node)));
      notCarried.push(d.what);
      wired--;
      changed = true;
      ids.delete(d.reader);
    }
  }
  return { drivers: imported, wired, notCarried, noEffect, customProperties: propNodes.size, switches };

  function readNode(r: Extract<VariableRead, { target: PathTarget }>): { node: string } | { error: string } {
    const t = r.target;
    const found = (node: string | undefined, error: string) => (node ? { node } : { error });
    const element = 'index' in t && t.index !== undefined ? `[${t.index}]` : '';
    if (t.kind === 'object-prop') return found(propNode(r.object, t.prop, t.index), `the property ${r.object}["${t.prop}"]${element} is not in the rig`);
    if (t.kind === 'bone-prop') return found(propNode(`${r.object}/${t.bone}`, t.prop, t.index), `the property ${t.bone}["${t.prop}"]${element} is not in the rig`);
    if (t.kind === 'data-prop') return found(propNode(`${r.object}/data`, t.prop, t.index), `the property ${r.object}.data["${t.prop}"]${element} is not in the rig`);
    if (t.kind === 'data-bone-prop') return found(propNode(`${r.object}/data/${t.bone}`, t.prop, t.index), `the property ${r.object}.data.bones["${t.bone}"]["${t.prop}"]${element} is not in the rig`);
    return { error: `reading ${t.kind} live is not supported` };
  }
}

/** Whether Blender ignores rotation channel `channel` of an owner in rotation mode `mode`. */
export function rotationChannelUnread(channel: string, mode: string): boolean {
  const euler = mode !== 'QUATERNION' && mode !== 'AXIS_ANGLE';
  if (channel === 'rotation_euler' || channel === 'delta_rotation_euler') return !euler;
  if (channel === 'rotation_quaternion' || channel === 'delta_rotation_quaternion') return mode !== 'QUATERNION';
  if (channel === 'rotation_axis_angle') return mode !== 'AXIS_ANGLE';
  return false;
}

/** Whether a driver's target is the pose channel `t`. */
function sameChannel(w: PathTarget, t: Extract<PathTarget, { kind: 'bone-channel' | 'object-channel' }>): boolean {
  if (w.kind !== t.kind || w.channel !== t.channel || w.index !== t.index) return false;
  return w.kind !== 'bone-channel' || (t.kind === 'bone-channel' && w.bone === t.bone);
}

/** The action curve animating a pose channel of `object`, if any. */
function channelCurve(fx: Fixture, object: string, t: Extract<PathTarget, { kind: 'bone-channel' | 'object-channel' }>) {
  for (const a of fx.actions ?? []) {
    if (a.id?.object !== object) continue;
    for (const f of a.fcurves) {
      if (!curvePlays(a, f)) continue;
      const c = pathTarget(f.data_path, f.array_index);
      if (c && (c.kind === 'bone-channel' || c.kind === 'object-channel') && sameChannel(c, t)) return f;
    }
  }
  return undefined;
}

/** The action curve keying a constraint setting (`pose.bones["B"].constraints["C"].influence`, an item's `targets[0].weight`), if any. */
function constraintCurve(fx: Fixture, object: string, t: Extract<PathTarget, { kind: 'constraint' }>) {
  for (const a of fx.actions ?? []) {
    if (a.id?.object !== object) continue;
    for (const f of a.fcurves) {
      if (!curvePlays(a, f)) continue;
      const c = pathTarget(f.data_path, f.array_index);
      if (c?.kind === 'constraint' && c.bone === t.bone && c.constraint === t.constraint && c.prop === t.prop &&
        c.item?.collection === t.item?.collection && c.item?.index === t.item?.index) return f;
    }
  }
  return undefined;
}

/** The action curve animating a custom property of an object (`["p"]`) or a pose bone (`pose.bones["B"]["p"]`), if any. */
function propertyCurve(fx: Fixture, object: string, bone: string | null, name: string) {
  for (const a of fx.actions ?? []) {
    if (a.id?.object !== object) continue;
    for (const f of a.fcurves) {
      if (!curvePlays(a, f)) continue;
      const t = pathTarget(f.data_path, f.array_index);
      if (t?.kind !== (bone === null ? 'object-prop' : 'bone-prop') || (t.kind === 'bone-prop' && t.bone !== bone)) continue;
      // An array property's element `p[i]` is the curve of `p` with array index i; a plain one's, index 0.
      if (t.prop === name || `${t.prop}[${t.index ?? 0}]` === name) return f;
    }
  }
  return undefined;
}

/**
 * The curve keying a custom property of an armature's datablock (`["p"]`) or of one of its bones
 * (`bones["B"]["p"]`) in the datablock's own action (the export's `data_actions`), if any.
 */
function dataPropertyCurve(fx: Fixture, object: string, bone: string | null, name: string) {
  for (const a of fx.data_actions ?? []) {
    if (a.object !== object) continue;
    for (const f of a.fcurves) {
      if (f.mute === true || f.keyframes.length === 0) continue;
      // Paths are the datablock's; read as the object's `data…` to parse them.
      const t = pathTarget(`data${f.data_path.startsWith('[') ? '' : '.'}${f.data_path}`, f.array_index);
      if (t?.kind !== (bone === null ? 'data-prop' : 'data-bone-prop') || (t.kind === 'data-bone-prop' && t.bone !== bone)) continue;
      if (t.prop === name || `${t.prop}[${t.index ?? 0}]` === name) return f;
    }
  }
  return undefined;
}

/** An owner's own transform as the fixture authors it (a bone's pose, an object's transform). */
function authoredTransform(fx: Fixture, ownerId: string): TransformProps | undefined {
  const owner = ownerOfId(fx.objects, ownerId);
  if (!owner) return undefined;
  if (owner.bone === null) return owner.object;
  return owner.object.bones?.find((b) => b.name === owner.bone)?.pose ?? {};
}

/** An object's delta channels as the exporter leaves them out: identity (quaternions [x, y, z, w]). */
const IDENTITY_DELTAS: Record<string, number[]> = { delta_location: [0, 0, 0], delta_rotation_euler: [0, 0, 0], delta_rotation_quaternion: [0, 0, 0, 1], delta_scale: [1, 1, 1] };

/** A pose channel's authored value (what a driver reading it sees in this pose). */
function readAuthored(fx: Fixture, r: Extract<VariableRead, { target: PathTarget }>): number | undefined {
  const t = r.target;
  if (t.kind === 'constraint' && !t.item) {
    // A constraint setting (influence, head_tail, …) as authored: the value it has in this pose
    // unless a driver sets it too.
    const c = fx.constraints.find((k) => k.owner.object === r.object && (k.owner.bone ?? null) === t.bone && k.name === t.constraint);
    const v = c?.props[t.prop];
    return typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 1 : 0) : undefined;
  }
  if (t.kind !== 'bone-channel' && t.kind !== 'object-channel') return undefined;
  const owner = authoredTransform(fx, t.kind === 'bone-channel' ? `${r.object}/${t.bone}` : r.object) as Record<string, JsonValue> | undefined;
  // An object's deltas are written only when not identity: absent, they are.
  const ch = owner?.[t.channel] ?? (owner && t.kind === 'object-channel' && Object.hasOwn(IDENTITY_DELTAS, t.channel) ? IDENTITY_DELTAS[t.channel] : undefined);
  if (!Array.isArray(ch)) return undefined;
  const i = t.channel === 'rotation_quaternion' || t.channel === 'delta_rotation_quaternion' ? [3, 0, 1, 2][t.index] : t.index;
  return typeof ch[i] === 'number' ? (ch[i]) : undefined;
}

/**
 * Where a driven B-Bone setting goes: the settings input of the bone's B-Bone node, when a
 * constraint reads that bone's shape; otherwise the shape moves no bone Sinew evaluates (Blender's
 * shape deforms meshes only), said as the reason it is not carried.
 */
function bboneInput(g: DriverWiring, boneId: string, setting: BBoneSetting, rest: boolean, what: string): { node: string; socket: string; from: 'value' } | string {
  const node = g.bbones?.get(boneId);
  if (node) return { node, socket: bboneSettingInput(setting, rest), from: 'value' };
  return `the B-Bone setting ${what} shapes a bone whose curve no constraint reads (no effect on any bone's matrix)`;
}
