import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ArticleBody, cleanArticle } from "./ArticleBody";

/*
 * The reader cleans an article's body again before showing it (the server's cleaning is
 * not trusted alone): what the editor makes survives, with links opening safely; nothing
 * that runs does.
 */
describe("cleanArticle", () => {
  it("keeps the editor's markup and safe links", () => {
    const html =
      "<h2>Title</h2><p>Say <strong>hi</strong> <em>to</em> <u>all</u> <s>none</s></p>" +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote>' +
      "<pre><code>x = 1</code></pre><hr>" +
      '<p><a href="https://example.org/g" target="_blank" rel="noopener noreferrer">guide</a>' +
      ' <a href="mailto:a@b.co">mail</a> <img src="https://example.org/a.png" alt="A"></p>';
    expect(cleanArticle(html)).toBe(html);
  });

  it.each([
    ['<p onclick="x()">a</p>', "<p>a</p>"],
    ['<a href="javascript:alert(1)">a</a>', "<a>a</a>"],
    ['<a href="data:text/html,x">a</a>', "<a>a</a>"],
    ['<img src="x" onerror="alert(1)">', "<img>"],
    ["<script>alert(1)</script><p>a</p>", "<p>a</p>"],
    ['<iframe src="https://e.x"></iframe><p>a</p>', "<p>a</p>"],
    ['<p style="color:red">a</p>', "<p>a</p>"],
    ['<svg><g onload="x()"></g></svg><p>a</p>', "<p>a</p>"],
    ['<form><input name="p"></form><p>a</p>', "<p>a</p>"],
  ])("removes what runs: %s", (dirty, clean) => {
    expect(cleanArticle(dirty)).toBe(clean);
  });
});

describe("ArticleBody", () => {
  it("renders the cleaned body", () => {
    const { container } = render(
      <ArticleBody
        html={"<p>Hello <b>there</b><script>alert(1)</script></p>"}
      />,
    );
    expect(container.querySelector("b")?.textContent).toBe("there");
    expect(container.querySelector("script")).toBeNull();
  });
});
