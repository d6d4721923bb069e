import { render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormattedText, safeHref } from "./FormattedText";
import { hasCodeFence, mightBeFormatted } from "./might-format";

/*
 * Issue 43 item 4 (extensions.md §4): what a text message's Markdown draws, and that no
 * message can put live markup on the page — the hardening suite's payloads (raw-text
 * smuggling, event handlers, script addresses) each drawn and the result inspected.
 */

const draw = (text: string) => render(<FormattedText text={text} />).container;

/** Every element the formatted text may hold. */
const ALLOWED = new Set([
  "DIV",
  "P",
  "BR",
  "STRONG",
  "EM",
  "DEL",
  "CODE",
  "PRE",
  "BLOCKQUOTE",
  "UL",
  "OL",
  "LI",
  "A",
  "SPAN",
]);

function expectInert(root: Element): void {
  for (const el of root.querySelectorAll("*")) {
    expect(ALLOWED.has(el.tagName), el.outerHTML).toBe(true);
    for (const attr of el.attributes) {
      expect(attr.name.startsWith("on"), el.outerHTML).toBe(false);
      expect(["class", "href", "target", "rel"]).toContain(attr.name);
    }
    if (el.tagName === "A")
      expect(el.getAttribute("href") ?? "").toMatch(/^(https?:\/\/|mailto:)/i);
  }
}

const PAYLOADS = [
  // Raw-text smuggling (sanitize-html GHSA-jxwj-j7wr-gfrw), as the server tests have them.
  "<svg><textarea><img src=x onerror=alert(1)></textarea></svg>",
  "<math><xmp><img src=x onerror=alert(1)></xmp></math>",
  "<textarea></textarea/><img src=x onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  "<iframe src=https://example.com></iframe>",
  "<style>body{display:none}</style>",
  // Markdown's own ways to a link or a picture.
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click]( javascript:alert(1) )",
  "[click](&#106;avascript:alert(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[click](vbscript:msgbox(1))",
  "![x](https://example.com/x.png)",
  "![x](javascript:alert(1))",
  "<javascript:alert(1)>",
  "[ref][1]\n\n[1]: javascript:alert(1)",
  "**<img src=x onerror=alert(1)>**",
  "> <script>alert(1)</script>",
  "- <img src=x onerror=alert(1)>",
  "`<img src=x onerror=alert(1)>`",
  "```html\n<script>alert(1)</script>\n```",
  "```js\n</code></pre><img src=x onerror=alert(1)>\n```",
  "www.example.com/<img src=x onerror=alert(1)>",
  '[x](https://example.com "title onmouseover=alert(1)")',
];

describe("formatted messages never run markup", () => {
  it.each(PAYLOADS)("draws %s as text", async (payload) => {
    const root = draw(payload);
    // A fenced block's highlighter arrives later: the inspection waits for it.
    if (hasCodeFence(payload))
      await waitFor(() =>
        expect(root.querySelector("pre code")).not.toBeNull(),
      );
    expectInert(root);
  });

  it("keeps only web and mail addresses as links", () => {
    expect(safeHref("https://example.com/a?b")).toBe("https://example.com/a?b");
    expect(safeHref("mailto:a@example.com")).toBe("mailto:a@example.com");
    for (const bad of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "/relative",
      "ftp://x",
    ])
      expect(safeHref(bad)).toBe("");
  });
});

describe("what a formatted message draws (extensions.md §4)", () => {
  it("bold, italic both ways, strike and code", () => {
    const root = draw("**bold** *it* _also_ ~~gone~~ `a*b*c`");
    expect(root.querySelector("strong")?.textContent).toBe("bold");
    expect([...root.querySelectorAll("em")].map((e) => e.textContent)).toEqual([
      "it",
      "also",
    ]);
    expect(root.querySelector("del")?.textContent).toBe("gone");
    // Inside code nothing is interpreted.
    expect(root.querySelector("code")?.textContent).toBe("a*b*c");
  });

  it("quotes, bullets, numbers and links; line breaks kept", () => {
    const root = draw(
      "> quoted\n\n- one\n- two\n\n1. first\n2. second\n\nsee https://example.com/x and [docs](https://docs.example.com)\nnext line",
    );
    expect(root.querySelector("blockquote")?.textContent.trim()).toBe("quoted");
    expect(
      [...root.querySelectorAll("ul li")].map((e) => e.textContent),
    ).toEqual(["one", "two"]);
    expect(
      [...root.querySelectorAll("ol li")].map((e) => e.textContent),
    ).toEqual(["first", "second"]);
    const links = [...root.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com/x",
      "https://docs.example.com",
    ]);
    for (const a of links) {
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.getAttribute("rel")).toContain("noopener");
    }
    expect(root.querySelector("br")).not.toBeNull();
  });

  it("leaves headings, rules, tables, pictures and HTML as the words typed", () => {
    const root = draw(
      "# not a heading\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n&copy; <b>x</b>",
    );
    expect(root.querySelector("h1, hr, table, img, b")).toBeNull();
    expect(root.textContent).toContain("# not a heading");
    expect(root.textContent).toContain("---");
    expect(root.textContent).toContain("| a | b |");
    expect(root.textContent).toContain("&copy;");
  });

  it(
    "highlights a fenced block that names its language, once the highlighter is here",
    { timeout: 10_000 },
    async () => {
      const root = draw("```js\nconst answer = 42;\n```");
      await waitFor(
        () =>
          expect(
            root.querySelector("pre code .hljs-keyword")?.textContent,
          ).toBe("const"),
        { timeout: 8_000 },
      );
      expect(root.querySelector("pre code")?.textContent).toBe(
        "const answer = 42;\n",
      );
      // Without a language it stays plain.
      const plain = draw("```\nconst x = 1;\n```");
      expect(plain.querySelector("pre code")?.textContent).toBe(
        "const x = 1;\n",
      );
    },
  );
});

describe("which texts are worth the renderer", () => {
  it("says maybe for every construct, no for plain words", () => {
    for (const text of [
      "**b**",
      "__b__",
      "*i*",
      "_i_",
      "~~s~~",
      "`c`",
      "> q",
      "- a",
      "* a",
      "1. a",
      "[a](https://x.y)",
      "```\ncode\n```",
    ])
      expect(mightBeFormatted(text), text).toBe(true);
    for (const text of [
      "hello world",
      "3 * 4 = 12",
      "snake_case_name",
      "你好，世界",
      "see https://example.com/a_b",
    ])
      expect(mightBeFormatted(text), text).toBe(false);
  });
});
