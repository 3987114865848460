// A step that fails does not stop the program: a node that throws or gives a non-finite number is
// marked and undone for the frame, an owner's matrix that overflows is saturated; each is warned of
// once, with a count of the evaluations it happened in. While the program's guard switch is off, the
// steps run bare and the frame is checked as a whole afterwards (frame-check.ts).
import { computePre } from '../rig/pose';
import type { RigOwner } from '../rig/rig';
import type { CompiledNode } from './compiled-node';
import type { GuardSwitch } from './frame-check';
import type { ProgramWarning } from './program';
import type { GuardedStep } from './bare-step';

/**
 * A node's step, guarded: if its kernel throws, or leaves a NaN or ±Infinity in an output or in a
 * final matrix it writes, the node is marked failed (a `node-failed` warning naming it, pushed once;
 * its `count` says in how many evaluations it failed)
 * and its effect is undone for this frame: a constraint passes its owner through unchanged (as an
 * inactive one does), other outputs take their neutral value (identity transform and quaternion,
 * zero vector and float), and owners it writes keep the matrix they had before it ran. Nothing is
 * allocated per frame: the copies it restores from are made here, once.
 */
export function guardNode(c: CompiledNode, run: () => void, written: RigOwner[], warnings: ProgramWarning[], on: GuardSwitch): GuardedStep {
  const outputs = Object.entries(c.io.out).map(([name, view]) => ({ view, type: c.def.outputs[name]?.type }));
  const passThrough = c.def.constraint && c.io.in.owner && c.io.out.owner ? { from: c.io.in.owner, to: c.io.out.owner } : undefined;
  const saved = written.map((o) => ({ view: o.final, copy: new Float64Array(16) }));
  let warning: ProgramWarning | undefined;
  const undo = (reason: string) => {
    for (const { view, type } of outputs) neutral(view, type);
    if (passThrough) passThrough.to.set(passThrough.from);
    for (const s of saved) s.view.set(s.copy);
    if (warning) {
      warning.count!++;
      return;
    }
    warning = {
      code: 'node-failed',
      pointer: `/nodes/${c.index}`,
      nodeId: c.node.id,
      message: `node "${c.node.id}" (${c.def.label}) failed: ${reason}; it is skipped${passThrough ? ' and its owner passes through unchanged' : ''}`,
      count: 1,
    };
    warnings.push(warning);
  };
  // The step runs every frame for every guarded node: flat arrays, copies by hand (a 16-number
  // TypedArray#set costs more than the loop) and one branch per view for the finiteness check.
  const outViews = outputs.map((o) => o.view);
  const views = saved.map((s) => s.view);
  const copies = saved.map((s) => s.copy);
  const fail = (e: unknown) => { undo(`it stopped with an error (${e instanceof Error ? e.message : String(e)})`.slice(0, 300)); };
  const guarded = () => {
    // Off: the frame is checked as a whole afterwards, and run again with the guards on if it must be (frame-check.ts).
    if (on[0] === 0) { run(); return; }
    for (let k = 0; k < views.length; k++) copy16(copies[k], views[k]);
    try {
      run();
    } catch (e) {
      fail(e);
      return;
    }
    for (let k = 0; k < outViews.length; k++) {
      if (!allFinite(outViews[k])) { undo('it gave a number that is not finite'); return; }
    }
    for (let k = 0; k < views.length; k++) {
      if (!allFinite(views[k])) { undo('it gave an owner a matrix that is not finite'); return; }
    }
  };
  return Object.assign(guarded, { bare: run });
}

function copy16(to: Float64Array, from: Float64Array): void {
  for (let i = 0; i < 16; i++) to[i] = from[i];
}

/**
 * An owner's pre-constraint step, guarded: a matrix that overflows (a parent far away and scaled
 * up) saturates as the math nodes do: ±Infinity becomes ±Number.MAX_VALUE, NaN becomes 0. A
 * warning names the owner once (its `count`: in how many evaluations): `owner-overflow` when numbers only grew too large,
 * `owner-invalid` when one could not be computed at all (NaN: a bug to report).
 */
export function guardPre(o: RigOwner, warnings: ProgramWarning[], on: GuardSwitch): () => void {
  const check = checkPre(o, warnings, on);
  return () => {
    computePre(o);
    check();
  };
}

/**
 * The guard of {@link guardPre} alone: checks `o.pre` as made, saturates it and warns when it must.
 * A pre step that makes the matrix another way (wasm/bone-pre.ts) calls it when it has not itself
 * found the matrix finite and unsaturated.
 */
export function checkPre(o: RigOwner, warnings: ProgramWarning[], on: GuardSwitch): () => void {
  let overflow: ProgramWarning | undefined;
  let invalid: ProgramWarning | undefined;
  return () => {
    const m = o.pre;
    // runtime/rig/pose.ts multiplies with saturation (so a far parent never makes Inf − Inf = NaN): an
    // overflow shows as ±MAX_VALUE, and is warned about like an Infinity.
    if (allFiniteUnsaturated(m)) return;
    // With the guards off, the frame will run again with them on (frame-check.ts): warn then, once.
    if (on[0] === 0) { on[1] = 1; return; }
    let nan = false;
    for (let i = 0; i < 16; i++) {
      if (m[i] !== m[i]) nan = true;
      m[i] = saturate(m[i]);
    }
    const seen = nan ? invalid : overflow;
    if (seen) {
      seen.count!++;
      return;
    }
    const warning: ProgramWarning = nan
      ? { code: 'owner-invalid', pointer: '/scene', message: `owner "${o.id}": its matrix before constraints could not be computed (NaN); those numbers were set to 0`, count: 1 }
      : { code: 'owner-overflow', pointer: '/scene', message: `owner "${o.id}": its matrix before constraints does not fit in a double; numbers too large were saturated`, count: 1 };
    if (nan) invalid = warning;
    else overflow = warning;
    warnings.push(warning);
  };
}

function allFiniteUnsaturated(v: Float64Array): boolean {
  // Every rig but a degenerate one answers on the first line: a sum of magnitudes below 1e300
  // has no NaN, no ±Infinity and no ±MAX_VALUE in it.
  let sum = 0;
  for (let i = 0; i < 16; i++) sum += Math.abs(v[i]);
  if (sum < 1e300) return true;
  for (let i = 0; i < 16; i++) {
    const x = v[i];
    if (x - x !== 0 || x === Number.MAX_VALUE || x === -Number.MAX_VALUE) return false;
  }
  return true;
}

/** Whether every number is finite: x − x is 0 for a finite x and NaN for NaN and ±Infinity. */
function allFinite(v: Float64Array): boolean {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] - v[i];
  return s === 0;
}

function saturate(x: number): number {
  return x !== x ? 0 : x > Number.MAX_VALUE ? Number.MAX_VALUE : x < -Number.MAX_VALUE ? -Number.MAX_VALUE : x;
}

/** A socket's neutral value: identity for transforms and quaternions, zero otherwise. */
function neutral(view: Float64Array, type: string | undefined): void {
  view.fill(0);
  if (type === 'transform' || type === 'curve') view[0] = view[5] = view[10] = view[15] = 1;
  else if (type === 'quaternion') view[3] = 1;
}
