// Random graph documents for property tests: valid by construction, with awkward numbers, keys
// and extra fields where a canonical writer or an edit could slip.
import fc from 'fast-check';
import type { GraphDocument, GraphLink, GraphNode, JsonValue } from '../../graph/types';

/** Numbers that stress canonical writing: float noise, -0, huge, tiny, integers. */
export const awkwardNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  // 123456789.123456789 has more digits than a double holds, on purpose (a value as a hand-written file has it).
  // eslint-disable-next-line no-loss-of-precision
  fc.constantFrom(-0, 0.1 + 0.2, 1 / 3, 1e21, 1e-7, 123456789.123456789, 2 ** 53 + 2, 5e-324),
);

/** Any JSON value, numbers drawn from awkwardNumber. */
export const jsonValue: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    awkwardNumber,
    fc.string(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const KNOWN_FILE_KEYS = new Set(['$schema', 'format', 'version', 'nodes', 'links', 'scene', 'view', 'groups', 'frames']);

export const position: fc.Arbitrary<[number, number]> = fc.tuple(awkwardNumber, awkwardNumber);

export const nodeId: fc.Arbitrary<string> = fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), fc.constantFrom('__proto__', 'constructor', '10', '2'));

export function graphNode(id: string): fc.Arbitrary<GraphNode> {
  return fc.record({
    id: fc.constant(id),
    type: fc.string({ minLength: 1, maxLength: 8 }).filter((t) => t !== 'group'), // "group" is a group node, with a definition
    params: fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', '10', '2')), jsonValue, { maxKeys: 5 }),
    position,
  });
}

/** A valid graph: unique ids, links between existing nodes, at most one link per input. */
export const graphDocument: fc.Arbitrary<GraphDocument> = fc
  .uniqueArray(nodeId, { maxLength: 8 })
  .chain((ids) => {
    const nodes = fc.tuple(...ids.map(graphNode));
    const socket = fc.constantFrom('owner', 'target', 'influence', 'final', 'x');
    const links: fc.Arbitrary<GraphLink[]> =
      ids.length === 0
        ? fc.constant([])
        : fc
            .uniqueArray(fc.record({ from: fc.record({ node: fc.constantFrom(...ids), socket }), to: fc.record({ node: fc.constantFrom(...ids), socket }) }), {
              maxLength: 10,
              selector: (l) => JSON.stringify([l.to.node, l.to.socket]),
            });
    const view = fc.record({ x: awkwardNumber, y: awkwardNumber, zoom: fc.double({ min: 0.01, max: 100, noNaN: true }) }, { requiredKeys: [] });
    const extras = fc.dictionary(
      fc.string().filter((k) => !KNOWN_FILE_KEYS.has(k)),
      jsonValue,
      { maxKeys: 3 },
    );
    return fc.record(
      {
        nodes,
        links,
        scene: fc.oneof(fc.string(), fc.dictionary(fc.string(), jsonValue, { maxKeys: 3 })),
        view,
        extras,
      },
      { requiredKeys: ['nodes', 'links', 'extras'] },
    ).map(({ extras: more, ...parts }) => ({ ...more, format: 'sinew-graph' as const, version: 2, ...parts }));
  });

/** What a graph looks like once saved: numbers rounded to 12 significant digits, no -0, no undefined. */
export function normalized<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' ? (Number.isSafeInteger(v) ? v + 0 : Number(v.toPrecision(12)) + 0) : v))) as T;
}

/** Freezes a value and everything in it, so any later mutation throws (modules run in strict mode). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
