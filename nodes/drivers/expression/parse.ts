// Blender's simple driver expressions (`BLI_expr_pylike_eval`, Blender 3.4) parsed to a tree.
//
// Why a parser of our own rather than jsep: the subset is Python's grammar, not JavaScript's. jsep
// cannot read `a if c else b`, gives `not` the precedence of a unary operator (Python's `not a == b`
// is `not (a == b)`), and forgets parentheses, so `a < b < c` (a chain: `a < b and b < c`) and
// `(a < b) < c` would come out the same. This file follows Blender's own recursive descent rule for
// rule (expr → or [if or else expr], or → and [or or], and → not [and and], not → not not | cmp,
// cmp → add [op add]…, add, mul, unary), token for token, so it accepts exactly what Blender
// accepts as a simple expression and nothing more. Whatever it refuses is reported by name.
// Python mode (`{ python: true }`) adds what Blender then hands to Python and Sinew evaluates as
// Python does: `**` (Python's `power`, above the unary signs), `%` and `//` (beside `*` and `/`),
// `float`, `bool`, math's constants, and sum, len, any and all of a list or tuple (min and max of
// one too); names Blender's Python drivers may not use are refused.
import { BUILTIN_CONSTANTS, BUILTIN_FUNCTIONS, PYTHON_CONSTANTS, PYTHON_FUNCTIONS, PYTHON_REFUSED, VARIADIC_FUNCTIONS } from './builtins';

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';
export type BinaryOp = '+' | '-' | '*' | '/' | '**' | '%' | '//';

/**
 * `python`: also Python's `**`, `%` and `//`, which Blender's simple evaluator refuses and hands the
 * whole expression to Python for (compile.ts then evaluates it with Python's semantics). Without it,
 * exactly Blender's simple expressions.
 */
export interface ParseOptions {
  python?: boolean;
}

export type ExprNode =
  | { kind: 'number'; value: number }
  | { kind: 'param'; name: string; index: number }
  | { kind: 'negate'; arg: ExprNode }
  /** `**`, `%` and `//` only in Python mode (an expression Blender hands to Python). */
  | { kind: 'binary'; op: BinaryOp; left: ExprNode; right: ExprNode }
  /** `a < b <= c …`: operands and the operators between them (one fewer). */
  | { kind: 'compare'; operands: ExprNode[]; ops: CompareOp[] }
  | { kind: 'not'; arg: ExprNode }
  | { kind: 'and' | 'or'; left: ExprNode; right: ExprNode }
  | { kind: 'if'; body: ExprNode; condition: ExprNode; otherwise: ExprNode }
  | { kind: 'call'; name: string; args: ExprNode[] };

/** Why an expression is not a simple one, with the character where parsing stopped. */
export class ExpressionError extends Error {
  constructor(
    readonly expression: string,
    readonly at: number,
    readonly reason: string,
  ) {
    super(`expression ${JSON.stringify(expression)}: ${reason} at character ${at + 1}`);
  }
}

type Token =
  | { t: 'num'; value: number; at: number }
  | { t: 'id'; name: string; at: number }
  | { t: 'kw'; name: 'and' | 'or' | 'not' | 'if' | 'else'; at: number }
  | { t: 'op'; op: string; at: number }
  | { t: 'end'; at: number };

const KEYWORDS = new Set(['and', 'or', 'not', 'if', 'else']);
/** Python mode: builtins Blender's driver whitelist has that take a sequence (bpy_driver.c). */
const SEQUENCE_FUNCTIONS: ReadonlySet<string> = new Set(['sum', 'len', 'any', 'all']);
/** Blender's single-character tokens: any of them lexes, most are then refused by the grammar. */
const SINGLE = "~`!@#$%^&*+-=/\\?:;<>(){}[]|.,\"'";
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isAlpha = (c: string | undefined) => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
/** C's isspace in the C locale. */
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';

function tokenize(src: string, python: boolean): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (reason: string): never => {
    throw new ExpressionError(src, i, reason);
  };
  for (;;) {
    while (isSpace(src[i])) i++;
    const at = i;
    if (i >= src.length) {
      tokens.push({ t: 'end', at });
      return tokens;
    }
    const c = src[i];
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1]))) {
      let isFloat = false;
      while (isDigit(src[i])) i++;
      if (src[i] === '.') {
        isFloat = true;
        i++;
        while (isDigit(src[i])) i++;
      }
      if (src[i] === 'e' || src[i] === 'E') {
        isFloat = true;
        i++;
        if (src[i] === '+' || src[i] === '-') i++;
        if (!isDigit(src[i])) fail('a number has an exponent without digits');
        while (isDigit(src[i])) i++;
      }
      const text = src.slice(at, i);
      // Blender forbids C-style octal constants such as 017 (Python 3 does too).
      if (!isFloat && text[0] === '0' && /[^0]/.test(text)) throw new ExpressionError(src, at, `the number ${text} has a leading zero`);
      tokens.push({ t: 'num', value: Number(text), at });
      continue;
    }
    if (python && (c === '*' || c === '/') && src[i + 1] === c) {
      tokens.push({ t: 'op', op: c + c, at });
      i += 2;
      continue;
    }
    if (src[i + 1] === '=' && '!=><'.includes(c)) {
      tokens.push({ t: 'op', op: c + '=', at });
      i += 2;
      continue;
    }
    if (SINGLE.includes(c)) {
      tokens.push({ t: 'op', op: c, at });
      i++;
      continue;
    }
    if (isAlpha(c) || c === '_') {
      while (isAlpha(src[i]) || isDigit(src[i]) || src[i] === '_') i++;
      const name = src.slice(at, i);
      tokens.push(KEYWORDS.has(name) ? { t: 'kw', name: name as 'and', at } : { t: 'id', name, at });
      continue;
    }
    fail(`the character ${JSON.stringify(c)} is not allowed`);
  }
}

const COMPARE = new Set<string>(['==', '!=', '<', '<=', '>', '>=']);

/**
 * Parses `src` with `params` as the names of its parameters (a driver's: `frame`, then its
 * variables). A name listed twice means the last one, as in Blender.
 */
export function parseExpression(src: string, params: readonly string[], options: ParseOptions = {}): ExprNode {
  const python = options.python === true;
  const tokens = tokenize(src, python);
  let k = 0;
  const peek = () => tokens[k];
  const fail = (reason: string, at = peek().at): never => {
    throw new ExpressionError(src, at, reason);
  };
  const isOp = (op: string) => {
    const t = peek();
    return t.t === 'op' && t.op === op;
  };
  const isKw = (name: string) => {
    const t = peek();
    return t.t === 'kw' && t.name === name;
  };
  const describe = (t: Token) => (t.t === 'end' ? 'the end' : t.t === 'num' ? `the number ${t.value}` : t.t === 'id' ? `the name ${t.name}` : t.t === 'kw' ? `the keyword ${t.name}` : JSON.stringify(t.op));

  const args = (name: string): ExprNode[] => {
    if (!isOp('(')) fail(`the function ${name} must be called`);
    k++;
    const list: ExprNode[] = [];
    for (;;) {
      list.push(expr());
      if (isOp(',')) k++;
      else if (isOp(')')) {
        k++;
        return list;
      } else fail(`expected "," or ")" in the call of ${name}, found ${describe(peek())}`);
    }
  };

  /**
   * Python mode: the one argument of sum, len, any, all (or min, max given one): a list `[…]` or a
   * tuple `(…, …)` of expressions, its items returned. A number there fails in Python (not iterable).
   */
  const sequence = (name: string, at: number): ExprNode[] => {
    if (!isOp('(')) fail(`the function ${name} must be called`);
    k++;
    const open = peek();
    const items: ExprNode[] = [];
    if (open.t === 'op' && open.op === '[') {
      k++;
      while (!isOp(']')) {
        items.push(expr());
        if (isOp(',')) k++;
        else if (!isOp(']')) fail(`expected "," or "]" in the list given to ${name}, found ${describe(peek())}`);
      }
      k++;
    } else if (open.t === 'op' && open.op === '(') {
      k++;
      while (!isOp(')')) {
        items.push(expr());
        if (isOp(',')) k++;
        // `(a)` is a, not a tuple: a number, which Python cannot iterate.
        else if (items.length === 1) fail(`${name} of a number fails in Python (it takes a list or tuple)`, at);
        else if (!isOp(')')) fail(`expected "," or ")" in the tuple given to ${name}, found ${describe(peek())}`);
      }
      k++;
    } else fail(`${name} takes a list or tuple in Python, found ${describe(open)}`, at);
    if (!isOp(')')) fail(`${name} takes one list or tuple here, found ${describe(peek())}`, at);
    k++;
    return items;
  };

  /** sum, len, any and all of a sequence, written with the nodes the rest of the grammar makes. */
  const sequenceCall = (name: string, items: ExprNode[], at: number): ExprNode => {
    // Python's sum starts from the int 0 and adds left to right (3.10, Blender 3.4's: no compensation).
    if (name === 'sum') return items.reduce<ExprNode>((left, right) => ({ kind: 'binary', op: '+', left, right }), { kind: 'number', value: 0 });
    if (name === 'len') return { kind: 'number', value: items.length };
    if (name === 'min' || name === 'max') {
      if (items.length === 0) fail(`${name} of an empty sequence fails in Python`, at);
      return { kind: 'call', name, args: items };
    }
    // any and all give True or False: `not not (a or b …)`, Python's truthiness (NaN true) as NOT's.
    if (items.length === 0) return { kind: 'number', value: name === 'all' ? 1 : 0 };
    const kind = name === 'any' ? 'or' : 'and';
    const joined = items.reduceRight((right, left) => ({ kind, left, right }));
    return { kind: 'not', arg: { kind: 'not', arg: joined } };
  };

  const unary = (): ExprNode => {
    const t = peek();
    if (t.t === 'op' && t.op === '+') {
      k++;
      return unary();
    }
    if (t.t === 'op' && t.op === '-') {
      k++;
      return { kind: 'negate', arg: unary() };
    }
    const base = primary();
    // Python's power binds tighter than a unary sign on its left (-a**2 is -(a**2)), and its right
    // side is a unary expression (a**-b), right-associative (a**b**c is a**(b**c)).
    if (python && isOp('**')) {
      k++;
      return { kind: 'binary', op: '**', left: base, right: unary() };
    }
    return base;
  };

  const primary = (): ExprNode => {
    const t = peek();
    if (t.t === 'op' && t.op === '(') {
      k++;
      const inner = expr();
      if (!isOp(')')) fail(`expected ")", found ${describe(peek())}`);
      k++;
      return inner;
    }
    if (t.t === 'num') {
      k++;
      return { kind: 'number', value: t.value };
    }
    if (t.t === 'id') {
      k++;
      const index = params.lastIndexOf(t.name);
      if (index >= 0) return { kind: 'param', name: t.name, index };
      if (Object.hasOwn(BUILTIN_CONSTANTS, t.name)) return { kind: 'number', value: BUILTIN_CONSTANTS[t.name] };
      if (python && Object.hasOwn(PYTHON_CONSTANTS, t.name)) return { kind: 'number', value: PYTHON_CONSTANTS[t.name] };
      if (python && Object.hasOwn(PYTHON_REFUSED, t.name)) return fail(PYTHON_REFUSED[t.name], t.at);
      if (python && SEQUENCE_FUNCTIONS.has(t.name)) return sequenceCall(t.name, sequence(t.name, t.at), t.at);
      // min and max of one list or tuple: its items (Python iterates a single argument).
      if (python && VARIADIC_FUNCTIONS.has(t.name) && tokens[k + 1]?.t === 'op' && (tokens[k + 1] as { op: string }).op === '[') return sequenceCall(t.name, sequence(t.name, t.at), t.at);
      const functions = python ? PYTHON_FUNCTIONS : BUILTIN_FUNCTIONS;
      if (Object.hasOwn(functions, t.name)) {
        const list = args(t.name);
        const arities = functions[t.name];
        if (!Object.hasOwn(arities, list.length)) fail(`${t.name} takes ${Object.keys(arities).join(' or ')} argument(s), not ${list.length}`, t.at);
        return { kind: 'call', name: t.name, args: list };
      }
      if (VARIADIC_FUNCTIONS.has(t.name)) {
        const list = args(t.name);
        // Python's min and max of one number raise (a float is not iterable).
        if (python && list.length < 2) fail(`${t.name} of one argument fails in Python`, t.at);
        return { kind: 'call', name: t.name, args: list };
      }
      return fail(`the name ${t.name} is neither a variable, frame, nor one of Blender's simple-expression constants and functions`, t.at);
    }
    return fail(`unexpected ${describe(t)}`);
  };

  const binary = (next: () => ExprNode, ops: readonly BinaryOp[]) => (): ExprNode => {
    let left = next();
    for (;;) {
      const t = peek();
      if (t.t !== 'op' || !ops.includes(t.op as BinaryOp)) return left;
      k++;
      left = { kind: 'binary', op: t.op as BinaryOp, left, right: next() };
    }
  };
  const mul = binary(unary, python ? ['*', '/', '%', '//'] : ['*', '/']);
  const add = binary(mul, ['+', '-']);

  const cmp = (): ExprNode => {
    const first = add();
    const operands = [first];
    const ops: CompareOp[] = [];
    for (;;) {
      const t = peek();
      if (t.t !== 'op' || !COMPARE.has(t.op)) break;
      k++;
      ops.push(t.op as CompareOp);
      operands.push(add());
    }
    return ops.length ? { kind: 'compare', operands, ops } : first;
  };
  const not = (): ExprNode => {
    if (isKw('not')) {
      k++;
      return { kind: 'not', arg: not() };
    }
    return cmp();
  };
  // Right-nested like Blender's (`a and b and c` is `a and (b and c)`); the value is the same.
  const and = (): ExprNode => {
    const left = not();
    if (!isKw('and')) return left;
    k++;
    return { kind: 'and', left, right: and() };
  };
  const or = (): ExprNode => {
    const left = and();
    if (!isKw('or')) return left;
    k++;
    return { kind: 'or', left, right: or() };
  };
  function expr(): ExprNode {
    const body = or();
    if (!isKw('if')) return body;
    k++;
    const condition = or();
    if (!isKw('else')) fail(`expected "else", found ${describe(peek())}`);
    k++;
    return { kind: 'if', body, condition, otherwise: expr() };
  }

  const tree = expr();
  if (peek().t !== 'end') fail(`unexpected ${describe(peek())}`);
  return tree;
}
