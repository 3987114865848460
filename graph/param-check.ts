// Whether a param value fits its shape. The shapes come from node definitions through the catalog,
// so this file never knows any node kind by name.
import { describeValue } from './messages';
import type { ParamShape } from './types';

/** Returns what was expected and what was found, or undefined when the value fits the shape. */
export function checkParam(value: unknown, shape: ParamShape): string | undefined {
  const got = `got ${describeValue(value)}`;
  switch (shape.kind) {
    case 'float':
      return isNumber(value) && inRange(value, shape.min, shape.max) ? undefined : `expected ${numberPhrase('a number', shape.min, shape.max)}, ${got}`;
    case 'int':
      return isNumber(value) && Number.isInteger(value) && inRange(value, shape.min, shape.max)
        ? undefined
        : `expected ${numberPhrase('a whole number', shape.min, shape.max)}, ${got}`;
    case 'bool':
      return typeof value === 'boolean' ? undefined : `expected true or false, ${got}`;
    case 'choice':
      return typeof value === 'string' && shape.options.includes(value)
        ? undefined
        : `expected one of ${shape.options.map((o) => JSON.stringify(o)).join(', ')}, ${got}`;
    case 'string':
      return typeof value === 'string' ? undefined : `expected a string, ${got}`;
    case 'owner':
      return typeof value === 'string' ? undefined : `expected the name of an object or bone (a string), ${got}`;
    case 'action':
      return typeof value === 'string' ? undefined : `expected the name of one of the scene's actions (a string), ${got}`;
    case 'vector':
      return isNumberArray(value, shape.size) ? undefined : `expected an array of ${shape.size} numbers, ${got}`;
    case 'matrix':
      return isNumberArray(value, 16) ? undefined : `expected an array of 16 numbers (a 4×4 matrix, column by column), ${got}`;
  }
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isNumberArray(value: unknown, size: number): boolean {
  return Array.isArray(value) && value.length === size && value.every(isNumber);
}

// Node definitions spread optional fields, so a bound may be present but undefined.
/** Canonical save keeps 12 significant digits, so a bound like π may come back a hair outside. */
const SAVE_ROUNDING = 1e-11;

function inRange(value: number, min: number | undefined, max: number | undefined): boolean {
  const slack = (bound: number) => SAVE_ROUNDING * Math.max(1, Math.abs(bound));
  return (min === undefined || value >= min - slack(min)) && (max === undefined || value <= max + slack(max));
}

function numberPhrase(noun: string, min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${noun} from ${min} to ${max}`;
  if (min !== undefined) return `${noun}, ${min} or more`;
  if (max !== undefined) return `${noun}, ${max} or less`;
  return noun;
}
