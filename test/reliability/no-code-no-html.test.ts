// Nothing in a file is evaluated as code, and no string from a file reaches the DOM as HTML. The
// editor renders through Lit templates, which escape text and attribute values; these checks keep
// it that way by failing on any HTML sink or code-evaluating call in the source.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.(ts|js|mjs)$/.test(name)) out.push(path);
  }
  return out;
}

/** Lines that match, with comments stripped so a note about a sink does not count as one. */
function findings(dirs: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const dir of dirs) {
    for (const file of sources(join(root, dir))) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
        if (pattern.test(code)) found.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
    }
  }
  return found;
}

describe('no file content reaches the DOM as HTML', () => {
  it('ui/ has no HTML sinks: innerHTML, outerHTML, insertAdjacentHTML, document.write, DOMParser, createContextualFragment, srcdoc, unsafeHTML/unsafeSVG/unsafeStatic', () => {
    const sinks = /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|srcdoc|unsafeHTML|unsafeSVG|unsafeStatic|unsafeCSS)\b/;
    expect(findings(['ui'], sinks)).toEqual([]);
  });

  it('ui/ builds no link or script from data: no href/src bound in templates, no javascript: URLs', () => {
    expect(findings(['ui'], /\b(href|src)=\$\{|javascript:/i)).toEqual([]);
  });
});

describe('nothing in a file is evaluated as code', () => {
  it('graph/, nodes/, runtime/ and ui/ never call eval, new Function, a string timer, or import() a computed name', () => {
    const evaluating = /\beval\s*\(|\bnew\s+Function\s*\(|\bFunction\s*\(|set(Timeout|Interval)\s*\(\s*['"`]|\bimport\s*\(\s*[^'"\s)]/;
    expect(findings(['graph', 'nodes', 'runtime', 'ui'], evaluating)).toEqual([]);
  });
});
