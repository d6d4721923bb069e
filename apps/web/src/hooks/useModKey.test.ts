import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { isApple, isModKey, modKeyLabel, useModKey } from "./useModKey";

const press = (patch: Partial<Parameters<typeof isModKey>[0]> = {}) => ({
  key: "k",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  isComposing: false,
  ...patch,
});

describe("the Ctrl+K / ⌘K shortcut (issue 15, fault 6)", () => {
  it("is Ctrl+K off Apple and ⌘K on Apple, either case of the letter", () => {
    expect(isModKey(press({ ctrlKey: true }), "k", false)).toBe(true);
    expect(isModKey(press({ ctrlKey: true, key: "K" }), "k", false)).toBe(true);
    expect(isModKey(press({ metaKey: true }), "k", true)).toBe(true);
    expect(isModKey(press({ metaKey: true }), "k", false)).toBe(false);
    // Ctrl+K on a Mac kills the line in a text field: it stays the field's.
    expect(isModKey(press({ ctrlKey: true }), "k", true)).toBe(false);
  });

  it("ignores the plain key, other letters, extra modifiers and IME composition", () => {
    expect(isModKey(press(), "k", false)).toBe(false);
    expect(isModKey(press({ ctrlKey: true, key: "j" }), "k", false)).toBe(
      false,
    );
    expect(isModKey(press({ ctrlKey: true, shiftKey: true }), "k", false)).toBe(
      false,
    );
    expect(isModKey(press({ ctrlKey: true, altKey: true }), "k", false)).toBe(
      false,
    );
    expect(isModKey(press({ ctrlKey: true, metaKey: true }), "k", false)).toBe(
      false,
    );
    expect(
      isModKey(press({ ctrlKey: true, isComposing: true }), "k", false),
    ).toBe(false);
  });

  it("is written as the keyboard shows it", () => {
    expect(modKeyLabel("k", false)).toBe("Ctrl+K");
    expect(modKeyLabel("k", true)).toBe("⌘K");
    expect(
      isApple(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15",
      ),
    ).toBe(true);
    expect(isApple("Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0")).toBe(false);
  });

  it("fires from inside a text field, and takes the key from the browser", () => {
    const onPress = vi.fn();
    renderHook(() => useModKey("k", onPress));
    const field = document.createElement("textarea");
    document.body.append(field);
    field.focus();
    const event = new KeyboardEvent("keydown", {
      key: "k",
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    field.dispatchEvent(event);
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    field.dispatchEvent(
      new KeyboardEvent("keydown", { key: "k", bubbles: true }),
    );
    expect(onPress).toHaveBeenCalledTimes(1);
    field.remove();
  });
});
