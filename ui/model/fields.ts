// What the editor and inspector show for a node kind, read from its definition: one field per param
// and per input that holds a value when unconnected. No node kind has UI code of its own.
import type { JsonValue, SocketType } from '../../graph/types';
import type { NodeDefinition, ParamSpec, SocketSpec } from '../../nodes/define';
import type { SceneDocument } from '../../runtime/rig/scene/types';

export type FieldKind = 'float' | 'int' | 'bool' | 'choice' | 'string' | 'owner' | 'action' | 'vector' | 'matrix';

/** One editable value of a node: a param, or the value of an unconnected input. */
export interface Field {
  key: string;
  label: string;
  kind: FieldKind;
  doc: string;
  default: JsonValue;
  min?: number;
  max?: number;
  unit?: string;
  options?: readonly string[];
  size?: number;
  /** Set when the field is an input socket's value: hidden while the socket is connected. */
  socket?: SocketType;
}

/** The fields of a node kind: inputs with values first (in socket order), then params. */
export function fieldsOf(def: NodeDefinition): Field[] {
  const fields: Field[] = [];
  for (const [key, s] of Object.entries(def.inputs)) {
    const f = inputField(key, s);
    if (f) fields.push(f);
  }
  for (const [key, p] of Object.entries(def.params)) fields.push(paramField(key, p));
  return fields;
}

function inputField(key: string, s: SocketSpec): Field | undefined {
  if (s.default === undefined) return undefined;
  const base = { key, label: humanize(key), doc: s.doc ?? '', default: toJson(s.default), socket: s.type };
  switch (s.type) {
    case 'float': return { ...base, kind: 'float', min: s.min, max: s.max, unit: s.unit };
    case 'bool': return { ...base, kind: 'bool' };
    case 'vector': return { ...base, kind: 'vector', size: 3, unit: s.unit };
    case 'quaternion': return { ...base, kind: 'vector', size: 4 };
    default: return undefined;
  }
}

function paramField(key: string, p: ParamSpec): Field {
  const f: Field = { key, label: p.label ?? humanize(key), kind: p.kind, doc: p.doc, default: p.default, unit: p.unit };
  if (p.kind === 'float' || p.kind === 'int') { f.min = p.min; f.max = p.max; }
  if (p.kind === 'choice') f.options = p.options;
  if (p.kind === 'vector') f.size = p.size;
  return f;
}

function toJson(v: number | boolean | readonly number[]): JsonValue {
  return Array.isArray(v) ? [...(v as readonly number[])] : (v as JsonValue);
}

/** `headTail` → `Head Tail`, `use_x` → `Use X`. */
export function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().split(/\s+/);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** `TRACK_NEGATIVE_X` → `Track Negative X`; short values such as `+Y` stay as they are. */
export function optionLabel(value: string): string {
  if (!/^[A-Z0-9_]+$/.test(value) || value.length <= 2) return value;
  return value.split('_').map((w) => w.charAt(0) + w.slice(1).toLowerCase()).join(' ');
}

/** A node's current value of a field: its param, else the definition's default. */
export function fieldValue(params: Record<string, JsonValue>, f: Field): JsonValue {
  return Object.hasOwn(params, f.key) ? params[f.key] : f.default;
}

export interface OwnerChoice {
  id: string;
  label: string;
  kind: 'object' | 'bone';
  /** EMPTY, ARMATURE, CURVE, or BONE. */
  objectType: string;
  /** The armature a bone belongs to, for grouping. */
  group?: string;
}

/** Every owner of a scene an owner param can name: objects, then bones as `Armature/Bone`. */
export function ownerChoices(scene: SceneDocument | undefined): OwnerChoice[] {
  const out: OwnerChoice[] = [];
  for (const o of scene?.objects ?? []) {
    out.push({ id: o.name, label: `${o.name} (${o.type.toLowerCase()})`, kind: 'object', objectType: o.type });
    for (const b of o.bones ?? []) out.push({ id: `${o.name}/${b.name}`, label: b.name, kind: 'bone', objectType: 'BONE', group: o.name });
  }
  return out;
}

export interface ActionChoice {
  /** The action's name: what an action param holds. */
  id: string;
  label: string;
}

/** Every action of a scene an action param can name (its `actions[]`), in the scene's order. */
export function actionChoices(scene: SceneDocument | undefined): ActionChoice[] {
  return (scene?.actions ?? []).map((a) => ({ id: a.name, label: a.name }));
}
