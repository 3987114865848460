// The editor renders and the importer maps from the definitions: check the tracking ones are complete.
import { describe, expect, it } from 'vitest';
import { defaultCatalog } from '../../../../nodes/catalog';
import { trackingConstraints } from '../../../../nodes/constraints/tracking';

const COMMON_PARAMS = ['ownerSpace', 'targetSpace', 'headTail', 'useBBoneShape'];

describe('tracking node definitions', () => {
  it('are registered in the default catalog', () => {
    for (const def of trackingConstraints) expect(defaultCatalog.get(def.type)).toBe(def);
    expect(trackingConstraints.map((d) => d.type).sort()).toEqual([
      'constraint/clamp-to', 'constraint/damped-track', 'constraint/locked-track', 'constraint/look-at', 'constraint/stretch-to', 'constraint/track-to',
    ]);
  });

  for (const def of trackingConstraints) {
    it(`${def.type} documents every socket and param and maps every Blender property`, () => {
      expect(def.label).toBeTruthy();
      expect(def.category).toBe('Tracking');
      expect(def.doc.length).toBeGreaterThan(10);
      expect(def.doc).not.toContain('\n');
      expect(def.constraint?.ownerSpace).toBe(true);
      expect(Object.keys(def.inputs)).toEqual(expect.arrayContaining(['owner', 'target', 'influence']));
      expect(def.inputs.target.required).toBe(true);
      expect(Object.keys(def.outputs)).toEqual(['owner']);
      for (const [name, s] of [...Object.entries(def.inputs), ...Object.entries(def.outputs)]) expect(s.doc, name).toBeTruthy();
      for (const [name, p] of Object.entries(def.params)) {
        expect(p.doc, name).toBeTruthy();
        expect(p.label, name).toBeTruthy();
        if (p.kind === 'choice') expect(p.options).toContain(p.default);
        if (p.kind === 'float' && typeof p.default === 'number') {
          if (p.min !== undefined) expect(p.default).toBeGreaterThanOrEqual(p.min);
          if (p.max !== undefined) expect(p.default).toBeLessThanOrEqual(p.max);
        }
      }
      if (def.type === 'constraint/look-at') {
        expect(def.blender).toBeUndefined(); // a Sinew node: no Blender counterpart
        return;
      }
      const b = def.blender!;
      // Every mapped property lands on a param; every param is reachable from Blender.
      for (const target of Object.values(b.params)) expect(def.params[target], target).toBeDefined();
      for (const name of Object.keys(def.params)) {
        expect(Object.values(b.params).includes(name) || COMMON_PARAMS.includes(name), `${name} has no Blender property`).toBe(true);
      }
    });
  }
});
