// <sinew-timeline>: play/pause, loop, the frame range and fps, the clip that plays (when the scene
// has clips), a scrubber, and the time the last frame took to evaluate. Properties in, events out
// (`timeline-play`, `timeline-frame`, `timeline-range`, `timeline-clip`); the clock itself is the
// app's (ui/model/playback.ts).
import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { baseStyles } from '../theme';

export interface TimelineRange {
  start: number;
  end: number;
  fps: number;
  loop: boolean;
}

export class SinewTimeline extends LitElement {
  static override styles = [baseStyles, css`
    :host { display: flex; align-items: center; gap: 6px; color: var(--_muted); }
    button { min-width: 28px; }
    button[aria-pressed="true"] { color: var(--_accent); border-color: var(--_accent); }
    input[type=range] { width: 160px; accent-color: var(--_accent); padding: 0; border: 0; background: transparent; }
    input[type=number] { width: 58px; height: 24px; }
    input.short { width: 46px; }
    select { height: 24px; }
    .ms { font-family: var(--_mono); font-size: 11px; min-width: 58px; }
  `];

  @property({ type: Number }) frame = 1;
  @property({ attribute: false }) range: TimelineRange = { start: 1, end: 250, fps: 24, loop: true };
  @property({ type: Boolean }) playing = false;
  /** Clip names the scene has; the picker shows when there is at least one. */
  @property({ attribute: false }) clips: readonly string[] = [];
  /** The clip that plays ('' for none). */
  @property() clip = '';
  /** Milliseconds the last evaluated frame took. */
  @property({ type: Number }) frameTime = 0;

  override render() {
    const r = this.range;
    const number = (value: number, testid: string, title: string, onChange: (v: number) => void, cls = '') => html`<input
      class=${cls} data-testid=${testid} type="number" title=${title} .value=${String(value)}
      @keydown=${(e: Event) => { e.stopPropagation(); }}
      @change=${(e: Event) => { const v = Number((e.target as HTMLInputElement).value); if (Number.isFinite(v)) onChange(v); else this.requestUpdate(); }}>`;
    return html`
      <button data-testid="play" aria-pressed=${String(this.playing)} title=${this.playing ? 'Pause (Space)' : 'Play (Space)'} @click=${() => { this.emit('timeline-play', { playing: !this.playing }); }}>${this.playing ? '❚❚' : '▶'}</button>
      <button data-testid="loop" aria-pressed=${String(r.loop)} title="Loop the frame range" @click=${() => { this.emit('timeline-range', { ...r, loop: !r.loop }); }}>⟲</button>
      ${number(r.start, 'range-start', 'First frame', (start) => { this.emit('timeline-range', { ...r, start: Math.min(start, r.end) }); }, 'short')}
      <input data-testid="frame-slider" type="range" min=${r.start} max=${r.end} step="1" .value=${String(this.frame)}
        title="Scrub: every frame passed is evaluated (←/→ step)"
        @input=${(e: Event) => { this.emit('timeline-frame', { frame: Number((e.target as HTMLInputElement).value) }); }}>
      ${number(r.end, 'range-end', 'Last frame', (end) => { this.emit('timeline-range', { ...r, end: Math.max(end, r.start) }); }, 'short')}
      <label>Frame ${number(this.frame, 'frame', 'The frame the rig is evaluated at', (frame) => { this.emit('timeline-frame', { frame }); })}</label>
      <label>fps ${number(r.fps, 'fps', 'Frames per second while playing (and of the clip)', (fps) => { if (fps > 0 && fps <= 1000) this.emit('timeline-range', { ...r, fps }); }, 'short')}</label>
      ${this.clips.length ? html`<label>Clip <select data-testid="clip" title="The clip that plays under the constraints"
        @change=${(e: Event) => { this.emit('timeline-clip', { clip: (e.target as HTMLSelectElement).value }); }}>
        <option value="" ?selected=${this.clip === ''}>none</option>
        ${this.clips.map((c) => html`<option value=${c} ?selected=${c === this.clip}>${c}</option>`)}
      </select></label>` : nothing}
      <span class="ms" data-testid="frame-time" title="Time the last frame took to evaluate">${this.frameTime.toFixed(2)} ms</span>
    `;
  }

  private emit(type: string, detail: object): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}
