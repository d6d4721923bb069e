/**
 * The text of a message's content. The server stores content as cleaned HTML (existing
 * clients render it); this client shows it as text: parsed in an inert document (no
 * script runs, no image loads), line breaks kept, an emoji image read as its alt text.
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
    img.replaceWith(img.getAttribute("alt") ?? "");
  return doc.body.textContent;
}
