// The crowd's worker entry (a Node worker thread or a browser Web Worker, started by workerpool):
// `init` compiles the program of the characters this worker owns (one for all, or one each: see
// characters.ts) over the shared buffer; each `frame` evaluates them. Each pool has exactly one
// worker, so the characters' state stays where `init` made it.
import { worker } from 'workerpool';
import type { GraphDocument } from '../../graph/types';
import type { SceneDocument } from '../rig/scene/types';
import { CrowdShare } from './characters';
import type { CrowdLayout } from './layout';

let share: CrowdShare | undefined;

worker({
  init(graph: GraphDocument, scene: SceneDocument, buffer: SharedArrayBuffer, layout: CrowdLayout, first: number, count: number): number {
    if (!(buffer instanceof SharedArrayBuffer)) throw new Error('crowd worker: init was given no SharedArrayBuffer (in a browser the page must be cross-origin isolated)');
    share = new CrowdShare(graph, scene, buffer, layout, first, count);
    return count;
  },
  frame(): void {
    if (!share) throw new Error('crowd worker: frame before init');
    share.evaluate();
  },
});
