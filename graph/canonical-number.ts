// Numbers as a graph file stores them: float noise from arithmetic (0.1 + 0.2) is rounded away so
// that a value edited back and forth saves to the same text, and files diff cleanly in git.

/** Significant digits kept: far below a double's 15–17, far above anything a rig can see. */
export const SIGNIFICANT_DIGITS = 12;

/**
 * Rounds to 12 significant digits and turns -0 into 0; integers a double holds exactly (ids,
 * millisecond timestamps in data Sinew keeps for others) are kept as they are. Non-finite numbers
 * are returned as they are.
 */
export function canonicalNumber(value: number): number {
  if (!Number.isFinite(value)) return value;
  if (Number.isSafeInteger(value)) return value === 0 ? 0 : value;
  const rounded = Number(value.toPrecision(SIGNIFICANT_DIGITS));
  return rounded === 0 ? 0 : rounded; // also turns -0 into 0
}

/** The JSON text of a number: canonical, integers without a fraction, `null` where JSON has no number. */
export function formatNumber(value: number): string {
  const n = canonicalNumber(value);
  return Number.isFinite(n) ? String(n) : 'null';
}
