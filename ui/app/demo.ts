// The rig the app opens on: examples/demo.sinew.json with the scene it names, bundled at build time.
// Until the demo file exists, the first example graph stands in.
/// <reference types="vite/client" />
import type { SceneDocument } from '../../runtime/rig/scene/types';

const graphs = import.meta.glob<unknown>(['../../examples/demo.sinew.json', '../../examples/arm-ik.sinew.json'], { eager: true, import: 'default' });
const scenes = import.meta.glob<unknown>('../../examples/*.scene.json', { eager: true, import: 'default' });

export interface Demo {
  name: string;
  graph: unknown;
  /** The scene the graph names by path, when it names one. */
  scene: SceneDocument | undefined;
}

export function demo(): Demo | undefined {
  const path = ['../../examples/demo.sinew.json', '../../examples/arm-ik.sinew.json'].find((p) => graphs[p] !== undefined);
  if (!path) return undefined;
  const graph = graphs[path] as { scene?: unknown };
  const ref = typeof graph.scene === 'string' ? `../../examples/${graph.scene.replace(/^\.\//, '')}` : undefined;
  return { name: path.slice(path.lastIndexOf('/') + 1), graph, scene: ref ? (scenes[ref] as SceneDocument | undefined) : undefined };
}

const assets = import.meta.glob<string>('../../examples/assets/*.{glb,gltf,vrm}', { eager: true, query: '?url', import: 'default' });

/** The URL of a file the bundled examples name (a character's `gltf_file`, relative to examples/). */
export function exampleAsset(path: string): string | undefined {
  return assets[`../../examples/${path.replace(/^\.\//, '')}`];
}
