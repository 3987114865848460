// Checking a fixture's `expected` (Blender's matrices, ../shared/conformance/README.md) before
// `sinew conformance` compares with it: an object's world matrix is 16 numbers, a bone's matrix 16
// and its head and tail 3 each; an animated case (`frames`) holds one such readout per frame, keyed
// by the frame. An import does not read `expected` (check-fixture.ts), so this is conformance's own
// check: a case file that lacks it, or holds something else, is a failed case with a pointer and a
// sentence, never an error thrown from the comparison.
import { describeValue } from '../../../graph/messages';
import { childPointer, pointerOf } from '../../../graph/pointer';
import type { GraphError } from '../../../graph/types';
import { isRecord } from '../../../graph/is-record';

/** The errors in `data.expected` (`data` a fixture that passed `checkFixture`); none when it is usable. */
export function checkExpected(data: { expected?: unknown; frames?: unknown }): GraphError[] {
  const errors: GraphError[] = [];
  if (!('expected' in data) || data.expected === undefined) {
    return [{ code: 'missing-field', pointer: '/expected', message: 'required field "expected" is missing (a conformance case holds the matrices Blender evaluated; an export without them is for import-blender)' }];
  }
  const expected = data.expected;
  if (!Array.isArray(data.frames)) {
    checkReadout(expected, '/expected', errors);
    return errors;
  }
  if (!isRecord(expected)) return [invalid('/expected', `expected the matrices of each frame, keyed by frame, got ${describeValue(expected)}`)];
  for (const frame of data.frames as unknown[]) {
    const key = String(frame);
    if (!Object.hasOwn(expected, key)) errors.push({ code: 'missing-field', pointer: pointerOf('expected', key), message: `frame ${key} is listed in "frames" but has no matrices` });
  }
  for (const [key, readout] of Object.entries(expected)) checkReadout(readout, pointerOf('expected', key), errors);
  return errors;
}

function checkReadout(readout: unknown, at: string, errors: GraphError[]): void {
  if (!isRecord(readout)) {
    errors.push(invalid(at, `expected an object with "objects" and "bones", got ${describeValue(readout)}`));
    return;
  }
  for (const key of ['objects', 'bones'] as const) {
    if (!isRecord(readout[key])) errors.push(invalid(`${at}/${key}`, `expected an object keyed by ${key === 'objects' ? 'object name' : '"Armature/Bone"'}, got ${describeValue(readout[key])}`));
  }
  if (isRecord(readout['objects'])) {
    for (const [name, m] of Object.entries(readout['objects'])) checkNumbers(m, 16, childPointer(at, 'objects', name), errors);
  }
  if (isRecord(readout['bones'])) {
    for (const [id, b] of Object.entries(readout['bones'])) {
      const where = childPointer(at, 'bones', id);
      if (!isRecord(b)) {
        errors.push(invalid(where, `expected an object with "matrix", "head" and "tail", got ${describeValue(b)}`));
        continue;
      }
      checkNumbers(b['matrix'], 16, `${where}/matrix`, errors);
      checkNumbers(b['head'], 3, `${where}/head`, errors);
      checkNumbers(b['tail'], 3, `${where}/tail`, errors);
    }
  }
}

function checkNumbers(value: unknown, count: number, at: string, errors: GraphError[]): void {
  if (!Array.isArray(value) || value.length !== count || !value.every((x) => typeof x === 'number')) {
    errors.push(invalid(at, `expected ${count} numbers, got ${describeValue(value)}`));
  }
}

function invalid(pointer: string, message: string): GraphError {
  return { code: 'invalid-value', pointer, message };
}
