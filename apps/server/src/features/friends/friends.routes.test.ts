import {
  type Contact,
  FriendRequestSchema,
  type FriendRequest,
} from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  disableUser,
  registerAndLogin,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket, type TestSocket } from "../../../test/ws-client.js";

/*
 * Issue 9: enterprise/friend/* (wire-contract.md §2.6, §5.9) with SPEC §5 Friends, in run
 * mode 2 (and what changes in run mode 1), on SQLite and PostgreSQL.
 */
let api: TestApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  api = await startTestApp({ LOG_LEVEL: "error" });
  await saveConfig(api, "sysInfo", { runMode: "2" });
});
afterAll(async () => {
  for (const socket of sockets) await socket.close();
  await api.close();
});

const friendCall = (path: string, user: TestUser, body: object = {}) =>
  api.post(`/enterprise/friend/${path}`, body, { token: user.token });

async function online(user: TestUser): Promise<TestSocket> {
  const socket = await openSocket(api.url);
  sockets.push(socket);
  await socket.bind(user.token);
  return socket;
}

async function requests(
  user: TestUser,
  isMine: 0 | 1,
  extra: object = {},
): Promise<{ list: FriendRequest[]; count: number }> {
  const res = await friendCall("index", user, { is_mine: isMine, ...extra });
  expect(res.code, res.msg).toBe(0);
  return {
    list: (res.data as unknown[]).map((r) => FriendRequestSchema.parse(r)),
    count: res.count,
  };
}

async function contactsOf(user: TestUser) {
  const res = await api.post(
    "/enterprise/im/getContacts",
    {},
    { token: user.token },
  );
  expect(res.code).toBe(0);
  return {
    list: res.data as Contact[],
    count: res.count,
    page: res.page,
  };
}

/** A applies to B, B agrees: answers B's request id. */
async function befriend(a: TestUser, b: TestUser): Promise<void> {
  expect(
    (await friendCall("add", a, { user_id: b.userId, remark: "hi" })).code,
  ).toBe(0);
  const [request] = (await requests(b, 0)).list;
  const res = await friendCall("update", b, {
    friend_id: request?.friend_id,
    status: 1,
  });
  expect(res.code, res.msg).toBe(0);
}

const send = (from: TestUser, to: TestUser, content = "hello") =>
  api.post(
    "/enterprise/im/sendMessage",
    {
      id: crypto.randomUUID(),
      type: "text",
      content,
      toContactId: to.userId,
      is_group: 0,
    },
    { token: from.token },
  );

describe("applying (friend/add)", () => {
  it("files a request, tells the addressee live, and counts it on every initialisation", async () => {
    const a = await registerAndLogin(api, { realname: "Alice Applicant" });
    const b = await registerAndLogin(api, { realname: "Bob Addressee" });
    const bSocket = await online(b);

    const res = await friendCall("add", a, {
      user_id: b.userId,
      remark: "We met at the fair",
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe("好友申请已发送");

    const pushed = await bSocket.next("simple");
    expect(pushed.data).toMatchObject({
      toContactId: "system",
      is_group: 2,
      type: "event",
      status: "succeed",
      fromUser: { id: "system", avatar: "" },
      fileSize: 0,
      fileName: "",
      extends: { key: "friend.addedYou", user_id: a.userId },
    });
    expect((pushed.data as { content: string }).content).toContain(
      "Alice Applicant",
    );

    const received = await requests(b, 0);
    expect(received.count).toBe(1);
    expect(received.list[0]).toMatchObject({
      create_user: a.userId,
      friend_user_id: b.userId,
      remark: "We met at the fair",
      status: 2,
      is_invite: 1,
      is_group: 0,
      create_user_info: { user_id: a.userId, realname: "Alice Applicant" },
      user_id_info: { user_id: b.userId, realname: "Bob Addressee" },
    });
    expect((await requests(a, 1)).list[0]?.friend_id).toBe(
      received.list[0]?.friend_id,
    );
    expect((await requests(a, 0)).count).toBe(0);

    // The system entry's badge, on every initialisation until it is answered.
    const contacts = await contactsOf(b);
    expect(contacts.count).toBe(1);
    expect(contacts.page).toBe(received.list[0]?.createTime);
    const apply = await friendCall("getApplyMsg", b);
    expect(apply.data).toBe(1);
    // Nobody's contact list gains a stranger in run mode 2.
    expect(contacts.list.some((c) => c.id === a.userId)).toBe(false);
  });

  it.each([
    [{ remark: "" }, "请输入验证信息"],
    [{ remark: "   " }, "请输入验证信息"],
    [{ remark: "x".repeat(101) }, "验证信息最多 100 个字符"],
  ])(
    "refuses the remark %j with its message and files nothing",
    async (body, msg) => {
      const a = await registerAndLogin(api);
      const b = await registerAndLogin(api);
      const res = await friendCall("add", a, { user_id: b.userId, ...body });
      expect(res.code).not.toBe(0);
      expect(res.msg).toBe(msg);
      expect((await requests(b, 0)).count).toBe(0);
    },
  );

  it("refuses oneself, and answers unknown and disabled users alike", async () => {
    const a = await registerAndLogin(api);
    const disabled = await registerAndLogin(api);
    await disableUser(api, disabled.userId);
    const self = await friendCall("add", a, {
      user_id: a.userId,
      remark: "me",
    });
    expect(self.code).not.toBe(0);
    expect(self.msg).toBe("不能添加自己为好友");
    const missing = await friendCall("add", a, {
      user_id: 987_654,
      remark: "hi",
    });
    const off = await friendCall("add", a, {
      user_id: disabled.userId,
      remark: "hi",
    });
    expect(missing.code).not.toBe(0);
    expect({ code: off.code, msg: off.msg }).toEqual({
      code: missing.code,
      msg: missing.msg,
    });
    expect((await requests(a, 1)).count).toBe(0);
  });

  it("does not pile up repeated or parallel applications", async () => {
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        friendCall("add", a, { user_id: b.userId, remark: "again" }),
      ),
    );
    expect(answers.filter((r) => r.code === 0)).toHaveLength(1);
    expect(
      answers
        .filter((r) => r.code !== 0)
        .every((r) => r.msg === "你已经申请过了，请等待对方处理"),
    ).toBe(true);
    expect((await requests(b, 0)).count).toBe(1);
  });

  it("agrees instead when the addressee had already applied the other way", async () => {
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    const aSocket = await online(a);
    const bSocket = await online(b);
    expect(
      (await friendCall("add", b, { user_id: a.userId, remark: "hey" })).code,
    ).toBe(0);
    expect(
      (await friendCall("add", a, { user_id: b.userId, remark: "yo" })).code,
    ).toBe(0);
    await aSocket.next(
      "appendContact",
      (f) => (f.data as Contact).id === b.userId,
    );
    await bSocket.next(
      "appendContact",
      (f) => (f.data as Contact).id === a.userId,
    );
    expect((await requests(a, 0)).list[0]?.status).toBe(1);
    expect(
      (await friendCall("add", a, { user_id: b.userId, remark: "?" })).msg,
    ).toBe("你们已经是好友了");
  });
});

describe("answering (friend/update)", () => {
  it("agreeing makes both friends at once: both lists change live and they may chat", async () => {
    const a = await registerAndLogin(api, { realname: "Ann" });
    const b = await registerAndLogin(api, { realname: "Ben" });
    const aSocket = await online(a);
    const bSocket = await online(b);
    // Pending is not friendship (wire-contract.md §7.16 stays closed).
    await friendCall("add", a, { user_id: b.userId, remark: "hi" });
    const before = await send(a, b);
    expect(before.code).not.toBe(0);
    expect(before.msg).toBe("你们还不是好友，无法发送消息");

    const [request] = (await requests(b, 0)).list;
    const res = await friendCall("update", b, {
      friend_id: request?.friend_id,
      status: 1,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe("已同意好友申请");

    const toA = await aSocket.next("appendContact");
    const toB = await bSocket.next("appendContact");
    expect(toA.data).toMatchObject({
      id: b.userId,
      displayName: "Ben",
      is_group: 0,
      lastContent: "你们已经成功添加为好友，现在开始聊天吧！",
    });
    expect(toB.data).toMatchObject({ id: a.userId, displayName: "Ann" });
    // The first line is stored: every later read of either list shows the chat with it,
    // the applicant with one unread line, and the chat's history starts with it.
    const line = {
      type: "event",
      lastContent: "你们已经成功添加为好友，现在开始聊天吧！",
      lastEvent: { event: "friends" },
    };
    expect(
      (await contactsOf(a)).list.find((c) => c.id === b.userId),
    ).toMatchObject({ ...line, unread: 1 });
    expect(
      (await contactsOf(b)).list.find((c) => c.id === a.userId),
    ).toMatchObject({ ...line, unread: 0 });
    const history = await api.post(
      "/enterprise/im/getMessageList",
      { toContactId: b.userId, is_group: 0, page: 1, limit: 10 },
      { token: a.token },
    );
    expect(history.data).toMatchObject([
      { type: "event", from_user: b.userId, extends: { event: "friends" } },
    ]);
    expect((await contactsOf(b)).count).toBe(0);
    expect((await send(a, b)).code).toBe(0);
    expect((await send(b, a)).code).toBe(0);
  });

  it("refusing keeps them strangers who may not chat", async () => {
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    await friendCall("add", a, { user_id: b.userId, remark: "hi" });
    const [request] = (await requests(b, 0)).list;
    const res = await friendCall("update", b, {
      friend_id: request?.friend_id,
      status: 0,
    });
    expect(res.code).toBe(0);
    expect((await requests(a, 1)).list[0]?.status).toBe(0);
    expect((await send(a, b)).code).not.toBe(0);
    expect((await contactsOf(b)).count).toBe(0);
  });

  it("after a refusal, the same person is not asked again for a day; others may be", async () => {
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    const c = await registerAndLogin(api);
    await friendCall("add", a, { user_id: b.userId, remark: "hi" });
    const [request] = (await requests(b, 0)).list;
    await friendCall("update", b, { friend_id: request?.friend_id, status: 0 });
    const waiting = async () =>
      (await requests(b, 0)).list.filter((r) => r.status === 2).length;
    expect(await waiting()).toBe(0);
    api.clock.advance(60 * 60 * 1000);
    const again = await api.post(
      "/enterprise/friend/add",
      { user_id: b.userId, remark: "please?" },
      { token: a.token, headers: { "Accept-Language": "en" } },
    );
    expect(again.code).not.toBe(0);
    expect(again.msg).toBe(
      "This person declined your request recently. You can ask again in 23 hours",
    );
    expect(await waiting()).toBe(0);
    // Someone else is asked at once.
    expect(
      (await friendCall("add", a, { user_id: c.userId, remark: "hi" })).code,
    ).toBe(0);
    // A day after the refusal, once more.
    api.clock.advance(23 * 60 * 60 * 1000);
    expect(
      (await friendCall("add", a, { user_id: b.userId, remark: "a day on" }))
        .code,
    ).toBe(0);
    expect(await waiting()).toBe(1);
  });

  it("answers nobody but the addressee, and only once (wire-contract.md §7.5)", async () => {
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    const stranger = await registerAndLogin(api);
    await friendCall("add", a, { user_id: b.userId, remark: "hi" });
    const [request] = (await requests(b, 0)).list;
    const id = request?.friend_id;
    const byStranger = await friendCall("update", stranger, {
      friend_id: id,
      status: 1,
    });
    const byApplicant = await friendCall("update", a, {
      friend_id: id,
      status: 1,
    });
    const missing = await friendCall("update", b, {
      friend_id: 999_999,
      status: 1,
    });
    for (const res of [byStranger, byApplicant]) {
      expect({ code: res.code, msg: res.msg }).toEqual({
        code: missing.code,
        msg: missing.msg,
      });
    }
    expect((await requests(b, 0)).list[0]?.status).toBe(2);
    expect(
      (await friendCall("update", b, { friend_id: id, status: 0 })).code,
    ).toBe(0);
    const again = await friendCall("update", b, { friend_id: id, status: 1 });
    expect(again.code).not.toBe(0);
    expect((await send(a, b)).code).not.toBe(0);
  });

  it("refuses a status other than 0 or 1", async () => {
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    await friendCall("add", a, { user_id: b.userId, remark: "hi" });
    const [request] = (await requests(b, 0)).list;
    const res = await friendCall("update", b, {
      friend_id: request?.friend_id,
      status: 2,
    });
    expect(res.code).not.toBe(0);
    expect((await requests(b, 0)).list[0]?.status).toBe(2);
  });
});

describe("the request list (friend/index)", () => {
  it("pages newest first with the page sizes of SPEC §9, counting them all", async () => {
    const b = await registerAndLogin(api);
    const applicants: TestUser[] = [];
    for (let i = 0; i < 23; i += 1) {
      const a = await registerAndLogin(api, { realname: `Applicant ${i}` });
      applicants.push(a);
      api.clock.advance(1000);
      await friendCall("add", a, { user_id: b.userId, remark: `n${i}` });
    }
    const first = await requests(b, 0);
    expect(first.count).toBe(23);
    expect(first.list).toHaveLength(20);
    expect(first.list[0]?.remark).toBe("n22");
    const second = await requests(b, 0, { page: 2 });
    expect(second.list.map((r) => r.remark)).toEqual(["n2", "n1", "n0"]);
    expect((await requests(b, 0, { limit: 50 })).list).toHaveLength(23);
    const odd = await friendCall("index", b, { is_mine: 0, limit: 7 });
    expect(odd.code).not.toBe(0);
  });
});

describe("remarks (friend/setNickname)", () => {
  it("names a friend for me only, shown in my list and on the card", async () => {
    const a = await registerAndLogin(api, { realname: "Real Name" });
    const b = await registerAndLogin(api);
    await befriend(a, b);
    const res = await friendCall("setNickname", b, {
      friend_id: a.userId,
      nickname: "<b>Bestie</b>",
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe("设置成功");
    const mine = (await contactsOf(b)).list.find((c) => c.id === a.userId);
    expect(mine?.displayName).toBe("<b>Bestie</b>");
    const theirs = (await contactsOf(a)).list.find((c) => c.id === b.userId);
    expect(theirs?.displayName).not.toBe("<b>Bestie</b>");
    const card = await api.post(
      "/enterprise/im/getUserInfo",
      { user_id: a.userId },
      { token: b.token },
    );
    expect(card.data).toMatchObject({
      displayName: "<b>Bestie</b>",
      friend: { friend_id: a.userId, nickname: "<b>Bestie</b>" },
    });
  });

  it("refuses an empty remark, and anyone who is not a friend", async () => {
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    const empty = await friendCall("setNickname", a, {
      friend_id: b.userId,
      nickname: " ",
    });
    expect(empty.msg).toBe("请输入备注");
    const stranger = await friendCall("setNickname", a, {
      friend_id: b.userId,
      nickname: "Pal",
    });
    expect(stranger.code).not.toBe(0);
    expect(stranger.msg).toBe("对方不是你的好友");
  });
});

describe("the contact list in run mode 2", () => {
  it("lists my active friends only, each with my remark, in one answer", async () => {
    const me = await registerAndLogin(api);
    const [kept, named, gone, stranger] = await Promise.all([
      registerAndLogin(api, { realname: "Kept Friend" }),
      registerAndLogin(api, { realname: "Named Friend" }),
      registerAndLogin(api),
      registerAndLogin(api),
    ]);
    for (const friend of [kept, named, gone]) await befriend(me, friend);
    expect(
      (
        await friendCall("setNickname", me, {
          friend_id: named.userId,
          nickname: "My Remark",
        })
      ).code,
    ).toBe(0);
    await disableUser(api, gone.userId);
    const people = (await contactsOf(me)).list.filter(
      (c) => c.is_group === 0 && typeof c.id === "number",
    );
    expect(people.map((c) => [c.id, c.displayName, c.realname])).toEqual(
      [
        [kept.userId, "Kept Friend", "Kept Friend"],
        [named.userId, "My Remark", "Named Friend"],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(people.some((c) => c.id === stranger.userId)).toBe(false);
  });
});

describe("removal (friend/del)", () => {
  it("ends the friendship both ways and drops each from the other's list live", async () => {
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    await befriend(a, b);
    const aSocket = await online(a);
    const bSocket = await online(b);
    const res = await friendCall("del", a, { id: b.userId });
    expect(res.code, res.msg).toBe(0);
    expect((await bSocket.next("removeGroup")).data).toEqual({
      group_id: String(a.userId),
    });
    expect((await aSocket.next("removeGroup")).data).toEqual({
      group_id: String(b.userId),
    });
    expect((await contactsOf(a)).list.some((c) => c.id === b.userId)).toBe(
      false,
    );
    expect((await contactsOf(b)).list.some((c) => c.id === a.userId)).toBe(
      false,
    );
    expect((await send(a, b)).code).not.toBe(0);
    const again = await friendCall("del", a, { id: b.userId });
    expect(again.msg).toBe("对方不是你的好友");
  });
});

describe("run mode 1", () => {
  it("removes no friend, and lets anyone chat with anyone", async () => {
    const own = await startTestApp();
    try {
      const a = await registerAndLogin(own);
      const b = await registerAndLogin(own);
      const del = await own.post(
        "/enterprise/friend/del",
        { id: b.userId },
        { token: a.token },
      );
      expect(del.code).not.toBe(0);
      expect(del.msg).toBe("只有在好友模式下才能删除好友");
      const sent = await own.post(
        "/enterprise/im/sendMessage",
        {
          id: crypto.randomUUID(),
          type: "text",
          content: "hi",
          toContactId: b.userId,
        },
        { token: a.token },
      );
      expect(sent.code).toBe(0);
    } finally {
      await own.close();
    }
  });
});

describe("moving into friend mode (issue 51 item 13)", () => {
  it("makes friends of people who already chatted one-to-one, so their chats stay and go on; nobody else", async () => {
    const own = await startTestApp();
    try {
      const [a, b, c, d] = [
        await registerAndLogin(own),
        await registerAndLogin(own),
        await registerAndLogin(own),
        await registerAndLogin(own),
      ];
      const send = (from: TestUser, to: TestUser, content: string) =>
        own.post(
          "/enterprise/im/sendMessage",
          {
            id: crypto.randomUUID(),
            type: "text",
            content,
            toContactId: to.userId,
          },
          { token: from.token },
        );
      const listed = async (user: TestUser) =>
        (
          (
            await own.post(
              "/enterprise/im/getContacts",
              {},
              { token: user.token },
            )
          ).data as Contact[]
        ).map((contact) => contact.id);
      expect((await send(a, b, "before the switch")).code).toBe(0);
      await saveConfig(own, "sysInfo", { runMode: "2" });

      expect(await listed(a)).toContain(b.userId);
      expect(await listed(b)).toContain(a.userId);
      expect(await listed(a)).not.toContain(c.userId);
      expect(await listed(c)).not.toContain(d.userId);
      expect((await send(b, a, "after the switch")).code).toBe(0);
      expect((await send(c, d, "strangers")).code).not.toBe(0);

      // Back and forth again: nothing twice, nothing lost.
      await saveConfig(own, "sysInfo", { runMode: "1" });
      await saveConfig(own, "sysInfo", { runMode: "2" });
      const links = await own.db
        .selectFrom("friends")
        .select(["user_id", "friend_user_id"])
        .execute();
      expect(links).toHaveLength(2);
    } finally {
      await own.close();
    }
  });
});

describe("friend requests outside run mode 2 (issue 51 item 9)", () => {
  it("refuses add, update and index in run mode 1 with why, changing nothing, and serves them again in run mode 2", async () => {
    const own = await startTestApp();
    try {
      const [a, b, c] = [
        await registerAndLogin(own),
        await registerAndLogin(own),
        await registerAndLogin(own),
      ];
      const call = (path: string, user: TestUser, body: object) =>
        own.post(`/enterprise/friend/${path}`, body, {
          token: user.token,
          headers: { "Accept-Language": "en" },
        });
      // A request filed while friend mode was on, still waiting.
      await saveConfig(own, "sysInfo", { runMode: "2" });
      expect(
        (await call("add", a, { user_id: b.userId, remark: "hi" })).code,
      ).toBe(0);
      const waiting = await call("index", b, { is_mine: 0 });
      const requestId = (waiting.data as FriendRequest[])[0]?.friend_id;
      expect(requestId).toBeGreaterThan(0);
      const rows = () =>
        own.db.selectFrom("friend_applications").selectAll().execute();
      const before = await rows();

      await saveConfig(own, "sysInfo", { runMode: "1" });
      const refusals = [
        await call("add", c, { user_id: b.userId, remark: "hello" }),
        await call("update", b, { friend_id: requestId, status: 1 }),
        await call("index", b, { is_mine: 0 }),
        await call("index", a, { is_mine: 1 }),
      ];
      for (const res of refusals) {
        expect(res.code).not.toBe(0);
        expect(res.msg).toMatch(/only used in friend mode/);
      }
      expect(await rows()).toEqual(before);

      await saveConfig(own, "sysInfo", { runMode: "2" });
      const agreed = await call("update", b, {
        friend_id: requestId,
        status: 1,
      });
      expect(agreed.code, agreed.msg).toBe(0);
    } finally {
      await own.close();
    }
  });
});

describe("authorisation", () => {
  it.each(["index", "add", "update", "del", "setNickname", "getApplyMsg"])(
    "friend/%s needs a session",
    async (path) => {
      const res = await api.post(`/enterprise/friend/${path}`, {});
      expect(res.code).not.toBe(0);
      expect(res.status).toBeLessThan(500);
    },
  );
});
