/*
 * Markup that smuggles a live element through raw-text elements (`textarea`, `xmp`), inside
 * SVG or MathML or closed with a trailing solidus: the cases of sanitize-html 2.17.6's
 * advisory (GHSA-jxwj-j7wr-gfrw), which needs a version asking for Node 22. Parley's
 * cleaners allow none of those elements, so 2.17.5 is not exposed; the tests of both
 * cleaners run these to keep it so.
 */
export const RAW_TEXT_PAYLOADS = [
  "<svg><textarea><img src=x onerror=alert(1)></textarea></svg>",
  "<math><xmp><img src=x onerror=alert(1)></xmp></math>",
  "<svg><foreignObject><textarea><img src=x onerror=alert(1)></textarea></foreignObject></svg>",
  "<math><mtext><xmp><img src=x onerror=alert(1)></xmp></mtext></math>",
  "<textarea></textarea/><img src=x onerror=alert(1)>",
  "<xmp></xmp/><img src=x onerror=alert(1)>",
  "<textarea><img src=x onerror=alert(1)></textarea>",
  "<xmp><img src=x onerror=alert(1)></xmp>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
];

/** A live tag with an event handler, or a live raw-text or foreign element. */
export const LIVE_DANGER =
  /<[a-z][^>]*\son[a-z]+\s*=|<(textarea|xmp|svg|math|noscript)\b/i;
