// How values and errors read in messages: short, quoted like JSON, never a stack trace.
import type { GraphError } from './types';

const MAX_SHOWN = 40;

/** Shows a value the way it looks in the file, cut short so a message stays one line. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    // undefined from JSON.stringify: a function or a symbol, which no file holds.
    text = JSON.stringify(value) ?? `a ${typeof value}`;
  } catch {
    // A BigInt, or an object that holds itself.
    text = typeof value === 'bigint' ? value.toString() : 'a value that cannot be shown';
  }
  return text.length > MAX_SHOWN ? text.slice(0, MAX_SHOWN - 1) + '…' : text;
}

/** Lists names as `"a", "b" and "c"` for messages that offer the valid choices. */
export function quoteList(names: readonly string[], conjunction = 'and'): string {
  const quoted = names.map((n) => JSON.stringify(n));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted[quoted.length - 1]}`;
}

/** One line for a person: where, then what. The whole file is shown as `(file)`. */
export function formatGraphError(error: GraphError): string {
  const where = error.pointer === '' ? '(file)' : error.pointer;
  return `${where}: ${error.message}`;
}
