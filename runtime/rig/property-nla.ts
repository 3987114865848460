// A setting as an object's NLA plays it: a custom property (a rig's IK/FK switch keyed in an action
// the animator pushed down into a strip) or a constraint setting (an IK's influence keyed there). The
// curves keying it in the strips' actions and in the active action on top, blended as the NLA blends
// a transform channel (nla.ts), from the setting's own default (Blender's RNA default: an ID
// property's UI default, a constraint setting's as the export records it). One channel; built once,
// when the reading node is bound, and evaluated each frame without allocating.
import { packFCurve } from '../../nodes/math/fcurve/fcurve';
import type { PropertyAnimation } from '../../nodes/define';
import { actionRange, blendCode, evaluateNla, linkModifiers, linkTransitions, nestedStrips, stripEval, type NlaStripEval, type OwnerNla } from './nla';
import type { RigOwner } from './rig';
import { parseDataPath } from './scene/data-path';
import type { SceneDocument, SceneFCurve, SceneNlaStrip } from './scene/types';

/** What a compile hands the nodes that read a setting through its object's NLA (BindEnv.propertyAnimation, pathAnimation). */
export function nlaPlayers(scene: SceneDocument, byId: ReadonlyMap<string, RigOwner>): {
  propertyAnimation: (holder: string, name: string, fallback: number) => PropertyAnimation | undefined;
  pathAnimation: (object: string, dataPath: string, index: number, fallback: number) => PropertyAnimation | undefined;
} {
  const player = (n: OwnerNla | undefined): PropertyAnimation | undefined => n && { play: (f, out) => { evaluateNla(n, f, out); } };
  return {
    propertyAnimation: (holder, name, fallback) => {
      const o = byId.get(holder);
      return player(o && (o.kind === 'object' ? propertyNla(scene, o.id, null, name, fallback) : propertyNla(scene, o.armatureOwner.id, o.source.name, name, fallback)));
    },
    pathAnimation: (object, dataPath, index, fallback) => player(pathNla(scene, object, dataPath, index, fallback)),
  };
}

/**
 * The NLA of `object` for its custom property `name` (of the object when `bone` is null, else of
 * that pose bone), or undefined when the object plays no NLA or no curve of it keys the property.
 */
export function propertyNla(scene: SceneDocument, object: string, bone: string | null, name: string, fallback: number): OwnerNla | undefined {
  return settingNla(scene, object, (f) => {
    const path = parseDataPath(f.data_path);
    // An array property's element `p[i]` is the curve of `p` with array index i; a plain one's, index 0.
    return path?.kind === 'custom' && path.bone === bone && ((path.property === name && f.array_index === 0) || `${path.property}[${f.array_index}]` === name);
  }, fallback);
}

/** The NLA of `object` for the setting at `dataPath` (element `index`), or undefined as above. */
export function pathNla(scene: SceneDocument, object: string, dataPath: string, index: number, fallback: number): OwnerNla | undefined {
  return settingNla(scene, object, (f) => f.data_path === dataPath && f.array_index === index, fallback);
}

function settingNla(scene: SceneDocument, object: string, keys: (f: SceneFCurve) => boolean, fallback: number): OwnerNla | undefined {
  const o = scene.objects.find((x) => x.name === object);
  const nla = o?.animation_data?.nla;
  if (!o || !nla) return undefined;
  const actions = new Map((scene.actions ?? []).map((a) => [a.name, a] as const));
  // Only the curves Blender plays (not muted, with keys, not in a muted group), keying this property.
  const curvesOf = (actionName: string | null | undefined) => {
    const action = typeof actionName === 'string' ? actions.get(actionName) : undefined;
    if (!action) return [];
    const mutedGroups = new Set((action.groups ?? []).filter((g) => g.mute === true).map((g) => g.name));
    return action.fcurves.filter((f) => {
      if (f.mute === true || f.keyframes.length === 0 || (typeof f.group === 'string' && mutedGroups.has(f.group))) return false;
      return keys(f);
    }).map((f) => packFCurve(f));
  };
  const solo = nla.tracks.some((t) => t.is_solo === true);
  // Each strip's curves of this property; a meta strip's inside it too.
  const withCurves = (st: SceneNlaStrip, e: NlaStripEval): NlaStripEval => {
    e.curves = curvesOf(st.action);
    e.slots = new Int32Array(e.curves.length);
    (st.strips ?? []).forEach((child, ci) => { withCurves(child, e.children![ci]); });
    return e;
  };
  const tracks = nla.tracks.filter((t) => (solo ? t.is_solo === true : t.mute !== true)).map((t) => t.strips.map((st) => withCurves(st, stripEval(st))));
  const top = solo ? [] : curvesOf(o.animation_data?.action);
  if (!tracks.some((t) => nestedStrips(t).some((e) => e.curves.length > 0)) && top.length === 0) return undefined;
  const scratch = new Float64Array(16);
  const n: OwnerNla = {
    domain: Int32Array.of(0),
    defaults: Float64Array.of(fallback),
    // COMBINE adds a custom property's change from its default.
    mix: Int8Array.of(0),
    tracks,
    action: top.length > 0 ? { curves: top, slots: new Int32Array(top.length), unkeyedParts: new Int32Array(0), blend: blendCode(nla.action_blend_type), influence: Math.fround(nla.action_influence ?? 1), range: actionRange(nla) } : undefined,
    scratch,
    time: scratch.subarray(0, 1),
  };
  // One channel: a transition mixes it.
  linkTransitions(n, 1, (slot) => [slot, slot + 1]);
  linkModifiers(n);
  return n;
}
