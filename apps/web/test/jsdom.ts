/** A ResizeObserver that never reports: nothing has a size in jsdom. */
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/**
 * jsdom lays nothing out, so it has no media queries, no scrolling into view and no
 * ResizeObserver; antd's Modal and Segmented ask for the first, a list keeping its active
 * row in view the second, antd's overflow lists the third. No query matches and nobody is
 * told of a change.
 */
export function stubLayout(): void {
  globalThis.ResizeObserver = NoResizeObserver;
  window.matchMedia = (query: string) =>
    // An EventTarget with the fields antd reads: jsdom has no MediaQueryList to build.
    Object.assign(new EventTarget(), {
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
    });
  Element.prototype.scrollIntoView = () => undefined;
}
