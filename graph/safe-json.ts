// Reading untrusted JSON: bounded in size and depth, numbers that fit a double, and keys kept as
// plain data. Every graph and scene load goes through here before anything else looks at the file.
//
// Keys named "__proto__", "constructor" or "prototype" are kept as ordinary own data properties:
// JSON.parse defines every key it reads (it never assigns), so such a key changes no prototype,
// neither Object.prototype nor the object's own, and a file that carries one saves back unchanged.
// Code that copies file data must do the same: spread, Object.entries/fromEntries or
// Object.defineProperty, never Object.assign or `copy[key] = value`, which would run the
// `__proto__` setter. Nothing read here is ever evaluated: this is data only.
import { DEFAULT_LIMITS, describeSize, type Limits } from './limits';
import { parseJsonText } from './json-text';
import { pointerOf } from './pointer';
import type { GraphError } from './types';

export type SafeJson = { ok: true; value: unknown } | { ok: false; errors: GraphError[] };

/** At most this many out-of-range numbers are listed; past that the file is plainly broken. */
const MAX_NUMBER_ERRORS = 20;

/**
 * Reads JSON text, or copies an already parsed value through JSON text (so the result owns its data
 * and holds only what a file can hold), within `limits`. `what` names the thing in messages.
 */
export function readJson(source: unknown, limits: Limits = DEFAULT_LIMITS, what = 'file'): SafeJson {
  let text: string;
  if (typeof source === 'string') {
    text = source;
  } else {
    const copied = jsonTextOf(source, what);
    if (!copied.ok) return copied;
    text = copied.text;
  }
  if (text.length > limits.maxTextLength) {
    return fail({
      code: 'limit-exceeded',
      pointer: '',
      message: `the ${what} is ${describeSize(text.length)} (${text.length} characters); Sinew reads at most ${describeSize(limits.maxTextLength)} (limit maxTextLength)`,
    });
  }
  // Depth first, on the text: parsing a million nested brackets alone takes most of a second.
  const tooDeep = scanDepth(text, limits.maxDepth);
  if (tooDeep !== undefined) return fail(tooDeep);
  const parsed = parseJsonText(text);
  if (!parsed.ok) return fail(parsed.error);
  const errors = inspectJson(parsed.value, limits);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: parsed.value };
}

/** Where the text scan is, one entry per open bracket. */
interface Level {
  array: boolean;
  /** Arrays: the index of the element being read. */
  index: number;
  /** Objects: the key of the value being read. */
  key: string;
  expectKey: boolean;
}

/**
 * Finds the first array or object nested deeper than `maxDepth` in JSON text, in one pass that
 * allocates per open bracket only, and names it by JSON pointer. Text that is not valid JSON is
 * scanned as far as it goes; the parser reports its syntax afterwards.
 */
export function scanDepth(text: string, maxDepth: number): GraphError | undefined {
  const levels: Level[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      const top = levels[levels.length - 1];
      if (top !== undefined && !top.array && top.expectKey) {
        top.key = keyOf(text.slice(i, end + 1));
        top.expectKey = false;
      }
      i = end;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (levels.length + 1 > maxDepth) {
        const segments = levels.map((l) => (l.array ? l.index : l.key));
        return {
          code: 'limit-exceeded',
          pointer: pointerOf(...segments),
          message: `the file nests ${levels.length + 1} levels deep here; Sinew reads at most ${maxDepth} levels (limit maxDepth)`,
        };
      }
      levels.push({ array: c === 0x5b, index: 0, key: '', expectKey: true });
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      levels.pop();
    } else if (c === 0x2c /* , */) {
      const top = levels[levels.length - 1];
      if (top === undefined) continue;
      if (top.array) top.index++;
      else top.expectKey = true;
    }
  }
  return undefined;
}

/** The offset of the quote closing the string that opens at `start` (or the end of the text). */
function stringEnd(text: string, start: number): number {
  let i = start;
  for (;;) {
    i = text.indexOf('"', i + 1);
    if (i < 0) return text.length - 1;
    let backslashes = 0;
    for (let k = i - 1; text.charCodeAt(k) === 0x5c; k--) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
}

function keyOf(literal: string): string {
  try {
    const key: unknown = JSON.parse(literal);
    return typeof key === 'string' ? key : literal;
  } catch {
    return literal;
  }
}

/** One step of the walk: a container, how deep it sits, and how to name it if it is wrong. */
interface Place {
  value: object;
  depth: number;
  parent: Place | undefined;
  key: string | number;
}

/**
 * Walks a parsed value without recursion (a deep file cannot overflow the stack) and reports what
 * a file must not hold: nesting past `maxDepth`, and numbers JSON.parse turned into ±Infinity
 * because they do not fit a double (1e400).
 */
export function inspectJson(value: unknown, limits: Limits = DEFAULT_LIMITS): GraphError[] {
  const errors: GraphError[] = [];
  let numberErrors = 0;
  const checkNumber = (n: number, parent: Place | undefined, key: string | number | undefined) => {
    if (Number.isFinite(n) || numberErrors >= MAX_NUMBER_ERRORS) return;
    numberErrors++;
    errors.push({
      code: 'number-out-of-range',
      pointer: pointerTo(parent, key),
      message: `this number is too large to store: a number in a Sinew file must lie within ±1.7976931348623157e308`,
    });
  };
  if (typeof value === 'number') checkNumber(value, undefined, undefined);
  if (typeof value !== 'object' || value === null) return errors;
  const stack: Place[] = [{ value, depth: 1, parent: undefined, key: '' }];
  let depthReported = false;
  while (stack.length > 0) {
    const place = stack.pop()!;
    if (place.depth > limits.maxDepth) {
      if (!depthReported) {
        depthReported = true;
        errors.push({
          code: 'limit-exceeded',
          pointer: pointerTo(place.parent, place.key),
          message: `the file nests ${place.depth} levels deep here; Sinew reads at most ${limits.maxDepth} levels (limit maxDepth)`,
        });
      }
      continue; // nothing below is looked at
    }
    const container = place.value;
    if (Array.isArray(container)) {
      for (let i = container.length - 1; i >= 0; i--) visit(container[i], place, i);
    } else {
      const keys = Object.keys(container);
      for (let i = keys.length - 1; i >= 0; i--) visit((container as Record<string, unknown>)[keys[i]], place, keys[i]);
    }
  }
  return errors;

  function visit(child: unknown, parent: Place, key: string | number): void {
    if (typeof child === 'number') checkNumber(child, parent, key);
    else if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: parent.depth + 1, parent, key });
  }
}

/** The JSON pointer of `key` inside `parent`, built only when an error needs it. */
function pointerTo(parent: Place | undefined, key: string | number | undefined): string {
  const segments: (string | number)[] = [];
  if (key !== undefined && parent !== undefined) segments.push(key);
  for (let p = parent; p?.parent !== undefined; p = p.parent) segments.push(p.key);
  return pointerOf(...segments.reverse());
}

/** JSON text of a value handed in already parsed; a value JSON cannot hold becomes a plain error. */
function jsonTextOf(value: unknown, what: string): { ok: true; text: string } | { ok: false; errors: GraphError[] } {
  const refuse = (reason: string) => fail({ code: 'not-json', pointer: '', message: `the ${what} is not plain JSON data: ${reason}` });
  try {
    const text = JSON.stringify(value);
    if (text !== undefined) return { ok: true, text };
  } catch (e) {
    if (e instanceof TypeError && /circular/i.test(e.message)) return refuse('it refers to itself');
    if (e instanceof RangeError) return refuse('it is nested too deeply to read');
    return refuse('it holds something JSON cannot store');
  }
  return refuse(`got ${value === undefined ? 'nothing' : typeof value}`);
}

function fail(error: GraphError): SafeJson & { ok: false } {
  return { ok: false, errors: [error] };
}
