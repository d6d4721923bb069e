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
    const text = fc.string({ unit: "binary", maxLength: 80 });
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
