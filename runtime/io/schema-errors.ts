// A JSON Schema validator's errors (Ajv's) as Sinew's errors: a JSON pointer to the place, what was
// expected there and what was found, in a sentence; one per place. Shared by the files Sinew checks
// against a schema (scenes, the Blender exporter's extension data).
import type { ErrorObject } from 'ajv';
import { describeValue, quoteList } from '../../graph/messages';
import { childPointer } from '../../graph/pointer';
import type { GraphError } from '../../graph/types';

/** Schema errors as sentences: where, what was expected, what was found; one per place. */
export function schemaErrors(raw: readonly ErrorObject[]): GraphError[] {
  const errors: GraphError[] = [];
  const seen = new Set<string>();
  for (const e of raw) {
    const error = toGraphError(e);
    if (error === undefined) continue;
    if (seen.has(error.pointer)) continue; // one wrong value can break several keywords; say it once
    seen.add(error.pointer);
    errors.push(error);
  }
  return errors;
}

function toGraphError(e: ErrorObject): GraphError | undefined {
  const got = `got ${describeValue(e.data)}`;
  const schema = (e.parentSchema ?? {}) as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const name = String(e.params['missingProperty']);
      return { code: 'missing-field', pointer: childPointer(e.instancePath, name), message: `required field "${name}" is missing` };
    }
    case 'enum':
      return { code: 'invalid-value', pointer: e.instancePath, message: `expected one of ${quoteList((schema['enum'] as string[]).map(String), 'or')}, ${got}` };
    case 'const':
      return { code: 'invalid-value', pointer: e.instancePath, message: `expected ${JSON.stringify(schema['const'])}, ${got}` };
    case 'allOf':
      return undefined; // its parts report for themselves
    default:
      return { code: 'invalid-value', pointer: e.instancePath, message: `expected ${describeSchema(schema)}, ${got}` };
  }
}

/** What a schema node accepts, in words. */
function describeSchema(schema: Record<string, unknown>): string {
  const type = schema['type'];
  const types = Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
  const phrases = types.map((t) => {
    switch (t) {
      case 'array': {
        const items = (schema['items'] ?? {}) as Record<string, unknown>;
        const n = schema['minItems'];
        if (items['type'] === 'number' && typeof n === 'number' && n === schema['maxItems']) return `an array of ${n} numbers`;
        if (typeof schema['maxItems'] === 'number') return `a list of at most ${schema['maxItems']} items`;
        return typeof n === 'number' ? `a list of at least ${n} items` : 'a list';
      }
      case 'integer':
        return typeof schema['minimum'] === 'number' ? `a whole number, ${schema['minimum']} or more` : 'a whole number';
      case 'number':
        return typeof schema['minimum'] === 'number' ? `a number, ${schema['minimum']} or more` : 'a number';
      case 'string':
        return typeof schema['maxLength'] === 'number' ? `a string of ${typeof schema['minLength'] === 'number' ? schema['minLength'] : 0} to ${schema['maxLength']} characters` : 'a string';
      case 'boolean':
        return 'true or false';
      case 'null':
        return 'null';
      case 'object':
        return 'an object';
      default:
        return t;
    }
  });
  return phrases.length > 0 ? phrases.join(' or ') : 'a valid value';
}
