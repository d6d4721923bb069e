import { describe, expect, it } from "vitest";
import { makeContact } from "../../../test/factories";
import { directoryLine, lastMessagePreview } from "./contact-preview";

const t = (key: string, options: Record<string, string>) =>
  `${key}:${options.actor ?? ""}`;

describe("a chat row's last message", () => {
  it("shows text as typed, entities decoded", () => {
    expect(
      lastMessagePreview(makeContact(2, { lastContent: "a &lt; b" }), t),
    ).toBe("a < b");
  });

  it("shows a group line in the reader's language, naming who acted", () => {
    const contact = makeContact(4, {
      id: "group-4",
      is_group: 1,
      type: "event",
      lastContent: "Ann 创建了群聊",
      lastEvent: { event: "created", actor: "Ann" },
    });
    expect(lastMessagePreview(contact, t)).toBe("messages:events.created:Ann");
  });

  it("shows a group notice's line in the reader's language, not the stored Chinese (issue 51 item 16)", () => {
    const contact = makeContact(4, {
      id: "group-4",
      is_group: 1,
      type: "text",
      lastContent: "群公告：@所有人 Standup at 10",
      lastEvent: { event: "notice", notice: "Standup at 10" },
    });
    const translate = (key: string, options: Record<string, string>) =>
      key === "messages:events.notice"
        ? `Notice: ${options.notice ?? ""}`
        : key;
    expect(lastMessagePreview(contact, translate)).toBe(
      "Notice: Standup at 10",
    );
  });

  it("falls back to the stored text for a line without its names", () => {
    const contact = makeContact(4, {
      type: "event",
      lastContent: "Ann 创建了群聊",
    });
    expect(lastMessagePreview(contact, t)).toBe("Ann 创建了群聊");
  });
});

describe("the directory line", () => {
  it("shows a person's account and says a group is a group", () => {
    const words = (key: string) => `[${key}]`;
    expect(directoryLine(makeContact(2, { account: "bob" }), words)).toBe(
      "bob",
    );
    expect(
      directoryLine(
        makeContact(3, { id: "group-3", is_group: 1, account: "group-3" }),
        words,
      ),
    ).toBe("[contacts:groupRow]");
  });
});

describe("a chat row's last message when it is not text (issue 10)", () => {
  it.each([
    ["image", "contacts:last.image"],
    ["voice", "contacts:last.voice"],
    ["video", "contacts:last.video"],
    ["file", "contacts:last.file"],
    ["emoji", "contacts:last.sticker"],
  ])("labels a %s by its type, never its address", (type, key) => {
    const contact = makeContact(2, { lastContent: "/files/9", type });
    expect(lastMessagePreview(contact, t)).toBe(`${key}:`);
  });

  it("says '[unsupported message type]' for a type this client does not know", () => {
    const contact = makeContact(2, { lastContent: "?", type: "hologram" });
    expect(lastMessagePreview(contact, t)).toBe("contacts:last.unsupported:");
  });
});
