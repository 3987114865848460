// A parsed simple expression compiled to a stack machine, as Blender's own evaluator is
// (expr_pylike_eval.cc): opcodes in an Int32Array, constants and the value stack in Float64Arrays,
// one interpreter loop. No eval, no Function, and nothing allocated per call: every double stays in
// a typed array (a tree of closures returning doubles boxed one heap number per call V8 did not
// inline, ~16 bytes per driver per frame on Rigify). Evaluation follows Blender: double precision, a
// comparison gives 1 or 0, `and`/`or` give the deciding operand, C truthiness (NaN is true, ±0 false),
// comparison chains stop at the first false link, and the floating-point exceptions Blender tests
// after the run (division by zero, invalid operation) are tracked in `status`. In Python mode (an
// expression Blender hands to Python) `**`, `%`, `//`, `round` and the integer functions follow
// CPython instead, and where Python raises, `status` says so (the driver fails, as in Blender).
import { PYTHON_REFUSED } from './builtins';
import { ExpressionError, parseExpression, type CompareOp, type ExprNode, type ParseOptions } from './parse';

/** `status` bits, as Blender's `fetestexcept(FE_DIVBYZERO | FE_INVALID)`. */
export const EXPR_DIV_BY_ZERO = 1;
export const EXPR_INVALID = 2;

export interface CompiledExpression {
  /** The parameter names, in the order `evaluate` reads them. */
  readonly params: readonly string[];
  /** The raw double result; `status` tells whether Blender would have flagged an error. */
  evaluate(params: Float64Array): number;
  /** The same, written to `out[at]` (no double crosses a call: nothing is boxed). */
  evaluateInto(params: Float64Array, out: Float64Array, at: number): void;
  /** Bits of `EXPR_DIV_BY_ZERO` and `EXPR_INVALID` raised by the last evaluation. */
  status: number;
  /** Whether it was compiled in Python mode (an expression Blender hands to Python). */
  readonly python: boolean;
}

// Opcodes. Each is followed by one operand word (a constant's or param's index, a jump target, an
// argument count, a function or comparison code, or 0).
const CONST = 0, PARAM = 1, NEG = 2, ADD = 3, SUB = 4, MUL = 5, DIV = 6;
const CMP = 7; // operand: comparison code; pops b, a; pushes 1 or 0
const CMP_CHAIN = 8; // operand: the exit; the comparison code is the operand of the CMP pair after it
const NOT = 9;
const JMP = 10, JMP_ELSE = 11; // JMP_ELSE pops the condition
const JMP_AND = 12, JMP_OR = 13; // keep the deciding operand and jump, or pop it and go on
const MIN = 14, MAX = 15; // operand: argument count
const FN1 = 16, FN2 = 17, FN3 = 18; // operand: function code
const END = 19;
// Python mode (an expression Blender hands to Python): `**`, `%`, `//` with CPython's float semantics.
const POW = 20, MOD = 21, FLOORDIV = 22;

const COMPARE_CODES: Readonly<Record<CompareOp, number>> = { '==': 0, '!=': 1, '<': 2, '<=': 3, '>': 4, '>=': 5 };

/** Function codes by name and argument count (the functions of builtins.ts, evaluated inline in `run`). */
const FN1_CODES: Readonly<Record<string, number>> = {
  radians: 0, degrees: 1, abs: 2, fabs: 2, floor: 3, ceil: 4, trunc: 5, int: 5, round: 6,
  sin: 7, cos: 8, tan: 9, asin: 10, acos: 11, atan: 12, exp: 13, log: 14, sqrt: 15, clamp: 16,
};
const FN2_CODES: Readonly<Record<string, number>> = { atan2: 0, log: 1, pow: 2, fmod: 3 };
/**
 * Python mode's own codes where Python differs from the simple evaluator: `round` is Python's
 * (halves to even), and `int`, `trunc`, `floor`, `ceil` of a NaN or an infinity raise (math and int
 * do), as does `exp` that overflows; a raise makes the driver fail, as a flagged error does.
 */
const PY_FN1_CODES: Readonly<Record<string, number>> = { ...FN1_CODES, round: 17, int: 18, trunc: 18, floor: 19, ceil: 20, exp: 21, float: 22, bool: 23 };
/** Python mode's `pow` is math.pow, which raises on overflow too. */
const PY_FN2_CODES: Readonly<Record<string, number>> = { ...FN2_CODES, pow: 4 };
const FN3_CODES: Readonly<Record<string, number>> = { lerp: 0, clamp: 1, smoothstep: 2 };

/** A compiled expression's code and its working memory, made once. */
interface Machine {
  code: Int32Array;
  consts: Float64Array;
  stack: Float64Array;
  /** [0]: the status bits of the last run. */
  state: Int32Array;
}

export function compileExpression(src: string, params: readonly string[], options: ParseOptions = {}): CompiledExpression {
  const m = assemble(parseExpression(src, params, options), options.python === true);
  const out: CompiledExpression = {
    params: [...params],
    status: 0,
    python: options.python === true,
    evaluate(p) {
      run(m, p);
      out.status = m.state[0];
      return m.stack[0];
    },
    evaluateInto(p, into, at) {
      run(m, p);
      out.status = m.state[0];
      into[at] = m.stack[0];
    },
  };
  return out;
}

/**
 * A driver's scripted expression as Blender takes it: a simple expression, else one it hands to
 * Python, in Python mode (Python's `**`, `%`, `//` on top of the simple subset). When neither takes
 * it, the simple parser's error, or Python mode's when it names what Blender's Python drivers may
 * not use (`abs`).
 */
export function compileScripted(src: string, params: readonly string[]): CompiledExpression {
  try {
    return compileExpression(src, params);
  } catch (e) {
    if (!(e instanceof ExpressionError)) throw e;
    try {
      return compileExpression(src, params, { python: true });
    } catch (p) {
      // Python mode's own word where it has one: a name Blender's Python drivers may not use, or
      // what fails in Python (sum of a number, max of an empty list).
      if (p instanceof ExpressionError && (Object.values(PYTHON_REFUSED).includes(p.reason) || p.reason.includes('in Python'))) throw p;
      throw e;
    }
  }
}

/** The tree as code: operands first, then their operator; jumps for the short-circuiting forms. */
function assemble(tree: ExprNode, python: boolean): Machine {
  const code: number[] = [];
  const consts: number[] = [];
  let depth = 0, maxDepth = 0;
  const push = (n: number) => { depth += n; if (depth > maxDepth) maxDepth = depth; };
  /** Appends an opcode and its operand; the operand's index, to patch a jump target in. */
  const emit = (op: number, arg = 0) => { code.push(op, arg); return code.length - 1; };
  const here = () => code.length;

  const build = (n: ExprNode): void => {
    switch (n.kind) {
      case 'number':
        consts.push(n.value);
        emit(CONST, consts.length - 1);
        { push(1); return; }
      case 'param':
        emit(PARAM, n.index);
        { push(1); return; }
      case 'negate':
        build(n.arg);
        emit(NEG);
        return;
      case 'binary':
        build(n.left);
        build(n.right);
        emit({ '+': ADD, '-': SUB, '*': MUL, '/': DIV, '**': POW, '%': MOD, '//': FLOORDIV }[n.op]);
        { push(-1); return; }
      case 'compare': {
        // a < b < c: a, b, CMP_CHAIN + CMP(<) (false: 0 and out; true: keep b), c, CMP(<).
        build(n.operands[0]);
        const exits: number[] = [];
        n.ops.forEach((op, i) => {
          build(n.operands[i + 1]);
          if (i < n.ops.length - 1) exits.push(emit(CMP_CHAIN));
          emit(CMP, COMPARE_CODES[op]); // after CMP_CHAIN: read by it, skipped
          push(-1);
        });
        for (const at of exits) code[at] = here();
        return;
      }
      case 'not':
        build(n.arg);
        emit(NOT);
        return;
      case 'and':
      case 'or': {
        build(n.left);
        const jump = emit(n.kind === 'and' ? JMP_AND : JMP_OR);
        push(-1);
        build(n.right);
        code[jump] = here();
        return;
      }
      case 'if': {
        build(n.condition);
        const toElse = emit(JMP_ELSE);
        push(-1);
        build(n.body);
        const toEnd = emit(JMP);
        push(-1);
        code[toElse] = here();
        build(n.otherwise);
        code[toEnd] = here();
        return;
      }
      case 'call': {
        for (const a of n.args) build(a);
        const count = n.args.length;
        if (n.name === 'min' || n.name === 'max') emit(n.name === 'min' ? MIN : MAX, count);
        else {
          const fn = count === 1 ? (python ? PY_FN1_CODES : FN1_CODES)[n.name] : count === 2 ? (python ? PY_FN2_CODES : FN2_CODES)[n.name] : count === 3 ? FN3_CODES[n.name] : undefined;
          // The parser admits builtins.ts's functions only; one missing here is this file's mistake.
          if (fn === undefined) throw new Error(`expression: no code for ${n.name} with ${count} arguments`);
          emit(count === 1 ? FN1 : count === 2 ? FN2 : FN3, fn);
        }
        push(1 - count); return;
      }
    }
  };
  build(tree);
  emit(END);
  return { code: Int32Array.from(code), consts: Float64Array.from(consts), stack: new Float64Array(Math.max(1, maxDepth)), state: new Int32Array(1) };
}

/** IEEE's invalid operation: NaN made from operands that were not NaN. */
function invalid(r: number, a: number, b: number): number {
  return r !== r && a === a && b === b ? EXPR_INVALID : 0;
}

function compare(code: number, a: number, b: number): boolean {
  switch (code) {
    case 0: return a === b;
    case 1: return a !== b;
    case 2: return a < b;
    case 3: return a <= b;
    case 4: return a > b;
    default: return a >= b;
  }
}

/** Runs the code over `params`: the result in stack[0], the status bits in state[0]. */
function run(m: Machine, params: Float64Array): void {
  const { code, consts, stack } = m;
  let status = 0, sp = 0, pc = 0;
  for (;;) {
    const op = code[pc], arg = code[pc + 1];
    pc += 2;
    switch (op) {
      case CONST: stack[sp++] = consts[arg]; break;
      case PARAM: stack[sp++] = params[arg]; break;
      case NEG: stack[sp - 1] = -stack[sp - 1]; break;
      case ADD: case SUB: case MUL: case DIV: {
        const a = stack[sp - 2], b = stack[sp - 1];
        let r: number;
        if (op === ADD) r = a + b;
        else if (op === SUB) r = a - b;
        else if (op === MUL) r = a * b;
        else {
          if (b === 0 && a === a && a !== 0) status |= EXPR_DIV_BY_ZERO;
          r = a / b;
        }
        status |= invalid(r, a, b);
        stack[--sp - 1] = r;
        break;
      }
      case POW: case MOD: case FLOORDIV: {
        // Written out, not called: a helper returning a double that V8 does not inline boxes it, per frame.
        const a = stack[sp - 2], b = stack[sp - 1];
        let r: number;
        if (op === POW) {
          // CPython's float_pow: NaN where Python raises (0 to a negative power: ZeroDivisionError; a
          // negative base to a fractional power: a complex result, a TypeError once made real).
          if (b === 0 || a === 1) r = 1;
          else if (a === 0 && b < 0) r = NaN;
          else if (a < 0 && Number.isFinite(a) && Number.isFinite(b) && Math.trunc(b) !== b) r = NaN;
          else r = Math.pow(a, b);
        } else if (b === 0) r = NaN; // ZeroDivisionError
        else {
          // CPython's float_rem and float_divmod: the remainder takes the divisor's sign.
          const mod = a % b;
          const fix = mod !== 0 && b < 0 !== mod < 0;
          if (op === MOD) r = fix ? mod + b : mod !== 0 ? mod : b < 0 ? -0 : 0;
          else {
            let div = (a - mod) / b;
            if (fix) div -= 1;
            if (div !== 0) {
              r = Math.floor(div);
              if (div - r > 0.5) r += 1;
            } else r = a / b < 0 || Object.is(a / b, -0) ? -0 : 0;
          }
        }
        // Python raises (ZeroDivisionError, a complex result, OverflowError) where these give NaN for
        // operands that are not NaN, or an infinity from finite ones (only `**` overflows so).
        if ((r !== r && a === a && b === b) || (op === POW && !Number.isFinite(r) && Number.isFinite(a) && Number.isFinite(b))) status |= EXPR_INVALID;
        stack[--sp - 1] = r;
        break;
      }
      case CMP: case CMP_CHAIN: {
        const c = op === CMP ? arg : code[pc + 1];
        const a = stack[sp - 2], b = stack[sp - 1];
        // Ordered comparisons signal on NaN operands (IEEE 754), == and != do not.
        if ((a !== a || b !== b) && c > 1) status |= EXPR_INVALID;
        const holds = compare(c, a, b);
        if (op === CMP) stack[--sp - 1] = holds ? 1 : 0;
        else if (holds) { stack[--sp - 1] = b; pc += 2; } // the next link compares b
        else { stack[--sp - 1] = 0; pc = arg; }
        break;
      }
      case NOT: stack[sp - 1] = stack[sp - 1] !== 0 ? 0 : 1; break;
      case JMP: pc = arg; break;
      case JMP_ELSE: if (stack[--sp] === 0) pc = arg; break;
      case JMP_AND: if (stack[sp - 1] === 0) pc = arg; else sp--; break;
      case JMP_OR: if (stack[sp - 1] !== 0) pc = arg; else sp--; break;
      case MIN: case MAX: {
        // Blender's CLAMP_MAX / CLAMP_MIN from the first argument on: `if (a > b) a = b`.
        const first = sp - arg;
        let a = stack[first];
        for (let i = first + 1; i < sp; i++) {
          const b = stack[i];
          if (a !== a || b !== b) status |= EXPR_INVALID;
          if (op === MIN ? a > b : a < b) a = b;
        }
        sp = first + 1;
        stack[first] = a;
        break;
      }
      case FN1: {
        const a = stack[sp - 1];
        let r: number;
        switch (arg) {
          case 0: r = (a * Math.PI) / 180; break;
          case 1: r = (a * 180) / Math.PI; break;
          case 2: r = Math.abs(a); break;
          case 3: r = Math.floor(a); break;
          case 4: r = Math.ceil(a); break;
          case 5: r = Math.trunc(a); break;
          case 6: r = a < 0 ? -Math.round(-a) : Math.round(a); break; // C's round: halves away from zero
          case 7: r = Math.sin(a); break;
          case 8: r = Math.cos(a); break;
          case 9: r = Math.tan(a); break;
          case 10: r = Math.asin(a); break;
          case 11: r = Math.acos(a); break;
          case 12: r = Math.atan(a); break;
          case 13: r = Math.exp(a); break;
          case 14: if (a === 0) status |= EXPR_DIV_BY_ZERO; r = Math.log(a); break;
          case 15: r = Math.sqrt(a); break;
          case 16: r = a < 0 ? 0 : a > 1 ? 1 : a; break; // clamp(a): to 0..1
          // Python mode: round halves to even; int/trunc/floor/ceil and an overflowing exp raise (NaN here).
          case 17: // Python's round of a float (float___round__): C's round, then halves to even
            if (!Number.isFinite(a)) { r = NaN; break; }
            r = a < 0 ? -Math.round(-a) : Math.round(a);
            if (Math.abs(a - r) === 0.5) r = 2 * (a < 0 ? -Math.round(-a / 2) : Math.round(a / 2));
            break;
          case 18: r = Number.isFinite(a) ? Math.trunc(a) : NaN; break;
          case 19: r = Number.isFinite(a) ? Math.floor(a) : NaN; break;
          case 20: r = Number.isFinite(a) ? Math.ceil(a) : NaN; break;
          case 21: r = Math.exp(a); if (r === Infinity && Number.isFinite(a)) r = NaN; break;
          case 22: r = a; break; // float(a)
          default: r = a !== 0 ? 1 : 0; // bool(a): Python's truth, NaN true
        }
        if (arg >= 17 && arg <= 21 && r !== r && !(a !== a && arg === 21)) status |= EXPR_INVALID;
        status |= invalid(r, a, 0);
        stack[sp - 1] = r;
        break;
      }
      case FN2: {
        const a = stack[sp - 2], b = stack[sp - 1];
        let r: number;
        switch (arg) {
          case 0: r = Math.atan2(a, b); break;
          case 1:
            if (a === 0 || b === 0) status |= EXPR_DIV_BY_ZERO;
            else if (b === 1 && a === a && a !== 1) status |= EXPR_DIV_BY_ZERO;
            r = Math.log(a) / Math.log(b);
            break;
          case 2:
            if (a === 0 && b < 0) status |= EXPR_DIV_BY_ZERO;
            // C's pow where it differs from Math.pow: 1 to any power and −1 to ±∞ are 1.
            r = a === 1 || (a === -1 && (b === Infinity || b === -Infinity)) ? 1 : Math.pow(a, b);
            break;
          case 3: r = a % b; break; // C's fmod: the dividend's sign, NaN for a zero divisor
          default: // Python mode's math.pow: raises where C's pow flags, and on overflow
            if (a === 0 && b < 0) status |= EXPR_DIV_BY_ZERO;
            r = a === 1 || (a === -1 && (b === Infinity || b === -Infinity)) ? 1 : Math.pow(a, b);
            if (!Number.isFinite(r) && Number.isFinite(a) && Number.isFinite(b)) status |= EXPR_INVALID;
        }
        status |= invalid(r, a, b);
        stack[--sp - 1] = r;
        break;
      }
      case FN3: {
        const a = stack[sp - 3], b = stack[sp - 2], x = stack[sp - 1];
        let r: number;
        if (arg === 0) r = a * (1 - x) + b * x;
        else if (arg === 1) r = a < b ? b : a > x ? x : a; // clamp(a, lo = b, hi = x)
        else {
          if (a === b && a === a && x === x && x !== a) status |= EXPR_DIV_BY_ZERO;
          const q = (x - a) / (b - a);
          const t = q < 0 ? 0 : q > 1 ? 1 : q;
          r = t * t * (3 - 2 * t);
        }
        if (r !== r && a === a && b === b && x === x) status |= EXPR_INVALID;
        sp -= 2;
        stack[sp - 1] = r;
        break;
      }
      default: // END
        m.state[0] = status;
        return;
    }
  }
}
