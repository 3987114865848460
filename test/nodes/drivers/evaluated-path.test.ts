import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluatedPath } from '../../../nodes/drivers/data-path';

// Paths a Single Property variable reads evaluated matrices and rest data by (rigs.py
// `evaluated_reads` checks the values against Blender): RNA's [i][j] on a matrix is Blender's
// column i, row j, element i·4 + j of Sinew's column-major matrices.
const name = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/["\\\]]/.test(s));
const quoted = (s: string) => JSON.stringify(s);

describe('evaluatedPath', () => {
  it('reads every element of every matrix, and nothing past them', () => {
    fc.assert(
      fc.property(name, fc.nat(5), fc.nat(5), (bone, i, j) => {
        const e = i < 4 && j < 4 ? i * 4 + j : null;
        const b = quoted(bone);
        const at = (v: object) => (e === null ? null : { ...v, element: e });
        expect(evaluatedPath(`matrix_world[${i}][${j}]`)).toEqual(at({ kind: 'evaluated', bone: null, read: 'matrix_world' }));
        expect(evaluatedPath(`matrix_local[${i}][${j}]`)).toEqual(at({ kind: 'evaluated', bone: null, read: 'matrix_local' }));
        expect(evaluatedPath(`matrix_basis[${i}][${j}]`)).toEqual(at({ kind: 'evaluated', bone: null, read: 'matrix_basis' }));
        expect(evaluatedPath(`pose.bones[${b}].matrix[${i}][${j}]`)).toEqual(at({ kind: 'evaluated', bone, read: 'pose_matrix' }));
        expect(evaluatedPath(`data.bones[${b}].matrix_local[${i}][${j}]`)).toEqual(at({ kind: 'rest', bone, read: 'matrix_local' }));
      }),
    );
  });

  it('reads heads, tails and lengths', () => {
    fc.assert(
      fc.property(name, fc.nat(4), (bone, i) => {
        const b = quoted(bone);
        const at = (v: object) => (i < 3 ? { ...v, element: i } : null);
        expect(evaluatedPath(`pose.bones[${b}].head[${i}]`)).toEqual(at({ kind: 'evaluated', bone, read: 'pose_head' }));
        expect(evaluatedPath(`pose.bones[${b}].tail[${i}]`)).toEqual(at({ kind: 'evaluated', bone, read: 'pose_tail' }));
        expect(evaluatedPath(`data.bones[${b}].head_local[${i}]`)).toEqual(at({ kind: 'rest', bone, read: 'head_local' }));
        expect(evaluatedPath(`data.bones[${b}].tail_local[${i}]`)).toEqual(at({ kind: 'rest', bone, read: 'tail_local' }));
        expect(evaluatedPath(`pose.bones[${b}].length`)).toEqual({ kind: 'evaluated', bone, read: 'pose_length', element: 0 });
        expect(evaluatedPath(`data.bones[${b}].length`)).toEqual({ kind: 'rest', bone, read: 'length', element: 0 });
      }),
    );
  });

  it('leaves every other path to the channel and property reader', () => {
    for (const path of ['matrix_world', 'matrix_world[3]', 'matrix_world[3][0][1]', 'pose.bones["B"].head', 'pose.bones["B"].length[0]', 'pose.bones["B"].location[0]', '["p"]', 'location[2]', 'pose.bones["B"]["p"]', 'data.bones["B"].head[0]']) {
      expect(evaluatedPath(path), path).toBeNull();
    }
  });
});
