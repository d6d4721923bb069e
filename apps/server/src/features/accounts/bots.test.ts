import { randomUUID } from "node:crypto";
import type { ConsoleBot, Message } from "@parley/protocol";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/build-test-app.js";
import {
  createGroup,
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Issue 48, bot accounts (extensions.md §9): made by administrators, a token shown once and
 * revocable, `Authorization: Bearer <token>` on the calls a bot makes as itself; a bot is
 * marked (`is_bot`) where people see it, cannot log in, open the console, own a group,
 * have a role or a password. Both databases.
 */

const app = useTestApp();

async function addBot(
  admin: TestUser,
  body: Record<string, string> = {
    name: "Deploy bot",
    description: "Posts deploys",
  },
) {
  return app().post("/manage/Bot/add", body, { token: admin.token });
}

async function newBot(admin: TestUser) {
  const res = await addBot(admin);
  expect(res.code, res.msg).toBe(0);
  return res.data as { user_id: number; token: string };
}

const bearer = (token: string) => `Bearer ${token}`;

describe("bot accounts", () => {
  it("are made by an administrator; the token signs the bot's calls, and it is marked as a bot", async () => {
    const admin = await loginAdmin(app());
    const bot = await newBot(admin);
    expect(bot.token).toMatch(/^\S{20,}$/);
    const me = await app().post(
      "/enterprise/im/getUserInfo",
      { user_id: bot.user_id },
      { token: bearer(bot.token) },
    );
    expect(me.code, me.msg).toBe(0);
    expect(me.data).toMatchObject({
      user_id: bot.user_id,
      realname: "Deploy bot",
      motto: "Posts deploys",
      is_bot: 1,
    });
    // A person's card carries no mark.
    const person = await app().post(
      "/enterprise/im/getUserInfo",
      { user_id: admin.userId },
      { token: bearer(bot.token) },
    );
    expect(person.data).not.toHaveProperty("is_bot");
  });

  it("post in a group like people, marked in the message and in the member list", async () => {
    const admin = await loginAdmin(app());
    const bot = await newBot(admin);
    const ann = await registerAndLogin(app(), { realname: "Ann" });
    const bob = await registerAndLogin(app(), { realname: "Bob" });
    const cai = await registerAndLogin(app(), { realname: "Cai" });
    const group = await createGroup(app(), ann, [bob, cai]);
    const added = await app().post(
      "/enterprise/group/addGroupUser",
      { id: group.id, user_ids: [bot.user_id] },
      { token: ann.token },
    );
    expect(added.code, added.msg).toBe(0);
    const sent = await app().post(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content: "Deployed v1.2",
        toContactId: group.id,
      },
      { token: bearer(bot.token) },
    );
    expect(sent.code, sent.msg).toBe(0);
    const seen = await app().post(
      "/enterprise/im/getMessageList",
      { toContactId: group.id, limit: 20 },
      { token: bob.token },
    );
    const message = (seen.data as Message[]).find(
      (m) => m.content === "Deployed v1.2",
    );
    expect(message?.fromUser).toMatchObject({ id: bot.user_id, is_bot: 1 });
    const members = await app().post(
      "/enterprise/group/groupuserlist",
      { group_id: group.id },
      { token: bob.token },
    );
    const rows = members.data as Array<{
      user_id: number;
      userInfo: { is_bot?: number };
    }>;
    expect(rows.find((r) => r.user_id === bot.user_id)?.userInfo.is_bot).toBe(
      1,
    );
    expect(
      rows.find((r) => r.user_id === ann.userId)?.userInfo,
    ).not.toHaveProperty("is_bot");
    // A bot never owns a group: it cannot make one, nor be handed one.
    const made = await app().post(
      "/enterprise/group/add",
      { name: "Bots only", user_ids: [ann.userId, bob.userId] },
      { token: bearer(bot.token) },
    );
    expect(made.key).toBe("bot.notOwner");
    const handed = await app().post(
      "/enterprise/group/changeOwner",
      { id: group.id, user_id: bot.user_id },
      { token: ann.token },
    );
    expect(handed.key).toBe("bot.notOwner");
  });

  it("cannot log in, be given a role or a password, or open the console", async () => {
    const admin = await loginAdmin(app());
    const bot = await newBot(admin);
    const listed = await app().post(
      "/manage/Bot/index",
      {},
      { token: admin.token },
    );
    const account =
      (listed.data as ConsoleBot[]).find((b) => b.user_id === bot.user_id)
        ?.account ?? "";
    expect(account).toMatch(/^bot_[0-9a-f]{10}$/);
    for (const password of ["!", "", "secret12"])
      expect(
        (await app().post("/common/pub/login", { account, password })).code,
      ).not.toBe(0);
    expect(
      (
        await app().post(
          "/manage/User/setRole",
          { user_id: bot.user_id, role: 2 },
          { token: admin.token },
        )
      ).key,
    ).toBe("bot.noRole");
    expect(
      (
        await app().post(
          "/manage/User/editPassword",
          { user_id: bot.user_id, password: "secret12" },
          { token: admin.token },
        )
      ).key,
    ).toBe("bot.noPassword");
    const consoleCall = await app().post(
      "/manage/Bot/index",
      {},
      { token: bearer(bot.token) },
    );
    expect(consoleCall.code).not.toBe(0);
  });

  it("lists bots with their owner and last use; a new token stops the old one at once; deleted, its token stops", async () => {
    const admin = await loginAdmin(app());
    const bot = await newBot(admin);
    await app().post(
      "/enterprise/im/getUserInfo",
      { user_id: bot.user_id },
      { token: bearer(bot.token) },
    );
    const listed = await app().post(
      "/manage/Bot/index",
      { page: 1, limit: 10 },
      { token: admin.token },
    );
    expect(listed.code, listed.msg).toBe(0);
    expect(listed.count).toBeGreaterThanOrEqual(1);
    const row = (listed.data as ConsoleBot[]).find(
      (b) => b.user_id === bot.user_id,
    );
    expect(row).toMatchObject({
      name: "Deploy bot",
      description: "Posts deploys",
      owner_id: admin.userId,
      status: 1,
    });
    expect(row?.last_used_at).toEqual(expect.any(Number));
    expect(JSON.stringify(listed.data)).not.toContain(bot.token);

    const revoked = await app().post(
      "/manage/Bot/revoke",
      { user_id: bot.user_id },
      { token: admin.token },
    );
    expect(revoked.code, revoked.msg).toBe(0);
    const fresh = (revoked.data as { token: string }).token;
    expect(fresh).not.toBe(bot.token);
    expect(
      (
        await app().post(
          "/enterprise/im/getUserInfo",
          { user_id: bot.user_id },
          { token: bearer(bot.token) },
        )
      ).code,
    ).not.toBe(0);
    expect(
      (
        await app().post(
          "/enterprise/im/getUserInfo",
          { user_id: bot.user_id },
          { token: bearer(fresh) },
        )
      ).code,
    ).toBe(0);

    const gone = await app().post(
      "/manage/Bot/del",
      { user_id: bot.user_id },
      { token: admin.token },
    );
    expect(gone.code, gone.msg).toBe(0);
    expect(
      (
        await app().post(
          "/enterprise/im/getUserInfo",
          { user_id: bot.user_id },
          { token: bearer(fresh) },
        )
      ).code,
    ).not.toBe(0);
    const after = await app().post(
      "/manage/Bot/index",
      { page: 1, limit: 100 },
      { token: admin.token },
    );
    expect(
      (after.data as ConsoleBot[]).some((b) => b.user_id === bot.user_id),
    ).toBe(false);
  });

  it("are for administrators; a person's id or a missing one answers like no bot; bad input changes nothing", async () => {
    const admin = await loginAdmin(app());
    const ann = await registerAndLogin(app());
    const refused = await addBot(ann);
    expect(refused.code).not.toBe(0);
    expect(
      (await app().post("/manage/Bot/index", {}, { token: ann.token })).code,
    ).not.toBe(0);
    const before = (
      await app().post(
        "/manage/Bot/index",
        { limit: 100 },
        { token: admin.token },
      )
    ).count;
    for (const [body, key] of [
      [{ name: "" }, "bot.nameRequired"],
      [{ name: "   " }, "bot.nameRequired"],
      [{ name: "x".repeat(65) }, "request.invalidField"],
      [
        { name: "Spy", avatar: "https://evil.example/a.png" },
        "bot.avatarInvalid",
      ],
      [{ name: "Spy", avatar: "/storage/blob/ab/secret" }, "bot.avatarInvalid"],
      [{ name: "Spy", description: "d".repeat(201) }, "request.invalidField"],
    ] as const) {
      const res = await addBot(admin, body);
      expect(res.key, JSON.stringify(body)).toBe(key);
    }
    expect(
      (
        await app().post(
          "/manage/Bot/index",
          { limit: 100 },
          { token: admin.token },
        )
      ).count,
    ).toBe(before);
    for (const userId of [ann.userId, admin.userId, 999_999, 0, -1]) {
      for (const path of ["/manage/Bot/revoke", "/manage/Bot/del"]) {
        const res = await app().post(
          path,
          { user_id: userId },
          { token: admin.token },
        );
        expect(res.key, `${path} ${userId}`).toBe("bot.notFound");
      }
    }
    // The person whose id was tried is untouched.
    expect(
      (
        await app().post("/common/pub/login", {
          account: ann.account,
          password: ann.password,
        })
      ).code,
    ).toBe(0);
  });
});

describe("a disabled bot", () => {
  it("stops at once, and works again with a new token once enabled", async () => {
    const admin = await loginAdmin(app());
    const bot = await newBot(admin);
    const asBot = (token: string) =>
      app().post(
        "/enterprise/im/getUserInfo",
        { user_id: bot.user_id },
        { token: bearer(token) },
      );
    const setStatus = (status: number) =>
      app().post(
        "/manage/User/setStatus",
        { user_id: bot.user_id, status },
        { token: admin.token },
      );
    expect((await setStatus(0)).code).toBe(0);
    expect((await asBot(bot.token)).code).not.toBe(0);
    const listed = await app().post(
      "/manage/Bot/index",
      { page: 1, limit: 100 },
      { token: admin.token },
    );
    expect(
      (listed.data as ConsoleBot[]).find((b) => b.user_id === bot.user_id)
        ?.status,
    ).toBe(0);
    expect((await setStatus(1)).code).toBe(0);
    expect((await asBot(bot.token)).code).not.toBe(0);
    const renewed = await app().post(
      "/manage/Bot/revoke",
      { user_id: bot.user_id },
      { token: admin.token },
    );
    const { token } = renewed.data as { token: string };
    expect((await asBot(token)).code).toBe(0);
  });
});

describe("a bot's picture (manage/Bot/avatar)", () => {
  const picture = () =>
    sharp({
      create: { width: 300, height: 200, channels: 3, background: "#2266aa" },
    })
      .png()
      .toBuffer();
  const upload = async (user: TestUser, userId: number, bytes: Buffer) => {
    const form = new FormData();
    form.append("user_id", String(userId));
    form.append(
      "file",
      new Blob([new Uint8Array(bytes)], { type: "image/png" }),
      "bot.png",
    );
    return app().post(
      "/manage/Bot/avatar",
      {},
      { token: user.token, raw: form },
    );
  };

  it("is set by an administrator, drawn as 240×240 and shown in the list", async () => {
    const admin = await loginAdmin(app());
    const bot = await newBot(admin);
    const res = await upload(admin, bot.user_id, await picture());
    expect(res.code, res.msg).toBe(0);
    const url = res.data as string;
    expect(url).toMatch(/\/storage\/avatar\/\d+\/.+\.png$/);
    const stored = await fetch(
      `${app().url}${url.replace(/^https?:\/\/[^/]+/, "")}`,
    );
    const meta = await sharp(
      Buffer.from(await stored.arrayBuffer()),
    ).metadata();
    expect([meta.width, meta.height]).toEqual([240, 240]);
    const list = await app().post(
      "/manage/Bot/index",
      { page: 1, limit: 100 },
      { token: admin.token },
    );
    expect(
      (list.data as ConsoleBot[]).find((b) => b.user_id === bot.user_id)
        ?.avatar,
    ).toBe(url);
  });

  it("is refused for a person, a missing bot, a non-administrator and bytes that are no picture", async () => {
    const admin = await loginAdmin(app());
    const person = await registerAndLogin(app(), { realname: "Pia" });
    const bot = await newBot(admin);
    const png = await picture();
    const forPerson = await upload(admin, person.userId, png);
    const forMissing = await upload(admin, 999_999, png);
    expect(forPerson.key).toBe("bot.notFound");
    expect(forMissing.key).toBe("bot.notFound");
    const byPerson = await upload(person, bot.user_id, png);
    expect(byPerson.code).not.toBe(0);
    const notPicture = await upload(admin, bot.user_id, Buffer.from("<svg/>"));
    expect(notPicture.code).not.toBe(0);
  });
});
