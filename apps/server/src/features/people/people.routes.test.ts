import { FoundUserSchema, UserDetailSchema } from "@parley/protocol";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { openSocket } from "../../../test/ws-client.js";
import {
  disableUser,
  loginAdmin,
  registerAndLogin,
  createGroup,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Issue 9: searchUser, getUserInfo (the user card's rules of SPEC §2), userList,
 * getContactInfo, updateUserInfo and uploadAvatar, on SQLite and PostgreSQL.
 */
let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const im = (path: string, user: TestUser, body: object = {}) =>
  api.post(`/enterprise/im/${path}`, body, { token: user.token });

async function setIp(user: TestUser, ip: string): Promise<void> {
  await api.db
    .updateTable("users")
    .set({ last_login_ip: ip })
    .where("user_id", "=", user.userId)
    .execute();
}

async function card(viewer: TestUser, userId: number, extra: object = {}) {
  const res = await im("getUserInfo", viewer, { user_id: userId, ...extra });
  return res.code === 0
    ? { res, data: UserDetailSchema.parse(res.data) }
    : { res, data: null };
}

describe("search (searchUser)", () => {
  it("finds by exact account, by name and by pinyin; never the caller or a disabled user", async () => {
    const me = await registerAndLogin(api, { realname: "Searcher" });
    const zhang = await registerAndLogin(api, { realname: "张三丰" });
    const off = await registerAndLogin(api, { realname: "张三停用" });
    await disableUser(api, off.userId);

    const byPinyin = await im("searchUser", me, { keywords: "zhangsan" });
    expect(byPinyin.code).toBe(0);
    const found = (byPinyin.data as unknown[]).map((u) =>
      FoundUserSchema.parse(u),
    );
    expect(found.map((u) => u.user_id)).toContain(zhang.userId);
    expect(found.map((u) => u.user_id)).not.toContain(off.userId);
    const hit = found.find((u) => u.user_id === zhang.userId);
    // A name search shows no one's full account, email or address.
    expect(hit?.account).not.toBe(zhang.account);
    expect(hit?.account).toContain("*");
    expect(hit).toMatchObject({ email: "", last_login_ip: "", friend: "" });

    const byName = (await im("searchUser", me, { keywords: "三丰" })).data as {
      user_id: number;
    }[];
    expect(byName.map((u) => u.user_id)).toContain(zhang.userId);

    const byAccount = (
      await im("searchUser", me, { keywords: zhang.account.toUpperCase() })
    ).data as { user_id: number; account: string }[];
    expect(byAccount[0]).toMatchObject({
      user_id: zhang.userId,
      account: zhang.account,
    });

    const self = (await im("searchUser", me, { keywords: me.account }))
      .data as unknown[];
    expect(self).toEqual([]);
  });

  it("takes LIKE wildcards literally and caps the answer", async () => {
    const me = await registerAndLogin(api);
    for (let i = 0; i < 22; i += 1)
      await registerAndLogin(api, { realname: `Capped ${i}` });
    const wild = (await im("searchUser", me, { keywords: "%" }))
      .data as unknown[];
    expect(wild).toEqual([]);
    const many = (await im("searchUser", me, { keywords: "capped" }))
      .data as unknown[];
    expect(many).toHaveLength(20);
    const long = await im("searchUser", me, { keywords: "x".repeat(33) });
    expect(long.code).not.toBe(0);
    expect(long.status).toBe(200);
  });
});

describe("the user card (getUserInfo)", () => {
  it("never sends a secret, and masks the account for anyone but its owner", async () => {
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    const { res, data } = await card(a, b.userId);
    expect(res.code).toBe(0);
    expect(JSON.stringify(res.data)).not.toMatch(/password|salt|hash/i);
    expect(data?.account).not.toBe(b.account);
    expect((await card(b, b.userId)).data?.account).toBe(b.account);
  });

  it("answers missing and disabled users alike", async () => {
    const a = await registerAndLogin(api);
    const off = await registerAndLogin(api);
    await disableUser(api, off.userId);
    const missing = await card(a, 777_777);
    const disabled = await card(a, off.userId);
    expect(missing.res.code).not.toBe(0);
    expect({ code: disabled.res.code, msg: disabled.res.msg }).toEqual({
      code: missing.res.code,
      msg: missing.res.msg,
    });
  });

  it("shows the IP with its location only with ipregion on, and in run mode 2 only to friends", async () => {
    const own = await startTestApp();
    try {
      const viewer = await registerAndLogin(own);
      const target = await registerAndLogin(own);
      await own.db
        .updateTable("users")
        .set({ last_login_ip: "120.24.78.68", email: "t@example.com" })
        .where("user_id", "=", target.userId)
        .execute();
      const look = async () =>
        UserDetailSchema.parse(
          (
            await own.post(
              "/enterprise/im/getUserInfo",
              { user_id: target.userId },
              { token: viewer.token },
            )
          ).data,
        );
      // Run mode 1, ipregion off (the default: nobody's last IP shown to everyone).
      expect(await look()).toMatchObject({
        last_login_ip: "",
        location: "",
        email: "t@example.com",
      });
      await saveConfig(own, "sysInfo", { ipregion: "1" });
      expect(await look()).toMatchObject({
        last_login_ip: "120.24.78.68",
        location: "中国 广东省 深圳市",
        email: "t@example.com",
      });
      await saveConfig(own, "sysInfo", { ipregion: "1", runMode: "2" });
      expect(await look()).toMatchObject({
        last_login_ip: "",
        location: "",
        email: "",
        friend: "",
      });
      await own.post(
        "/enterprise/friend/add",
        { user_id: target.userId, remark: "hi" },
        { token: viewer.token },
      );
      expect((await look()).applied).toBe(2);
      const list = await own.post(
        "/enterprise/friend/index",
        { is_mine: 0 },
        { token: target.token },
      );
      const [request] = list.data as { friend_id: number }[];
      await own.post(
        "/enterprise/friend/update",
        { friend_id: request?.friend_id, status: 1 },
        { token: target.token },
      );
      expect(await look()).toMatchObject({
        last_login_ip: "120.24.78.68",
        location: "中国 广东省 深圳市",
        email: "t@example.com",
        friend: { friend_id: target.userId, nickname: "" },
      });
    } finally {
      await own.close();
    }
  });

  it("says 'Privacy enabled' to an ordinary member of a group that hides profiles, asked with or without the group, unless a friend or in run mode 1 (issue 51 item 7)", async () => {
    const own = await startTestApp();
    try {
      const [owner, m1, m2, outsider] = await registerMany(own, 4, "Quiet");
      const ask = async (viewer: TestUser, userId: number, extra = {}) =>
        (
          await own.post(
            "/enterprise/im/getUserInfo",
            { user_id: userId, ...extra },
            { token: viewer.token },
          )
        ).code;
      const { id: groupId } = await createGroup(own, owner, [m1, m2], "Quiet");
      const setting = await own.post(
        "/enterprise/group/groupSetting",
        {
          id: groupId,
          setting: {
            manage: "0",
            invite: "1",
            nospeak: "0",
            profile: "0",
            history: "1",
          },
        },
        { token: owner.token },
      );
      expect(setting.code, setting.msg).toBe(0);
      // Made in run mode 1, where anyone may be added; friend mode from now on.
      await saveConfig(own, "sysInfo", { runMode: "2" });
      const hidden = await own.post(
        "/enterprise/im/getUserInfo",
        { user_id: m2.userId, group_id: groupId },
        { token: m1.token },
      );
      expect(hidden.code).not.toBe(0);
      expect(hidden.msg).toBe("对方已开启隐私保护，无法查看资料");
      // The same answer without the group: leaving group_id out is no way round it.
      const direct = await own.post(
        "/enterprise/im/getUserInfo",
        { user_id: m2.userId },
        { token: m1.token },
      );
      expect(direct).toMatchObject({ code: hidden.code, msg: hidden.msg });
      // The owner manages the group; one's own card is one's own; an outsider learns
      // nothing through the group and sees the card as any stranger does.
      expect(await ask(owner, m2.userId, { group_id: groupId })).toBe(0);
      expect(await ask(owner, m2.userId)).toBe(0);
      expect(await ask(m1, m1.userId)).toBe(0);
      expect(await ask(outsider, m2.userId, { group_id: groupId })).not.toBe(0);
      expect(await ask(outsider, m2.userId)).toBe(0);

      // Friends see each other whatever the group says.
      await own.post(
        "/enterprise/friend/add",
        { user_id: m2.userId, remark: "hi" },
        { token: m1.token },
      );
      const waiting = await own.post(
        "/enterprise/friend/index",
        { is_mine: 0 },
        { token: m2.token },
      );
      const request = (waiting.data as { friend_id: number }[])[0];
      const agreed = await own.post(
        "/enterprise/friend/update",
        { friend_id: request?.friend_id, status: 1 },
        { token: m2.token },
      );
      expect(agreed.code, agreed.msg).toBe(0);
      expect(await ask(m1, m2.userId)).toBe(0);
      expect(await ask(m1, m2.userId, { group_id: groupId })).toBe(0);

      // Run mode 1 lists everyone to everyone: the group hides nobody.
      await saveConfig(own, "sysInfo", { runMode: "1" });
      expect(await ask(outsider, owner.userId)).toBe(0);
      const [m3] = await registerMany(own, 1, "Later");
      const added = await own.post(
        "/enterprise/group/addGroupUser",
        { id: groupId, user_ids: [m3.userId] },
        { token: owner.token },
      );
      expect(added.code, added.msg).toBe(0);
      expect(await ask(m3, m2.userId, { group_id: groupId })).toBe(0);
      expect(await ask(m3, m2.userId)).toBe(0);
    } finally {
      await own.close();
    }
  });
});

describe("the profile (updateUserInfo)", () => {
  it("keeps names as the organisation set them while diyName is off in run mode 1, and only names (issue 51 item 4)", async () => {
    const own = await startTestApp();
    try {
      const [a] = await registerMany(own, 1, "Named");
      const save = (realname: string, motto = "") =>
        own.post(
          "/enterprise/im/updateUserInfo",
          { realname, email: "", sex: "2", motto },
          { token: a.token, headers: { "Accept-Language": "en" } },
        );
      const nameNow = async () =>
        (
          await own.db
            .selectFrom("users")
            .select("realname")
            .where("user_id", "=", a.userId)
            .executeTakeFirstOrThrow()
        ).realname;
      // A new install lets people rename themselves.
      expect((await own.services.system.config()).sysInfo.diyName).toBe("1");
      expect((await save("Named again")).code).toBe(0);

      await saveConfig(own, "sysInfo", { diyName: "0" });
      const refused = await save("Someone else");
      expect(refused.code).not.toBe(0);
      expect(refused.msg).toBe(
        "Your organisation manages names: ask an administrator to change yours",
      );
      expect(await nameNow()).toBe("Named again");
      // The other fields still save with the name as it is (clients always send it).
      expect((await save("Named again", "a motto")).code).toBe(0);

      // Run mode 2 has no organisation's names: anyone renames themselves.
      await saveConfig(own, "sysInfo", { runMode: "2" });
      expect((await save("Social name")).code).toBe(0);
      expect(await nameNow()).toBe("Social name");
    } finally {
      await own.close();
    }
  });

  it("stores the fields, their pinyin, and shows them inert", async () => {
    const a = await registerAndLogin(api);
    const res = await im("updateUserInfo", a, {
      realname: "李<b>四</b>",
      email: "li@example.com",
      sex: "1",
      motto: "<img src=x onerror=alert(1)>",
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe("资料已保存");
    const { data } = await card(a, a.userId);
    expect(data).toMatchObject({
      realname: "李<b>四</b>",
      email: "li@example.com",
      sex: 1,
      motto: "<img src=x onerror=alert(1)>",
    });
    expect(data?.name_py).toMatch(/^li/);
  });

  it.each([
    [{ realname: "A" }, "realname"],
    [{ realname: "x".repeat(17) }, "realname"],
    [{ realname: "Good Name", email: "not-an-email" }, "email"],
    [{ realname: "Good Name", sex: "3" }, "sex"],
    [{ realname: "Good Name", motto: "m".repeat(101) }, "motto"],
  ])("refuses %j and changes nothing", async (body, _field) => {
    const a = await registerAndLogin(api, { realname: "Before" });
    const res = await im("updateUserInfo", a, body);
    expect(res.code).not.toBe(0);
    expect(res.status).toBe(200);
    expect((await card(a, a.userId)).data?.realname).toBe("Before");
  });
});

describe("userList and getContactInfo", () => {
  it("pages active people and finds one contact; a foreign group answers like a missing one", async () => {
    const a = await registerAndLogin(api, { realname: "Lister" });
    const b = await registerAndLogin(api, { realname: "Listed Person" });
    const page = await im("userList", a, { keywords: "listed person" });
    expect(page.code).toBe(0);
    expect((page.data as { user_id: number }[]).map((u) => u.user_id)).toEqual([
      b.userId,
    ]);
    const contact = await im("getContactInfo", a, { id: b.userId });
    expect(contact.code, contact.msg).toBe(0);
    expect(contact.data).toMatchObject({
      id: b.userId,
      displayName: "Listed Person",
    });
    expect(JSON.stringify(contact.data)).not.toContain('last_login_ip":"1');

    const owner = await registerAndLogin(api);
    const x = await registerAndLogin(api);
    const y = await registerAndLogin(api);
    const group = await api.post(
      "/enterprise/group/add",
      { name: "Private", user_ids: [x.userId, y.userId] },
      { token: owner.token },
    );
    const gid = (group.data as { id: string }).id;
    const mine = await im("getContactInfo", x, { id: gid });
    expect(mine.data).toMatchObject({ id: gid, is_group: 1 });
    const foreign = await im("getContactInfo", a, { id: gid });
    const missing = await im("getContactInfo", a, { id: "group-999999" });
    expect(foreign.code).not.toBe(0);
    expect({ code: foreign.code, msg: foreign.msg }).toEqual({
      code: missing.code,
      msg: missing.msg,
    });
  });
});

/** Posts a file to uploadAvatar as a browser would. */
async function upload(
  user: TestUser | null,
  bytes: Buffer,
  name = "face.png",
  type = "image/png",
) {
  const form = new FormData();
  form.append("type", "1");
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  return api.post(
    "/common/upload/uploadAvatar",
    {},
    {
      token: user?.token,
      raw: form,
    },
  );
}

describe("a new name or picture reaches open clients (issue 51 item 14)", () => {
  it("pushes updateUser to everyone signed in, the changer's other devices too", async () => {
    const [a, watcher] = await registerMany(api, 2, "Renamed");
    const watching = await openSocket(api.url);
    const mine = await openSocket(api.url);
    const sockets = [watching, mine];
    await watching.bind(watcher.token);
    await mine.bind(a.token);
    try {
      const saved = await im("updateUserInfo", a, {
        realname: "李 Renamed",
        email: "",
        sex: "2",
        motto: "",
      });
      expect(saved.code, saved.msg).toBe(0);
      for (const socket of sockets) {
        const frame = await socket.next("updateUser");
        expect(frame.data).toEqual({
          user_id: a.userId,
          realname: "李 Renamed",
          name_py: expect.stringContaining("li") as unknown,
        });
      }
      const png = await sharp({
        create: { width: 40, height: 40, channels: 3, background: "#00aa44" },
      })
        .png()
        .toBuffer();
      const uploaded = await upload(a, png);
      expect(uploaded.code, uploaded.msg).toBe(0);
      const frame = await watching.next("updateUser");
      expect(frame.data).toEqual({ user_id: a.userId, avatar: uploaded.data });
    } finally {
      for (const socket of sockets) await socket.close();
    }
  });
});

describe("the avatar (uploadAvatar)", () => {
  it("stores a 240×240 PNG, points the user at it, and removes the old one", async () => {
    const a = await registerAndLogin(api);
    const jpeg = await sharp({
      create: { width: 800, height: 500, channels: 3, background: "#3366cc" },
    })
      .jpeg()
      .toBuffer();
    const first = await upload(a, jpeg, "photo.jpg", "image/jpeg");
    expect(first.code, first.msg).toBe(0);
    const url = String(first.data);
    const key = url.slice(url.indexOf("/storage/") + "/storage/".length);
    const stored = await api.storage.read(key, 10_000_000);
    expect(stored).not.toBeNull();
    const meta = await sharp(stored ?? Buffer.alloc(0)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 240, 240]);
    expect((await card(a, a.userId)).data?.avatar).toBe(url);

    const gif = await sharp({
      create: { width: 50, height: 90, channels: 4, background: "#ff000080" },
    })
      .gif()
      .toBuffer();
    const second = await upload(a, gif, "anim.gif", "image/gif");
    expect(second.code, second.msg).toBe(0);
    expect(await api.storage.read(key, 10_000_000)).toBeNull();
    const served = await fetch(
      `${api.url}${new URL(String(second.data), api.url).pathname}`,
    );
    expect(served.status).toBe(200);
  });

  it("draws again the avatars of the groups that show the member's face", async () => {
    const owner = await registerAndLogin(api);
    const m1 = await registerAndLogin(api);
    const m2 = await registerAndLogin(api);
    const created = await api.post(
      "/enterprise/group/add",
      { name: "Faces", user_ids: [m1.userId, m2.userId] },
      { token: owner.token },
    );
    const id = (created.data as { id: string }).id;
    await api.services.jobs.whenIdle();
    const avatarOf = async () =>
      (
        (
          await api.post(
            "/enterprise/group/groupInfo",
            { group_id: id },
            { token: owner.token },
          )
        ).data as { avatar: string }
      ).avatar;
    const before = await avatarOf();
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#00aa44" },
    })
      .png()
      .toBuffer();
    expect((await upload(m1, png)).code).toBe(0);
    await api.services.jobs.whenIdle();
    expect(await avatarOf()).not.toBe(before);
  });

  it.each([
    [
      "an HTML file named .png",
      Buffer.from("<html><script>alert(1)</script></html>"),
      "x.png",
    ],
    [
      "an SVG",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
      "x.svg",
    ],
    ["a PDF", Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n"), "x.jpg"],
  ])(
    "refuses %s by its content and changes nothing",
    async (_name, bytes, filename) => {
      const a = await registerAndLogin(api);
      const before = (await card(a, a.userId)).data?.avatar;
      const res = await upload(a, bytes, filename);
      expect(res.code).not.toBe(0);
      expect(res.msg).toBe("只能上传 jpg、png 或 gif 图片");
      expect((await card(a, a.userId)).data?.avatar).toBe(before);
    },
  );

  it("refuses a picture over 5 MB, and a request without a file or a session", async () => {
    const a = await registerAndLogin(api);
    const big = Buffer.concat([
      await sharp({
        create: { width: 10, height: 10, channels: 3, background: "#000" },
      })
        .png()
        .toBuffer(),
      Buffer.alloc(5 * 1024 * 1024 + 10),
    ]);
    const res = await upload(a, big);
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe("头像图片不能超过 5 MB");
    const none = await api.post(
      "/common/upload/uploadAvatar",
      { type: "1" },
      { token: a.token },
    );
    expect(none.msg).toBe("请选择一张图片");
    const stranger = await upload(null, big.subarray(0, 100));
    expect(stranger.code).not.toBe(0);
  });
});

describe("lists send nobody's email or address (issue 9)", () => {
  it("getContacts and the member picker blank them", async () => {
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    await api.db
      .updateTable("users")
      .set({ email: "secret@example.com", last_login_ip: "120.24.78.68" })
      .where("user_id", "=", b.userId)
      .execute();
    const contacts = await im("getContacts", a);
    const picker = await api.post(
      "/enterprise/group/getAllUser",
      {},
      { token: a.token },
    );
    for (const res of [contacts, picker]) {
      expect(res.code).toBe(0);
      const text = JSON.stringify(res.data);
      expect(text).not.toContain("secret@example.com");
      expect(text).not.toContain("120.24.78.68");
    }
  });
});

describe("authorisation", () => {
  it.each([
    "searchUser",
    "getUserInfo",
    "userList",
    "getContactInfo",
    "updateUserInfo",
    "editpassword",
    "editAccount",
  ])("enterprise/im/%s needs a session", async (path) => {
    const res = await api.post(`/enterprise/im/${path}`, {});
    expect(res.code).not.toBe(0);
    expect(res.status).toBeLessThan(500);
  });

  it("an administrator reads the same card as anyone in run mode 1", async () => {
    const admin = await loginAdmin(api);
    const b = await registerAndLogin(api);
    await setIp(b, "8.8.8.8");
    const { data } = await card(admin, b.userId);
    expect(data?.account).not.toBe(b.account);
    // ipregion is off by default: no IP for an administrator either.
    expect(data?.last_login_ip).toBe("");
    await saveConfig(api, "sysInfo", { ipregion: "1" });
    try {
      expect((await card(admin, b.userId)).data?.last_login_ip).toBe("8.8.8.8");
    } finally {
      await saveConfig(api, "sysInfo", { ipregion: "0" });
    }
  });
});
