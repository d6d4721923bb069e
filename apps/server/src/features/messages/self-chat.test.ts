import { randomUUID } from "node:crypto";
import { type Contact, type Message, MessageSchema } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket } from "../../../test/ws-client.js";

/*
 * The chat with oneself (wire-contract.md §4.4 "My favourites / file transfer", contact id
 * -1, is_group 3): notes and files to one's own other devices. Nobody else sees it, and
 * nothing in it is ever unread.
 */

const app = useTestApp();

const post = (
  user: TestUser,
  call: string,
  body: object,
  lang: "en" | "zh" = "en",
) =>
  app().post(`/enterprise/${call}`, body, {
    token: user.token,
    headers: { "Accept-Language": lang },
  });

function send(user: TestUser, to: number | string, content: string) {
  return post(user, "im/sendMessage", {
    id: randomUUID(),
    type: "text",
    content,
    toContactId: to,
    is_group: 0,
  });
}

async function selfEntry(
  user: TestUser,
  lang: "en" | "zh" = "en",
): Promise<Contact | undefined> {
  const res = await post(user, "im/getContacts", {}, lang);
  expect(res.code, res.msg).toBe(0);
  return (res.data as Contact[]).find((c) => c.id === -1);
}

async function page(user: TestUser, body: object = {}): Promise<Message[]> {
  const res = await post(user, "im/getMessageList", {
    toContactId: -1,
    is_group: 0,
    page: 1,
    limit: 20,
    ...body,
  });
  expect(res.code, res.msg).toBe(0);
  return res.data as Message[];
}

describe("the chat with oneself (-1)", () => {
  it("is always listed, named in the reader's language, and only mine", async () => {
    const [ann] = await registerMany(app(), 1, "Self");
    expect(await selfEntry(ann)).toMatchObject({
      id: -1,
      is_group: 3,
      displayName: "File transfer",
      lastContent: "Send files and notes to yourself",
      lastSendTime: 0,
      unread: 0,
      is_top: 0,
    });
    expect(await selfEntry(ann)).not.toHaveProperty("type");
    expect(await selfEntry(ann, "zh")).toMatchObject({
      displayName: "文件传输",
      lastContent: "传输你的文件",
    });
  });

  it("takes notes to my other devices only, never unread, and pages and searches like any chat", async () => {
    const [ann, ben] = await registerMany(app(), 2, "Note");
    const [annOther, benSocket] = await Promise.all([
      openSocket(app().url),
      openSocket(app().url),
    ]);
    await annOther.bind(ann.token);
    await benSocket.bind(ben.token);

    const res = await send(ann, -1, "buy milk 牛奶");
    expect(res.code, res.msg).toBe(0);
    const sent = MessageSchema.parse(res.data);
    expect(sent).toMatchObject({
      toContactId: -1,
      toUser: -1,
      to_user: -1,
      user_id: ann.userId,
      is_group: 3,
      is_read: 1,
      // The chat as my list shows it: the -1 entry, with this note.
      contactInfo: {
        id: -1,
        is_group: 3,
        displayName: "文件传输",
        lastContent: "buy milk 牛奶",
        type: "text",
      },
    });
    const pushed = await annOther.next("simple");
    expect(pushed.data).toMatchObject({ id: sent.id, toContactId: -1 });
    expect((await send(ann, -1, "second note")).code).toBe(0);

    // Nobody new hears of my presence, not even me.
    expect(
      await app().services.contacts.presenceAudience(ann.userId),
    ).not.toContain(ann.userId);
    expect(await selfEntry(ann)).toMatchObject({
      lastContent: "second note",
      type: "text",
      unread: 0,
    });
    const notes = await page(ann);
    expect(notes.map((m) => [m.content, m.is_group, m.toContactId])).toEqual([
      ["buy milk 牛奶", 3, -1],
      ["second note", 3, -1],
    ]);
    // The history panel's search, Chinese included.
    const found = await page(ann, { type: "text", keywords: "牛奶" });
    expect(found.map((m) => m.content)).toEqual(["buy milk 牛奶"]);

    // Ben has a chat -1 of his own: empty. He got no push and cannot touch Ann's notes.
    expect(await page(ben)).toEqual([]);
    expect((await selfEntry(ben))?.lastContent).toBe(
      "Send files and notes to yourself",
    );
    const foreign = await post(ben, "im/undoMessage", { id: sent.id });
    expect(foreign.code).not.toBe(0);
    const favourite = await post(ben, "collect/add", { msg_id: sent.msg_id });
    expect(favourite.code).not.toBe(0);
    expect(benSocket.all("simple")).toEqual([]);

    // Mine to withdraw (within redoTime), like any message of mine: one event, in -1.
    expect((await post(ann, "im/undoMessage", { id: sent.id })).code).toBe(0);
    expect((await page(ann))[0]).toMatchObject({ type: "event" });
    await annOther.next("undoMessage");
    expect(annOther.all("undoMessage").map((f) => f.data)).toMatchObject([
      { id: sent.id, toContactId: -1, content: "你撤回了一条消息" },
    ]);
    // Its card names it in my language.
    const card = await post(ann, "im/getContactInfo", { id: -1 });
    expect(card.data).toMatchObject({
      id: -1,
      is_group: 3,
      displayName: "文件传输",
    });
    await Promise.all([annOther.close(), benSocket.close()]);
  });

  it("takes files and forwards, is pinned and keeps a draft on every device", async () => {
    const [ann, ben] = await registerMany(app(), 2, "Pin");
    const form = new FormData();
    form.append(
      "message",
      JSON.stringify({ id: randomUUID(), type: "file", toContactId: -1 }),
    );
    form.append("file", new Blob(["my notes"]), "notes.txt");
    const uploaded = await app().post(
      "/common/upload/uploadFile",
      {},
      { token: ann.token, raw: form },
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
    expect(uploaded.data).toMatchObject({
      toContactId: -1,
      is_group: 3,
      fileName: "notes.txt",
    });
    // The file is mine to fetch again.
    const file = await fetch(
      new URL((uploaded.data as Message).content, app().url),
      { headers: { Authorization: ann.token } },
    );
    expect(file.status).toBe(200);

    const fromBen = await send(ben, ann.userId, "the address");
    const forwarded = await post(ann, "im/forwardMessage", {
      user_ids: [-1],
      msg_id: (fromBen.data as Message).msg_id,
    });
    expect(forwarded.code, forwarded.msg).toBe(0);
    expect((await page(ann)).map((m) => m.content).at(-1)).toBe("the address");

    const socket = await openSocket(app().url);
    await socket.bind(ann.token);
    expect((await post(ann, "im/setChatTop", { id: -1, is_top: 1 })).code).toBe(
      0,
    );
    expect((await socket.next("setChatTop")).data).toMatchObject({
      id: -1,
      is_group: 3,
      is_top: 1,
    });
    expect(
      (await post(ann, "im/setDraft", { toContactId: -1, draft: "half a" }))
        .code,
    ).toBe(0);
    expect((await socket.next("draft")).data).toEqual({
      toContactId: -1,
      draft: "half a",
    });
    expect(await selfEntry(ann)).toMatchObject({ is_top: 1, draft: "half a" });
    await socket.close();
  });

  it("the system entries are read, never written to", async () => {
    const [ann] = await registerMany(app(), 1, "Entry");
    const note = (await send(ann, -1, "forward me")).data as Message;
    const before = await countRows(app(), "messages");
    for (const to of ["admin_notice", "system"]) {
      const zh = await send(ann, to, "hello?");
      expect(zh.code).not.toBe(0);
      const res = await post(
        ann,
        "im/sendMessage",
        { id: randomUUID(), type: "text", content: "hi", toContactId: to },
        "zh",
      );
      expect(res.msg).toBe("目前禁止用户私聊！");
      // Nor forwarded to.
      const forwarded = await post(
        ann,
        "im/forwardMessage",
        { user_ids: [to], msg_id: note.msg_id },
        "zh",
      );
      expect(forwarded.msg).toBe("目前禁止用户私聊！");
    }
    expect(await countRows(app(), "messages")).toBe(before);
  });
});
