// Constraint settings an action keys (`pose.bones["B"].constraints["C"].influence`, an Armature
// target's `targets[i].weight`, an object constraint's), and B-Bone settings of a bone whose B-Bone
// node the import made (`pose.bones["B"].bbone_easein`): each curve becomes a `driver/channel` node
// (its F-curve at the current frame) linked into that node's input, as Blender's animation system
// writes the value before the constraint (or the B-Bone shape) is evaluated. A driver on the same setting wins
// (Blender evaluates drivers after the action), so that curve is left to it. Curves wired here are
// taken out of the scene's actions: the pose animation (runtime/rig/animation.ts) applies only
// transform channels and would report them as ignored. A curve on a constraint the import leaves
// out as Blender skips it (muted, invalid, on a bone of an armature at rest) is taken out too: it
// has no effect in Blender either. On an object the NLA plays, a constraint setting keyed in its
// strips' actions or in the action on top becomes one `driver/nla-value` node instead, which blends
// them as the NLA does (runtime/rig/property-nla.ts); those curves stay in the scene, marked
// `read_by_node`, for it to read.
import type { GraphLink, GraphNode } from '../../../graph/types';
import { pathTarget } from '../../../nodes/drivers/data-path';
import type { ImportedDriver } from './drivers';
import { animationParam, curvePlays, nlaActions, objectActions, type Fixture } from './fixture';
import { constraintKey, enumChoiceNode, type ChoiceSetting } from './import-drivers';
import type { BBoneSetting } from '../../../nodes/math/bbone';
import { bboneSettingInput } from '../../../nodes/owner/bbone';
import { bboneSettingOf, bboneSettingProp } from '../../rig/bbone';
import type { PathTarget } from '../../../nodes/drivers/data-path';
import type { ConstraintSwitch } from './constraint-switch';
import type { SceneFCurve } from '../../rig/scene/types';

/** Adds the nodes and links; returns the curves handled (wired, or driven over), as `object\0data_path\0index`, to leave out of the scene. */
export function wireAnimatedSettings(
  fx: Fixture,
  g: {
    nodes: GraphNode[]; links: GraphLink[]; constraintNodes: ReadonlyMap<string, string>; skippedConstraints: ReadonlyMap<string, string>; bbones?: ReadonlyMap<string, string>;
    /** The param or input a constraint setting became, when it can take a value each frame (import.ts). */
    settingOf?: (node: string, prop: string) => string | undefined;
    /** The choice param an enum constraint setting became, and its options (import.ts). */
    choiceOf?: (node: string, prop: string) => ChoiceSetting | undefined;
    /** Reports a keyed constraint setting Sinew cannot play, by name, and where in the fixture it is. */
    report?: (text: string, at: string) => void;
    /** Lists a curve Blender cannot resolve (its bone or constraint is gone): it animates nothing there either. */
    skip?: (text: string) => void;
    /** Keyed mutes, to put in front of their constraints' influence once all is wired (constraint-switch.ts). */
    switches?: ConstraintSwitch[];
    /**
     * Receives the curves a `driver/nla-value` node reads (a constraint setting on an object the NLA
     * plays), as `action\0data_path\0index`: they stay in the scene, marked `read_by_node`.
     */
    readByNode?: Set<string>;
  },
  drivers: readonly ImportedDriver[],
): Set<string> {
  const wired = new Set<string>();
  // Objects the NLA plays, and the settings of theirs a driver/nla-value node reads (`object\0path\0index`).
  const nlaObjects = new Set((fx.nla ?? []).map((n) => n.object));
  const nlaWired = new Set<string>();
  // Influence, an Armature target's weight, or any setting the node takes as a number param or
  // input (a Follow Path's offset, a limit): its value each frame, as for a driver.
  const numberSocket = (node: string | undefined, t: Extract<PathTarget, { kind: 'constraint' }>): string | undefined =>
    t.item ? (t.item.collection === 'targets' && t.prop === 'weight' ? `weight${t.item.index + 1}` : undefined)
      : t.prop === 'influence' ? 'influence' : node ? g.settingOf?.(node, t.prop) : undefined;
  const driven = new Set(drivers.map((d) => `${d.source.owner.object}\u0000${d.source.owner.id_type === 'ARMATURE' ? 'data.' : ''}${d.source.data_path}\u0000${d.source.array_index}`));
  for (const a of fx.actions ?? []) {
    // An action no object plays (one an Action constraint names) keys nothing of the rig's.
    if (!a.id) continue;
    const object = a.id.object;
    for (const f of a.fcurves) {
      if (!curvePlays(a, f)) continue;
      const key = `${object}\u0000${f.data_path}\u0000${f.array_index}`;
      const t = pathTarget(f.data_path, f.array_index);
      const gone = t ? missingTarget(fx, object, t) : undefined;
      if (gone) {
        g.skip?.(`action ${a.name}: ${f.data_path}[${f.array_index}]: ${gone}, so Blender cannot resolve the curve and it animates nothing`);
        wired.add(key);
        continue;
      }
      let socket: string | undefined;
      let node: string | undefined;
      const setting = t?.kind === 'bone-channel' ? bboneSettingOf(t.channel, t.index) : undefined;
      if (t?.kind === 'bone-channel' && setting) {
        node = g.bbones?.get(`${object}/${t.bone}`);
        socket = bboneSettingInput(setting, false);
      } else if (t?.kind === 'constraint') {
        node = g.constraintNodes.get(constraintKey(object, t));
        socket = numberSocket(node, t);
        // A keyed on/off switch: held between keys (a bool curve), put in front of the influence, as a
        // driven one is (constraint-switch.ts); `mute` keyed 1 turns the constraint off.
        if (node && !t.item && (t.prop === 'mute' || t.prop === 'enabled')) {
          // Driven too: the driver's switch wins (Blender evaluates drivers after the action).
          if (driven.has(key)) { wired.add(key); continue; }
          if (nlaObjects.has(object)) { wireNlaSwitch(object, f, node, t.prop); continue; }
          wired.add(key);
          const id = `anim:${node}:${t.prop}`;
          const authored = fx.constraints.find((c) => c.owner.object === object && (c.owner.bone ?? null) === t.bone && c.name === t.constraint)?.props[t.prop];
          g.nodes.push({ id, type: 'driver/channel', params: { channel: `${object}.${f.data_path}`, value: authored === true ? 1 : 0, animation: animationParam(f) }, position: [-600, -300 - 90 * wired.size] });
          let enabled = { node: id, socket: 'value' };
          if (t.prop === 'mute') {
            g.nodes.push({ id: `${id}:enabled`, type: 'math/float', params: { operation: 'subtract', a: 1 }, position: [-525, -300 - 90 * wired.size] });
            g.links.push({ from: enabled, to: { node: `${id}:enabled`, socket: 'b' } });
            enabled = { node: `${id}:enabled`, socket: 'value' };
          }
          g.switches?.push({ constraint: node, enabled, id: `${id}:influence`, position: [-450, -300 - 90 * wired.size] });
          continue;
        }
        // A keyed enum setting (a Mix mode): the curve's value is Blender's value of the item it holds.
        const choice = node && !socket && !t.item && f.enum_items ? g.choiceOf?.(node, t.prop) : undefined;
        if (node && choice && f.enum_items && !driven.has(key) && nlaObjects.has(object)) {
          wireNlaEnum(object, f, node, choice, f.enum_items);
          continue;
        }
        if (node && choice && f.enum_items && !driven.has(key)) {
          const id = `anim:${node}:${choice.name}`;
          const enumChoice = enumChoiceNode(`${id}:enum`, f.enum_items, node, choice, [-450, -300 - 90 * wired.size]);
          g.nodes.push({ id, type: 'driver/channel', params: { channel: `${object}.${f.data_path}`, value: -1, animation: animationParam(f) }, position: [-600, -300 - 90 * wired.size] }, enumChoice.node);
          g.links.push({ from: { node: id, socket: 'value' }, to: { node: enumChoice.node.id, socket: 'value' } }, enumChoice.link);
          wired.add(key);
          continue;
        }
        if (node && !socket && !driven.has(key)) {
          g.report?.(`action ${a.name}: ${f.data_path}[${f.array_index}]: keying this constraint setting is not supported (Sinew plays influence, Armature weights, number settings and enum settings whose items the export lists)`, `/actions/${fx.actions!.indexOf(a)}/fcurves/${a.fcurves.indexOf(f)}`);
          wired.add(key);
          continue;
        }
      } else continue;
      if (!node && t.kind === 'constraint' && g.skippedConstraints.has(constraintKey(object, t))) {
        wired.add(key);
        continue;
      }
      if (!socket || !node) continue;
      // Driven too: the driver overwrites the action's value every evaluation, so the curve has no effect.
      if (driven.has(key)) {
        wired.add(key);
        continue;
      }
      const id = `anim:${node}:${socket}`;
      const authored = setting ? bboneAuthored(fx, object, t, setting) : g.nodes.find((n) => n.id === node)?.params?.[socket];
      if (!setting && nlaObjects.has(object)) {
        // The object's NLA plays it too (strips under the action): the NLA's blend of all of them.
        wireNlaValue(object, f, node, socket, typeof authored === 'number' ? authored : 1);
        continue;
      }
      g.nodes.push({ id, type: 'driver/channel', params: { channel: `${object}.${f.data_path}`, value: typeof authored === 'number' ? authored : 1, animation: animationParam(f) }, position: [-450, -300 - 90 * wired.size] });
      g.links.push({ from: { node: id, socket: 'value' }, to: { node, socket } });
      wired.add(key);
    }
  }
  // Constraint settings only the strips of an object's NLA key (an IK's influence in a pushed-down action).
  for (const n of fx.nla ?? []) {
    for (const name of new Set(nlaActions(n))) {
      const a = fx.actions?.find((x) => x.name === name);
      for (const f of a?.fcurves ?? []) {
        if (!curvePlays(a!, f)) continue;
        const t = pathTarget(f.data_path, f.array_index);
        if (t?.kind !== 'constraint') continue;
        const key = `${n.object}\u0000${f.data_path}\u0000${f.array_index}`;
        if (driven.has(key) || nlaWired.has(key)) continue;
        const node = g.constraintNodes.get(constraintKey(n.object, t));
        if (node && !t.item && (t.prop === 'mute' || t.prop === 'enabled')) { wireNlaSwitch(n.object, f, node, t.prop); continue; }
        const socket = numberSocket(node, t);
        const choice = node && !socket && !t.item && f.enum_items ? g.choiceOf?.(node, t.prop) : undefined;
        if (node && choice && f.enum_items) { wireNlaEnum(n.object, f, node, choice, f.enum_items); continue; }
        if (!node || !socket) continue;
        const authored = g.nodes.find((x) => x.id === node)?.params?.[socket];
        wireNlaValue(n.object, f, node, socket, typeof authored === 'number' ? authored : 1);
      }
    }
  }
  return wired;

  /** A `driver/nla-value` node for the setting, once per setting; every action's curve at its path is marked as read by it. */
  function wireNlaValue(object: string, f: SceneFCurve, node: string, socket: string, authored: number): void {
    const key = `${object}\u0000${f.data_path}\u0000${f.array_index}`;
    if (nlaWired.has(key)) return;
    nlaWired.add(key);
    const id = `nla:${node}:${socket}`;
    g.nodes.push({ id, type: 'driver/nla-value', params: { object, path: f.data_path, index: f.array_index, default: f.default ?? 0, value: authored }, position: [-450, -300 - 90 * (wired.size + nlaWired.size)] });
    g.links.push({ from: { node: id, socket: 'value' }, to: { node, socket } });
    markReadByNode(object, f);
  }

  /**
   * A keyed mute or enabled the object's NLA plays: its blended value as Blender writes a bool
   * (truncated: on unless 0), put in front of the constraint's influence as a switch, as for the
   * action's (above).
   */
  function wireNlaSwitch(object: string, f: SceneFCurve, node: string, prop: 'mute' | 'enabled'): void {
    const key = `${object}\u0000${f.data_path}\u0000${f.array_index}`;
    if (nlaWired.has(key)) return;
    nlaWired.add(key);
    const id = `nla:${node}:${prop}`;
    const y = -300 - 90 * (wired.size + nlaWired.size);
    const t = pathTarget(f.data_path, f.array_index);
    const authored = t?.kind === 'constraint' ? fx.constraints.find((c) => c.owner.object === object && (c.owner.bone ?? null) === t.bone && c.name === t.constraint)?.props[prop] : undefined;
    g.nodes.push({ id, type: 'driver/nla-value', params: { object, path: f.data_path, index: f.array_index, default: f.default ?? (prop === 'enabled' ? 1 : 0), value: authored === true ? 1 : 0, kind: 'BOOL' }, position: [-600, y] });
    let enabled = { node: id, socket: 'value' };
    if (prop === 'mute') {
      g.nodes.push({ id: `${id}:enabled`, type: 'math/float', params: { operation: 'subtract', a: 1 }, position: [-525, y] });
      g.links.push({ from: enabled, to: { node: `${id}:enabled`, socket: 'b' } });
      enabled = { node: `${id}:enabled`, socket: 'value' };
    }
    g.switches?.push({ constraint: node, enabled, id: `${id}:influence`, position: [-450, y] });
    markReadByNode(object, f);
  }

  /** A keyed enum setting (a Mix mode) the object's NLA plays: the blended item value, into the setting's choice. */
  function wireNlaEnum(object: string, f: SceneFCurve, node: string, choice: ChoiceSetting, items: Readonly<Record<string, number>>): void {
    const key = `${object}\u0000${f.data_path}\u0000${f.array_index}`;
    if (nlaWired.has(key)) return;
    nlaWired.add(key);
    const id = `nla:${node}:${choice.name}`;
    const y = -300 - 90 * (wired.size + nlaWired.size);
    const enumChoice = enumChoiceNode(`${id}:enum`, items, node, choice, [-450, y]);
    g.nodes.push({ id, type: 'driver/nla-value', params: { object, path: f.data_path, index: f.array_index, default: f.default ?? 0, value: -1 }, position: [-600, y] }, enumChoice.node);
    g.links.push({ from: { node: id, socket: 'value' }, to: { node: enumChoice.node.id, socket: 'value' } }, enumChoice.link);
    markReadByNode(object, f);
  }

  /** Marks the curves at `f`'s path in the object's own actions (its strips' and the one on top) as read by a node. */
  function markReadByNode(object: string, f: SceneFCurve): void {
    const own = objectActions(fx, object);
    for (const a of fx.actions ?? []) {
      if (!own.has(a.name)) continue;
      for (const c of a.fcurves) if (c.data_path === f.data_path && c.array_index === f.array_index) g.readByNode?.add(`${a.name}\u0000${c.data_path}\u0000${c.array_index}`);
    }
  }
}

/** Why a curve's path names nothing in the rig (a bone or constraint that is gone), or undefined. */
function missingTarget(fx: Fixture, object: string, t: PathTarget): string | undefined {
  const o = fx.objects.find((x) => x.name === object);
  const bone = t.kind === 'bone-channel' || t.kind === 'bone-prop' || t.kind === 'bone-setting' || t.kind === 'data-bone-prop' ? t.bone : t.kind === 'constraint' ? t.bone : null;
  if (bone !== null && !o?.bones?.some((b) => b.name === bone)) return `"${object}" has no bone "${bone}"`;
  if (t.kind !== 'constraint') return undefined;
  const has = fx.constraints.some((c) => c.owner.object === object && (c.owner.bone ?? null) === t.bone && c.name === t.constraint);
  return has ? undefined : `${t.bone === null ? `"${object}"` : `bone "${t.bone}" of "${object}"`} has no constraint "${t.constraint}"`;
}

/** The pose bone's authored value of a B-Bone setting (the channel node's value before its curve applies). */
function bboneAuthored(fx: Fixture, object: string, t: PathTarget | null, setting: BBoneSetting): number | undefined {
  if (t?.kind !== 'bone-channel') return undefined;
  const pose = fx.objects.find((o) => o.name === object)?.bones?.find((b) => b.name === t.bone)?.pose;
  const [prop, i] = bboneSettingProp(setting);
  const v = pose?.[prop];
  const x = Array.isArray(v) ? v[i] : v;
  return typeof x === 'number' ? x : undefined;
}

/** A driver/channel node's `animation` param: the F-curve's keys, extrapolation and modifiers as JSON. */
