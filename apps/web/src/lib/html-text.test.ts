import { describe, expect, it } from "vitest";
import { textToHtml } from "@parley/protocol";
import { htmlToText, linksOf, withTextLinks } from "./html-text";

describe("message content shown as text", () => {
  it.each([
    ["plain", "plain"],
    ["a &lt; b &amp; c", "a < b & c"],
    ["line<br />break", "line\nbreak"],
    ['smile <img src="/e/1.png" alt="[smile]" />', "smile [smile]"],
    [
      'hi <img src="https://host//static/img/emoji/twitter/1f600.png" alt="[grin]">',
      "hi 😀",
    ],
    ['<img src="/static/img/emoji/twitter/1f1e8-1f1f3.png">', "🇨🇳"],
    ['<img src="/static/img/emoji/twitter/110000.png" alt="[x]">', "[x]"],
    ['<a href="https://x.example">link</a>', "link"],
    ["<script>window.__pwned = 1</script>safe", "safe"],
  ])("%j reads %j", (html, text) => {
    expect(htmlToText(html)).toBe(text);
    // The script would set this global; the window type does not know it.
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

describe("typed text as content, and back", () => {
  const printableAscii = Array.from({ length: 95 }, (_, i) =>
    String.fromCharCode(32 + i),
  ).join("");
  it.each([
    ["every printable ASCII character", printableAscii],
    ["CJK and emoji", "你好，世界！「引号」《书名》😀 한국어 日本語"],
    [
      "the text that was eaten",
      "if a<b and c>d then use Vec<String> or <div> tags",
    ],
    ["tags typed as text", "<b>not bold</b> <script>alert(1)</script>"],
    ["entities typed as text", "&amp; &lt; &#39; &nbsp;"],
    ["lines", "line one\nline two\r\nline three"],
  ])("%s comes back exactly", (_name, text) => {
    const html = textToHtml(text);
    expect(html).not.toMatch(/<(?!br>)/);
    expect(htmlToText(html)).toBe(text.replace(/\r\n/g, "\n"));
  });
});

describe("the links of a message", () => {
  const content =
    'see <a href="https://example.com/a?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">https://example.com/a?x=1&amp;y=2</a>' +
    ' and <a href="javascript:alert(1)">bad</a> and <a href="https://b.example/">https://b.example/</a>';

  it("are the http(s) links, with the text each shows", () => {
    expect(linksOf(content)).toEqual([
      {
        text: "https://example.com/a?x=1&y=2",
        href: "https://example.com/a?x=1&y=2",
      },
      { text: "https://b.example/", href: "https://b.example/" },
    ]);
    expect(linksOf("no links here")).toEqual([]);
  });

  it("cut the shown text into pieces, each link where its text stands", () => {
    const text = htmlToText(content);
    const pieces = withTextLinks(text, linksOf(content));
    expect(pieces).toEqual([
      "see ",
      {
        text: "https://example.com/a?x=1&y=2",
        href: "https://example.com/a?x=1&y=2",
      },
      " and bad and ",
      { text: "https://b.example/", href: "https://b.example/" },
    ]);
    // A shortened text keeps the links it still shows.
    expect(withTextLinks("see https://exa…", linksOf(content))).toEqual([
      "see https://exa…",
    ]);
  });
});
