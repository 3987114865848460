// The editor and the file loader render and validate from the definitions: check they are complete.
import { describe, expect, it } from 'vitest';
import { defaultCatalog } from '../../../nodes/catalog';
import { catalogEntryOf } from '../../../nodes/define';
import { valueNodes } from '../../../nodes/values';

describe('value node definitions', () => {
  it('are all registered in the default catalog', () => {
    for (const def of valueNodes) expect(defaultCatalog.get(def.type)).toBe(def);
    expect(valueNodes.map((d) => d.type).sort()).toEqual([
      'math/compare', 'math/float', 'math/matrix', 'math/quaternion', 'math/switch-float', 'math/switch-transform',
      'math/switch-vector', 'math/vector', 'value/bool', 'value/float', 'value/time', 'value/transform', 'value/vector',
    ]);
  });

  for (const def of valueNodes) {
    it(`${def.type} documents every socket and param, with defaults inside their ranges`, () => {
      expect(def.label).toBeTruthy();
      expect(['Math', 'Value']).toContain(def.category);
      expect(def.doc.length).toBeGreaterThan(10);
      expect(def.constraint).toBeUndefined();
      expect(def.owner).toBeUndefined();
      for (const [name, s] of [...Object.entries(def.inputs), ...Object.entries(def.outputs)]) {
        expect(s.doc, name).toBeTruthy();
        if (typeof s.default === 'number') {
          if (s.min !== undefined) expect(s.default).toBeGreaterThanOrEqual(s.min);
          if (s.max !== undefined) expect(s.default).toBeLessThanOrEqual(s.max);
        }
      }
      for (const [name, p] of Object.entries(def.params)) {
        expect(p.doc, name).toBeTruthy();
        expect(def.inputs[name], `param ${name} clashes with an input`).toBeUndefined();
        if (p.kind === 'choice') expect(p.options).toContain(p.default);
        if (p.kind === 'float' && typeof p.default === 'number') {
          if (p.min !== undefined) expect(p.default).toBeGreaterThanOrEqual(p.min);
          if (p.max !== undefined) expect(p.default).toBeLessThanOrEqual(p.max);
        }
      }
      // The graph layer sees every input default as a param it can validate.
      const entry = catalogEntryOf(def);
      for (const [name, s] of Object.entries(def.inputs)) if (s.default !== undefined) expect(entry.params[name], name).toBeDefined();
    });
  }
});
