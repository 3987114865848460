// Whether a parsed JSON value is an object with keys (not null, not an array): the first question of
// every check of a file's structure.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
