import { describe, expect, it } from "vitest";
import { mentionedIds, mentionQuery } from "./mentions";

describe("typing a mention", () => {
  it("finds the name typed after @ up to the caret", () => {
    expect(mentionQuery("hi @bo", 6)).toBe("bo");
    expect(mentionQuery("@", 1)).toBe("");
    expect(mentionQuery("hi @张", 5)).toBe("张");
    expect(mentionQuery("line\n@al", 8)).toBe("al");
  });

  it("is closed after a space, inside an email, or with no @", () => {
    expect(mentionQuery("hi @bob ", 8)).toBe(null);
    expect(mentionQuery("mail a@b", 8)).toBe(null);
    expect(mentionQuery("hello", 5)).toBe(null);
    expect(mentionQuery("hi @bob there", 2)).toBe(null);
  });
});

describe("who a message mentions", () => {
  const picked = [
    { id: "2", name: "Bob" },
    { id: "0", name: "everyone" },
    { id: "3", name: "Carol" },
  ];
  it("keeps those whose @name is still in the text, once each", () => {
    expect(mentionedIds("@Bob and @everyone, @Bob", picked)).toEqual([
      "2",
      "0",
    ]);
    expect(mentionedIds("no one", picked)).toEqual([]);
  });
});
