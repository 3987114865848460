// <sinew-driver-expression>: a driver node's scripted expression in the inspector, checked as you
// type against Blender's simple-expression grammar (the same parser the node compiles with), so a
// mistake is named where it is (`unexpected "*" at character 6`) before it reaches the rig. The
// value is committed (one undoable edit) when the field is left or Enter is pressed.
import { LitElement, css, html } from 'lit';
import { property, state } from 'lit/decorators.js';
import { compileExpression } from '../../nodes/drivers/expression/compile';
import { variableNames } from '../../nodes/drivers/driver';
import { baseStyles } from '../theme';

/** Why `text` is not a simple expression over `frame` and the variables, or '' when it is. */
export function expressionProblem(text: string, variables: string): string {
  try {
    compileExpression(text, ['frame', ...variableNames(variables)]);
    return '';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
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
    const problem = expressionProblem(text, this.variables);
    return html`<textarea data-testid="driver-expression" aria-label="Driver expression" spellcheck="false" .value=${text} ?disabled=${this.disabled}
        @input=${(e: Event) => { this.draft = (e.target as HTMLTextAreaElement).value; }}
        @keydown=${(e: KeyboardEvent) => { e.stopPropagation(); if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); (e.target as HTMLTextAreaElement).blur(); } }}
        @change=${(e: Event) => { this.commit((e.target as HTMLTextAreaElement).value); }}></textarea>
      <div class="status ${problem ? 'bad' : 'ok'}" data-testid="driver-expression-status">${problem || `A Blender simple expression over frame${this.variables.trim() ? `, ${variableNames(this.variables).join(', ')}` : ''}.`}</div>`;
  }

  private commit(value: string) {
    this.draft = undefined;
    if (value === this.expression) return;
    this.dispatchEvent(new CustomEvent('field-change', { detail: { key: 'expression', value }, bubbles: true, composed: true }));
  }
}
