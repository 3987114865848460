// Level of detail by zoom. Text is never drawn smaller than readable: below READABLE_ZOOM the rows'
// labels and fields are hidden (their rows keep their height, so sockets stay where wires expect
// them) and a node shows its title and sockets only; the title grows in area units (in steps) as
// the view zooms out, so on screen it stays at least MIN_TITLE_PX tall. Both travel to every node's shadow
// root as inherited custom properties set on the area, changed only when their value does, so a
// zoom gesture restyles the nodes only a few times.

/** Below this zoom a row's 11–12 px text would be under ~6 px on screen: hidden instead. */
export const READABLE_ZOOM = 0.55;
/** The smallest a node title is drawn on screen, in pixels. */
export const MIN_TITLE_PX = 10;

const applied = new WeakMap<HTMLElement, string>();

/**
 * The title's size in area units at zoom `k`: the smallest step of 12.5 px × 1.25ⁿ that is at least
 * MIN_TITLE_PX on screen. In steps, so a zoom gesture changes it (and restyles every drawn node)
 * a few times rather than at every wheel step; on screen it stays between 10 and 12.5 px.
 */
export function titleSize(k: number): number {
  let size = 12.5;
  while (size * k < MIN_TITLE_PX - 1e-9) size *= 1.25;
  return size;
}

export function zoomLevelOfDetail(area: HTMLElement, k: number): void {
  const detail = k < READABLE_ZOOM ? 'far' : 'near';
  const title = `${titleSize(k).toFixed(1)}px`;
  // Keyed on what is set, not on the zoom: each change restyles every drawn node (the properties
  // are inherited), and above zoom 0.8 the title keeps its 12.5 px whatever the zoom.
  const key = `${detail} ${title}`;
  if (applied.get(area) === key) return;
  applied.set(area, key);
  area.dataset.detail = detail;
  area.style.setProperty('--sinew-lod-text', detail === 'far' ? 'hidden' : 'visible');
  area.style.setProperty('--sinew-title-size', title);
}
