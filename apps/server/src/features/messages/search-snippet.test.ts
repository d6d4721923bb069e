import { describe, expect, it } from "vitest";
import { SearchLimits } from "@parley/protocol";
import { snippetOf } from "./search-snippet.js";

describe("the global search's snippet", () => {
  it("marks every occurrence in any case", () => {
    const { snippet, marks } = snippetOf(
      "Deploy now,\n then deploy again",
      "deploy",
    );
    expect(snippet).toBe("Deploy now, then deploy again");
    expect(marks).toEqual([
      [0, 6],
      [17, 23],
    ]);
  });

  it("cuts a long text around the first match, with ellipses", () => {
    const text = `${"前".repeat(200)}服务器${"后".repeat(200)}`;
    const { snippet, marks } = snippetOf(text, "服务器");
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet.length).toBe(SearchLimits.snippetMax + 2);
    const [mark] = marks;
    expect(mark && snippet.slice(mark[0], mark[1])).toBe("服务器");
  });

  it("never splits an emoji's surrogate pair", () => {
    const text = "😀".repeat(100) + "match" + "😀".repeat(100);
    const { snippet, marks } = snippetOf(text, "match");
    expect(snippet).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(snippet).not.toMatch(/(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    const [mark] = marks;
    expect(mark && snippet.slice(mark[0], mark[1])).toBe("match");
  });

  it("keeps markup-looking text as text, and marks nothing without words", () => {
    expect(snippetOf("<b>x</b>", "")).toEqual({
      snippet: "<b>x</b>",
      marks: [],
    });
  });

  it("compares as typed where lowercasing changes a length", () => {
    const { marks } = snippetOf("İstanbul deploy", "deploy");
    expect(marks).toEqual([[9, 15]]);
  });
});
