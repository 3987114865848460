// The memory the threads of a split frame share besides the program's buffer: a cache line of Int32s
// per thread (its count of steps run, and what it reports), since a thread writes its count while
// another polls it; a line of the main thread's commands; a mailbox per thread for what it reports
// as text (its warnings, or an error, as JSON); and each step's thread, which the main thread may
// change between frames (`Command.Replan`).

/** Int32s in a 64-byte cache line. */
const LINE = 16;
/** Bytes of each thread's mailbox. */
export const MAILBOX_BYTES = 1 << 18;

/** In thread t's line: how many steps it has run, counted over every pass. */
export const progressAt = (t: number): number => t * LINE;
/** In thread t's line: 1 when its unguarded pass failed (a step threw, or met what its guard acts on). */
export const failedAt = (t: number): number => t * LINE + 1;
/** In thread t's line: bytes in its mailbox (0: empty). */
export const mailAt = (t: number): number => t * LINE + 2;
/** In thread t's line: 1 when it stopped on an error it cannot recover from (the message in its mailbox). */
export const brokenAt = (t: number): number => t * LINE + 3;
/** In thread t's line: the sequence number of the last command it has taken in full. */
export const ackAt = (t: number): number => t * LINE + 4;

/** What the main thread commands (in the command line's `kindAt` word). Replan: read each step's thread again from `threadOf`. */
export const Command = { Unguarded: 0, Guarded: 1, Stop: 2, Replan: 3 } as const;
export type Command = (typeof Command)[keyof typeof Command];

export class SplitControl {
  readonly words: Int32Array;
  /** The main thread's line: the command's sequence number (bumped for each; the other threads wait on it) … */
  readonly commandAt: number;
  /** … and what the command is (a `Command`). */
  readonly kindAt: number;

  /** Each step's thread. */
  readonly threadOf: Int8Array;

  constructor(readonly buffer: SharedArrayBuffer, readonly threads: number, steps: number) {
    this.words = new Int32Array(buffer, 0, (threads + 1) * LINE);
    this.commandAt = threads * LINE;
    this.kindAt = threads * LINE + 1;
    this.threadOf = new Int8Array(buffer, (threads + 1) * LINE * 4 + threads * MAILBOX_BYTES, steps);
  }

  static create(threads: number, steps: number): SplitControl {
    return new SplitControl(new SharedArrayBuffer((threads + 1) * LINE * 4 + threads * MAILBOX_BYTES + steps), threads, steps);
  }

  /** Commands the other threads (they wait on the command word). */
  command(kind: Command): void {
    Atomics.store(this.words, this.kindAt, kind);
    Atomics.add(this.words, this.commandAt, 1);
    Atomics.notify(this.words, this.commandAt);
  }

  /** Thread t's mailbox. */
  mailbox(t: number): Uint8Array {
    return new Uint8Array(this.buffer, (this.threads + 1) * LINE * 4 + t * MAILBOX_BYTES, MAILBOX_BYTES);
  }

  /** Writes `value` as JSON into thread t's mailbox (cut to an empty list when it does not fit). */
  post(t: number, value: unknown): void {
    const box = this.mailbox(t);
    let bytes = new TextEncoder().encode(JSON.stringify(value));
    if (bytes.length > box.length) bytes = new TextEncoder().encode('[]');
    box.set(bytes);
    Atomics.store(this.words, mailAt(t), bytes.length);
  }

  /** What thread t posted (undefined when nothing), and empties its mailbox. */
  take(t: number): unknown {
    const n = Atomics.load(this.words, mailAt(t));
    if (n === 0) return undefined;
    const text = new TextDecoder().decode(this.mailbox(t).slice(0, n));
    Atomics.store(this.words, mailAt(t), 0);
    return JSON.parse(text) as unknown;
  }
}
