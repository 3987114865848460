// Checking what an import reads of a fixture's extensions — actions, the armature datablocks'
// actions, drivers, NLA and the scene's custom properties — against export-extensions.schema.json
// before anything is imported from them, so a damaged or hand-edited export is refused with a
// pointer and a sentence per place instead of stopping the import with an internal error. The
// curves are the scene schema's (a fixture's curves become the scene's); keys the import does not
// read are left alone.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { GraphError } from '../../../graph/types';
import sceneSchema from '../scene/sinew-scene.schema.json' with { type: 'json' };
import extensionsSchema from './export-extensions.schema.json' with { type: 'json' };
import { schemaErrors } from '../schema-errors';

let validate: ValidateFunction | undefined;

/** The errors in the extension data of `data` (a parsed fixture object); none when the import can read it. */
export function checkExtensionData(data: Record<string, unknown>): GraphError[] {
  validate ??= new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, schemas: [sceneSchema] }).compile(extensionsSchema);
  return validate(data) ? [] : schemaErrors(validate.errors ?? []);
}
