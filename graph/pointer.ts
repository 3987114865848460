// JSON pointers (RFC 6901) name the place in a file an error is about; editors jump to them.

/** Builds a JSON pointer from path segments, escaping `~` and `/` inside them. */
export function pointerOf(...segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replaceAll('~', '~0').replaceAll('/', '~1')).join('');
}

/** Appends segments to an existing pointer. */
export function childPointer(base: string, ...segments: readonly (string | number)[]): string {
  return base + pointerOf(...segments);
}
