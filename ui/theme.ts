// The look every Sinew element shares. Each value is a CSS custom property with a default, so a page
// restyles Sinew by setting `--sinew-*` on the element (or any ancestor); see docs in ui/README.md.
import { css } from 'lit';
import type { SocketType } from '../graph/types';

/** Socket colours, after Blender's node editor: one hue per type, so a wire's meaning reads at a glance. */
export const SOCKET_COLORS: Record<SocketType, string> = {
  transform: 'var(--sinew-socket-transform, #f0a94a)',
  vector: 'var(--sinew-socket-vector, #6d6dd8)',
  quaternion: 'var(--sinew-socket-quaternion, #b06ad8)',
  float: 'var(--sinew-socket-float, #a8a8a8)',
  bool: 'var(--sinew-socket-bool, #d6a6de)',
  curve: 'var(--sinew-socket-curve, #36c9a4)',
  owner: 'var(--sinew-socket-owner, #e07a6c)',
};

/** Header colours by node category; unknown categories get a stable colour from their name. */
const CATEGORY_COLORS: Record<string, string> = {
  owner: '#6b4a2e',
  transform: '#2f4f77',
  tracking: '#4a3a73',
  relationship: '#2d5e56',
  ik: '#6b2f45',
  values: '#3f4650',
  math: '#3f4650',
};
const FALLBACK = ['#3b5670', '#5b4a6e', '#3c6252', '#6a4b3a', '#4f5a3a', '#5a3d52'];

export function categoryColor(category: string): string {
  const known = CATEGORY_COLORS[category.toLowerCase()];
  if (known) return `var(--sinew-category-${category.toLowerCase()}, ${known})`;
  let h = 0;
  for (const c of category) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return FALLBACK[h % FALLBACK.length];
}

/** Base variables and typography for every element's shadow root. */
export const baseStyles = css`
  :host {
    --_bg: var(--sinew-bg, #1b1d21);
    --_panel: var(--sinew-panel, #24272c);
    --_panel-2: var(--sinew-panel-2, #2c3036);
    --_field: var(--sinew-field, #17191c);
    --_border: var(--sinew-border, #383d45);
    --_text: var(--sinew-text, #d9dce1);
    --_muted: var(--sinew-muted, #8d949e);
    --_accent: var(--sinew-accent, #4b8dff);
    --_accent-soft: var(--sinew-accent-soft, rgba(75, 141, 255, 0.18));
    --_danger: var(--sinew-danger, #ef5b52);
    --_warning: var(--sinew-warning, #e0a43a);
    --_ok: var(--sinew-ok, #4fbf7a);
    --_radius: var(--sinew-radius, 6px);
    --_font: var(--sinew-font, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif);
    --_mono: var(--sinew-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    font-family: var(--_font);
    font-size: 12px;
    color: var(--_text);
    box-sizing: border-box;
  }
  *, *::before, *::after { box-sizing: inherit; }
  button {
    font: inherit;
    color: var(--_text);
    background: var(--_panel-2);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 4px 10px;
    cursor: pointer;
    line-height: 18px;
  }
  button:hover:not(:disabled) { border-color: var(--_accent); }
  button:disabled { opacity: 0.45; cursor: default; }
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid var(--_accent); outline-offset: 1px; }
  input, select {
    font: inherit;
    color: var(--_text);
    background: var(--_field);
    border: 1px solid var(--_border);
    border-radius: 4px;
    padding: 2px 6px;
    min-width: 0;
  }
`;
