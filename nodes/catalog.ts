// Every node kind this build knows, by type. The compiler, editor and loader read this map.
import type { Catalog } from '../graph/types';
import { catalogEntryOf, type NodeDefinition } from './define';
import { ikConstraints } from './constraints/ik';
import { relationshipConstraints } from './constraints/relationship';
import { trackingConstraints } from './constraints/tracking';
import { transformConstraints } from './constraints/transform';
import { ownerNodes } from './owner';
import { physicsNodes } from './physics';
import { valueNodes } from './values';
import { driverNodes } from './drivers';

export type NodeCatalog = ReadonlyMap<string, NodeDefinition>;

/** Builds a catalog, refusing two kinds with one type name. */
export function createCatalog(definitions: readonly NodeDefinition[]): NodeCatalog {
  const map = new Map<string, NodeDefinition>();
  for (const d of definitions) {
    if (map.has(d.type)) throw new Error(`node type "${d.type}" is defined twice`);
    map.set(d.type, d);
  }
  return map;
}

export const defaultCatalog: NodeCatalog = createCatalog([
  ...ownerNodes,
  ...valueNodes,
  ...transformConstraints,
  ...trackingConstraints,
  ...relationshipConstraints,
  ...ikConstraints,
  ...physicsNodes,
  ...driverNodes,
]);

/** The catalog as the graph layer sees it: sockets and param shapes only. */
export function graphCatalog(catalog: NodeCatalog = defaultCatalog): Catalog {
  return { get: (type) => { const d = catalog.get(type); return d && catalogEntryOf(d); } };
}
