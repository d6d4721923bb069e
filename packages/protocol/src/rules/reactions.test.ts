import { describe, expect, it } from "vitest";
import { ReactionLimits } from "./limits.js";
import { isReactionEmoji } from "./reactions.js";

describe("a reaction's emoji (extensions.md §1)", () => {
  it.each(["👍", "❤️", "😂", "👍🏽", "👩‍👩‍👧‍👦", "🧑🏿‍💻", "🇨🇳", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "🏳️‍🌈"])(
    "takes %s",
    (emoji) => {
      expect(isReactionEmoji(emoji)).toBe(true);
    },
  );

  it.each([
    ["nothing", ""],
    ["a letter", "a"],
    ["a word", "ok"],
    ["Chinese", "好"],
    ["two emojis", "👍👍"],
    ["an emoji and text", "👍 yes"],
    ["an emoji after a space", " 👍"],
    ["markup", "<img src=x>"],
    ["a lone skin tone joiner", "\u200d"],
    ["a lone regional letter", "🇨"],
  ])("refuses %s", (_name, value) => {
    expect(isReactionEmoji(value)).toBe(false);
  });

  it("refuses anything over 32 bytes", () => {
    // A family of four with skin tones: one emoji, but 41 bytes (over the 32 allowed);
    // the same family without tones (25 bytes) is taken above.
    expect(ReactionLimits.emojiMaxBytes).toBe(32);
    expect(isReactionEmoji("👩🏻‍👩🏽‍👧🏾‍👦🏿")).toBe(false);
  });
});
