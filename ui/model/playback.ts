// The playback clock behind the timeline: which frame to show at each display refresh while
// playing (fps, range, loop), and every whole frame a jump passes, so stateful nodes (springs) and
// anything that reads the frame see each one, whether the frame was played, stepped or scrubbed.
// No DOM: the app hands it refresh times (requestAnimationFrame's) and a callback that evaluates.

export interface PlaybackRange {
  start: number;
  end: number;
  fps: number;
  loop: boolean;
}

/** Most whole frames a single jump evaluates on its way (a scrub across a long range). */
export const MAX_FRAMES_PASSED = 10_000;

export class Playback {
  playing = false;
  private startedAt = 0;
  private startFrame = 0;

  constructor(
    public range: PlaybackRange,
    /** Shows a frame (evaluates the rig at it). */
    private readonly show: (frame: number) => void,
    public frame = range.start,
  ) {}

  /** Starts playing from the current frame at display time `now` (ms). */
  play(now: number): void {
    if (this.frame >= this.range.end && !this.range.loop) this.frame = this.range.start;
    this.playing = true;
    this.startedAt = now;
    this.startFrame = this.frame;
  }

  pause(): void {
    this.playing = false;
  }

  /**
   * At a display refresh (ms): the frame the clock has reached, shown with every whole frame before
   * it that was not shown yet. Past the end it loops to the start or stops there.
   */
  tick(now: number): void {
    if (!this.playing) return;
    const { start, end, fps, loop } = this.range;
    let f = this.startFrame + ((now - this.startedAt) / 1000) * fps;
    if (f > end) {
      if (!loop || end <= start) {
        this.goTo(end);
        this.playing = false;
        return;
      }
      // A loop starts again from the start: frames before the wrap are shown up to the end first.
      this.goTo(end);
      const length = end - start;
      f = start + ((f - start) % length);
      this.startFrame = f;
      this.startedAt = now;
      this.frame = start;
      this.show(start);
    }
    this.goTo(f);
  }

  /** Moves one frame (−1, +1), whole frames, within the range. */
  step(by: number): void {
    this.goTo(Math.min(this.range.end, Math.max(this.range.start, Math.round(this.frame) + by)));
  }

  /**
   * Shows `frame`, after every whole frame between the current one and it (forwards or back), at
   * most MAX_FRAMES_PASSED of them: a scrub evaluates what it passes.
   */
  goTo(frame: number): void {
    const from = this.frame;
    if (frame !== from) {
      const dir = frame > from ? 1 : -1;
      let k = dir > 0 ? Math.floor(from) + 1 : Math.ceil(from) - 1;
      for (let n = 0; (dir > 0 ? k < frame : k > frame) && n < MAX_FRAMES_PASSED; k += dir, n++) this.show(k);
    }
    this.frame = frame;
    this.show(frame);
  }
}
