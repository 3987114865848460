// nodes/drivers/evaluated-read.ts — a Single Property driver variable that reads what Blender
// evaluates rather than what is authored: one number of an object's `matrix_world`, `matrix_local`
// (its parent's matrix taken out, BKE_object_matrix_local_get) or `matrix_basis` (its own channels),
// or of a pose bone's `matrix`, `head`, `tail` (armature space, after constraints and IK:
// `pchan->pose_mat`, `pose_head`, `pose_tail`) or `length` (head to tail as posed: the rest length
// times the pose matrix's Y scale, measured in 3.4.1). Blender orders such a driver after what it reads
// (measured in 3.4.1, rigs.py `evaluated_reads`), and so does the link from the owner's reader.
// An RNA path's `[i][j]` on a matrix is Blender's column i, row j: element i·4 + j of the
// column-major matrix, as Sinew stores it.
import { defineNode, float, param, transform, type OwnerHandle } from '../define';
import { safeInvertMat4, safeMultiplyMat4 } from '../math/finite';
import { hypot3Into } from '../math/hypot';

export const EVALUATED_READS = ['matrix_world', 'matrix_local', 'matrix_basis', 'pose_matrix', 'pose_head', 'pose_tail', 'pose_length'] as const;
export type EvaluatedRead = (typeof EVALUATED_READS)[number];

interface State {
  read: EvaluatedRead;
  element: number;
  /** The matrix taken out (the armature's for pose reads, the parent's for matrix_local), or undefined. */
  frame: Float64Array | undefined;
  basis: Float64Array | undefined;
  length: number;
  inverse: Float64Array;
  local: Float64Array;
}

/** Why `owner` cannot give `read`, or undefined when it can. */
function readProblem(owner: OwnerHandle | undefined, read: EvaluatedRead): string | undefined {
  if (read === 'matrix_world') return undefined;
  if (!owner) return `${read} needs the target straight from an Owner node`;
  if (read.startsWith('pose_')) return owner.kind === 'bone' && owner.bone ? undefined : `${read} is a pose bone's, and "${owner.id}" is not a bone`;
  if (read === 'matrix_basis') return owner.basis ? undefined : `"${owner.id}" gives no transform channels to read matrix_basis from`;
  return owner.kind === 'object' ? undefined : `matrix_local is an object's, and "${owner.id}" is a bone (read its pose matrix)`;
}

export const driverEvaluated = defineNode({
  type: 'driver/evaluated',
  label: 'Driver evaluated value',
  category: 'Driver',
  doc: "A Single Property driver variable reading an evaluated matrix: one number of an object's matrix_world, matrix_local (its parent's matrix taken out) or matrix_basis (its own channels), or of a pose bone's matrix, head, tail or length in armature space after constraints, as Blender's RNA gives them.",
  inputs: { target: transform({ doc: 'The object or bone read (from its Owner node).', required: true }) },
  outputs: { value: float({ doc: 'The number read.' }) },
  params: {
    read: param.choice(EVALUATED_READS, 'matrix_world', "What is read: an object's matrix_world, matrix_local or matrix_basis, a pose bone's matrix, head, tail or length (armature space)."),
    element: param.int(12, 'Which number: i·4 + j for the RNA path [i][j] of a matrix (Blender column i, row j); 0-2 for a head or tail; 0 for a length.', { min: 0, max: 15 }),
  },
  bind(env, p): State {
    const owner = env.sourceOwner('target');
    const read = p.read;
    const problem = readProblem(owner, read);
    if (problem) return env.fail(problem, 'target');
    const element = p.element;
    if (read === 'pose_length' ? element > 0 : read === 'pose_head' || read === 'pose_tail' ? element > 2 : element > 15) return env.fail(`element ${element} is past the end of ${read}`, 'element');
    // matrix_local of a parent-less object is its world matrix.
    const frame = read.startsWith('pose_') ? owner!.bone!.armature.final : read === 'matrix_local' ? owner!.parent?.final : undefined;
    return { read, element, frame, basis: owner?.basis, length: owner?.bone?.length ?? 0, inverse: new Float64Array(16), local: new Float64Array(16) };
  },
  kernel(io, _p, st) {
    const out = io.out.value;
    if (st.read === 'matrix_basis') {
      out[0] = st.basis![st.element];
      return;
    }
    let m = io.in.target;
    if (st.frame) {
      if (!safeInvertMat4(st.inverse, st.frame)) st.inverse.fill(0);
      safeMultiplyMat4(st.local, st.inverse, m);
      m = st.local;
    }
    const e = st.element;
    // pose_tail = pose_head + the pose matrix's Y axis times the rest length (BKE_pose_where_is_bone_tail).
    if (st.read === 'pose_length') {
      hypot3Into(out, 0, m, 4);
      out[0] *= st.length;
    } else if (st.read === 'pose_head') out[0] = m[12 + e];
    else if (st.read === 'pose_tail') out[0] = m[12 + e] + m[4 + e] * st.length;
    else out[0] = m[e];
  },
});
