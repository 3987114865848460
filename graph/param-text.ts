// A param's value as text, for a lookup by name or a message: what String() gives for a string,
// number, boolean or null, and the value as in the file (JSON) for a list or an object, where
// String() would give "1,2" or "[object Object]".
import type { JsonValue } from './types';

/** `value` as text; undefined (a param not set) is `fallback`. */
export function paramText(value: JsonValue | undefined, fallback = ''): string {
  if (value === undefined) return fallback;
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
