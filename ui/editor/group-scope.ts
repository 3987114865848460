// Editing inside a group: the editor shows one group's definition as if it were the graph, and
// every edit made there becomes an edit of that definition, so all its group nodes change with it.
import { editGroup, type Edit } from '../../graph/edits';
import type { GraphDocument, GraphGroup } from '../../graph/types';

/** The group being edited, or undefined for the graph itself. */
export type Scope = string | undefined;

/** The definition `scope` names, if the graph still has it (an undo may have taken it away). */
export function scopeGroup(graph: GraphDocument, scope: Scope): GraphGroup | undefined {
  return scope === undefined ? undefined : graph.groups?.find((g) => g.id === scope);
}

/** What the editor shows: the graph, or the inside of the group as a document of its own. */
export function scopeGraph(graph: GraphDocument, scope: Scope): GraphDocument {
  const group = scopeGroup(graph, scope);
  if (group === undefined) return graph;
  return { format: graph.format, version: graph.version, nodes: group.nodes, links: group.links, ...(graph.groups && { groups: graph.groups }) };
}

/** An edit made in the scope, as an edit of the graph. */
export function inScope(scope: Scope, edit: Edit): Edit {
  return scope === undefined ? edit : editGroup(scope, edit);
}
