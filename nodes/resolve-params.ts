// A node's params as its kernel reads them, resolved once when the node is compiled (and again for
// one value when `Program.setParam` changes it): every param present, each value fitting its kind.
import type { JsonValue } from '../graph/types';
import type { NodeDefinition, SocketSpec } from './define';
import { paramValue, type Params, type ParamSpecs, type ParamsOf, type ParamValue } from './params';

/**
 * Every param present: the node's value where it has one that fits, else the definition's default;
 * and beside them the value of each input that has a default (an unconnected input reads it).
 * Only names the definition knows: a misspelt or hostile key ("__proto__", "constructor") stays in
 * the file, where the loader warned about it, and never reaches a kernel.
 */
export function resolveParams<P extends ParamSpecs>(def: NodeDefinition<unknown, P>, given: Readonly<Record<string, JsonValue>> = {}): ParamsOf<P> & Params {
  const out: Params = {};
  for (const k in def.inputs) {
    const v = inputValue(def.inputs[k], Object.hasOwn(given, k) ? given[k] : undefined);
    if (v !== undefined) out[k] = v;
  }
  for (const k in def.params) out[k] = paramValue(def.params[k], Object.hasOwn(given, k) ? given[k] : undefined);
  return out as ParamsOf<P> & Params;
}

/** One value as {@link resolveParams} resolves it; undefined for a name the definition does not know. */
export function resolveParam(def: NodeDefinition, name: string, value: JsonValue): ParamValue | undefined {
  if (Object.hasOwn(def.params, name)) return paramValue(def.params[name], value);
  return Object.hasOwn(def.inputs, name) ? inputValue(def.inputs[name], value) : undefined;
}

/** An unconnected input's value: the given one when it is a number, bool or numbers, else its default. */
function inputValue(spec: SocketSpec, value: JsonValue | undefined): ParamValue | undefined {
  const d = spec.default;
  if (d === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((x) => typeof x === 'number')) return value;
  return Array.isArray(d) ? [...(d as readonly number[])] : (d as number | boolean);
}
