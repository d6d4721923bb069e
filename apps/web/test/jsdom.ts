/**
 * jsdom lays nothing out, so it has no media queries and no scrolling into view; antd's
 * Modal and Segmented ask for the first, a list keeping its active row in view the second.
 * No query matches and nobody is told of a change.
 */
export function stubLayout(): void {
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
