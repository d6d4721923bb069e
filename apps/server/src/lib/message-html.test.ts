import { textToHtml } from "@parley/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cleanMessageHtml,
  oneLineText,
  sanitizeMessageHtml,
  shownText,
} from "./message-html.js";
import {
  LIVE_DANGER,
  RAW_TEXT_PAYLOADS,
} from "../../test/raw-text-payloads.js";

/*
 * Issue 14: plain text skips the HTML sanitizer. Safe only if the sanitizer would have
 * returned such text unchanged: checked here on any string, in the whole of Unicode
 * (lone surrogates, controls and quotes included).
 */
describe("cleanMessageHtml", () => {
  it("answers what the sanitizer answers, for text with markup or without", () => {
    // Without a web address (those become links, below).
    const text = fc
      .string({ unit: "binary", maxLength: 80 })
      .filter((s) => !s.includes("://"));
    const plain = text.map((s) => s.replace(/[<>&]/g, ""));
    fc.assert(
      fc.property(fc.oneof(text, plain), (content) => {
        expect(cleanMessageHtml(content)).toBe(sanitizeMessageHtml(content));
      }),
      { numRuns: 2000 },
    );
  });

  it("still cleans what is HTML", () => {
    expect(cleanMessageHtml('<img src=x onerror="alert(1)">hi')).toBe(
      '<img src="x" />hi',
    );
    expect(cleanMessageHtml("<script>alert(1)</script>")).toBe(
      "&lt;script&gt;alert(1)&lt;/script&gt;",
    );
    expect(cleanMessageHtml("a & b")).toBe("a &amp; b");
  });
});

/* wire-contract.md §2.4: "URLs are wrapped in <a target=_blank>". */
describe("web addresses in a text", () => {
  const link = (href: string, text = href) =>
    `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;

  it("become links, in plain text and between tags", () => {
    expect(cleanMessageHtml("see https://example.com/a?x=1 now")).toBe(
      `see ${link("https://example.com/a?x=1")} now`,
    );
    expect(cleanMessageHtml("a & b http://例子.测试/路径")).toBe(
      `a &amp; b ${link("http://例子.测试/路径")}`,
    );
    expect(cleanMessageHtml("x<br />https://a.com/?p=1&q=2")).toBe(
      `x<br />${link("https://a.com/?p=1&amp;q=2")}`,
    );
  });

  it("leave links, pictures and other words alone", () => {
    const linked = link("https://a.com/");
    expect(cleanMessageHtml(linked)).toBe(linked);
    expect(cleanMessageHtml('<img src="https://a.com/e.png" />')).toBe(
      '<img src="https://a.com/e.png" />',
    );
    for (const words of [
      "file.txt and v1.2",
      "www.example.com",
      "javascript://alert(1)",
      "data://text/html,x",
      "//evil.example/x",
    ])
      expect(cleanMessageHtml(words)).not.toContain("<a");
  });

  it("never let an address carry an attribute out of its link", () => {
    const out = cleanMessageHtml('https://x.com/"onmouseover="alert(1)" x');
    const tag = /^<a [^>]*>/.exec(out)?.[0] ?? "";
    expect(tag).not.toContain('onmouseover="');
    expect(tag).toContain("&quot;onmouseover=&quot;");
    expect(out).toMatch(/^<a href="https:\/\/x\.com\/[^"]*" target="_blank"/);
    expect(sanitizeMessageHtml(out)).toBe(out);
  });

  it("answer content the sanitizer leaves as it is, with the address linked", () => {
    const text = fc.string({ unit: "binary", maxLength: 40 });
    fc.assert(
      fc.property(text, fc.webUrl(), text, (before, url, after) => {
        const out = cleanMessageHtml(`${before} ${url} ${after}`);
        expect(sanitizeMessageHtml(out)).toBe(out);
        expect(out).toContain("<a href=");
      }),
      { numRuns: 1000 },
    );
  });
});

/*
 * Issue 51, item 0: the old client sends what its editor holds, paragraphs of spans
 * (`<p><span>hello</span></p>`), and every client showed those tags as text. Its blocks are
 * now lines, its spans their text; what a person typed stays text, and nothing runs.
 */
describe("the old client's editor HTML", () => {
  /** What a reader sees: lines, pictures aside, entities decoded. */
  const asRead = (html: string) => shownText(html.replace(/<br\s*\/?>/g, "\n"));

  /** Only text, line breaks, links and pictures, without a handler or a script link. */
  function expectHarmless(stored: string) {
    for (const tag of stored.match(/<[^>]*>/g) ?? []) {
      expect(tag).toMatch(/^(?:<br \/>|<img [^>]*\/>|<a [^>]*>|<\/a>)$/);
      expect(tag).not.toMatch(/javascript:|\son[a-z]+=/i);
    }
  }

  it.each([
    ["a paragraph of a span", "<p><span>hello</span></p>", "hello"],
    ["two paragraphs", "<p>hello</p><p>world</p>", "hello<br />world"],
    ["divisions", "<div>a</div><div>b</div>", "a<br />b"],
    ["a break in a paragraph", "<p>line<br>next</p>", "line<br />next"],
    ["an empty paragraph", "<p>a</p><p><br></p><p>b</p>", "a<br /><br />b"],
    ["only an empty paragraph", "<p><br></p>", ""],
    ["a last break in a paragraph", "<p>a<br></p><p>b</p>", "a<br />b"],
    ["nested divisions", "<div>a<div>b</div>c</div>", "a<br />b<br />c"],
    ["space between paragraphs", "<p>a</p>\n <p>b</p>", "a<br />b"],
    [
      "a span with attributes",
      '<p><span style="color:red" class="x" onclick="alert(1)">hi</span></p>',
      "hi",
    ],
    [
      "an emoji picture in a paragraph",
      '<p>hi <img src="https://h.example/static/img/emoji/twitter/1f600.png" alt="[grin]" class="emoji" onerror="x()"></p>',
      'hi <img src="https://h.example/static/img/emoji/twitter/1f600.png" alt="[grin]" class="emoji" />',
    ],
    [
      "a paragraph of a link",
      '<p><a href="https://a.com/">https://a.com/</a></p><p>x</p>',
      '<a href="https://a.com/" target="_blank" rel="noopener noreferrer">https://a.com/</a><br />x',
    ],
  ])("%s", (_name, sent, stored) => {
    expect(cleanMessageHtml(sent)).toBe(stored);
  });

  it("keeps what a person typed as angle brackets as text", () => {
    const stored = cleanMessageHtml("<p>&lt;b&gt;bold?&lt;/b&gt;</p>");
    expect(stored).toBe("&lt;b&gt;bold?&lt;/b&gt;");
    expect(asRead(stored)).toBe("<b>bold?</b>");
  });

  it("lets nothing through that runs", () => {
    for (const sent of [
      "<p><script>alert(1)</script></p>",
      "<p onclick=alert(1)>x</p>",
      "<div onmouseover=alert(1)>x</div>",
      '<p><a href="javascript:alert(1)">x</a></p>',
      '<p><span><img src="javascript:alert(1)" onerror="alert(1)"></span></p>',
      "<p><span><style>*{}</style><iframe src=x></iframe></span></p>",
    ])
      expectHarmless(cleanMessageHtml(sent));
    expect(cleanMessageHtml("<p><script>alert(1)</script></p>")).toBe(
      "&lt;script&gt;alert(1)&lt;/script&gt;",
    );
  });

  it("makes of any mix of its pieces and others nothing that runs", () => {
    const piece = fc.constantFrom(
      ...["<p>", "</p>", "<div>", "</div>", "<P>", "<p", "<br>", "<p><br></p>"],
      ...['<span style="color:red">', "</span>", '<p onclick="x()">', "<b>"],
      ...['<img src="https://h.example/e.png" onerror=x()>', "</a>", "<"],
      ...["<script>alert(1)</script>", "<iframe>", "<!-- c -->", ">", '"'],
      ...["&lt;i&gt;", "&amp;", " ", "\n", "word", "https://l.example/p "],
    );
    // One link at most: links nested in links are read apart when cleaned again.
    const link = fc.constantFrom(
      '<a href="https://x.example/">',
      '<a href="javascript:alert(1)">',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }),
        link,
        fc.nat(12),
        (pieces, a, at) => {
          pieces.splice(at, 0, a);
          const stored = cleanMessageHtml(pieces.join(""));
          expectHarmless(stored);
          expect(cleanMessageHtml(stored)).toBe(stored);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("keeps other tags as text, as before", () => {
    expect(cleanMessageHtml("<p><b>bold</b></p>")).toBe(
      "&lt;b&gt;bold&lt;/b&gt;",
    );
  });

  it("counts a long paragraph by its words, not its markup", () => {
    const words = "字".repeat(2048);
    const stored = cleanMessageHtml(
      `<p><span style="font-size:14px">${words}</span></p>`,
    );
    expect(shownText(stored)).toBe(words);
  });

  it("shows any typed lines as typed, one paragraph each", () => {
    // A line the editor holds: not only white space, which a paragraph does not show.
    const line = fc
      .string({ unit: "binary", maxLength: 20 })
      .filter((s) => !/[\r\n]|:\/\//.test(s) && !/^[ \t\f]+$/.test(s));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), (lines) => {
        const sent = lines
          .map((l) =>
            l === "" ? "<p><br></p>" : `<p><span>${textToHtml(l)}</span></p>`,
          )
          .join("");
        const stored = cleanMessageHtml(sent);
        expect(asRead(stored)).toBe(lines.join("\n"));
        expect(sanitizeMessageHtml(stored)).toBe(stored);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("oneLineText", () => {
  it("joins a message's lines with a space for notifications and quotes", () => {
    expect(oneLineText(cleanMessageHtml("<p>hello</p><p>world</p>"))).toBe(
      "hello world",
    );
    expect(oneLineText("a<br />b<br>c &amp; d")).toBe("a b c & d");
  });
});

describe("raw-text smuggling (sanitize-html's advisory of 2.17.6)", () => {
  it.each(RAW_TEXT_PAYLOADS)("%s stays text", (payload) => {
    for (const clean of [
      cleanMessageHtml(payload),
      sanitizeMessageHtml(payload),
    ]) {
      expect(clean).not.toMatch(LIVE_DANGER);
      expect(clean).toContain("&lt;");
    }
  });
});
