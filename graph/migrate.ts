// Upgrading older graph files step by step, one version at a time, so each step stays small and
// every old file follows the same path to the current version.
import { GRAPH_VERSION, type GraphError } from './types';

/** A parsed graph file of some version, before validation. */
export type RawGraph = { [key: string]: unknown };

/** Turns a file of version N into version N + 1. Must keep every key it does not change. */
export type Migration = (file: RawGraph) => RawGraph;

/** Migrations by the version they upgrade from. */
export type MigrationTable = ReadonlyMap<number, Migration>;

/**
 * Version 1 → 2: version 2 adds `groups`, `frames` and a node's `group` and `collapsed`. A version 1
 * file has none of them, so its nodes and links carry over as they are; but version 1 kept keys it
 * did not know, so a key of those names is someone else's data and moves aside (`v1-groups`, …)
 * rather than being read as group definitions or frames.
 */
export const migrateV1toV2: Migration = (file) => {
  const out: RawGraph = { ...file };
  for (const key of ['groups', 'frames']) moveAside(out, key, `v1-${key}`);
  if (Array.isArray(out['nodes'])) {
    out['nodes'] = out['nodes'].map((node: unknown) => {
      if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
      const copy: RawGraph = { ...(node as RawGraph) };
      for (const key of ['group', 'collapsed']) moveAside(copy, key, `v1-${key}`);
      return copy;
    });
  }
  return out;
};

function moveAside(object: RawGraph, key: string, aside: string): void {
  if (!Object.hasOwn(object, key)) return;
  object[aside] = object[key];
  Reflect.deleteProperty(object, key);
}

/** Every migration this build knows, by the version it upgrades from. */
export const MIGRATIONS: MigrationTable = new Map([[1, migrateV1toV2]]);

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
