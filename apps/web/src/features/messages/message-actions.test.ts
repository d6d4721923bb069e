import type { Contact } from "@parley/protocol";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { makeConfig, makeContact, makeMessage } from "../../../test/factories";
import { contactsKey } from "../contacts";
import { applyGone, applyWithdrawn, messageAbilities } from "./message-actions";
import { type MessagePages, messagesKey } from "./messages.queries";

const ME = { userId: 1, role: 0, demoMode: false };
const sent = 1_700_000_001_000;

describe("messageAbilities (SPEC §5 Chat through the capability table)", () => {
  const config = makeConfig();

  it("offers withdraw on my message up to redoTime, never on someone else's in a 1:1 chat", () => {
    const mine = makeMessage(1, 1);
    expect(
      messageAbilities(mine, { actor: ME, config, now: sent + 120_000 })
        .withdraw,
    ).toBe(true);
    expect(
      messageAbilities(mine, { actor: ME, config, now: sent + 120_001 })
        .withdraw,
    ).toBe(false);
    const theirs = makeMessage(2, 2);
    expect(
      messageAbilities(theirs, { actor: ME, config, now: sent }).withdraw,
    ).toBe(false);
  });

  it("offers edit on my own text only, within editTime (0: any time), never on a file or someone else's", () => {
    const mine = makeMessage(1, 1);
    const ask = (message: typeof mine, editTime: string, now: number) =>
      messageAbilities(message, {
        actor: ME,
        config: {
          ...config,
          chatInfo: { ...config.chatInfo, editTime },
        },
        now,
      }).edit;
    expect(ask(mine, "0", sent + 86_400_000 * 365)).toBe(true);
    expect(ask(mine, "60", sent + 60_000)).toBe(true);
    expect(ask(mine, "60", sent + 60_001)).toBe(false);
    expect(ask(makeMessage(2, 2), "0", sent)).toBe(false);
    expect(ask(makeMessage(1, 1, { type: "image" }), "0", sent)).toBe(false);
    expect(ask(makeMessage(1, 1, { type: "event" }), "0", sent)).toBe(false);
  });

  it("lets a group's managers withdraw at any time, an administrator not the owner's", () => {
    const late = sent + 86_400_000;
    const member = makeMessage(1, 5, { is_group: 1, toContactId: "group-4" });
    const owners = makeMessage(1, 9, { is_group: 1, toContactId: "group-4" });
    const ask = (message: typeof member, groupRole: number) =>
      messageAbilities(message, {
        actor: ME,
        config,
        now: late,
        groupRole,
        ownerId: 9,
      }).withdraw;
    expect(ask(member, 1)).toBe(true);
    expect(ask(member, 2)).toBe(true);
    expect(ask(owners, 2)).toBe(false);
    expect(ask(member, 3)).toBe(false);
  });

  it("offers delete for everyone only on my own 1:1 message with dbDelMsg on", () => {
    const on = makeConfig({
      chatInfo: { ...config.chatInfo, dbDelMsg: "1" },
    });
    const mine = makeMessage(1, 1);
    expect(
      messageAbilities(mine, { actor: ME, config: on, now: sent })
        .deleteForEveryone,
    ).toBe(true);
    expect(
      messageAbilities(mine, { actor: ME, config, now: sent })
        .deleteForEveryone,
    ).toBe(false);
    expect(
      messageAbilities(makeMessage(1, 1, { is_group: 1 }), {
        actor: ME,
        config: on,
        now: sent,
      }).deleteForEveryone,
    ).toBe(false);
  });

  it("copies only text; offers nothing but 'delete for me' on a call record or a line", () => {
    const picture = makeMessage(1, 2, { type: "image" });
    expect(
      messageAbilities(picture, { actor: ME, config, now: sent }),
    ).toMatchObject({ copy: false, quote: true, forward: true });
    const line = makeMessage(1, 2, { type: "event" });
    expect(
      messageAbilities(line, { actor: ME, config, now: sent }),
    ).toMatchObject({
      copy: false,
      quote: false,
      forward: false,
      favourite: false,
      withdraw: false,
      hide: true,
    });
  });
});

function chatWith2() {
  const client = new QueryClient();
  const original = makeMessage(1, 2);
  const reply = makeMessage(2, 1, {
    pid: 1,
    extends: {
      quote: { msg_id: 1, content: "text 1", user_id: 2, realname: "X" },
    },
  });
  client.setQueryData<MessagePages>(messagesKey(2), {
    pages: [[original, reply]],
    pageParams: [{ lastId: 0, limit: 10 }],
  });
  client.setQueryData<Contact[]>(contactsKey, [
    makeContact(2, { lastContent: "text 2" }),
  ]);
  return client;
}

const held = (client: QueryClient) =>
  client.getQueryData<MessagePages>(messagesKey(2))?.pages.flat() ?? [];

describe("applying actions to the caches", () => {
  it("a withdrawal replaces the message by its line and empties the quotes of it", () => {
    const client = chatWith2();
    applyWithdrawn(client, {
      id: "m1",
      msg_id: 1,
      from_user: 2,
      type: "event",
      status: "succeed",
      content: "对方撤回了一条消息",
      sendTime: sent,
      toContactId: 2,
      is_last: 0,
      isMobile: 0,
      extends: { event: "undo", user_id: 2, realname: "X" },
    });
    const [line, reply] = held(client);
    expect(line).toMatchObject({
      type: "event",
      content: "对方撤回了一条消息",
      extends: { event: "undo" },
    });
    expect(reply?.extends.quote).toMatchObject({ content: "", undone: 1 });
    // Not the last line: the list keeps its preview.
    expect(client.getQueryData<Contact[]>(contactsKey)?.[0]?.lastContent).toBe(
      "text 2",
    );
  });

  it("a withdrawal of the last message changes the chat's preview", () => {
    const client = chatWith2();
    applyWithdrawn(client, {
      id: "m2",
      msg_id: 2,
      from_user: 1,
      type: "event",
      status: "succeed",
      content: "你撤回了一条消息",
      sendTime: sent,
      toContactId: 2,
      is_last: 1,
      isMobile: 0,
      extends: { event: "undo", user_id: 1, realname: "Me" },
    });
    expect(client.getQueryData<Contact[]>(contactsKey)?.[0]).toMatchObject({
      type: "event",
      lastEvent: { event: "undo", user_id: 1 },
    });
  });

  it("a deleted message leaves the chat", () => {
    const client = chatWith2();
    applyGone(client, { id: "m1", msg_id: 1, from_user: 2, toContactId: 2 });
    expect(held(client).map((m) => m.id)).toEqual(["m2"]);
  });
});
