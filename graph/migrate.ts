// Upgrading older graph files step by step, one version at a time, so each step stays small and
// every old file follows the same path to the current version.
import { GRAPH_VERSION, type GraphError } from './types';

/** A parsed graph file of some version, before validation. */
export type RawGraph = { [key: string]: unknown };

/** Turns a file of version N into version N + 1. Must keep every key it does not change. */
export type Migration = (file: RawGraph) => RawGraph;

/** Migrations by the version they upgrade from. */
export type MigrationTable = ReadonlyMap<number, Migration>;

/** Every migration this build knows. Empty while version 1 is the only one. */
export const MIGRATIONS: MigrationTable = new Map();

export type MigrationResult = { ok: true; file: RawGraph } | { ok: false; error: GraphError };

/**
 * Brings a file up to `target` by running each step from its version on. A file whose version is
 * not a whole number from 1 up is returned untouched: the schema check reports that in plain words.
 */
export function migrate(file: RawGraph, table: MigrationTable = MIGRATIONS, target: number = GRAPH_VERSION): MigrationResult {
  const start = file['version'];
  // Version 1 is the first there ever was; anything else is for the schema check to report.
  if (typeof start !== 'number' || !Number.isInteger(start) || start < 1) return { ok: true, file };
  let current = file;
  for (let version = start; version < target; version++) {
    const step = table.get(version);
    if (step === undefined) {
      return failure(`this file is version ${version}, and this build of Sinew has no way to upgrade it from that version`);
    }
    try {
      // A copy, so a careless step cannot change the caller's data.
      const next = step(structuredClone(current));
      current = { ...next, version: version + 1 };
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      return failure(`upgrading this file from version ${version} to ${version + 1} failed: ${reason}`);
    }
  }
  return { ok: true, file: current };
}

function failure(message: string): MigrationResult {
  return { ok: false, error: { code: 'migration-failed', pointer: '/version', message } };
}
