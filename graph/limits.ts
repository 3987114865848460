// How big a file Sinew agrees to read. Graph and scene files come from other people, pages and
// pipelines, so every load is bounded: the text, how deeply it nests, and how many of each thing
// it holds. A file past a limit is refused with a message naming the limit and the file's value,
// before any work that grows with it (schema check, compile) is done.
import type { GraphError } from './types';

export interface Limits {
  /** Longest JSON text read, in UTF-16 code units (≈ bytes for ASCII files). */
  maxTextLength: number;
  /** Deepest nesting of arrays and objects; the file itself is level 1. */
  maxDepth: number;
  /** Most nodes in a graph. */
  maxNodes: number;
  /** Most links in a graph. */
  maxLinks: number;
  /** Most objects in a scene. */
  maxObjects: number;
  /** Most bones in a scene, all armatures together. */
  maxBones: number;
  /** Most curve points in a scene, all splines together. */
  maxPoints: number;
  /** Most keyframes in a scene, all actions together. */
  maxKeyframes: number;
}

/**
 * The limits every load uses unless a caller passes others. Far above any rig a person builds
 * (the 1,000-bone benchmark rig is under 1 MiB and nests 8 levels), far below what would take
 * seconds to read or exhaust memory.
 */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxTextLength: 32 * 1024 * 1024,
  maxDepth: 64,
  maxNodes: 50_000,
  maxLinks: 200_000,
  maxObjects: 50_000,
  maxBones: 100_000,
  maxPoints: 1_000_000,
  maxKeyframes: 1_000_000,
});

/** The limits with some replaced; unknown or non-numeric overrides are ignored. */
export function limitsWith(overrides: Partial<Limits> | undefined): Limits {
  const limits: Limits = { ...DEFAULT_LIMITS };
  if (overrides === undefined) return limits;
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof Limits)[]) {
    const value = overrides[key];
    if (typeof value === 'number' && value >= 0) limits[key] = value;
  }
  return limits;
}

/** How a size reads in a message: `32 MiB`, `40.5 MiB`, `900 KiB`. */
export function describeSize(units: number): string {
  const mib = units / (1024 * 1024);
  if (mib >= 1) return `${Number(mib.toFixed(1))} MiB`;
  return `${Number((units / 1024).toFixed(1))} KiB`;
}

/** The error for a count past its limit: `the graph has 60000 nodes; Sinew reads at most 50000 (limit maxNodes)`. */
export function tooMany(pointer: string, what: string, whose: string, count: number, limit: keyof Limits, limits: Limits): GraphError {
  return {
    code: 'limit-exceeded',
    pointer,
    message: `the ${whose} has ${count} ${what}; Sinew reads at most ${limits[limit]} (limit ${limit})`,
  };
}
