// The command line's options: which each command takes, and the checks on their values. A bad
// value is refused with the accepted form or range in the message, before any file is read.
import { bakeFrameCount } from '../io/gltf/bake';

/** An option that takes a value (`--fps 30`, `-o out.glb`) or a flag that takes none (`--force`). */
export interface CommandOptions {
  values: readonly string[];
  flags: readonly string[];
  /** Options that may be given more than once (`--set a.x=1 --set b.y=2`), collected in order. */
  lists?: readonly string[];
}

export const COMMAND_OPTIONS: Readonly<Record<string, CommandOptions>> = {
  validate: { values: [], flags: [] },
  eval: { values: ['scene', 'frame', 'clip', 'fps'], flags: ['strict'], lists: ['set'] },
  schedule: { values: ['scene'], flags: [] },
  conformance: { values: ['only', 'scope'], flags: [] },
  'import-blender': { values: ['o', 'armature', 'blender'], flags: ['force', 'strict'] },
  'import-gltf': { values: ['o', 'armature'], flags: ['force'] },
  bake: { values: ['scene', 'frames', 'o', 'fps', 'step', 'name', 'armature', 'clip'], flags: ['force', 'strict'] },
};

export interface ParsedArgs {
  positional: string[];
  options: Record<string, string | undefined>;
  flags: Set<string>;
  lists: Record<string, string[]>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Splits a command's arguments into positionals, options with values and flags. */
export function parseArgs(command: string, args: readonly string[], spec: CommandOptions): Parsed<ParsedArgs> {
  const positional: string[] = [];
  const options: Record<string, string | undefined> = {};
  const flags = new Set<string>();
  const lists: Record<string, string[]> = {};
  let onlyPositional = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (onlyPositional || !a.startsWith('-') || a === '-') {
      positional.push(a);
      continue;
    }
    if (a === '--') {
      onlyPositional = true;
      continue;
    }
    const eq = a.indexOf('=');
    const spelled = eq > 0 ? a.slice(0, eq) : a;
    const long = spelled.startsWith('--');
    const name = spelled.slice(long ? 2 : 1);
    if (spec.flags.includes(name)) {
      if (!long) return fail(`sinew ${command}: unknown option ${spelled}; ${describeSpec(command, spec)}`);
      if (eq > 0) return fail(`${spelled}: takes no value, got "${a.slice(eq + 1)}"`);
      flags.add(name);
      continue;
    }
    if (spec.lists?.includes(name)) {
      if (!long) return fail(`sinew ${command}: unknown option ${spelled}; ${describeSpec(command, spec)}`);
      const value = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (value === undefined || value === '') return fail(`${spelled}: needs a value`);
      (lists[name] ??= []).push(value);
      continue;
    }
    // Only the output is spelled with one dash (`-o`); every other option with two.
    if (!spec.values.includes(name) || long === (name === 'o')) return fail(`sinew ${command}: unknown option ${spelled}; ${describeSpec(command, spec)}`);
    const value = eq > 0 ? a.slice(eq + 1) : args[++i];
    if (value === undefined || value === '') return fail(`${spelled}: needs a value`);
    if (name in options) return fail(`${spelled}: given twice`);
    options[name] = value;
  }
  return { ok: true, value: { positional, options, flags, lists } };
}

function describeSpec(command: string, spec: CommandOptions): string {
  const all = [...spec.values, ...(spec.lists ?? []), ...spec.flags].map((n) => (n === 'o' ? '-o' : `--${n}`));
  return all.length ? `${command} takes ${all.join(', ')}` : `${command} takes no options`;
}

/**
 * Frames Sinew evaluates: Blender's own frame range (MINAFRAME…MAXFRAME, ±1,048,574). A frame may
 * be fractional (a subframe).
 */
export const FRAME_LIMIT = 1_048_574;
/** Frames one bake samples at most (its keys are held in memory, 40 bytes per node and frame). */
export const MAX_BAKE_FRAMES = 100_000;
export const MAX_FPS = 1000;
/** Largest `--step`: one sample per 10,000 frames is already past any animation. */
export const MAX_STEP = 10_000;

/** A plain decimal number (`12`, `-0.5`, `1e3`): no hex, no empty string, no `Infinity`. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function decimal(text: string): number | undefined {
  if (!DECIMAL.test(text.trim())) return undefined;
  const x = Number(text);
  return Number.isFinite(x) ? x : undefined;
}

/** `--frame N`: a frame within ±FRAME_LIMIT; the default when not given. */
export function parseFrame(text: string | undefined, fallback: number): Parsed<number> {
  if (text === undefined) return { ok: true, value: fallback };
  const x = decimal(text);
  if (x === undefined || Math.abs(x) > FRAME_LIMIT) return fail(`--frame: expected a frame number from -${FRAME_LIMIT} to ${FRAME_LIMIT}, got "${text}"`);
  return { ok: true, value: x };
}

/** `--fps N`: above 0 and at most MAX_FPS. */
export function parseFps(text: string | undefined): Parsed<number> {
  if (text === undefined) return { ok: true, value: 24 };
  const x = decimal(text);
  if (x === undefined || !(x > 0) || x > MAX_FPS) return fail(`--fps: expected a number above 0 and at most ${MAX_FPS}, got "${text}"`);
  return { ok: true, value: x };
}

/** `--step N`: frames between samples, above 0 and at most MAX_STEP. */
export function parseStep(text: string | undefined): Parsed<number> {
  if (text === undefined) return { ok: true, value: 1 };
  const x = decimal(text);
  if (x === undefined || !(x > 0) || x > MAX_STEP) return fail(`--step: expected a number of frames above 0 and at most ${MAX_STEP}, got "${text}"`);
  return { ok: true, value: x };
}

export interface FrameRange {
  start: number;
  end: number;
  /** How many frames a bake samples: start, start + step, … up to end. */
  count: number;
}

/** `--frames A..B` with `step`: A ≤ B, both within ±FRAME_LIMIT, at most MAX_BAKE_FRAMES samples. */
export function parseFrameRange(text: string | undefined, step: number): Parsed<FrameRange> {
  const form = `expected A..B with A ≤ B, each a frame from -${FRAME_LIMIT} to ${FRAME_LIMIT} (e.g. 1..48)`;
  if (text === undefined) return fail(`--frames: ${form}; it is required`);
  const parts = text.split('..');
  const start = parts.length === 2 ? decimal(parts[0]) : undefined;
  const end = parts.length === 2 ? decimal(parts[1]) : undefined;
  if (start === undefined || end === undefined || Math.abs(start) > FRAME_LIMIT || Math.abs(end) > FRAME_LIMIT) return fail(`--frames: ${form}, got "${text}"`);
  if (end < start) return fail(`--frames: the last frame (${end}) comes before the first (${start}); ${form}`);
  const count = bakeFrameCount({ start, end, step });
  if (count > MAX_BAKE_FRAMES) {
    return fail(`--frames: ${text} with --step ${step} is ${count} frames; a bake takes at most ${MAX_BAKE_FRAMES} (raise --step or bake in parts)`);
  }
  return { ok: true, value: { start, end, count } };
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}
