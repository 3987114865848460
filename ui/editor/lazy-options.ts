// A menu of the scene's owners lists every object and bone: on Rigify's rig ~900 options, in every
// owner field and "pick…" menu of every node drawn. Mounting a screenful of such nodes made
// Chromium style 226,000 elements in one frame (0.8 s). Above EAGER_OPTIONS owners a closed menu
// holds only the option it shows; the rest are rendered when the pointer comes over it, or it takes
// focus or a press — before it can open, so what the user sees and picks from is the same. Action
// params' menus (the scene's actions) follow the same rule.

/** Menus with at most this many owners are rendered in full, as they always were. */
export const EAGER_OPTIONS = 64;

/** Whether a menu of `count` choices is rendered in full before anyone reaches for it. */
export function eagerOptions(count: number): boolean {
  return count <= EAGER_OPTIONS;
}

