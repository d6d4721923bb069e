import { describe, expect, it } from "vitest";
import { makeContact } from "../../../test/factories";
import { mutedNews, totalUnread } from "./contacts.queries";

describe("the total unread badge (wire-contract.md §5.2)", () => {
  it("is 0 for no contacts, or none unread", () => {
    expect(totalUnread([])).toBe(0);
    expect(totalUnread([makeContact(2), makeContact(3)])).toBe(0);
  });

  it("adds the unread counts of the chats that notify", () => {
    expect(
      totalUnread([
        makeContact(2, { unread: 3 }),
        makeContact(3, { unread: 1 }),
        makeContact(4, { unread: 120 }),
      ]),
    ).toBe(124);
  });

  it("leaves out muted chats", () => {
    expect(
      totalUnread([
        makeContact(2, { unread: 3 }),
        makeContact(3, { unread: 5, is_notice: 0 }),
      ]),
    ).toBe(3);
  });
});

describe("news in muted chats (the side menu's dot)", () => {
  it("is there only when a muted chat has unread messages", () => {
    expect(mutedNews([])).toBe(false);
    expect(mutedNews([makeContact(2, { unread: 3 })])).toBe(false);
    expect(mutedNews([makeContact(3, { is_notice: 0 })])).toBe(false);
    expect(
      mutedNews([
        makeContact(2, { unread: 3 }),
        makeContact(3, { unread: 1, is_notice: 0 }),
      ]),
    ).toBe(true);
  });
});
