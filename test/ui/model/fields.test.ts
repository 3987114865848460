// The fields the editor and inspector draw are read from definitions (ui/model/fields.ts): an
// action param is an action field, listed with the scene's actions, as an owner param is an owner
// field listed with the scene's owners.
import { describe, expect, it } from 'vitest';
import { defaultCatalog } from '../../../nodes/catalog';
import { action } from '../../../nodes/constraints/relationship/action';
import type { SceneDocument } from '../../../runtime/rig/scene/types';
import { actionChoices, fieldsOf } from '../../../ui/model/fields';

describe('fields from definitions', () => {
  it("the Action constraint's action is an action field, empty by default", () => {
    expect(fieldsOf(action).find((f) => f.key === 'action')).toMatchObject({ kind: 'action', label: 'Action', default: '', doc: expect.stringContaining("scene's action") });
  });

  it("every param's field has its param's kind, so a picker follows from the definition alone", () => {
    for (const def of defaultCatalog.values()) {
      const fields = new Map(fieldsOf(def).filter((f) => !f.socket).map((f) => [f.key, f]));
      for (const [key, spec] of Object.entries(def.params)) expect(fields.get(key)?.kind, `${def.type}.${key}`).toBe(spec.kind);
    }
  });
});

describe('actionChoices', () => {
  const scene = (actions?: string[]): SceneDocument => ({
    format: 'sinew-scene', version: 1, objects: [], ...(actions && { actions: actions.map((name) => ({ name, fcurves: [] })) }),
  });

  it("lists the scene's actions by name, in the scene's order", () => {
    expect(actionChoices(scene(['Smile', 'Open']))).toEqual([{ id: 'Smile', label: 'Smile' }, { id: 'Open', label: 'Open' }]);
  });

  it('is empty for a scene without actions, and without a scene', () => {
    expect(actionChoices(scene())).toEqual([]);
    expect(actionChoices(scene([]))).toEqual([]);
    expect(actionChoices(undefined)).toEqual([]);
  });
});
