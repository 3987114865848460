// Graph and scene files of a given size, for the count-limit test (safe-loading.test.ts) and the
// loading benchmark (test/bench/load.ts), so both read the same files.

/** A graph of `n` float value nodes and no links. */
export function graphOfSize(n: number): { format: string; version: number; nodes: unknown[]; links: unknown[] } {
  return {
    format: 'sinew-graph',
    version: 1,
    nodes: Array.from({ length: n }, (_, i) => ({ id: `n${i}`, type: 'value/float', params: { value: i }, position: [i, 0] })),
    links: [],
  };
}

/** A scene of `n` empties in a row. */
export function sceneOfSize(n: number): { format: string; version: number; objects: unknown[] } {
  return { format: 'sinew-scene', version: 1, objects: Array.from({ length: n }, (_, i) => ({ name: `o${i}`, type: 'EMPTY', location: [i, 0, 0] })) };
}
