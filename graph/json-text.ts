// Reading JSON text with errors a person can act on. JSON.parse does the work; when it fails, a
// small scanner finds where and why, because engines word (and place) their errors differently
// and some give no position at all.
import type { GraphError } from './types';

export type ParsedJson = { ok: true; value: unknown } | { ok: false; error: GraphError };

interface SyntaxProblem {
  offset: number;
  problem: string;
}

/** Parses JSON text; a syntax error names its line and column. A leading byte-order mark is ignored. */
export function parseJsonText(text: string): ParsedJson {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    const found = findSyntaxProblem(body) ?? { offset: 0, problem: 'it could not be read' };
    const { line, column } = lineAndColumn(body, found.offset);
    return {
      ok: false,
      error: {
        code: 'json-syntax',
        pointer: '',
        message: `the file is not valid JSON: ${found.problem} at line ${line}, column ${column}`,
      },
    };
  }
}

/** 1-based line and column of an offset; a column counts UTF-16 units, as editors do. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Scans JSON text and returns the first problem, or undefined when the text is valid JSON. */
function findSyntaxProblem(text: string): SyntaxProblem | undefined {
  // Iterative, with an explicit stack, so deeply nested input cannot overflow the call stack.
  const stack: ('[' | '{')[] = [];
  let i = skipSpace(text, 0);
  let want: 'value' | 'key' | 'after' = 'value';
  for (;;) {
    if (want === 'value') {
      const c = text[i];
      if (c === '{' || c === '[') {
        stack.push(c);
        i = skipSpace(text, i + 1);
        const close = c === '{' ? '}' : ']';
        if (text[i] === close) {
          stack.pop();
          i++;
          want = 'after';
        } else {
          want = c === '{' ? 'key' : 'value';
        }
        continue;
      }
      const end = scanScalar(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      want = 'after';
      continue;
    }
    if (want === 'key') {
      if (text[i] !== '"') return unexpected(text, i, 'a field name in double quotes');
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = skipSpace(text, end);
      if (text[i] !== ':') return unexpected(text, i, '":" after the field name');
      i = skipSpace(text, i + 1);
      want = 'value';
      continue;
    }
    // want === 'after': a value just ended.
    i = skipSpace(text, i);
    const top = stack[stack.length - 1];
    if (top === undefined) {
      return i < text.length ? { offset: i, problem: 'there is more text after the end of the JSON' } : undefined;
    }
    const close = top === '{' ? '}' : ']';
    if (text[i] === close) {
      stack.pop();
      i++;
      continue;
    }
    if (text[i] !== ',') return unexpected(text, i, `"," or "${close}"`);
    const comma = i;
    i = skipSpace(text, i + 1);
    if (text[i] === close) return { offset: comma, problem: `a comma before "${close}" is not allowed in JSON` };
    want = top === '{' ? 'key' : 'value';
  }
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  return i;
}

/** Scans a string, number or literal starting at i; returns the offset after it, or the problem. */
function scanScalar(text: string, i: number): number | SyntaxProblem {
  const c = text[i];
  if (c === '"') return scanString(text, i);
  if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return scanNumber(text, i);
  for (const word of ['true', 'false', 'null']) {
    if (text.startsWith(word, i)) return i + word.length;
  }
  return unexpected(text, i, 'a value');
}

function scanString(text: string, start: number): number | SyntaxProblem {
  let i = start + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20) return { offset: i, problem: 'a line break or control character inside a string' };
    if (code === 0x5c) {
      const e = text[i + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return { offset: i, problem: 'a "\\u" escape needs 4 hex digits' };
        i += 6;
        continue;
      }
      if (e === undefined || !'"\\/bfnrt'.includes(e)) return { offset: i, problem: 'an unknown escape in a string' };
      i += 2;
      continue;
    }
    i++;
  }
  return { offset: start, problem: 'a string that is never closed' };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function scanNumber(text: string, start: number): number | SyntaxProblem {
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(text);
  if (match === null || match[0] === '-') return { offset: start, problem: 'a badly written number' };
  const end = start + match[0].length;
  const next = text[end];
  if (next === '.' || next === 'e' || next === 'E' || (next !== undefined && next >= '0' && next <= '9')) {
    return { offset: start, problem: 'a badly written number' };
  }
  return end;
}

/** Names what was found instead of what was expected, with a hint for the usual hand-editing slips. */
function unexpected(text: string, i: number, expected: string): SyntaxProblem {
  if (i >= text.length) return { offset: i, problem: `the file ends too early (expected ${expected})` };
  const c = text[i];
  if (c === "'") return { offset: i, problem: 'JSON needs double quotes, not single quotes' };
  if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) return { offset: i, problem: 'comments are not allowed in JSON' };
  const shown = /\s/.test(c ?? '') ? JSON.stringify(c) : `"${c}"`;
  return { offset: i, problem: `expected ${expected} but found ${shown}` };
}
