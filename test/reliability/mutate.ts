// Mutations of JSON values for the file fuzzes (fuzz.test.ts, fixture-fuzz.test.ts): deletions,
// hostile keys and values (prototype keys, huge and tiny numbers, markup, names Sinew uses),
// duplicated elements, deep nesting and growth, each at a place picked by number among every
// container's children. Keys are defined as JSON.parse defines them, so "__proto__" stays data.
import fc from 'fast-check';
import type { JsonValue } from '../../graph/types';

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '', '/', '~', '💥', 'format', 'version', 'nodes', 'id', 'owner');
const HOSTILE: JsonValue[] = [
  null, true, 0, -0, 1e308, -1e308, 5e-324, 2 ** 53 + 1, '', 'x'.repeat(300), '<img src=x onerror=alert(1)>', '${process.exit()}',
  [], {}, [1, 2], [0, 0, 0, 0], new Array(16).fill(1e300),
  { polluted: 'yes' },
  'sinew-graph', 'sinew-scene', 'constraint/ik', 'owner/output', 'ARMATURE', 'CURVE', 'BONE',
];

export type Mutation =
  | { kind: 'delete'; at: number }
  | { kind: 'replace'; at: number; value: JsonValue }
  | { kind: 'add-key'; at: number; key: string; value: JsonValue }
  | { kind: 'pollute'; at: number; key: '__proto__' | 'constructor' }
  | { kind: 'duplicate'; at: number }
  | { kind: 'nest'; at: number; depth: number }
  | { kind: 'grow'; at: number; count: number };

/** Mutations whose new values are the hostile ones above, `words` (names a format uses) or any small JSON value. */
export function mutationOf(words: readonly JsonValue[] = []): fc.Arbitrary<Mutation> {
  const hostileValue: fc.Arbitrary<JsonValue> = fc.oneof(fc.constantFrom<JsonValue>(...HOSTILE, ...words), fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>);
  return fc.oneof(
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }),
    fc.record({ kind: fc.constant('add-key' as const), at: fc.nat(), key: fc.oneof(hostileKey, fc.string({ maxLength: 6 })), value: hostileValue }),
    fc.record({ kind: fc.constant('pollute' as const), at: fc.nat(), key: fc.constantFrom('__proto__' as const, 'constructor' as const) }),
    fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('nest' as const), at: fc.nat(), depth: fc.constantFrom(10, 63, 64, 65, 200) }),
    fc.record({ kind: fc.constant('grow' as const), at: fc.nat(), count: fc.constantFrom(2, 50, 1000) }),
  );
}

export const mutation: fc.Arbitrary<Mutation> = mutationOf();

type Container = Record<string, unknown> | unknown[];

/** Every container in a value with the key of each child, so a mutation can pick one by number. */
function places(root: unknown): { parent: Container; key: string | number }[] {
  const out: { parent: Container; key: string | number }[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    const c = v as Container;
    for (const key of Array.isArray(c) ? c.keys() : Object.keys(c)) {
      out.push({ parent: c, key });
      stack.push((c as Record<string | number, unknown>)[key]);
    }
  }
  return out;
}

function define(parent: Container, key: string | number, value: unknown): void {
  // defineProperty, so a "__proto__" key becomes data here as it does in JSON.parse.
  Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

export function applyMutation(root: unknown, m: Mutation): unknown {
  const all = places(root);
  if (all.length === 0) return m.kind === 'replace' ? m.value : root;
  const { parent, key } = all[m.at % all.length];
  const current = (parent as Record<string | number, unknown>)[key];
  switch (m.kind) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else Reflect.deleteProperty(parent, key);
      break;
    case 'replace':
      define(parent, key, structuredClone(m.value));
      break;
    case 'add-key':
      if (typeof current === 'object' && current !== null && !Array.isArray(current)) define(current as Container, m.key, structuredClone(m.value));
      else define(parent, key, structuredClone(m.value));
      break;
    case 'pollute': {
      const payload = m.key === '__proto__' ? { polluted: 'yes', ownerSpace: 'WORLD', type: 'ARMATURE' } : { prototype: { polluted: 'yes' } };
      const target = typeof current === 'object' && current !== null && !Array.isArray(current) ? (current as Container) : parent;
      if (!Array.isArray(target)) define(target, m.key, payload);
      break;
    }
    case 'duplicate':
      if (Array.isArray(parent)) parent.splice(key as number, 0, structuredClone(current));
      break;
    case 'nest': {
      let v: unknown = current;
      for (let i = 0; i < m.depth; i++) v = [v];
      define(parent, key, v);
      break;
    }
    case 'grow':
      if (Array.isArray(current) && current.length > 0) define(parent, key, Array.from({ length: m.count }, (_, i) => structuredClone(current[i % current.length])));
      break;
  }
  return root;
}
