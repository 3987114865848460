// The URI policy (runtime/io/gltf/uri-policy.ts) on its own: what it allows, what it refuses, and that
// an allowed path never leaves the folder, for any URI a file can hold.
import fc from 'fast-check';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GltfError } from '../../runtime/io/gltf/error';
import { checkUri } from '../../runtime/io/gltf/uri-policy';

const refusal = (uri: unknown, hasFolder = true): GltfError => {
  try {
    checkUri(uri, '/buffers/3/uri', hasFolder);
  } catch (e) {
    if (e instanceof GltfError) return e;
    throw e;
  }
  throw new Error(`${JSON.stringify(uri)} was allowed`);
};

describe('checkUri', () => {
  it('allows data: URIs everywhere, and relative paths inside the folder when there is one', () => {
    expect(checkUri('data:application/octet-stream;base64,AAAA', '/buffers/0/uri', false)).toEqual({ kind: 'data' });
    expect(checkUri('DATA:image/png;base64,', '/images/0/uri', true)).toEqual({ kind: 'data' });
    expect(checkUri('hero.bin', '', true)).toEqual({ kind: 'file', path: 'hero.bin' });
    expect(checkUri('./tex/../tex//skin%20a.png?v=2#x', '', true)).toEqual({ kind: 'file', path: 'tex/skin a.png' });
    expect(checkUri('a/b/../../c.bin', '', true)).toEqual({ kind: 'file', path: 'c.bin' });
  });

  it('refuses what leaves the folder, with the pointer and the rule', () => {
    const rule = 'a glTF file may name only data: URIs and files inside its own folder';
    expect(refusal('/etc/passwd')).toMatchObject({ pointer: '/buffers/3/uri', code: 'uri-refused', message: `"/etc/passwd" is an absolute path; ${rule}` });
    expect(refusal('//server/share/a.bin').message).toBe(`"//server/share/a.bin" is an absolute path; ${rule}`);
    expect(refusal('%2Fetc%2Fpasswd').message).toBe(`"%2Fetc%2Fpasswd" is an absolute path; ${rule}`);
    expect(refusal('a/../../b').message).toBe(`"a/../../b" climbs out of the file's folder with ".."; ${rule}`);
    expect(refusal('file:hero.bin').message).toBe(`"file:hero.bin" uses the file: scheme; ${rule}`);
    expect(refusal('c:\\x.bin').message).toBe(`"c:\\\\x.bin" is an absolute (drive) path; ${rule}`);
    expect(refusal('..\\x.bin').message).toBe(`"..\\\\x.bin" holds a backslash; glTF URIs separate folders with "/"; ${rule}`);
    expect(refusal('a%00.bin').message).toBe(`"a%00.bin" holds a NUL character; ${rule}`);
    expect(refusal('%E0%A4%A').message).toBe('"%E0%A4%A" is not a valid URI (a % escape that is not UTF-8)');
    expect(refusal('./').message).toBe('"./" names no file');
    expect(refusal(42)).toMatchObject({ code: 'bad-gltf', message: 'expected a URI (a string), got number' });
  });

  it('refuses every external file when the file has no folder (dropped into the app)', () => {
    expect(refusal('hero.bin', false).message).toBe('"hero.bin" names an external file; a glTF file opened without its folder (dropped or picked in the app) may hold its data only in data: URIs or a GLB');
    expect(refusal('https://example.com/a.png', false).message).toBe('"https://example.com/a.png" uses the https: scheme; a glTF file opened without its folder (dropped or picked in the app) may hold its data only in data: URIs or a GLB');
  });

  it('allows a path exactly when it never climbs above the folder, and then names it inside', () => {
    const segment = fc.oneof(fc.constantFrom('..', '.', '', 'a', 'b c', 'x.bin'), fc.stringMatching(/^[A-Za-z0-9_.-]{1,6}$/));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 12 }), (segments) => {
        const uri = segments.map(encodeURIComponent).join('/');
        let depth = 0;
        let climbs = false;
        for (const s of segments) {
          if (s === '..') climbs ||= --depth < 0;
          else if (s !== '.' && s !== '') depth++;
        }
        const normal = posix.normalize(segments.join('/'));
        if (SCHEME_LIKE.test(uri)) return; // "a:b" segments are schemes, covered above
        if (uri.startsWith('/')) {
          expect(refusal(uri).message).toContain('is an absolute path');
        } else if (climbs) {
          expect(refusal(uri).message).toContain('climbs out');
        } else if (normal === '.' || normal === './') {
          expect(refusal(uri).message).toContain('names no file');
        } else {
          expect(checkUri(uri, '', true)).toEqual({ kind: 'file', path: normal.replace(/\/$/, '') });
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('answers any string with a verdict or a GltfError, and an allowed path stays inside', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40, unit: fc.constantFrom('a', '.', '/', '\\', '%', '2', 'E', 'F', ':', 'd', 't', '?', '#', '\0', 'é') }), (uri) => {
        let verdict;
        try {
          verdict = checkUri(uri, '/p', true);
        } catch (e) {
          expect(e).toBeInstanceOf(GltfError);
          return;
        }
        if (verdict.kind === 'data') { expect(uri.slice(0, 5).toLowerCase()).toBe('data:'); return; }
        expect(verdict.path.startsWith('/')).toBe(false);
        expect(verdict.path.split('/')).not.toContain('..');
        expect(posix.resolve('/folder', verdict.path).startsWith('/folder/')).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

const SCHEME_LIKE = /^[A-Za-z][A-Za-z0-9+.-]*:/;
