// Reading what a user hands the editor — a graph file, a scene file, text or parsed JSON — into
// documents, or into errors that say which file, where in it, and what is wrong.
import { loadGraph } from '../../graph/load';
import { formatGraphError } from '../../graph/messages';
import { readJson } from '../../graph/safe-json';
import type { GraphDocument, GraphError } from '../../graph/types';
import { graphCatalog, type NodeCatalog } from '../../nodes/catalog';
import { checkFixture } from '../../runtime/io/blender/check-fixture';
import { FIXTURE_FORMAT } from '../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../runtime/io/blender/import';
import { loadScene } from '../../runtime/io/scene/load';
import { SCENE_FORMAT, type SceneDocument } from '../../runtime/rig/scene/types';

export type Opened =
  | { ok: true; kind: 'graph'; graph: GraphDocument; scene: SceneDocument | undefined; sceneRef: string | undefined; warnings: GraphError[]; imported?: 'blender' }
  | { ok: true; kind: 'scene'; scene: SceneDocument }
  | { ok: false; errors: GraphError[] };

/**
 * Opens a graph file, a scene file, or a Blender rig (the Blender exporter's JSON, or a recorded
 * fixture), told apart by its `format`. A Blender rig is imported as `sinew import-blender` does
 * (runtime/io/blender/import.ts): a graph with the scene inline; what it cannot carry is a warning.
 */
export function openDocument(source: unknown, catalog: NodeCatalog): Opened {
  // Through the safe reader, so size, depth and number limits apply before anything else looks.
  const read = readJson(source);
  if (!read.ok) return { ok: false, errors: read.errors };
  const data = read.value;
  if (data && typeof data === 'object' && (data as { format?: unknown }).format === SCENE_FORMAT) {
    const s = loadScene(data);
    return s.ok ? { ok: true, kind: 'scene', scene: s.scene } : { ok: false, errors: s.errors };
  }
  if (data && typeof data === 'object' && (data as { format?: unknown }).format === FIXTURE_FORMAT) return openBlenderRig(data, catalog);
  const g = loadGraph(data, graphCatalog(catalog));
  if (!g.ok) return { ok: false, errors: g.errors };
  const ref = g.graph.scene;
  if (ref && typeof ref === 'object' && !Array.isArray(ref)) {
    const s = loadScene(ref);
    if (!s.ok) return { ok: false, errors: s.errors.map((e) => ({ ...e, pointer: `/scene${e.pointer}` })) };
    return { ok: true, kind: 'graph', graph: g.graph, scene: s.scene, sceneRef: undefined, warnings: g.warnings };
  }
  return { ok: true, kind: 'graph', graph: g.graph, scene: undefined, sceneRef: typeof ref === 'string' ? ref : undefined, warnings: g.warnings };
}

function openBlenderRig(data: unknown, catalog: NodeCatalog): Opened {
  const checked = checkFixture(data);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const imported = importBlenderFixture(checked.fixture, { catalog, applyAfterEval: false });
  // Through the graph loader, as a saved file would come back: the same checks and defaults.
  const g = loadGraph(imported.graph, graphCatalog(catalog));
  if (!g.ok) return { ok: false, errors: g.errors };
  const unsupported = imported.unsupported.map((u, i) => ({ code: 'unsupported', pointer: imported.unsupportedAt[i], message: `unsupported: ${u}` }));
  return { ok: true, kind: 'graph', graph: g.graph, scene: imported.scene, sceneRef: undefined, warnings: [...checked.warnings, ...unsupported, ...g.warnings], imported: 'blender' };
}

/** One paragraph for a person: the file, then at most a few problems, each with where it is. */
export function describeErrors(file: string, errors: readonly GraphError[], max = 4): string {
  const lines = errors.slice(0, max).map(formatGraphError);
  const more = errors.length > max ? ` (and ${errors.length - max} more)` : '';
  return `${file} could not be opened: ${lines.join('; ')}${more}`;
}

/** Fetches a scene a graph names by path, relative to the graph's own URL. */
export async function fetchScene(ref: string, base: string): Promise<{ ok: true; scene: SceneDocument } | { ok: false; errors: GraphError[] }> {
  const url = new URL(ref, new URL(base, location.href)).href;
  let text: string;
  try {
    const res = await fetch(url);
    if (!res.ok) return { ok: false, errors: [{ code: 'unreadable', pointer: '/scene', message: `the scene "${ref}" could not be fetched (HTTP ${res.status})` }] };
    text = await res.text();
  } catch (e) {
    return { ok: false, errors: [{ code: 'unreadable', pointer: '/scene', message: `the scene "${ref}" could not be fetched (${e instanceof Error ? e.message : String(e)})` }] };
  }
  const s = loadScene(text);
  return s.ok ? s : { ok: false, errors: s.errors.map((e) => ({ ...e, message: `in scene "${ref}": ${e.message}` })) };
}
