// Helper objects a graph brings to whatever skeleton it runs on. A graph names its owners; when its
// scene is replaced (`--scene`, or the character it was made on re-imported), every object the graph
// names that the new scene lacks (IK targets, poles, look-at targets, paths) is taken from the
// graph's own scene, with any of its parent objects the new scene lacks too. Bones are never carried:
// a graph naming a bone the new skeleton does not have fails to compile and says which.
import type { GraphDocument } from '../../../graph/types';
import { defaultCatalog, type NodeCatalog } from '../../../nodes/catalog';
import type { SceneDocument, SceneObject } from '../../rig/scene/types';

/** Names of the scene objects (not bones) a graph's nodes name as owners. */
export function namedObjects(graph: GraphDocument, catalog: NodeCatalog = defaultCatalog): Set<string> {
  const out = new Set<string>();
  for (const n of graph.nodes) {
    const def = catalog.get(n.type);
    const param = def?.owner?.param;
    const v = param ? n.params?.[param] : undefined;
    if (typeof v === 'string' && v) out.add(v);
  }
  return out;
}

/** `replacement` plus the objects of `own` that the graph names and `replacement` lacks. */
export function withHelpers(graph: GraphDocument, own: SceneDocument | undefined, replacement: SceneDocument, catalog?: NodeCatalog): { scene: SceneDocument; carried: string[] } {
  if (!own) return { scene: replacement, carried: [] };
  const have = new Set(replacement.objects.map((o) => o.name));
  const ownByName = new Map(own.objects.map((o) => [o.name, o] as const));
  const take = new Set<string>();
  const want = (name: string) => {
    if (have.has(name) || take.has(name)) return;
    const o = ownByName.get(name);
    if (!o) return;
    take.add(name);
    if (o.parent) want(o.parent);
  };
  for (const name of namedObjects(graph, catalog)) want(name);
  // Keep the own scene's order, so parents stay before children as they were.
  const carried: SceneObject[] = own.objects.filter((o) => take.has(o.name));
  return { scene: { ...replacement, objects: [...replacement.objects, ...carried] }, carried: carried.map((o) => o.name) };
}
