// `sinew eval --set NODE.PARAM=VALUE`: poses a rig through its controls from the command line. Each
// setting replaces one node's param in the opened graph before it is
// compiled, so the value is checked as a file's would be: an unknown node or param, or a value that
// does not fit the param, is refused with its name (and the nearest known one), nothing evaluated.
import { checkParam } from '../../graph/param-check';
import { nearestName } from '../../graph/spelling';
import type { Catalog, GraphDocument, JsonValue } from '../../graph/types';
import type { Parsed } from './options';

export interface ParamSetting {
  node: string;
  param: string;
  value: JsonValue;
  /** The argument as given, for messages. */
  text: string;
}

/**
 * Reads `NODE.PARAM=VALUE`. Node ids may hold dots (`in:rig/upper_arm.L`), params never do, so the
 * param is what follows the last dot before `=`. VALUE is JSON (`0.5`, `true`, `[0,1,0]`,
 * `"XYZ"`); a word that is not JSON is taken as a string (`--set n.mode=XYZ`).
 */
export function parseSetting(text: string): Parsed<ParamSetting> {
  const eq = text.indexOf('=');
  const target = eq >= 0 ? text.slice(0, eq) : text;
  const dot = target.lastIndexOf('.');
  if (eq < 0 || dot <= 0 || dot === target.length - 1) {
    return { ok: false, message: `--set: expected NODE.PARAM=VALUE (e.g. --set 'ik.influence=0.5'), got "${text}"` };
  }
  const raw = text.slice(eq + 1).trim();
  if (raw === '') return { ok: false, message: `--set ${target}: needs a value after "="` };
  let value: JsonValue;
  try {
    value = JSON.parse(raw) as JsonValue;
  } catch {
    if (!/^[A-Za-z_][\w.:/-]*$/.test(raw)) return { ok: false, message: `--set ${target}: the value "${raw}" is neither JSON (a number, true/false, [..], "..") nor a plain word` };
    value = raw;
  }
  return { ok: true, value: { node: target.slice(0, dot), param: target.slice(dot + 1), value, text } };
}

/** Applies the settings to `graph` in place; returns one message per setting that cannot be applied. */
export function applySettings(graph: GraphDocument, settings: readonly ParamSetting[], catalog: Catalog): string[] {
  const errors: string[] = [];
  for (const s of settings) {
    const node = graph.nodes.find((n) => n.id === s.node);
    if (!node) {
      const near = nearestName(s.node, graph.nodes.map((n) => n.id));
      errors.push(`--set ${s.text}: no node "${s.node}" in the graph${near ? ` (did you mean "${near}"?)` : ''}`);
      continue;
    }
    const entry = catalog.get(node.type);
    if (!entry) {
      errors.push(`--set ${s.text}: node "${s.node}" is of unknown type "${node.type}"`);
      continue;
    }
    const shape = Object.hasOwn(entry.params, s.param) ? entry.params[s.param] : undefined;
    if (!shape) {
      const near = nearestName(s.param, Object.keys(entry.params));
      const known = Object.keys(entry.params);
      errors.push(`--set ${s.text}: node "${s.node}" (${node.type}) has no param "${s.param}"${near ? ` (did you mean "${near}"?)` : known.length ? `; its params: ${known.join(', ')}` : '; it has no params'}`);
      continue;
    }
    const problem = checkParam(s.value, shape);
    if (problem !== undefined) {
      errors.push(`--set ${s.text}: node "${s.node}" param "${s.param}": ${problem}`);
      continue;
    }
    node.params = { ...node.params, [s.param]: s.value };
  }
  return errors;
}
