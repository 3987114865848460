// Registering an element twice (two bundles, a hot reload, a page that imports Sinew twice) is harmless.

/** Defines `tag` unless some element already holds that name. */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, ctor);
}
