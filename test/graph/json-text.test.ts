import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineAndColumn, parseJsonText } from '../../graph/json-text';

function messageOf(text: string): string {
  const result = parseJsonText(text);
  if (result.ok) throw new Error('expected a syntax error');
  expect(result.error.pointer).toBe('');
  expect(result.error.code).toBe('json-syntax');
  return result.error.message;
}

describe('parseJsonText', () => {
  it('parses valid JSON', () => {
    expect(parseJsonText('{"a": [1, 2.5, "x", true, null]}')).toEqual({ ok: true, value: { a: [1, 2.5, 'x', true, null] } });
  });

  const cases: [string, string][] = [
    ['{"a": 1,\n}', 'a comma before "}" is not allowed in JSON at line 1, column 8'],
    ['[1, 2,]', 'a comma before "]" is not allowed in JSON at line 1, column 6'],
    ["{'a': 1}", 'JSON needs double quotes, not single quotes at line 1, column 2'],
    ['{\n  // note\n  "a": 1\n}', 'comments are not allowed in JSON at line 2, column 3'],
    ['{\n  a: 1\n}', 'expected a field name in double quotes but found "a" at line 2, column 3'],
    ['{"a" 1}', 'expected ":" after the field name but found "1" at line 1, column 6'],
    ['{"a": 1 "b": 2}', 'expected "," or "}" but found """ at line 1, column 9'],
    ['[1 2]', 'expected "," or "]" but found "2" at line 1, column 4'],
    ['{"a": }', 'expected a value but found "}" at line 1, column 7'],
    ['{"a": [1, 2', 'the file ends too early (expected "," or "]") at line 1, column 12'],
    ['', 'the file ends too early (expected a value) at line 1, column 1'],
    ['{"a": "open}', 'a string that is never closed at line 1, column 7'],
    ['{"a": "line\nbreak"}', 'a line break or control character inside a string at line 1, column 12'],
    ['["\\q"]', 'an unknown escape in a string at line 1, column 3'],
    ['["\\u12"]', 'a "\\u" escape needs 4 hex digits at line 1, column 3'],
    ['[01]', 'a badly written number at line 1, column 2'],
    ['[1.]', 'a badly written number at line 1, column 2'],
    ['[-]', 'a badly written number at line 1, column 2'],
    ['{"a": tru}', 'expected a value but found "t" at line 1, column 7'],
    ['{} {}', 'there is more text after the end of the JSON at line 1, column 4'],
    ['{"a": NaN}', 'expected a value but found "N" at line 1, column 7'],
  ];
  for (const [text, problem] of cases) {
    it(`explains ${JSON.stringify(text)}`, () => {
      expect(messageOf(text)).toBe(`the file is not valid JSON: ${problem}`);
    });
  }

  it('counts lines after CRLF line ends and columns in UTF-16 units', () => {
    expect(lineAndColumn('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 });
    expect(messageOf('{\r\n  "é": x}')).toContain('at line 2, column 8');
  });

  it('survives very deep nesting', () => {
    expect(messageOf('['.repeat(100_000))).toBe('the file is not valid JSON: the file ends too early (expected a value) at line 1, column 100001');
  });

  it('finds a precise problem in every broken cut of valid JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), (value, cutAt) => {
        const text = JSON.stringify(value, null, 2);
        const cut = text.slice(0, cutAt % (text.length + 1));
        let valid = true;
        try {
          JSON.parse(cut);
        } catch {
          valid = false;
        }
        const result = parseJsonText(cut);
        expect(result.ok).toBe(valid);
        // The fallback means the scanner disagreed with JSON.parse: a bug in the scanner.
        if (!result.ok) expect(result.error.message).not.toContain('could not be read');
      }),
      { numRuns: 500 },
    );
  });
});
