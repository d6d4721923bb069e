// The editor sends only what the protocol's rule calls visible text (SPEC §5).
import { hasVisibleText as hasContent } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { editorAction } from "./editor-keys";

const key = (patch: Partial<Parameters<typeof editorAction>[0]> = {}) => ({
  key: "Enter",
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  isComposing: false,
  ...patch,
});

describe("the editor's send key (decisions.md sendKey)", () => {
  it("sendKey 1: Enter sends, Ctrl+Enter breaks the line", () => {
    expect(editorAction(key(), 1)).toBe("send");
    expect(editorAction(key({ ctrlKey: true }), 1)).toBe("newline");
    expect(editorAction(key({ metaKey: true }), 1)).toBe("newline");
  });

  it("sendKey 2: Ctrl+Enter sends, Enter is the textarea's own new line", () => {
    expect(editorAction(key({ ctrlKey: true }), 2)).toBe("send");
    expect(editorAction(key(), 2)).toBe("none");
  });

  it("leaves Shift+Enter, other keys and input-method composition alone", () => {
    expect(editorAction(key({ shiftKey: true }), 1)).toBe("none");
    expect(editorAction(key({ key: "a" }), 1)).toBe("none");
    expect(editorAction(key({ isComposing: true }), 1)).toBe("none");
  });

  it("has content only when text other than tags (img aside) remains", () => {
    expect(hasContent("")).toBe(false);
    expect(hasContent("  \n ")).toBe(false);
    expect(hasContent("<b></b>")).toBe(false);
    expect(hasContent('<img src="x.png">')).toBe(true);
    expect(hasContent("hi")).toBe(true);
  });
});
