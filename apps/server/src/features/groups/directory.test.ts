import type { Contact, DirectoryGroup, Message } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { chatHelpers } from "../../../test/chat.js";
import {
  createGroup,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Issue 45, public groups: a group's owner or administrators open it to the directory,
 * anyone finds it there by name or pinyin and joins it as an invitation would (its size,
 * its history setting, the line in its chat); a group that is not public answers as one
 * that does not exist; the console can turn public groups off.
 */

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const { post, sendText } = chatHelpers(() => api);

async function directory(
  user: TestUser,
  body: Record<string, unknown> = {},
): Promise<{ groups: DirectoryGroup[]; count: number }> {
  const res = await post(user, "group/directory", body);
  expect(res.code, res.msg).toBe(0);
  return { groups: res.data as DirectoryGroup[], count: res.count };
}

const setPublic = (user: TestUser, id: string, on: boolean) =>
  post(user, "group/groupSetting", {
    id,
    setting: { public: on ? "1" : "0" },
  });

describe("public groups", () => {
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let latecomer: TestUser;
  let id: string;

  beforeAll(async () => {
    [owner, admin, member, stranger, latecomer] = await registerMany(
      api,
      5,
      "Public",
    );
    id = (await createGroup(api, owner, [admin, member], "设计 Design Desk"))
      .id;
    expect(
      (
        await post(owner, "group/setManager", {
          id,
          user_id: admin.userId,
          role: 2,
        })
      ).code,
    ).toBe(0);
  });

  it("lists only public groups: an administrator opens one, a member may not", async () => {
    expect(
      (await directory(stranger, { keywords: "Design Desk" })).groups,
    ).toEqual([]);
    const refused = await setPublic(member, id, true);
    expect(refused.code).not.toBe(0);
    expect((await directory(stranger, { keywords: "Design Desk" })).count).toBe(
      0,
    );
    const opened = await setPublic(admin, id, true);
    expect(opened.code, opened.msg).toBe(0);
    // An administrator changes no other switch.
    const other = await post(admin, "group/groupSetting", {
      id,
      setting: { public: "1", history: "0" },
    });
    expect(other.code).not.toBe(0);
    const info = await post(owner, "group/groupInfo", { group_id: id });
    expect(
      (info.data as { setting: { public: string; history: string } }).setting,
    ).toMatchObject({ public: "1", history: "1" });
  });

  it("shows a public group with its description, notice and member count, found by name or pinyin", async () => {
    const long = await post(owner, "group/setDescription", {
      id,
      description: "x".repeat(501),
    });
    expect(long.code).not.toBe(0);
    expect(long.msg).toBe("A description is at most 500 characters long");
    expect(
      (await post(member, "group/setDescription", { id, description: "mine" }))
        .code,
    ).not.toBe(0);
    const described = await post(admin, "group/setDescription", {
      id,
      description: "  Ask the design team anything  ",
    });
    expect(described.code, described.msg).toBe(0);
    await post(owner, "group/setNotice", { id, notice: "Reviews on Fridays" });
    const found = await directory(stranger, { keywords: "design desk" });
    expect(found.count).toBe(1);
    expect(found.groups[0]).toMatchObject({
      id,
      name: "设计 Design Desk",
      description: "Ask the design team anything",
      notice: "Reviews on Fridays",
      groupUserCount: 3,
      isJoin: 0,
    });
    // By its pinyin, and by the Chinese itself.
    expect(
      (await directory(stranger, { keywords: "sheji" })).groups[0]?.id,
    ).toBe(id);
    expect(
      (await directory(stranger, { keywords: "设计" })).groups[0]?.id,
    ).toBe(id);
    expect(
      (await directory(owner, { keywords: "设计" })).groups[0]?.isJoin,
    ).toBe(1);
    const info = await post(member, "group/groupInfo", { group_id: id });
    expect((info.data as { description: string }).description).toBe(
      "Ask the design team anything",
    );
  });

  it("joins a public group as an invitation would: the line in its chat, its history setting", async () => {
    const before = await sendText(owner, id, "Before the newcomers");
    // History off: a newcomer reads from their join on.
    expect(
      (
        await post(owner, "group/groupSetting", {
          id,
          setting: { history: "0" },
        })
      ).code,
    ).toBe(0);
    const joined = await post(latecomer, "group/join", { id });
    expect(joined.code, joined.msg).toBe(0);
    expect((joined.data as Contact).id).toBe(id);
    const page = await post(latecomer, "im/getMessageList", {
      toContactId: id,
      is_group: 1,
    });
    const seen = page.data as Message[];
    expect(seen.map((m) => m.id)).not.toContain(before.id);
    expect(
      seen.some(
        (m) => m.type === "event" && m.extends.event === "joinedPublic",
      ),
    ).toBe(true);
    // Joining again changes nothing; the directory says they are in.
    expect((await post(latecomer, "group/join", { id })).code).toBe(0);
    const listed = await directory(latecomer, { keywords: "Design Desk" });
    expect(listed.groups[0]).toMatchObject({ isJoin: 3, groupUserCount: 4 });
    // Leaving is as today.
    const left = await post(latecomer, "group/removeUser", {
      id,
      user_id: latecomer.userId,
    });
    expect(left.code, left.msg).toBe(0);
  });

  it("refuses a group that is not public exactly as one that does not exist", async () => {
    const [host, guest, other] = await registerMany(api, 3, "Private");
    const closed = (await createGroup(api, host, [guest, other], "Closed room"))
      .id;
    const refused = await post(stranger, "group/join", { id: closed });
    const missing = await post(stranger, "group/join", {
      id: "group-99999999",
    });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe(missing.msg);
    expect(refused.code).toBe(missing.code);
    const members = await post(host, "group/groupInfo", { group_id: closed });
    expect((members.data as { groupUserCount: number }).groupUserCount).toBe(3);
  });

  it("keeps a full group full, and lists no disbanded group", async () => {
    const [host, a, b, comer] = await registerMany(api, 4, "Full");
    const small = (await createGroup(api, host, [a, b], "Small full room")).id;
    expect((await setPublic(host, small, true)).code).toBe(0);
    await saveConfig(api, "chatInfo", { groupUserMax: "3" });
    try {
      const full = await post(comer, "group/join", { id: small });
      expect(full.code).not.toBe(0);
    } finally {
      await saveConfig(api, "chatInfo", { groupUserMax: "0" });
    }
    expect((await post(host, "group/removeGroup", { id: small })).code).toBe(0);
    expect(
      (await directory(comer, { keywords: "Small full room" })).count,
    ).toBe(0);
  });

  it("turned off by the console: nothing listed, nobody joins, nobody opens a group", async () => {
    const [host, a, b, comer] = await registerMany(api, 4, "Off");
    const room = (await createGroup(api, host, [a, b], "Switched room")).id;
    expect((await setPublic(host, room, true)).code).toBe(0);
    await saveConfig(api, "chatInfo", { publicGroups: "0" });
    try {
      expect(await directory(comer, { keywords: "Switched room" })).toEqual({
        groups: [],
        count: 0,
      });
      const join = await post(comer, "group/join", { id: room });
      expect(join.msg).toBe(
        "Public groups are turned off by the administrators",
      );
      const other = (await createGroup(api, host, [a, b], "Another room")).id;
      const open = await setPublic(host, other, true);
      expect(open.msg).toBe(
        "Public groups are turned off by the administrators",
      );
      // Closing one is still allowed.
      expect((await setPublic(host, room, false)).code).toBe(0);
    } finally {
      await saveConfig(api, "chatInfo", { publicGroups: "1" });
    }
  });

  it("lists in pinyin order of the names, a page at a time, with how many match", async () => {
    const [host, a, b] = await registerMany(api, 3, "Order");
    const tag = `ord${String(Date.now() % 100000)}`;
    for (const name of [`${tag} 猫`, `${tag} apple`, `${tag} 北京`]) {
      const room = (await createGroup(api, host, [a, b], name)).id;
      expect((await setPublic(host, room, true)).code).toBe(0);
    }
    const first = await directory(stranger, { keywords: tag, limit: 2 });
    expect(first.count).toBe(3);
    const second = await directory(stranger, {
      keywords: tag,
      limit: 2,
      page: 2,
    });
    expect([...first.groups, ...second.groups].map((g) => g.name)).toEqual([
      `${tag} apple`,
      `${tag} 北京`,
      `${tag} 猫`,
    ]);
  });

  it("refuses bad input with a clear envelope, and anyone not signed in", async () => {
    const bad = await post(stranger, "group/directory", { limit: 500 });
    expect(bad.code).not.toBe(0);
    const noId = await post(stranger, "group/join", {});
    expect(noId.code).not.toBe(0);
    const anonymous = await api.post("/enterprise/group/directory", {});
    expect(anonymous.code).not.toBe(0);
  });
});
