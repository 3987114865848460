// Structural validation against the published schema, with every schema error turned into a
// sentence. What a value should be is read from the schema itself, so messages cannot drift from it.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import graphSchema from './schema/sinew-graph.schema.json' with { type: 'json' };
import { describeValue, quoteList } from './messages';
import { childPointer } from './pointer';
import type { GraphError } from './types';

type Schema = { readonly [key: string]: unknown };

let compiled: ValidateFunction | undefined;

/** Compiled once, on first use: compiling costs far more than validating. */
function validator(): ValidateFunction {
  compiled ??= new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true }).compile(graphSchema);
  return compiled;
}

/** Checks a parsed file against the graph schema; returns one plain error per problem found. */
export function checkAgainstSchema(data: unknown): GraphError[] {
  const validate = validator();
  if (validate(data)) return [];
  const errors: GraphError[] = [];
  const seen = new Set<string>();
  for (const raw of validate.errors ?? []) {
    const error = toGraphError(raw);
    // One wrong value can break several keywords (type, minItems, items…); say it once.
    const key = `${error.pointer}\u0000${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(error);
  }
  return errors;
}

function toGraphError(e: ErrorObject): GraphError {
  const parent = asSchema(e.parentSchema);
  if (e.keyword === 'required') {
    const name = String(e.params['missingProperty']);
    const property = asSchema(asSchema(parent['properties'])[name]);
    return {
      code: 'missing-field',
      pointer: childPointer(e.instancePath, name),
      message: `required field "${name}" is missing (expected ${describeSchema(property)})`,
    };
  }
  if (e.keyword === 'additionalProperties') {
    const name = String(e.params['additionalProperty']);
    const known = Object.keys(asSchema(parent['properties']));
    const what = typeof parent['title'] === 'string' ? `a ${parent['title']}` : 'this object';
    return {
      code: 'unknown-field',
      pointer: childPointer(e.instancePath, name),
      message: `unknown field "${name}"; ${what} has only ${quoteList(known)}`,
    };
  }
  return {
    code: 'invalid-value',
    pointer: e.instancePath,
    message: `expected ${describeSchema(parent)}, got ${describeValue(e.data)}`,
  };
}

/** Says in words what a schema accepts, e.g. "an array of 2 numbers" or "a non-empty string". */
function describeSchema(schema: Schema): string {
  const target = resolve(schema);
  if ('const' in target) return JSON.stringify(target['const']);
  const types = typeof target['type'] === 'string' ? [target['type']] : Array.isArray(target['type']) ? target['type'] : [];
  const phrases = types.map((t) => describeType(String(t), target));
  return phrases.length > 0 ? phrases.join(' or ') : 'a value';
}

function describeType(type: string, s: Schema): string {
  switch (type) {
    case 'string':
      return s['minLength'] === 1 ? 'a non-empty string' : 'a string';
    case 'integer':
      return typeof s['minimum'] === 'number' ? `a whole number, ${s['minimum']} or more` : 'a whole number';
    case 'number':
      return typeof s['exclusiveMinimum'] === 'number' ? `a number greater than ${s['exclusiveMinimum']}` : 'a number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return typeof s['title'] === 'string' ? `a ${s['title']} (an object)` : 'an object';
    case 'array': {
      const tuple = Array.isArray(s['prefixItems']) ? s['prefixItems'].map(asSchema) : undefined;
      if (tuple !== undefined && tuple.every((item) => item['type'] === 'number')) return `an array of ${tuple.length} numbers`;
      const items = resolve(asSchema(s['items']));
      return typeof items['title'] === 'string' ? `a list of ${items['title']}s` : 'a list';
    }
    default:
      return type;
  }
}

/** Follows a local `#/$defs/...` reference; the graph schema has no other kind. */
function resolve(schema: Schema): Schema {
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return schema;
  const defs = asSchema((graphSchema as Schema)['$defs']);
  return asSchema(defs[ref.slice('#/$defs/'.length)]);
}

function asSchema(value: unknown): Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : {};
}
