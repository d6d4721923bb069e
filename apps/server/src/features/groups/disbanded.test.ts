import { randomUUID } from "node:crypto";
import { type Contact, type Message } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  createGroup,
  loginAdmin,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket } from "../../../test/ws-client.js";

/*
 * Issue 51, item 17: a disbanded group stays with its former members — listed as
 * `disbanded: 1`, its history readable and ending with the "disbanded" line, sending refused
 * — until each removes it (`removeDisbanded`); the last removal deletes its messages. To
 * anyone else it answers like a missing group.
 */
let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const post = (path: string, user: TestUser, body: object = {}) =>
  api.post(path, body, { token: user.token });

async function contactsOf(user: TestUser): Promise<Contact[]> {
  const res = await post("/enterprise/im/getContacts", user);
  expect(res.code, res.msg).toBe(0);
  return res.data as Contact[];
}

const history = (user: TestUser, id: string) =>
  post("/enterprise/im/getMessageList", user, { toContactId: id });

const send = (user: TestUser, id: string, content: string) =>
  post("/enterprise/im/sendMessage", user, {
    id: randomUUID(),
    type: "text",
    content,
    toContactId: id,
  });

async function messageCount(groupId: number): Promise<number> {
  const row = await api.db
    .selectFrom("messages")
    // PostgreSQL answers a count as text.
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("conversation_id", "=", `group-${String(groupId)}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A group of an owner and two members with one message in it. */
async function team(name: string) {
  const [owner, a, b, stranger] = await registerMany(api, 4, name);
  const group = await createGroup(api, owner, [a, b], name);
  expect((await send(a, group.id, "hello all")).code).toBe(0);
  return { owner, a, b, stranger, ...group };
}

describe("a disbanded group", () => {
  it("stays with its members, read only, ending with the disbanded line", async () => {
    const { owner, a, b, id, groupId } = await team("Disband");
    const watch = await openSocket(api.url);
    await watch.bind(a.token);
    expect(
      (await post("/enterprise/group/removeGroup", owner, { id })).code,
    ).toBe(0);
    expect((await watch.next("removeGroup")).data).toEqual({
      group_id: id,
      disbanded: 1,
    });
    await watch.close();

    for (const user of [owner, a, b]) {
      const contact = (await contactsOf(user)).find((c) => c.id === id);
      expect(contact).toMatchObject({ id, disbanded: 1, type: "event" });
      expect(contact?.lastEvent).toMatchObject({
        event: "disbanded",
        actor: "Disband 1",
      });
      const res = await history(user, id);
      expect(res.code, res.msg).toBe(0);
      const list = res.data as Message[];
      expect(list.map((m) => m.content)).toContain("hello all");
      expect(list.at(-1)).toMatchObject({
        type: "event",
        content: "Disband 1 解散了群聊",
        extends: { event: "disbanded" },
      });
    }

    const before = await messageCount(groupId);
    const refused = await send(b, id, "anyone there?");
    expect(refused.key).toBe("group.disbanded");
    expect(await messageCount(groupId)).toBe(before);
  });

  it("answers a stranger exactly like a missing group", async () => {
    const { owner, stranger, id } = await team("Strange");
    expect(
      (await post("/enterprise/group/removeGroup", owner, { id })).code,
    ).toBe(0);
    const missing = "group-987654";
    for (const [path, body] of [
      ["/enterprise/im/getMessageList", (g: string) => ({ toContactId: g })],
      ["/enterprise/group/groupInfo", (g: string) => ({ group_id: g })],
      [
        "/enterprise/im/sendMessage",
        (g: string) => ({
          id: "5f0c9c1e-3b7a-4d2e-9f1a-2c3b4d5e6f70",
          type: "text",
          content: "hi",
          toContactId: g,
        }),
      ],
      ["/enterprise/group/removeDisbanded", (g: string) => ({ id: g })],
    ] as const) {
      const foreign = await post(path, stranger, body(id));
      const none = await post(path, stranger, body(missing));
      expect(foreign.key, path).toBe("group.notFound");
      expect(foreign, path).toEqual(none);
    }
    expect((await contactsOf(stranger)).some((c) => c.id === id)).toBe(false);
  });

  it("a live group is not removed as a disbanded one", async () => {
    const { a, id } = await team("Live");
    const res = await post("/enterprise/group/removeDisbanded", a, { id });
    expect(res.key).toBe("group.notFound");
    expect((await contactsOf(a)).some((c) => c.id === id)).toBe(true);
  });

  it("goes from each member's list as they remove it, and its messages with the last", async () => {
    const { owner, a, b, id, groupId } = await team("Remove");
    expect(
      (await post("/enterprise/group/removeGroup", owner, { id })).code,
    ).toBe(0);
    const watch = await openSocket(api.url);
    await watch.bind(a.token);
    const removed = await post("/enterprise/group/removeDisbanded", a, { id });
    expect(removed.code, removed.msg).toBe(0);
    expect((await watch.next("removeGroup")).data).toEqual({ group_id: id });
    await watch.close();
    expect((await contactsOf(a)).some((c) => c.id === id)).toBe(false);
    expect((await history(a, id)).key).toBe("group.notFound");
    expect(
      (await post("/enterprise/group/removeDisbanded", a, { id })).key,
    ).toBe("group.notFound");
    // The others still have it.
    expect((await contactsOf(b)).find((c) => c.id === id)?.disbanded).toBe(1);
    expect((await history(b, id)).code).toBe(0);
    expect(await messageCount(groupId)).toBeGreaterThan(0);

    expect(
      (await post("/enterprise/group/removeDisbanded", b, { id })).code,
    ).toBe(0);
    expect(await messageCount(groupId)).toBeGreaterThan(0);
    expect(
      (await post("/enterprise/group/removeDisbanded", owner, { id })).code,
    ).toBe(0);
    expect(await messageCount(groupId)).toBe(0);
    expect((await contactsOf(owner)).some((c) => c.id === id)).toBe(false);
    const views = await api.db
      .selectFrom("user_conversations")
      .select("user_id")
      .where("conversation_id", "=", id)
      .execute();
    expect(views).toEqual([]);
  });

  it("the console's delete disbands it the same way", async () => {
    const { a, b, id, groupId } = await team("Console");
    const admin = await loginAdmin(api);
    const watch = await openSocket(api.url);
    await watch.bind(a.token);
    const res = await post("/manage/Group/del", admin, { group_id: groupId });
    expect(res.code, res.msg).toBe(0);
    expect((await watch.next("removeGroup")).data).toEqual({
      group_id: id,
      disbanded: 1,
    });
    await watch.close();
    const contact = (await contactsOf(a)).find((c) => c.id === id);
    expect(contact).toMatchObject({ disbanded: 1 });
    const list = (await history(a, id)).data as Message[];
    expect(list.at(-1)).toMatchObject({ extends: { event: "disbanded" } });
    expect((await send(a, id, "still here?")).key).toBe("group.disbanded");
    for (const user of [a, b])
      expect(
        (await post("/enterprise/group/removeDisbanded", user, { id })).code,
      ).toBe(0);
    // The owner is the last former member.
    expect(await messageCount(groupId)).toBeGreaterThan(0);
  });
});
