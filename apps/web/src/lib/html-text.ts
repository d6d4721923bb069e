/**
 * The text of a message's content. The server stores content as cleaned HTML (existing
 * clients render it); this client shows it as text: parsed in an inert document (no
 * script runs, no image loads), line breaks kept, an emoji picture of the existing clients
 * read as the emoji itself (any other picture as its alt text).
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  // Inside an explicit <body>, leading white space is text, not ignorable space.
  const doc = new DOMParser().parseFromString(`<body>${html}`, "text/html");
  // Never text: what a script or style holds (the server stores none; this is belt and braces).
  for (const node of Array.from(doc.querySelectorAll("script, style")))
    node.remove();
  for (const br of Array.from(doc.querySelectorAll("br"))) br.replaceWith("\n");
  for (const img of Array.from(doc.querySelectorAll("img")))
    img.replaceWith(
      emojiOfImage(img.getAttribute("src") ?? "") ??
        img.getAttribute("alt") ??
        "",
    );
  return doc.body.textContent;
}

/**
 * The emoji an existing client's emoji picture stands for: its address ends in the code
 * points, `/static/img/emoji/twitter/1f600.png` (wire-contract.md §1), so the glyph is
 * drawn by the reader's own emoji font. Null for any other picture.
 */
export function emojiOfImage(src: string): string | null {
  const match =
    /\/emoji\/[\w-]+\/([0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*)\.(?:png|svg)$/i.exec(
      src,
    );
  if (!match?.[1]) return null;
  const points = match[1].split("-").map((hex) => Number.parseInt(hex, 16));
  if (points.some((p) => p > 0x10ffff)) return null;
  return String.fromCodePoint(...points);
}

/** A link of a message's content: the text it shows and the web address it opens. */
export interface TextLink {
  text: string;
  href: string;
}

/**
 * The links of a message's content, in order: those the server made of web addresses
 * (and existing clients' own), each an http(s) address; any other link is only its text.
 */
export function linksOf(html: string): TextLink[] {
  if (!html.includes("<a")) return [];
  const doc = new DOMParser().parseFromString(`<body>${html}`, "text/html");
  return Array.from(doc.querySelectorAll("a[href]")).flatMap((a) => {
    const href = a.getAttribute("href") ?? "";
    const text = a.textContent;
    if (text === "" || !/^https?:\/\//i.test(href)) return [];
    try {
      return [{ text, href: new URL(href).href }];
    } catch {
      return [];
    }
  });
}

/**
 * A text cut into plain pieces and its links, in order: each link where its text next
 * appears. A link whose text is not found (a shortened text) is left out.
 */
export function withTextLinks(
  text: string,
  links: readonly TextLink[],
): Array<string | TextLink> {
  const pieces: Array<string | TextLink> = [];
  let at = 0;
  for (const link of links) {
    const found = text.indexOf(link.text, at);
    if (found < 0) continue;
    if (found > at) pieces.push(text.slice(at, found));
    pieces.push(link);
    at = found + link.text.length;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return pieces;
}
