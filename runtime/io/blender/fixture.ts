// The Blender fixture format (`blender-constraint-fixture/1`), recorded from Blender 3.4's evaluator.
import type { JsonValue } from '../../../graph/types';
import type { SceneFCurve, SceneNla, SceneNlaStrip, SceneNlaTrack, SceneObject } from '../../rig/scene/types';
import { isRotationModePath, parseDataPath } from '../../rig/scene/data-path';

export const FIXTURE_FORMAT = 'blender-constraint-fixture/1';

export interface FixtureConstraint {
  owner: { object: string; bone?: string };
  type: string;
  name: string;
  props: Record<string, JsonValue>;
  props_after_eval?: Record<string, JsonValue>;
}

export interface FixtureReadout {
  objects: Record<string, number[]>;
  bones: Record<string, { matrix: number[]; head: number[]; tail: number[] }>;
}

/**
 * Extension `actions` (README-action-additions.md §3): an action and the object it animates; `id`
 * null for an action no exported object plays, written because an Action constraint names it
 * (docs/blender-exporter.md). `groups`: its action groups, in Blender's order (exporter).
 */
/** An object's NLA as the exporter writes it: tracks bottom to top, each strip's settings, and the active action's blending. */
export interface FixtureNla {
  object: string;
  action: string | null;
  action_extrapolation?: string;
  action_blend_type?: SceneNla['action_blend_type'];
  action_influence?: number;
  /** With Extrapolation Nothing: the frames the active action plays over inside (the exporter's `action_track_range`). */
  action_range?: [number, number];
  tracks: FixtureNlaTrack[];
}

export interface FixtureNlaTrack extends Omit<SceneNlaTrack, 'strips'> {
  strips: FixtureNlaStrip[];
}

/** A strip as exported: the scene's settings, its type, and what of it Sinew reports (its own F-curves and modifiers). */
export interface FixtureNlaStrip extends Omit<SceneNlaStrip, 'type' | 'strips' | 'modifiers'> {
  /** CLIP, TRANSITION, META or SOUND, as Blender names it. */
  type?: string;
  /** The strip's own F-curves (`influence`, `strip_time`), as the exporter writes them. */
  fcurves?: SceneFCurve[];
  /** Its F-curve modifiers, every setting (a count from an exporter before they were written). */
  modifiers?: NonNullable<SceneNlaStrip['modifiers']> | number;
  /** A meta strip's strips. */
  strips?: FixtureNlaStrip[];
}

/** The actions an object's NLA plays: every strip's, those inside meta strips included. */
export function nlaActions(n: FixtureNla): (string | null)[] {
  const of = (strips: readonly FixtureNlaStrip[]): (string | null)[] => strips.flatMap((st) => [st.action, ...of(st.strips ?? [])]);
  return n.tracks.flatMap((t) => of(t.strips));
}

/** The actions an object plays: its NLA strips' (inside metas too) and its own (the one on top). */
export function objectActions(fx: Fixture, object: string): Set<string> {
  const nla = fx.nla?.find((x) => x.object === object);
  return new Set([...(nla ? nlaActions(nla).filter((a): a is string => a !== null) : []), ...(fx.actions ?? []).filter((a) => a.id?.object === object).map((a) => a.name)]);
}

/** Whether an action `object` plays keys the rotation mode of its bone `bone` (or, null, its own). */
export function keysRotationMode(fx: Fixture, object: string, bone: string | null): boolean {
  const own = objectActions(fx, object);
  const keys = (dataPath: string) => {
    const p = parseDataPath(dataPath);
    return isRotationModePath(p) && p?.bone === bone;
  };
  return (fx.actions ?? []).some((a) => own.has(a.name) && a.fcurves.some((f) => keys(f.data_path)));
}

export interface FixtureAction {
  name: string;
  id: { object: string } | null;
  /** `enum_items`: on a curve keying an enum setting, Blender's value of each item (the exporter's). */
  fcurves: (SceneFCurve & { key?: string; enum_items?: Record<string, number> })[];
  groups?: { name: string; mute?: boolean }[];
}

/**
 * Whether Blender plays a curve of the action: not muted, with keys, not in a muted action group
 * (Blender's is_fcurve_evaluatable; measured in 3.4.1).
 */
export function curvePlays(a: FixtureAction, f: FixtureAction['fcurves'][number]): boolean {
  if (f.mute === true || f.keyframes.length === 0) return false;
  return typeof f.group !== 'string' || !(a.groups ?? []).some((g) => g.name === f.group && g.mute === true);
}

/** An action curve as a driver/channel node's `animation` param (JSON), its discrete and int flags with it. */
export function animationParam(f: SceneFCurve): string {
  const animation: Record<string, JsonValue> = { keyframes: f.keyframes as unknown as JsonValue };
  if (f.extrapolation) animation.extrapolation = f.extrapolation;
  if (f.modifiers?.length) animation.modifiers = f.modifiers as unknown as JsonValue;
  // A keyed on/off or whole-number setting (FCURVE_DISCRETE_VALUES, FCURVE_INT_VALUES): held, rounded.
  if (f.int_values) animation.int_values = true;
  if (f.discrete_values) animation.discrete_values = true;
  return JSON.stringify(animation);
}

/** A readout per frame, keyed by the frame as text (`"12"`, `"7.25"`), for animated cases. */
export type FixtureFrames = Record<string, FixtureReadout & { channels?: Record<string, number> }>;

/** A depsgraph operation of an object or (with `bone`) of a bone. */
export interface FixtureOperation {
  object: string;
  bone?: string;
  operation: string;
}

/** A relation Blender marked cyclic: `reader` ran without waiting for `source`, reading what it left the evaluation before. */
export interface FixtureCyclicRelation {
  source: FixtureOperation;
  reader: FixtureOperation;
  /** The relation's name; for a constraint reading its target, the name of the constraint's type (`Copy Location`). */
  relation: string;
  /** For a relation into a constraint stack: the reader's constraints it stands for, by name (the exporter's). */
  constraints?: string[];
}

export interface Fixture {
  format: typeof FIXTURE_FORMAT;
  blender: string;
  name: string;
  category: string;
  seed: number;
  description: string;
  objects: SceneObject[];
  constraints: FixtureConstraint[];
  /** Extensions the case uses (`actions`, `drivers`, …). */
  extensions?: string[];
  /** Animated cases: the frames evaluated, ascending. `expected` is then keyed per frame. */
  frames?: number[];
  actions?: FixtureAction[];
  /** Extension `nla` (the exporter's; docs/blender-exporter.md): each object's NLA where Blender plays one. */
  nla?: FixtureNla[];
  /**
   * Extension `data_actions` (the exporter's): the custom-property curves of an armature datablock's
   * own action (`["p"]`, `bones["B"]["p"]`, paths relative to the datablock), by the armature object.
   */
  data_actions?: { object: string; action: string; fcurves: FixtureAction['fcurves'] }[];
  expected: FixtureReadout | FixtureFrames;
  expected_unconstrained: FixtureReadout | FixtureFrames;
  /** Rig cases (README-rig-additions §8): the bones whose readout depends on an IK result. */
  ik_affected?: string[];
  /** The relations Blender's depsgraph set aside to break dependency cycles (the exporter's; docs/blender-exporter.md). */
  dependency_cycles?: FixtureCyclicRelation[];
  /** The exporter's scene: its name and custom properties (drivers read them through SCENE targets). */
  scene?: { name: string; custom_props?: Record<string, JsonValue>; custom_props_ui?: Record<string, Record<string, JsonValue>> };
}

export interface ManifestCase {
  name: string;
  file: string;
  category: string;
  tolerance: number;
  /** 'all', 'positions', 'end_effector', 'not_ik_affected', or a scope a later fixture set adds. */
  tolerance_scope: string;
  /** Rig cases: the tolerance of every bone outside the case's `ik_affected` list. */
  tolerance_not_ik_affected?: number;
}

export interface Manifest {
  format: 'blender-constraint-fixture-manifest/1';
  cases: ManifestCase[];
}

/** The frame the Blender exporter read the pose at (`exporter.frame_current` + `subframe`), if it says. */
export function savedFrame(fx: Fixture): number | undefined {
  const e = (fx as { exporter?: { frame_current?: unknown; subframe?: unknown } }).exporter;
  if (typeof e?.frame_current !== 'number') return undefined;
  return e.frame_current + (typeof e.subframe === 'number' ? e.subframe : 0);
}

/**
 * The scene's time remapping (Output › Time Stretching) as the exporter wrote it: Blender plays
 * animation and drivers at (frame + subframe) · framelen, framelen being frame_map_old ÷
 * frame_map_new in float32 (`rna_Scene_framelen_update`). Undefined without one (or with 1).
 */
export function savedTimeScale(fx: Fixture): number | undefined {
  const e = (fx as { exporter?: { frame_map_old?: unknown; frame_map_new?: unknown } }).exporter;
  const from = e?.frame_map_old, to = e?.frame_map_new;
  if (typeof from !== 'number' || typeof to !== 'number' || !(from > 0) || !(to > 0) || from === to) return undefined;
  return Math.fround(from / to);
}
