// Params reach kernels resolved (nodes/resolve-params.ts): every param present and of its kind, so
// a kernel reads `p.useX` as a boolean. Checked over every node kind of the catalog: a value that
// fits its param (graph/param-check.ts) comes through unchanged, any other JSON becomes a value of
// the param's kind, and a name the definition does not know never reaches the kernel.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkParam } from '../../graph/param-check';
import type { JsonValue } from '../../graph/types';
import { defaultCatalog } from '../../nodes/catalog';
import { action } from '../../nodes/constraints/relationship/action';
import { resolveParam, resolveParams } from '../../nodes/resolve-params';

const definitions = [...defaultCatalog.values()];
const json: fc.Arbitrary<JsonValue> = fc.jsonValue() as fc.Arbitrary<JsonValue>;

describe('resolveParams', () => {
  it('keeps every value that fits its param and gives the default for a missing one', () => {
    for (const def of definitions) {
      const resolved = resolveParams(def, {});
      for (const [name, spec] of Object.entries(def.params)) {
        expect(resolved[name], `${def.type}.${name}`).toEqual(spec.default);
        expect(resolveParam(def, name, spec.default), `${def.type}.${name}`).toEqual(spec.default);
      }
    }
  });

  it('turns any JSON into a value of the param’s kind (ranges aside: kernels clamp)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...definitions), json, (def, value) => {
        for (const [name, spec] of Object.entries(def.params)) {
          const v = resolveParam(def, name, value)!;
          const unbounded = spec.kind === 'float' || spec.kind === 'int' ? { kind: spec.kind } : spec;
          expect(checkParam(v, unbounded), `${def.type}.${name} from ${JSON.stringify(value)}`).toBeUndefined();
          if (checkParam(value, spec) === undefined) expect(v).toEqual(value);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('leaves out names the definition does not know', () => {
    for (const def of definitions) {
      const resolved = resolveParams(def, { notAParam: 1, ['__proto__']: 2, constructor: 3 });
      expect(Object.hasOwn(resolved, 'notAParam')).toBe(false);
      expect(Object.hasOwn(resolved, 'constructor')).toBe(false);
      expect(resolveParam(def, 'notAParam', 1)).toBeUndefined();
    }
  });
});

describe('an action param (the name of one of the scene\'s actions)', () => {
  it('reads a name as it is, whether or not the scene has it (binding decides), and anything else as no action', () => {
    expect(resolveParams(action, { action: 'Smile' }).action).toBe('Smile');
    expect(resolveParam(action, 'action', 'Not There')).toBe('Not There');
    for (const v of [3, null, true, ['Smile'], { name: 'Smile' }]) expect(resolveParam(action, 'action', v), JSON.stringify(v)).toBe('');
  });
});
