import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanMessageHtml, sanitizeMessageHtml } from "./message-html.js";

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
