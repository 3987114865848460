// What a SCRIPTED driver yields from its compiled simple expression, as Blender 3.4's
// `driver_evaluate_simple_expr`: a flagged floating-point error (division by zero, invalid
// operation) makes the driver invalid, value 0; a non-finite result is not written (the driver keeps
// its value; from a fresh evaluation, 0); otherwise the double result rounded to float32.
import type { CompiledExpression } from './compile';

export function scriptedValue(expr: CompiledExpression, params: Float64Array, previous = 0): number {
  const r = expr.evaluate(params);
  if (expr.status !== 0) return 0;
  if (!Number.isFinite(r)) return previous;
  return Math.fround(r);
}
