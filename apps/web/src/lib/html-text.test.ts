import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-text";

describe("message content shown as text", () => {
  it.each([
    ["plain", "plain"],
    ["a &lt; b &amp; c", "a < b & c"],
    ["line<br />break", "line\nbreak"],
    ['smile <img src="/e/1.png" alt="[smile]" />', "smile [smile]"],
    ['<a href="https://x.example">link</a>', "link"],
    ["<script>window.__pwned = 1</script>safe", "safe"],
  ])("%j reads %j", (html, text) => {
    expect(htmlToText(html)).toBe(text);
    // The script would set this global; the window type does not know it.
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
