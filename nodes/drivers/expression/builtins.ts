// The constants and functions of Blender 3.4's simple expressions (`builtin_consts`, `builtin_ops`
// in expr_pylike_eval.cc), in double precision as there. Nothing else may be called.

export const BUILTIN_CONSTANTS: Readonly<Record<string, number>> = { pi: Math.PI, True: 1, False: 0 };

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

/** C's `round`: halves away from zero (JavaScript's Math.round rounds them up). */
const cRound = (x: number) => (x < 0 ? -Math.round(-x) : Math.round(x));
/** C's `pow` where it differs from Math.pow: 1 to any power and −1 to ±∞ are 1. */
const cPow = (a: number, b: number) => (a === 1 || (a === -1 && (b === Infinity || b === -Infinity)) ? 1 : Math.pow(a, b));
/** C's `fmod`: the sign of the dividend, NaN for a zero divisor (as JavaScript's `%`). */
const fmod = (a: number, b: number) => a % b;

type Fn = (...args: number[]) => number;

/** Each function by name and argument count. */
export const BUILTIN_FUNCTIONS: Readonly<Record<string, Readonly<Record<number, Fn>>>> = {
  radians: { 1: (a) => (a * Math.PI) / 180 },
  degrees: { 1: (a) => (a * 180) / Math.PI },
  abs: { 1: Math.abs },
  fabs: { 1: Math.abs },
  floor: { 1: Math.floor },
  ceil: { 1: Math.ceil },
  trunc: { 1: Math.trunc },
  round: { 1: cRound },
  int: { 1: Math.trunc },
  sin: { 1: Math.sin },
  cos: { 1: Math.cos },
  tan: { 1: Math.tan },
  asin: { 1: Math.asin },
  acos: { 1: Math.acos },
  atan: { 1: Math.atan },
  atan2: { 2: Math.atan2 },
  exp: { 1: Math.exp },
  log: { 1: Math.log, 2: (a, b) => Math.log(a) / Math.log(b) },
  sqrt: { 1: Math.sqrt },
  pow: { 2: cPow },
  fmod: { 2: fmod },
  lerp: { 3: (a, b, x) => a * (1 - x) + b * x },
  clamp: { 1: (a) => clamp(a, 0, 1), 3: clamp },
  smoothstep: {
    3: (a, b, x) => {
      const t = clamp((x - a) / (b - a), 0, 1);
      return t * t * (3 - 2 * t);
    },
  },
};

/** `min` and `max` take one argument or more. */
export const VARIADIC_FUNCTIONS: ReadonlySet<string> = new Set(['min', 'max']);

/**
 * Python mode (an expression Blender hands to Python, parse.ts): the driver namespace's names that
 * Blender 3.4 lets a driver use without Auto Run Python Scripts (bpy_driver.c: the namespace's math
 * and bl_math functions, and the whitelisted builtins min, max, pow, round, int, float, bool). `abs`
 * is not among them: Blender fails such a driver, so it is refused by name here.
 */
export const PYTHON_FUNCTIONS: Readonly<Record<string, Readonly<Record<number, Fn>>>> = {
  ...Object.fromEntries(Object.entries(BUILTIN_FUNCTIONS).filter(([name]) => name !== 'abs')),
  float: { 1: (a) => a },
  bool: { 1: (a) => (a !== 0 ? 1 : 0) },
};

/** math's constants in the driver namespace, besides `pi`. */
export const PYTHON_CONSTANTS: Readonly<Record<string, number>> = { e: Math.E, tau: 2 * Math.PI, inf: Infinity, nan: NaN };

/** Names Python mode refuses, with why. */
export const PYTHON_REFUSED: Readonly<Record<string, string>> = {
  abs: 'abs is not one of the names Blender 3.4 lets a driver\'s Python use unless Auto Run Python Scripts is on (its driver fails without it)',
};
