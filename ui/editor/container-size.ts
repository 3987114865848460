// The editor area's size, kept from a ResizeObserver instead of read from the element when needed:
// reading clientWidth after nodes were mounted or restyled forces Chromium to recalculate style and
// layout on the spot (on Rigify's 1,752 nodes the culling pass and the minimap spent seconds of a
// pan in such forced layouts). The observer reports after layout, when the size is known anyway.

export class ContainerSize {
  width: number;
  height: number;
  private readonly observer: ResizeObserver | undefined;

  /** `changed` runs after the size changed (not for the first reading). */
  constructor(element: HTMLElement, changed: () => void) {
    this.width = element.clientWidth;
    this.height = element.clientHeight;
    this.observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => {
      // Layout is done when observers run: reading the element here forces nothing.
      const w = element.clientWidth;
      const h = element.clientHeight;
      if (w === this.width && h === this.height) return;
      this.width = w;
      this.height = h;
      changed();
    });
    this.observer?.observe(element);
  }

  destroy(): void {
    this.observer?.disconnect();
  }
}
