// <sinew-driver-expression>: a driver node's scripted expression in the inspector, checked as you
// type against Blender's simple-expression grammar and Python's **, % and // (the same parser the node compiles with), so a
// mistake is named where it is (`unexpected "*" at character 6`) before it reaches the rig. The
// value is committed (one undoable edit) when the field is left or Enter is pressed.
import { LitElement, css, html } from 'lit';
import { property, state } from 'lit/decorators.js';
import { compileScripted } from '../../nodes/drivers/expression/compile';
import { variableNames } from '../../nodes/drivers/driver';
import { baseStyles } from '../theme';

/**
 * Why `text` is not an expression the driver evaluates over `frame` and the variables (a simple one,
 * or one with Python's `**`, `%`, `//`), or '' when it is; `python` when Blender hands it to Python.
 */
export function expressionProblem(text: string, variables: string): { problem: string; python: boolean } {
  try {
    return { problem: '', python: compileScripted(text, ['frame', ...variableNames(variables)]).python };
  } catch (e) {
    return { problem: e instanceof Error ? e.message : String(e), python: false };
  }
}

export class SinewDriverExpression extends LitElement {
  static override styles = [baseStyles, css`
    :host { display: block; margin-bottom: 10px; }
    textarea { width: 100%; box-sizing: border-box; font-family: var(--_mono); font-size: 12px; resize: vertical; min-height: 2.6em; }
    .status { font-size: 11px; margin-top: 3px; line-height: 1.4; }
    .bad { color: var(--_danger); }
    .ok { color: var(--_muted); }
  `];

  @property() expression = '';
  @property() variables = '';
  @property({ type: Boolean }) disabled = false;
  /** What is being typed, checked on every keystroke; undefined: the committed value. */
  @state() private draft: string | undefined;

  override render() {
    const text = this.draft ?? this.expression;
    const { problem, python } = expressionProblem(text, this.variables);
    const over = `frame${this.variables.trim() ? `, ${variableNames(this.variables).join(', ')}` : ''}`;
    return html`<textarea data-testid="driver-expression" aria-label="Driver expression" spellcheck="false" .value=${text} ?disabled=${this.disabled}
        @input=${(e: Event) => { this.draft = (e.target as HTMLTextAreaElement).value; }}
        @keydown=${(e: KeyboardEvent) => { e.stopPropagation(); if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); (e.target as HTMLTextAreaElement).blur(); } }}
        @change=${(e: Event) => { this.commit((e.target as HTMLTextAreaElement).value); }}></textarea>
      <div class="status ${problem ? 'bad' : 'ok'}" data-testid="driver-expression-status">${problem || (python ? `Blender evaluates this in Python: its **, % and // as Python does, over ${over}.` : `A Blender simple expression over ${over}.`)}</div>`;
  }

  private commit(value: string) {
    this.draft = undefined;
    if (value === this.expression) return;
    this.dispatchEvent(new CustomEvent('field-change', { detail: { key: 'expression', value }, bubbles: true, composed: true }));
  }
}
