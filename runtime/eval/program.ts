// A compiled program: a flat list of steps over one Float64Array, run every frame.
// `evaluate` runs every step; `update` runs only the steps marked dirty by `setParam`,
// `setOwnerBasis`, `markOwnerDirty` or a frame change, in schedule order. Neither allocates.
//
// A program with stateful nodes (spring bones) also knows which tick its state is at. Tick t is
// the frames in (start + t − 1, start + t], tick 0 every frame at or before the start (the earliest
// stateful node's start frame). Evaluating a frame of a later tick first evaluates every frame in
// between, one tick each; a frame of an earlier tick (or the first evaluation, or a change upstream
// of a stateful node) resets the state at the start frame and replays from there. So frame N gives
// the same numbers, to the bit, however it was reached: the cost of a jump is counted in ticks
// (`lastTicksRun`), at most MAX_REPLAY_TICKS.
import type { GraphError, JsonValue, SocketType } from '../../graph/types';
import type { Params, ParamValue } from '../../nodes/define';
import { DirtySet, type DependencyInfo } from './dirty';
import type { RigOwner } from '../rig/rig';
import { basisMatrix } from '../../nodes/math/basis';
import { objectBasisMatrix } from '../../nodes/math/object-basis';
import type { TransformProps } from '../rig/scene/types';
import type { FrameCheck, GuardSwitch } from './frame-check';
import { StepProfile, type Clock } from './step-profile';
import { UnitTable, type UnitId } from './unit';
import { bareStep } from './bare-step';

export interface Step {
  /** Its schedule unit (see unit.ts). */
  unit: UnitId;
  run: () => void;
  /** `run` without its node guard (bare-step.ts), for a pass with the guards off. */
  bare: () => void;
}

/**
 * A warning from compiling or evaluating. Those evaluation finds (`node-failed`, `owner-overflow`,
 * `owner-invalid`) are pushed once, when they first arise, and `count` then says in how many
 * evaluations they arose (a bake reports "in 48 of 100 frames").
 */
export interface ProgramWarning extends GraphError {
  count?: number;
}

/** A stateful node's slots: its state after the tick before and after this one, and its start frame. */
export interface NodeState {
  unit: UnitId;
  previous: Float64Array;
  next: Float64Array;
  /** The node's start frame (written when it binds). */
  start: Float64Array;
}

/** A frame a program with stateful nodes cannot reach: NaN, or more ticks away than one call replays. */
export class FrameRangeError extends RangeError {
  override name = 'FrameRangeError';
}

/** Most ticks one evaluation replays (a jump of more frames than this from the start is refused). */
export const MAX_REPLAY_TICKS = 1_000_000;

export interface ScheduleReport {
  /** Every unit in schedule order, as people read it (`UnitTable.label`). */
  order: string[];
  cycles: { nodes: string[]; owners: string[] }[];
}

/**
 * What of one node the schedule is built from: the owner it names (null when it names none), the
 * owners it writes (null when it writes none) and, for a variadic node, its count param's value (which
 * inputs it has; null otherwise). Two shapes are the same schedule when `sameShape`.
 */
export interface ScheduleShape {
  owner: string | null;
  writes: readonly string[] | null;
  count: JsonValue;
}

/** Whether two shapes give the same schedule: the same owner, count and written owners in order. */
export function sameShape(a: ScheduleShape, b: ScheduleShape): boolean {
  if (a.owner !== b.owner || a.count !== b.count) return false;
  if (a.writes === null || b.writes === null) return a.writes === b.writes;
  return a.writes.length === b.writes.length && a.writes.every((w, i) => w === b.writes![i]);
}

/**
 * What `setParam` did: `applied` — the program runs with the new value (the next `update` shows it);
 * `recompile` — the program cannot take it as it is (the node was left out of the program, or the
 * param decides what is evaluated in which order, or the new value cannot be bound), and was left
 * as it was: compile the graph again, which reports what is wrong with the value if anything is.
 */
export type SetParamOutcome = 'applied' | 'recompile';

/** What the program may change of one compiled node without a recompile. */
export interface NodeControl {
  unit: UnitId;
  /** The params the kernel reads (the same object). */
  params: Params;
  /** Whether a param may have this name: the definition's params and its inputs with a default. */
  hasParam(name: string): boolean;
  /** A value as the kernel reads it (nodes/resolve-params.ts): of its param's kind, else the default. */
  resolve(name: string, value: JsonValue): ParamValue | undefined;
  /** Whether this is an input (a param of that name is the input's value when it is not wired). */
  isInput(name: string): boolean;
  /** Unconnected inputs: the slot holding their value, and its socket type. */
  constants: Record<string, { type: SocketType; slot: Float64Array }>;
  /** Binds the node again after a param change; its new step, or undefined when it has none. */
  rebind(): (() => void) | undefined;
  /** What the schedule depends on (owner param, IK chain): a change needs a recompile. */
  structure(): ScheduleShape;
  /** A socket's live slot (a view, current after each evaluation) and its type, for watches. */
  socket?(side: 'input' | 'output', name: string): { type: SocketType; view: Float64Array } | undefined;
}

/** What the compiler hands over for incremental evaluation. */
export interface ProgramDeps extends DependencyInfo {
  /** Units whose step reads the frame (time nodes). */
  frameUnits: readonly UnitId[];
  /** The controls of a node (made on each call: keep it while you use it). */
  node(nodeId: string): NodeControl | undefined;
  /** Nodes whose evaluations depend on earlier ones outside state slots, each with why (plan.ts). */
  history?(): string[];
  /** Of those, the causes that make a frame evaluated on its own differ from the same frame reached by playing (plan.ts). */
  playback?(): string[];
  /** Whether a node keeps a value from its first evaluation (`NodeDefinition.remembers`, with the params it has now). */
  remembers?(): boolean;
  /** What a step hands another in an owner's record rather than the buffer, each with why (plan.ts). */
  recordPassing?(): string[];
  /**
   * The scene's animation time and its scale when the scene remaps time (Blender's time remapping):
   * written as frame · scale before every pass. Absent: the time is the frame slot itself.
   */
  sceneTime?: { slot: Float64Array; scale: number };
  /** The frame the scene was saved at, where a program with a dependency cycle settles before its first evaluation (`Program.settleCycles`). */
  settleFrame?: number;
}

/** Passes at most that settle a dependency cycle before a program's first evaluation (`Program.settleCycles`). */
export const MAX_SETTLE_PASSES = 16;

/**
 * One character of a crowd sharing a program (`Program.evaluateCharacter`): what it keeps of its
 * own — the tick its stateful nodes are at, the frame that tick was evaluated at, the program's
 * state epoch then (`dropState`), and each stateful node's previous and next slots, in that order in
 * `data`. Everything else a frame computes anew.
 */
export class CharacterState {
  constructor(readonly program: Program, readonly data: Float64Array) {}
}

export class Program {
  /** Steps run by the last `evaluate` or `update`. */
  lastStepsRun = 0;
  // Built on first use (`update`, `setParam`, `mark…`), so programs only ever `evaluate`d never pay for them.
  private dirtySet: DirtySet | undefined;
  private frameUnits = new Int32Array(0);
  private stepIndex: Map<UnitId, number> | undefined;
  private ownersById: Map<string, RigOwner> | undefined;
  /** Whether every step has run since the program was built (else all are dirty). */
  private evaluated = false;
  /**
   * [1] until a program with a dependency cycle has settled (`settleCycles`); [0] from the start without
   * one. In a typed array: checked as a boolean field, `evaluate` allocated 96 bytes a frame on the NLA
   * rigs of alloc.test.ts (measured; this allocates nothing).
   */
  private readonly unsettled = new Uint8Array(1);
  /** Ticks (whole-program evaluations) the last `evaluate` or `update` ran: 1 without stateful nodes. */
  lastTicksRun = 0;
  /**
   * Passes of `evaluate` run with the node guards on since the program was built: those of a frame
   * that failed its check (a node failed, or a matrix overflowed), of a program with a dependency
   * cycle, and while profiling; frames of a sound rig add none (frame-check.ts).
   */
  guardedPasses = 0;
  /** The tick the stateful nodes' state is at (-1: none yet, or a change made it stale). */
  private tick = -1;
  /** The frame that tick was last evaluated at. */
  private tickFrame = 0;
  /** Counts the changes that made the state stale (`dropState`): a character's state from before one is stale too. */
  private stateEpoch = 0;
  /**
   * The frame `evaluate` was asked for, handed to `reach` here: V8 boxes a double passed to a call
   * it does not inline (steps run at `frameSlot[0]`, which callers of runAll set first).
   */
  private readonly wanted = new Float64Array(1);
  private stateSteps: Int32Array | undefined;
  /** Attached by `startProfiling`: each step's time is added to it. Checked once per pass. */
  private profiling: StepProfile | undefined;
  /**
   * Each step's `bare`, in step order: a pass with the guards off calls these without reading the
   * step records, which are one more object a step for a frame to bring into the cache.
   */
  private readonly bares: (() => void)[];
  /** `history`, made on first read and again after a param change. */
  private historyMemo: readonly string[] | undefined;
  /** `deps.remembers()`, made on first read and again after a param change. */
  private remembersMemo: boolean | undefined;

  constructor(
    readonly buffer: Float64Array,
    readonly steps: Step[],
    readonly owners: RigOwner[],
    readonly frameSlot: Float64Array,
    readonly schedule: ScheduleReport,
    readonly warnings: ProgramWarning[],
    private readonly deps?: ProgramDeps,
    /** Stateful nodes' slots, in schedule order. */
    readonly states: readonly NodeState[] = [],
    /** The switch its guarded steps read, and what a frame evaluated with it off must pass (frame-check.ts). */
    private readonly unguarded?: { guards: GuardSwitch; check: FrameCheck },
  ) {
    if (schedule.cycles.length > 0) this.unsettled[0] = 1;
    this.bares = steps.map((s) => s.bare);
  }

  /** Whether the program has nodes whose state carries from frame to frame. */
  get stateful(): boolean {
    return this.states.length > 0;
  }

  /**
   * Why an evaluation's result may depend on the evaluations before it beyond the stateful nodes'
   * state, one sentence per cause (empty when nothing does): a dependency cycle (the link set aside
   * reads the last evaluation's value), a node that remembers its first evaluation (a Blender
   * write-back, `NodeDefinition.remembers`), a driven param (it keeps its last value when its
   * driver gives NaN), a rotation mode an action keys (the owner keeps it, and what a change
   * converts, from the last evaluation). Only a program without any may be shared by characters
   * (`evaluateCharacter`).
   */
  get history(): readonly string[] {
    return (this.historyMemo ??= [
      ...this.cycleCauses(),
      ...(this.deps?.history?.() ?? []),
    ]);
  }

  /**
   * Why a frame evaluated on its own (`evaluate(F)` on a new program, as `sinew eval --frame F`) can
   * differ from the same frame reached by playing the frames before it, as Blender's session and
   * `sinew bake` reach it: a dependency cycle (it reads across its break what the frame before left),
   * a rotation mode an action keys, a node that remembers its first evaluation. One sentence per
   * cause; a subset of `history`.
   */
  get playbackDependence(): readonly string[] {
    return [...this.cycleCauses(), ...(this.deps?.playback?.() ?? [])];
  }

  /** Each dependency cycle as a cause in `history` and `playbackDependence`. */
  private cycleCauses(): string[] {
    return this.schedule.cycles.map((c) => `a dependency cycle through ${[...c.nodes.map((n) => `node "${n}"`), ...c.owners.map((o) => `owner "${o}"`)].join(', ')} reads the last evaluation's values through the link set aside`);
  }

  /**
   * A new character to share this program (`evaluateCharacter`), its stateful nodes at no tick yet:
   * its first evaluation resets them at the start frame and replays from there, as a new program's does.
   */
  newCharacter(): CharacterState {
    let n = 3;
    for (const st of this.states) n += 2 * st.previous.length;
    const data = new Float64Array(n);
    data[0] = -1;
    data[2] = this.stateEpoch;
    return new CharacterState(this, data);
  }

  /**
   * Evaluates `frame` for one of the characters sharing this program (a crowd): puts the
   * character's state in (its stateful nodes' slots and tick), evaluates, and keeps the new state in
   * the character. Each character gets, bit for bit, what a program of its own would from the same
   * frames in the same order, because nothing else carries from one evaluation to the next: so the
   * program's `history` must be empty (checked). The program is left in the character's state.
   * Allocates nothing.
   */
  evaluateCharacter(character: CharacterState, frame: number): this {
    if (character.program !== this) throw new Error('evaluateCharacter: the character was made by another program (Program.newCharacter)');
    if (this.history.length) throw new Error(`evaluateCharacter: characters cannot share this program, since its results depend on the frames evaluated before: ${this.history.join('; ')}`);
    if (this.states.length === 0) return this.evaluate(frame);
    const d = character.data;
    this.loadCharacter(d);
    this.evaluate(frame);
    this.saveCharacter(d);
    return this;
  }

  /** Makes the state stale, the program's and every character's: the next evaluation replays from the start. */
  private dropState(): void {
    this.tick = -1;
    this.stateEpoch++;
  }

  private loadCharacter(d: Float64Array): void {
    // A character whose state predates a change upstream of a stateful node replays from the start.
    this.tick = d[2] === this.stateEpoch ? d[0] : -1;
    this.tickFrame = d[1];
    const st = this.states;
    let at = 3;
    for (let i = 0; i < st.length; i++) {
      const { previous, next } = st[i];
      for (let k = 0; k < previous.length; k++) previous[k] = d[at++];
      for (let k = 0; k < next.length; k++) next[k] = d[at++];
    }
  }

  private saveCharacter(d: Float64Array): void {
    d[0] = this.tick;
    d[1] = this.tickFrame;
    d[2] = this.stateEpoch;
    const st = this.states;
    let at = 3;
    for (let i = 0; i < st.length; i++) {
      const { previous, next } = st[i];
      for (let k = 0; k < previous.length; k++) d[at++] = previous[k];
      for (let k = 0; k < next.length; k++) d[at++] = next[k];
    }
  }

  /** The frame the stateful nodes replay from: the earliest start frame. */
  get startFrame(): number {
    const st = this.states;
    let s = st.length ? st[0].start[0] : 0;
    for (let i = 1; i < st.length; i++) if (st[i].start[0] < s) s = st[i].start[0];
    return s;
  }

  private get dirty(): DirtySet | undefined {
    if (this.dirtySet || !this.deps) return this.dirtySet;
    const d = new DirtySet(this.deps, this.steps.map((s) => s.unit));
    if (!this.evaluated) d.markAll();
    this.frameUnits = Int32Array.from(this.deps.frameUnits);
    return (this.dirtySet = d);
  }

  /**
   * Evaluates every step in order for `frame` (with stateful nodes, every frame of the ticks
   * between their state and `frame` too). Allocates nothing.
   */
  evaluate(frame = this.frameSlot[0]): this {
    if (this.unsettled[0] === 1) {
      // The frame in a slot, not an argument: a double passed to a call V8 does not inline is boxed.
      this.wanted[0] = frame;
      this.settleCycles();
    }
    this.lastStepsRun = 0;
    this.lastTicksRun = 0;
    if (this.states.length) {
      this.wanted[0] = frame;
      this.reach();
    } else {
      this.frameSlot[0] = frame;
      this.runAll();
    }
    this.dirtySet?.clear();
    this.evaluated = true;
    return this;
  }

  /**
   * Measures every step from now on (the editor's profiler). The returned profile accumulates until
   * `stopProfiling`; `clock` is `performance` unless a test gives its own.
   */
  startProfiling(clock: Clock = performance): StepProfile {
    this.profiling = new StepProfile(this.units, this.steps.map((s) => s.unit), clock);
    return this.profiling;
  }

  /** Stops measuring; the program runs its steps with no clock again. */
  stopProfiling(): void {
    this.profiling = undefined;
  }

  /** The profile being filled, if profiling. */
  get profile(): StepProfile | undefined {
    return this.profiling;
  }

  /** Runs every step at the frame in `frameSlot[0]`. */
  private runAll(): void {
    this.timeFromFrame();
    const steps = this.steps;
    const p = this.profiling;
    if (p) {
      const { time, runs, clock } = p;
      for (let i = 0; i < steps.length; i++) {
        const t0 = clock.now();
        steps[i].run();
        time[i] += clock.now() - t0;
        runs[i]++;
      }
      p.passes++;
      this.guardedPasses++;
    } else if (!this.unguarded || this.remembers || !this.passesUnguarded()) {
      for (let i = 0; i < steps.length; i++) steps[i].run();
      this.guardedPasses++;
    }
    this.lastStepsRun += steps.length;
    this.lastTicksRun++;
  }

  /**
   * What a step hands another in an owner's record (a JavaScript object) rather than the buffer, one
   * sentence per cause (empty for most rigs): threads that share a frame (runtime/split/) each have
   * their own records, so such a program runs on one.
   */
  get recordPassing(): readonly string[] {
    return this.deps?.recordPassing?.() ?? [];
  }

  /**
   * For threads that run a frame's steps between them (runtime/split/), not through `evaluate`:
   * writes the frame (and the scene's time) the steps read.
   */
  setFrame(frame: number): void {
    this.frameSlot[0] = frame;
    this.timeFromFrame();
  }

  /**
   * For threads that run a frame's steps between them (runtime/split/): the guards' switch and the
   * frame's check, when a frame may first run with the guards off (undefined when every pass runs
   * guarded: the frame check is off, or a node keeps a value from its first evaluation).
   */
  get unguardedPass(): { guards: GuardSwitch; check: FrameCheck } | undefined {
    return this.remembers ? undefined : this.unguarded;
  }

  /** The scene's animation time for the frame in `frameSlot[0]`, when the scene remaps time. */
  private timeFromFrame(): void {
    const t = this.deps?.sceneTime;
    if (t) t.slot[0] = this.frameSlot[0] * t.scale;
  }

  /**
   * Whether a node keeps a value from its first evaluation: a frame evaluated twice (with the guards
   * off, then on after a failure) could keep the first, unguarded one, so such a program keeps its
   * guards on.
   */
  private get remembers(): boolean {
    return (this.remembersMemo ??= this.deps?.remembers?.() ?? false);
  }

  /**
   * Runs every step with the guards off, then checks at once what they would have checked
   * (frame-check.ts); false when a step threw or the check failed, and the frame must run guarded.
   */
  private passesUnguarded(): boolean {
    const { guards, check } = this.unguarded!;
    const bares = this.bares;
    guards[0] = 0;
    guards[1] = 0;
    try {
      // Each guarded node's step itself, not through its guard (bare-step.ts): the switch is off.
      for (let i = 0; i < bares.length; i++) bares[i]();
    } catch {
      return false;
    } finally {
      guards[0] = 1;
    }
    return check.passed();
  }

  /**
   * A dependency cycle reads, through the link set aside, what the last evaluation left there.
   * Blender's session reaches any frame from the state its file was saved in: the rig evaluated,
   * again and again, at the saved frame. A new program has no such state, so before its first
   * evaluation it evaluates the saved frame (the scene's `frame_current`, else the frame asked for,
   * in `wanted[0]`) until its owners' matrices stop changing, at most MAX_SETTLE_PASSES times; a
   * cycle that settles then reads what Blender's reads (random rigs with a cycle: 1.3–5.5 off at
   * their first frame before, within 4e-6 after). Runs once; the frame asked for is then evaluated
   * as usual.
   */
  private settleCycles(): void {
    this.unsettled[0] = 0;
    const at = this.deps?.settleFrame ?? this.wanted[0];
    if (at !== at) return;
    const owners = this.owners;
    const last = new Float64Array(16 * owners.length);
    for (let pass = 0; pass < MAX_SETTLE_PASSES; pass++) {
      this.frameSlot[0] = at;
      this.runAll();
      let same = pass > 0;
      for (let i = 0; i < owners.length; i++) {
        const m = owners[i].final;
        for (let k = 0; k < 16; k++) {
          if (!Object.is(last[16 * i + k], m[k])) same = false;
          last[16 * i + k] = m[k];
        }
      }
      if (same) break;
    }
    this.lastStepsRun = 0;
    this.lastTicksRun = 0;
  }

  /** Brings the stateful nodes' state to the tick of the frame in `wanted[0]`, replaying from the start when it must. */
  private reach(): void {
    const frame = this.wanted[0];
    if (frame !== frame) throw new FrameRangeError('evaluate: the frame is not a number (NaN); a program with spring bones steps frame by frame and needs one');
    // The earliest start frame (startFrame, written out: a getter returning a double boxes it).
    const st = this.states;
    let start = st[0].start[0];
    for (let i = 1; i < st.length; i++) if (st[i].start[0] < start) start = st[i].start[0];
    // The tick of the frame.
    const target = frame > start ? Math.ceil(frame - start) : 0;
    const from = this.tick < 0 || target < this.tick ? 0 : this.tick;
    if (target - from > MAX_REPLAY_TICKS) {
      throw new FrameRangeError(`evaluate: frame ${frame} is ${target - from} frames after the state of the program's spring bones (start frame ${start}); reaching it replays every frame, and one evaluation replays at most ${MAX_REPLAY_TICKS}`);
    }
    const states = this.states;
    if (this.tick < 0 || target < this.tick) {
      this.tick = 0;
      this.frameSlot[0] = target === 0 ? frame : start;
      this.runAll();
      this.tickFrame = this.frameSlot[0];
    }
    while (this.tick < target) {
      // The state carried to the next tick is this tick's at its own (whole) frame.
      const own = start + this.tick;
      if (this.tickFrame !== own) { this.frameSlot[0] = own; this.runAll(); }
      for (let i = 0; i < states.length; i++) states[i].previous.set(states[i].next);
      this.tick++;
      this.frameSlot[0] = this.tick === target ? frame : start + this.tick;
      this.runAll();
      this.tickFrame = this.frameSlot[0];
    }
    if (this.lastTicksRun === 0) {
      // The same tick again (a change downstream, another frame within the tick): from the same state.
      this.frameSlot[0] = frame;
      this.runAll();
      this.tickFrame = frame;
    }
  }

  /**
   * Evaluates only what changed since the last evaluation: steps downstream of a `setParam` applied,
   * `setOwnerBasis` or `markOwnerDirty`, and of the frame when `frame` differs from the last one.
   * The first call runs everything. Allocates nothing.
   */
  update(frame = this.frameSlot[0]): this {
    if (this.unsettled[0] === 1) return this.evaluate(frame);
    const d = this.dirty;
    if (!d) return this.evaluate(frame);
    // Stateful: a new frame moves the state (ticks in between included), which evaluate does.
    if (this.states.length && (frame !== this.frameSlot[0] || this.tick < 0)) return this.evaluate(frame);
    if (frame !== this.frameSlot[0]) {
      this.frameSlot[0] = frame;
      this.timeFromFrame();
      if (this.frameUnits.length) d.markUnits(this.frameUnits, this.frameUnits.length);
    }
    const steps = this.steps, flags = d.flags;
    let ran = 0;
    const p = this.profiling;
    if (p) {
      const { time, runs, clock } = p;
      for (let i = d.lo, hi = d.hi; i <= hi; i++) {
        if (flags[i] === 0) continue;
        flags[i] = 0;
        const t0 = clock.now();
        steps[i].run();
        time[i] += clock.now() - t0;
        runs[i]++;
        ran++;
      }
      if (ran > 0) p.passes++;
    } else {
      for (let i = d.lo, hi = d.hi; i <= hi; i++) {
        if (flags[i] === 0) continue;
        flags[i] = 0;
        steps[i].run();
        ran++;
      }
    }
    d.lo = steps.length;
    d.hi = -1;
    this.evaluated = true;
    this.lastStepsRun = ran;
    this.lastTicksRun = ran > 0 ? 1 : 0;
    return this;
  }

  /** The program's schedule units (what `Step.unit` indexes). */
  get units(): UnitTable {
    return this.deps?.units ?? this.noUnits;
  }

  private readonly noUnits = new UnitTable([], []);

  /** The schedule's units and edges the dirty marks follow (for tools and tests). */
  get dependencies(): DependencyInfo | undefined {
    return this.deps;
  }

  /** How many steps the next `update` will run (the frame aside). */
  get pendingSteps(): number {
    return this.dirty ? this.dirty.count() : this.steps.length;
  }

  /** Marks every step, so the next `update` runs them all (and stateful nodes replay from their start). */
  invalidate(): this {
    this.dirty?.markAll();
    this.dropState();
    return this;
  }

  /**
   * Sets a node's param (or the value of an unconnected input) and marks what depends on it; what
   * it did is the outcome (`SetParamOutcome`). A name the node's definition lacks is `recompile`
   * too: a graph may carry such a param (compiling warns of it, with the nearest known name).
   */
  setParam(nodeId: string, name: string, value: JsonValue): SetParamOutcome {
    const ctrl = this.deps?.node(nodeId);
    if (!ctrl) return 'recompile';
    if (!ctrl.hasParam(name)) return 'recompile';
    const constant = ctrl.constants[name];
    const old = ctrl.params[name];
    const resolved = ctrl.resolve(name, value);
    if (resolved === undefined) return 'recompile';
    if (constant) {
      ctrl.params[name] = resolved;
      writeConstant(constant.slot, constant.type, resolved);
    } else if (ctrl.isInput(name)) {
      ctrl.params[name] = resolved; // a wired input: its link gives the value, nothing changes
      return 'applied';
    } else {
      const before = ctrl.structure();
      ctrl.params[name] = resolved;
      if (!sameShape(ctrl.structure(), before)) {
        ctrl.params[name] = old;
        return 'recompile';
      }
      let run: (() => void) | undefined;
      try {
        run = ctrl.rebind();
      } catch {
        // The value cannot be bound (compile reports why, by node and param): the old one stays.
        ctrl.params[name] = old;
        ctrl.rebind();
        return 'recompile';
      }
      this.stepIndex ??= new Map(this.steps.map((st, k) => [st.unit, k]));
      const i = this.stepIndex.get(ctrl.unit);
      if (i !== undefined && run) {
        this.steps[i].run = run;
        this.steps[i].bare = this.bares[i] = bareStep(run);
      }
      this.historyMemo = undefined; // a param may make a node remember (a Limit Distance set to 0)
      this.remembersMemo = undefined;
    }
    this.markUnit(ctrl.unit);
    return 'applied';
  }

  /**
   * Sets an owner's own transform (an object's basis, a bone's pose) from a 4×4 matrix
   * (column-major) or Blender-style location/rotation/scale (an object's delta transforms, which the
   * scene gives, composed with them as Blender does), and marks what depends on it.
   */
  setOwnerBasis(ownerId: string, basis: ArrayLike<number> | TransformProps): this {
    const o = this.owner(ownerId);
    if (!o) throw new Error(`setOwnerBasis: owner "${ownerId}" is not in the scene`);
    if (isMatrix(basis)) {
      if (basis.length !== 16) throw new Error(`setOwnerBasis: a matrix has 16 numbers, got ${basis.length}`);
      for (let i = 0; i < 16; i++) o.basis[i] = basis[i];
    } else if (o.kind === 'object' && o.deltas) {
      objectBasisMatrix(o.basis, basis, o.deltas);
    } else {
      basisMatrix(o.basis, basis);
    }
    return this.markOwnerDirty(ownerId);
  }

  /** Marks an owner's pre-constraint matrix and everything after it (after editing its basis in place). */
  markOwnerDirty(ownerId: string): this {
    if (!this.dirty) return this;
    const u = this.units.ofOwner(ownerId, 'pre');
    if (u === undefined) throw new Error(`owner "${ownerId}" is not in this program`);
    return this.markUnit(u);
  }

  /** Marks a node's step and everything after it. */
  markNodeDirty(nodeId: string): this {
    if (!this.dirty) return this;
    const u = this.units.ofNode(nodeId);
    if (u === undefined) throw new Error(`node "${nodeId}" is not in this program`);
    return this.markUnit(u);
  }

  private markUnit(unit: UnitId): this {
    const d = this.dirty;
    if (!d) return this;
    d.markUnit(unit);
    // A change that reaches a stateful node changes its history: the state replays from the start.
    if (this.states.length) {
      this.stepIndex ??= new Map(this.steps.map((st, k) => [st.unit, k]));
      this.stateSteps ??= Int32Array.from(this.states.map((st) => this.stepIndex!.get(st.unit) ?? -1));
      for (let k = 0; k < this.stateSteps.length; k++) {
        const s = this.stateSteps[k];
        if (s >= 0 && d.flags[s]) this.dropState();
      }
    }
    return this;
  }

  /**
   * The live value of a node's socket: a view into the buffer (read it after `evaluate`), with its
   * type. Undefined when the node was not compiled or has no such socket. For the editor's watches:
   * ask again after each evaluation, since a value the frame did not need (a step left out, an
   * owner's matrix before constraints left unmade) is made when asked for.
   */
  socketValue(nodeId: string, side: 'input' | 'output', socket: string): { type: SocketType; view: Float64Array } | undefined {
    return this.deps?.node(nodeId)?.socket?.(side, socket);
  }

  /** An owner by id. */
  owner(id: string): RigOwner | undefined {
    this.ownersById ??= new Map(this.owners.map((o) => [o.id, o]));
    return this.ownersById.get(id);
  }

  /** The live final world matrix of an owner (a view; read it after `evaluate`). */
  ownerMatrix(id: string): Float64Array | undefined {
    return this.owner(id)?.final;
  }

  /** Every owner's final world matrix as plain arrays (allocates; for files and the CLI). */
  result(): { owners: Record<string, number[]> } {
    return { owners: Object.fromEntries(this.owners.map((o) => [o.id, Array.from(o.final)])) };
  }
}

function isMatrix(b: ArrayLike<number> | TransformProps): b is ArrayLike<number> {
  return typeof (b as ArrayLike<number>).length === 'number';
}

/** Writes an unconnected input's value the way the compiler does. */
function writeConstant(slot: Float64Array, type: SocketType, value: JsonValue): void {
  if (type === 'transform' || type === 'curve') {
    slot.fill(0);
    slot[0] = slot[5] = slot[10] = slot[15] = 1;
    if (Array.isArray(value) && value.length === 16) for (let i = 0; i < 16; i++) slot[i] = Number(value[i]);
    return;
  }
  slot.fill(0);
  if (typeof value === 'number') slot[0] = value;
  else if (typeof value === 'boolean') slot[0] = value ? 1 : 0;
  else if (Array.isArray(value)) for (let i = 0; i < Math.min(slot.length, value.length); i++) slot[i] = Number(value[i]);
  else if (type === 'quaternion') slot[3] = 1;
}
