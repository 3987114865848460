// An inverse kept while the matrix it was made from holds the same numbers: for inverses asked for
// many times a frame of a matrix that changes at most once (an armature's, by the pose-space
// conversions and by every IK of the rig). Compared number by number, zeros by sign too (sameMat4),
// so any change, or a NaN, inverts again; the same inversion of the same numbers gives the same bits.
import { copyMat4, sameMat4 } from './matrix';

export class KeptInverse {
  /** The inverse of the matrix last given to `of`. */
  readonly inverse = new Float64Array(16);
  private readonly from = new Float64Array(16);
  // [made, invertible]: flags in an array, as the kernels keep their numbers.
  private readonly state = Uint8Array.of(0, 0);

  /** `invert(out, m)` writes m's inverse into out and says whether m was invertible. */
  constructor(private readonly invert: (out: Float64Array, m: Float64Array) => boolean) {}

  /** Makes `inverse` m's (again only when m changed); returns whether m was invertible. */
  of(m: Float64Array): boolean {
    const state = this.state;
    if (state[0] === 0 || !sameMat4(m, this.from)) {
      copyMat4(this.from, m);
      state[1] = this.invert(this.inverse, m) ? 1 : 0;
      state[0] = 1;
    }
    return state[1] === 1;
  }
}
