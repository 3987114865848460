// A parsed simple expression compiled to nested closures: no eval, no Function, nothing allocated
// per call. Evaluation follows Blender's stack machine: double precision, a comparison gives 1 or 0,
// `and`/`or` give the deciding operand, C truthiness (NaN is true, ±0 false), comparison chains
// stop at the first false link, and the floating-point exceptions Blender tests after the run
// (division by zero, invalid operation) are tracked in `status`.
import { BUILTIN_FUNCTIONS } from './builtins';
import { parseExpression, type CompareOp, type ExprNode } from './parse';

/** `status` bits, as Blender's `fetestexcept(FE_DIVBYZERO | FE_INVALID)`. */
export const EXPR_DIV_BY_ZERO = 1;
export const EXPR_INVALID = 2;

export interface CompiledExpression {
  /** The parameter names, in the order `evaluate` reads them. */
  readonly params: readonly string[];
  /** The raw double result; `status` tells whether Blender would have flagged an error. */
  evaluate(params: Float64Array): number;
  /** Bits of `EXPR_DIV_BY_ZERO` and `EXPR_INVALID` raised by the last `evaluate`. */
  status: number;
}

type Closure = (p: Float64Array) => number;

const truthy = (x: number) => x !== 0; // C: NaN is true, −0 is false.

export function compileExpression(src: string, params: readonly string[]): CompiledExpression {
  const tree = parseExpression(src, params);
  const out: CompiledExpression = { params: [...params], status: 0, evaluate: () => 0 };
  /** NaN made from operands that were not NaN: IEEE's invalid operation. */
  const checkNaN = (r: number, a: number, b: number) => {
    if (r !== r && a === a && b === b) out.status |= EXPR_INVALID;
    return r;
  };
  const compare = (op: CompareOp, a: number, b: number): boolean => {
    // Ordered comparisons signal on NaN operands (IEEE 754), == and != do not.
    if ((a !== a || b !== b) && op !== '==' && op !== '!=') out.status |= EXPR_INVALID;
    switch (op) {
      case '==':
        return a === b;
      case '!=':
        return a !== b;
      case '<':
        return a < b;
      case '<=':
        return a <= b;
      case '>':
        return a > b;
      case '>=':
        return a >= b;
    }
  };

  const build = (n: ExprNode): Closure => {
    switch (n.kind) {
      case 'number': {
        const v = n.value;
        return () => v;
      }
      case 'param': {
        const i = n.index;
        return (p) => p[i];
      }
      case 'negate': {
        const a = build(n.arg);
        return (p) => -a(p);
      }
      case 'binary': {
        const l = build(n.left);
        const r = build(n.right);
        switch (n.op) {
          case '+':
            return (p) => {
              const a = l(p), b = r(p);
              return checkNaN(a + b, a, b);
            };
          case '-':
            return (p) => {
              const a = l(p), b = r(p);
              return checkNaN(a - b, a, b);
            };
          case '*':
            return (p) => {
              const a = l(p), b = r(p);
              return checkNaN(a * b, a, b);
            };
          case '/':
            return (p) => {
              const a = l(p), b = r(p);
              if (b === 0 && a === a && a !== 0) out.status |= EXPR_DIV_BY_ZERO;
              return checkNaN(a / b, a, b);
            };
        }
        throw new Error('unreachable');
      }
      case 'compare': {
        const operands = n.operands.map(build);
        const ops = n.ops;
        if (ops.length === 1) {
          const [l, r] = operands;
          const op = ops[0];
          return (p) => (compare(op, l(p), r(p)) ? 1 : 0);
        }
        return (p) => {
          let a = operands[0](p);
          for (let i = 0; i < ops.length; i++) {
            const b = operands[i + 1](p);
            if (!compare(ops[i], a, b)) return 0;
            a = b;
          }
          return 1;
        };
      }
      case 'not': {
        const a = build(n.arg);
        return (p) => (truthy(a(p)) ? 0 : 1);
      }
      case 'and': {
        const l = build(n.left);
        const r = build(n.right);
        return (p) => {
          const a = l(p);
          return truthy(a) ? r(p) : a;
        };
      }
      case 'or': {
        const l = build(n.left);
        const r = build(n.right);
        return (p) => {
          const a = l(p);
          return truthy(a) ? a : r(p);
        };
      }
      case 'if': {
        const c = build(n.condition);
        const b = build(n.body);
        const o = build(n.otherwise);
        return (p) => (truthy(c(p)) ? b(p) : o(p));
      }
      case 'call': {
        const args = n.args.map(build);
        if (n.name === 'min' || n.name === 'max') {
          const isMin = n.name === 'min';
          // Blender's CLAMP_MAX / CLAMP_MIN from the first argument on: `if (a > b) a = b`.
          return (p) => {
            let a = args[0](p);
            for (let i = 1; i < args.length; i++) {
              const b = args[i](p);
              if (a !== a || b !== b) out.status |= EXPR_INVALID;
              if (isMin ? a > b : a < b) a = b;
            }
            return a;
          };
        }
        const fn = BUILTIN_FUNCTIONS[n.name][args.length];
        const name = n.name;
        if (args.length === 1) {
          const [x] = args;
          const zeroPole = name === 'log';
          return (p) => {
            const a = x(p);
            if (zeroPole && a === 0) out.status |= EXPR_DIV_BY_ZERO;
            return checkNaN(fn(a), a, 0);
          };
        }
        if (args.length === 2) {
          const [x, y] = args;
          return (p) => {
            const a = x(p), b = y(p);
            if (name === 'pow' && a === 0 && b < 0) out.status |= EXPR_DIV_BY_ZERO;
            if (name === 'log') {
              if (a === 0 || b === 0) out.status |= EXPR_DIV_BY_ZERO;
              else if (b === 1 && a === a && a !== 1) out.status |= EXPR_DIV_BY_ZERO;
            }
            return checkNaN(fn(a, b), a, b);
          };
        }
        const [x, y, z] = args;
        return (p) => {
          const a = x(p), b = y(p), c = z(p);
          if (name === 'smoothstep' && a === b && a === a && c === c && c !== a) out.status |= EXPR_DIV_BY_ZERO;
          const r = fn(a, b, c);
          if (r !== r && a === a && b === b && c === c) out.status |= EXPR_INVALID;
          return r;
        };
      }
    }
  };

  const root = build(tree);
  out.evaluate = (p) => {
    out.status = 0;
    return root(p);
  };
  return out;
}
