// A program's buffer shared by the threads that split its frame (runtime/split/): one WebAssembly
// memory, shared, that every thread's program is compiled on. It starts with the program's slots,
// the same in every thread; after them each thread has a region of its own, for the kernels'
// scratch and for the slots a program keeps as caches of its own (its cold slots, slots.ts: a bone's
// parent frame, whose bookkeeping lives in each thread's objects, so its numbers must too).
//
// A module can only import a shared memory if its import says so, and the kernels' modules import a
// plain one. Rather than build and ship each module twice, the import of the bytes already shipped is
// rewritten when a shared copy is first asked for (`sharedImportVariant`): the same code, its memory
// import marked shared, with the largest maximum (a shared memory must declare one).

/** The shared memory a thread's program is compiled on, and which of the threads that one is. */
export interface SharedBuffer {
  readonly memory: WebAssembly.Memory;
  /** This thread's index, 0 … threads − 1: which scratch area its kernels use. */
  readonly thread: number;
  readonly threads: number;
}

const PAGE = 65536;
/** A wasm32 memory's largest size in pages (4 GiB). */
const MAX_PAGES = 65536;

/** Where thread `thread`'s own region starts, in doubles: after the slots and the regions before it (each `capacity + scratch`). */
export function ownRegionStart(capacity: number, thread: number, scratch: number): number {
  return capacity + thread * (capacity + scratch);
}

/** A shared memory for a program of `capacity` doubles split across `threads`, each with `scratch` doubles of its own and room for its cold slots. */
export function sharedMemory(capacity: number, threads: number, scratch: number): WebAssembly.Memory {
  const pages = Math.max(1, Math.ceil((ownRegionStart(capacity, threads, scratch) * 8) / PAGE));
  return new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
}

/** Reads an unsigned LEB128 at `at`: its value and the offset after it. */
function readLeb(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  let shift = 0;
  let b: number;
  do {
    b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return [value, at];
}

function leb(value: number): number[] {
  const out: number[] = [];
  do {
    let b = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) b |= 0x80;
    out.push(b);
  } while (value > 0);
  return out;
}

/** Skips a name (a length, then that many bytes). */
function skipName(bytes: Uint8Array, at: number): number {
  const [n, next] = readLeb(bytes, at);
  return next + n;
}

/**
 * The module's bytes with its imported memory declared shared, maximum 4 GiB; the other sections as
 * they are. Throws when the module imports no memory (a kernel that could not use the program's).
 */
export function sharedImportVariant(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  let at = 8; // magic and version
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, body] = readLeb(bytes, at + 1);
    const end = body + size;
    if (id === 2) {
      const limits = memoryImportLimits(bytes, body);
      if (limits === undefined) break;
      const [, afterMin] = readLeb(bytes, limits + 1);
      const min = bytes.subarray(limits + 1, afterMin);
      const oldEnd = bytes[limits] & 1 ? readLeb(bytes, afterMin)[1] : afterMin;
      const newLimits = [0x03, ...min, ...leb(MAX_PAGES)];
      const section = [...bytes.subarray(body, limits), ...newLimits, ...bytes.subarray(oldEnd, end)];
      return Uint8Array.from([...bytes.subarray(0, at), 2, ...leb(section.length), ...section, ...bytes.subarray(end)]);
    }
    at = end;
  }
  throw new Error('sharedImportVariant: the module imports no memory');
}

/** Where the memory import's limits start in the import section at `body`, if it has one. */
function memoryImportLimits(bytes: Uint8Array, body: number): number | undefined {
  let [count, at] = readLeb(bytes, body);
  for (; count > 0; count--) {
    at = skipName(bytes, skipName(bytes, at));
    const kind = bytes[at++];
    if (kind === 2) return at;
    if (kind === 0) at = readLeb(bytes, at)[1];
    else if (kind === 1) { at++; at = bytes[at] & 1 ? readLeb(bytes, readLeb(bytes, at + 1)[1])[1] : readLeb(bytes, at + 1)[1]; }
    else at += 2; // a global: its value type and mutability
  }
  return undefined;
}
