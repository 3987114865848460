// Loads a scene file: parse, refuse newer versions, validate against the published schema.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { GraphError } from '../../graph/types';
import sceneSchema from './sinew-scene.schema.json' with { type: 'json' };
import { SCENE_FORMAT, SCENE_VERSION, type SceneDocument } from './types';

let validate: ValidateFunction | undefined;

export type SceneLoad = { ok: true; scene: SceneDocument } | { ok: false; errors: GraphError[] };

/** Validates a scene given as JSON text or as parsed data. */
export function loadScene(input: string | unknown): SceneLoad {
  let data: unknown = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (e) {
      return { ok: false, errors: [{ code: 'bad-json', pointer: '', message: `not valid JSON: ${e instanceof Error ? e.message : e}` }] };
    }
  }
  const d = data as { format?: unknown; version?: unknown } | null;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) {
    return { ok: false, errors: [{ code: 'not-a-scene', pointer: '', message: 'expected a scene object' }] };
  }
  if (d.format !== SCENE_FORMAT) {
    return { ok: false, errors: [{ code: 'wrong-format', pointer: '/format', message: `expected "${SCENE_FORMAT}", got ${JSON.stringify(d.format) ?? 'nothing'}` }] };
  }
  if (typeof d.version === 'number' && d.version > SCENE_VERSION) {
    return { ok: false, errors: [{ code: 'newer-version', pointer: '/version', message: `this scene is version ${d.version}; this build of Sinew reads scene files up to version ${SCENE_VERSION}` }] };
  }
  validate ??= new Ajv2020({ allErrors: true }).compile(sceneSchema);
  if (!validate(data)) {
    const errors = (validate.errors ?? []).map((e) => ({
      code: 'schema',
      pointer: e.instancePath,
      message: e.keyword === 'enum' ? `expected one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}` : (e.message ?? 'is not valid'),
    }));
    return { ok: false, errors };
  }
  return { ok: true, scene: data as SceneDocument };
}
