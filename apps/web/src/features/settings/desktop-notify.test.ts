import { describe, expect, it } from "vitest";
import { makeContact, makeMessage } from "../../../test/factories";
import { mentionsMe, worthTelling } from "./desktop-notify";

describe("worthTelling (issue 11 notifications)", () => {
  const base = { me: 1, openChat: null, visible: false, contacts: [] };

  it("tells of someone else's message, not of mine or of a line", () => {
    expect(worthTelling(makeMessage(1, 2), base)).toBe(true);
    expect(worthTelling(makeMessage(1, 1), base)).toBe(false);
    expect(worthTelling(makeMessage(1, 2, { type: "event" }), base)).toBe(
      false,
    );
  });

  it("stays quiet for the chat in front of me, not for a hidden tab", () => {
    const message = makeMessage(1, 2);
    expect(worthTelling(message, { ...base, openChat: 2, visible: true })).toBe(
      false,
    );
    expect(
      worthTelling(message, { ...base, openChat: 2, visible: false }),
    ).toBe(true);
  });

  it("keeps a do-not-disturb chat quiet unless I am mentioned", () => {
    const group = makeContact(4, { id: "group-4", is_group: 1, is_notice: 0 });
    const plain = makeMessage(1, 2, {
      is_group: 1,
      toContactId: "group-4",
    });
    const mention = { ...plain, at: ["1"] };
    const everyone = { ...plain, at: ["0"] };
    const ctx = { ...base, contacts: [group] };
    expect(worthTelling(plain, ctx)).toBe(false);
    expect(worthTelling(mention, ctx)).toBe(true);
    expect(worthTelling(everyone, ctx)).toBe(true);
    expect(mentionsMe({ ...plain, at: ["3"] }, 1)).toBe(false);
  });
});
