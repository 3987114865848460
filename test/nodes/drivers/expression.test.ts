// The simple-expression parser and evaluator against Blender 3.4.1's own: every expression of
// blender-expressions.json (recorded by record_expressions.py: hand-picked edge cases and 400
// random trees) is accepted exactly when Blender took it as a simple expression, and gives
// Blender's driver value bit for bit for each recorded input.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BUILTIN_FUNCTIONS } from '../../../nodes/drivers/expression/builtins';
import { compileExpression } from '../../../nodes/drivers/expression/compile';
import { ExpressionError, parseExpression } from '../../../nodes/drivers/expression/parse';
import { scriptedValue } from '../../../nodes/drivers/expression/value';

interface Run { a: number; b: number; c: number; frame: number; value: number; invalid: boolean }
interface Case { expression: string; simple: boolean; runs: Run[] }
const recorded: { blender: string; cases: Case[] } = JSON.parse(readFileSync(new URL('./blender-expressions.json', import.meta.url), 'utf8'));
const PARAMS = ['frame', 'a', 'b', 'c'];

describe('simple expressions against Blender 3.4.1', () => {
  it('has the recording', () => {
    expect(recorded.blender).toBe('3.4.1');
    expect(recorded.cases.length).toBeGreaterThan(500);
  });

  it('accepts exactly what Blender takes as a simple expression', () => {
    const wrong: string[] = [];
    for (const c of recorded.cases) {
      let ok = true;
      try {
        parseExpression(c.expression, PARAMS);
      } catch (e) {
        if (!(e instanceof ExpressionError)) throw e;
        ok = false;
      }
      if (ok !== c.simple) wrong.push(`${c.expression} (Blender: ${c.simple ? 'simple' : 'not simple'})`);
    }
    expect(wrong).toEqual([]);
  });

  it("gives Blender's value for every recorded input", () => {
    const wrong: string[] = [];
    let runs = 0;
    const p = new Float64Array(4);
    for (const c of recorded.cases) {
      if (!c.simple) continue;
      const expr = compileExpression(c.expression, PARAMS);
      for (const r of c.runs) {
        // SINGLE_PROP variables reach the expression as float32; frame is the scene frame.
        p[0] = r.frame;
        p[1] = Math.fround(r.a);
        p[2] = Math.fround(r.b);
        p[3] = Math.fround(r.c);
        const v = scriptedValue(expr, p);
        runs++;
        if (!Object.is(v, r.value) && !(v === 0 && r.value === 0)) wrong.push(`${c.expression} with a=${r.a} b=${r.b} c=${r.c} frame=${r.frame}: ${v}, Blender ${r.value}`);
      }
    }
    expect(runs).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  });
});

describe('parser errors', () => {
  it('names the unknown name and where it is', () => {
    expect(() => parseExpression('var * 2 + bogus', ['var'])).toThrow(/the name bogus .* at character 11/);
  });
  it('names an operator outside the subset', () => {
    expect(() => parseExpression('var ** 2', ['var'])).toThrow(/unexpected "\*"/);
  });
  it('a variable shadows a function or constant of the same name, the last listed winning', () => {
    const e = compileExpression('pi + x', ['pi', 'x', 'pi']);
    expect(e.evaluate(new Float64Array([1, 2, 10]))).toBe(12);
  });
});

describe('properties', () => {
  // The stack machine evaluates each function inline; builtins.ts is the readable definition of them.
  it('every function of every arity gives what builtins.ts defines, bit for bit', () => {
    const number = fc.oneof(fc.double({ min: -4, max: 4 }), fc.constantFrom(0, -0, 1, -1, 0.5, -0.5, 2.5, Infinity, -Infinity, NaN));
    for (const [name, arities] of Object.entries(BUILTIN_FUNCTIONS)) {
      for (const [arity, fn] of Object.entries(arities)) {
        const names = ['a', 'b', 'c'].slice(0, Number(arity));
        const expr = compileExpression(`${name}(${names.join(', ')})`, names);
        fc.assert(
          fc.property(fc.array(number, { minLength: names.length, maxLength: names.length }), (args) => {
            expect(expr.evaluate(new Float64Array(args)), `${name}(${args.join(', ')})`).toBe(fn(...args));
          }),
          { numRuns: 200 },
        );
      }
    }
  });

  it('evaluateInto writes what evaluate returns, with the same status', () => {
    const expr = compileExpression('a / b if a < b < 3 and not b == 2 else min(a, b, 1) or log(b)', ['a', 'b']);
    fc.assert(
      fc.property(fc.double({ min: -5, max: 5 }), fc.double({ min: -5, max: 5 }), (a, b) => {
        const p = new Float64Array([a, b]);
        const r = expr.evaluate(p), status = expr.status;
        const into = new Float64Array(3);
        expr.evaluateInto(p, into, 2);
        expect([into[2], expr.status]).toEqual([r, status]);
      }),
    );
  });

  // Comparison chains mean pairwise conjunction: a < b < c is a < b and b < c.
  it('chains comparisons as Python does', () => {
    const chain = compileExpression('a < b <= c', ['a', 'b', 'c']);
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), (a, b, c) => {
        expect(chain.evaluate(new Float64Array([a, b, c]))).toBe(a < b && b <= c ? 1 : 0);
      }),
    );
  });
  // Arithmetic trees evaluate as the same tree written for JavaScript's double arithmetic.
  it('arithmetic matches double arithmetic on random trees', () => {
    const leaf = fc.oneof(fc.constantFrom('a', 'b'), fc.integer({ min: 0, max: 9 }).map(String));
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.tuple(tie('tree'), fc.constantFrom('+', '-', '*'), tie('tree')).map(([l, o, r]) => `(${l} ${o} ${r})`)),
    }));
    fc.assert(
      fc.property(tree, fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), (src, a, b) => {
        // String(-0) is "0": write negative zero so the reference sees the same operand.
        const literal = (x: number) => (Object.is(x, -0) ? '(-0)' : `(${x})`);
        const js = src.replace(/\ba\b/g, literal(a)).replace(/\bb\b/g, literal(b));
        const reference = referenceArithmetic(js);
        expect(compileExpression(src, ['a', 'b']).evaluate(new Float64Array([a, b]))).toBe(reference);
      }),
      { numRuns: 200 },
    );
  });
});

/** A tiny independent evaluator for + - * and parentheses over numbers (the reference). */
function referenceArithmetic(src: string): number {
  let i = 0;
  const ws = () => {
    while (src[i] === ' ') i++;
  };
  const atom = (): number => {
    ws();
    if (src[i] === '(') {
      i++;
      const v = sum();
      ws();
      i++; // ')'
      return v;
    }
    const m = /^-?[0-9.e+-]+?(?=[\s)]|$)/.exec(src.slice(i)) ?? /^-?[0-9.e+-]+/.exec(src.slice(i))!;
    i += m[0].length;
    return Number(m[0]);
  };
  const product = (): number => {
    let v = atom();
    for (;;) {
      ws();
      if (src[i] !== '*') return v;
      i++;
      v *= atom();
    }
  };
  function sum(): number {
    let v = product();
    for (;;) {
      ws();
      if (src[i] !== '+' && src[i] !== '-') return v;
      const op = src[i++];
      const r = product();
      v = op === '+' ? v + r : v - r;
    }
  }
  return sum();
}
