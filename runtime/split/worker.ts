// The split rig's worker entry (a Node worker thread or a browser Web Worker, started by
// workerpool): `init` compiles this thread's program on the shared memory and returns its layout;
// `serve` runs the passes the main thread commands, through shared memory alone, until it says stop.
import { worker } from 'workerpool';
import { SplitThread, type ThreadInit } from './thread';

let thread: SplitThread | undefined;

worker({
  init(init: ThreadInit): string {
    if (!(init.control instanceof SharedArrayBuffer)) throw new Error('split rig worker: init was given no SharedArrayBuffer (in a browser the page must be cross-origin isolated)');
    thread = new SplitThread(init);
    return thread.layout;
  },
  serve(): void {
    if (!thread) throw new Error('split rig worker: serve before init');
    thread.serve();
  },
});
