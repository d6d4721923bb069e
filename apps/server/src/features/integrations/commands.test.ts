import { createHmac, randomUUID } from "node:crypto";
import type { ChatCommand, ConsoleCommand, Message } from "@parley/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/build-test-app.js";
import { chatHelpers } from "../../../test/chat.js";
import {
  createGroup,
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";
import { startHookReceiver } from "../../../test/hook-receiver.js";
import { openSocket } from "../../../test/ws-client.js";
import { RESPONSE_URL_LIFETIME_MS } from "./commands.service.js";

/*
 * Issue 48, slash commands (extensions.md §9): administrators register `/name` with an
 * address; `/name text` sent through sendMessage by someone who may send there is not
 * stored: Slack's form is POSTed, signed with the command's token, and the answer is shown
 * to the caller alone (`ephemeral`, an event and the send's answer) or posted in the chat
 * (`in_channel`: by the command's bot in a group, by the caller in a one-to-one chat). An
 * unknown command is refused by name; `//` sends the text as typed. Both databases.
 */

const receiver = await startHookReceiver();
afterAll(() => receiver.close());
const app = useTestApp({ HOOK_ALLOW_HOSTS: receiver.host, RATE_COMMAND: "5" });
const { sendText } = chatHelpers(app);

let admin: TestUser | undefined;
const en = { "Accept-Language": "en" };

async function addCommand(
  user: TestUser,
  fields: Record<string, string>,
): ReturnType<ReturnType<typeof app>["post"]> {
  return app().post("/manage/Command/add", fields, {
    token: user.token,
    headers: en,
  });
}

let count = 0;
/** A command of its own, answering these in turn. */
async function command(...answers: Parameters<typeof receiver.answer>[1][]) {
  admin ??= await loginAdmin(app());
  count += 1;
  const name = `cmd${String(count)}`;
  const path = `/cmd/${name}`;
  receiver.answer(path, ...answers);
  const made = await addCommand(admin, {
    name,
    url: `${receiver.origin}${path}`,
    description: `Runs ${name}`,
  });
  expect(made.code, made.msg).toBe(0);
  const { token, command_id } = made.data as {
    token: string;
    command_id: number;
  };
  return { name, path, token, command_id };
}

const posts = (path: string) =>
  receiver.received.filter((r) => r.path === path);

function send(
  user: TestUser,
  to: string | number,
  content: string,
  id = randomUUID(),
) {
  return app().post(
    "/enterprise/im/sendMessage",
    { id, type: "text", content, toContactId: to },
    { token: user.token, headers: en },
  );
}

async function history(
  user: TestUser,
  chat: string | number,
): Promise<Message[]> {
  const res = await app().post(
    "/enterprise/im/getMessageList",
    { toContactId: chat, limit: 50 },
    { token: user.token },
  );
  // The lines the server writes (the group was made) aside.
  return (res.data as Message[]).filter((m) => m.type !== "event");
}

async function team() {
  const caller = await registerAndLogin(app(), { realname: "Max" });
  const other = await registerAndLogin(app(), { realname: "Ida" });
  const third = await registerAndLogin(app(), { realname: "Olga" });
  const group = await createGroup(app(), caller, [other, third]);
  return { caller, other, third, group };
}

describe("slash commands", () => {
  it("POST Slack's form, signed, and show an ephemeral answer to the caller alone", async () => {
    const { caller, other, group } = await team();
    const cmd = await command({
      body: JSON.stringify({
        response_type: "ephemeral",
        text: "Only *you* <see> this",
      }),
    });
    const socket = await openSocket(app().url);
    await socket.bind(caller.token);
    const otherSocket = await openSocket(app().url);
    await otherSocket.bind(other.token);
    const res = await send(
      caller,
      group.id,
      `/${cmd.name.toUpperCase()} prod &amp; eu`,
    );
    expect(res.code, res.msg).toBe(0);
    const [post, ...more] = posts(cmd.path);
    expect(more).toEqual([]);
    expect(post?.headers["content-type"]).toBe(
      "application/x-www-form-urlencoded",
    );
    const { response_url: responseUrl, ...fields } = Object.fromEntries(
      new URLSearchParams(post?.body),
    );
    expect(responseUrl).toMatch(/^\/hooks\/respond\/[\w-]+\.[\w-]+$/);
    expect(fields).toEqual({
      token: cmd.token,
      command: `/${cmd.name}`,
      text: "prod & eu",
      user_id: String(caller.userId),
      user_name: "Max",
      channel_id: group.id,
      channel_name: "Team",
    });
    expect(post?.headers["x-parley-signature"]).toBe(
      `sha256=${createHmac("sha256", cmd.token)
        .update(post?.body ?? "")
        .digest("hex")}`,
    );
    const answer = res.data as Message;
    expect(answer).toMatchObject({
      msg_id: 0,
      content: "Only *you* &lt;see&gt; this",
      extends: { ephemeral: 1 },
      toContactId: group.id,
    });
    expect(answer.fromUser).toMatchObject({
      realname: `/${cmd.name}`,
      is_bot: 1,
    });
    const event = await socket.next("ephemeral");
    expect(event.data).toEqual({
      toContactId: group.id,
      is_group: 1,
      content: "Only *you* &lt;see&gt; this",
    });
    // Nothing stored, nothing to anyone else.
    expect(await history(other, group.id)).toEqual([]);
    expect(await history(caller, group.id)).toEqual([]);
    expect(otherSocket.all("ephemeral")).toEqual([]);
    expect(otherSocket.all("group")).toEqual([]);
    await socket.close();
    await otherSocket.close();
  });

  it("post an in_channel answer by the command's bot in a group, once for a retried send", async () => {
    const { caller, other, group } = await team();
    const cmd = await command({
      body: JSON.stringify({
        response_type: "in_channel",
        text: "Deployed v2",
      }),
    });
    const id = randomUUID();
    const first = await send(caller, group.id, `/${cmd.name}`, id);
    expect(first.code, first.msg).toBe(0);
    const again = await send(caller, group.id, `/${cmd.name}`, id);
    // The same message (the group's picture in contactInfo may have been drawn since).
    const same = (m: unknown) => {
      const { msg_id, id, content, from_user } = m as Message;
      return { msg_id, id, content, from_user };
    };
    expect(same(again.data)).toEqual(same(first.data));
    expect(posts(cmd.path)).toHaveLength(1);
    const seen = await history(other, group.id);
    const posted = seen.filter((m) => m.type === "text");
    expect(
      posted.map((m) => [m.content, m.fromUser.realname, m.fromUser.is_bot]),
    ).toEqual([["Deployed v2", `/${cmd.name}`, 1]]);
    expect((first.data as Message).id).toBe(id);
  });

  it("post an in_channel answer in a one-to-one chat as the caller", async () => {
    const caller = await registerAndLogin(app(), { realname: "Max" });
    const friend = await registerAndLogin(app(), { realname: "Ida" });
    const cmd = await command(
      {
        type: "text/plain; charset=utf-8",
        body: "plain text is ephemeral",
      },
      {
        body: JSON.stringify({
          response_type: "in_channel",
          text: "Lunch at 12?",
        }),
      },
    );
    const quiet = await send(caller, friend.userId, `/${cmd.name} lunch`);
    expect((quiet.data as Message).extends).toEqual({ ephemeral: 1 });
    expect(
      Object.fromEntries(new URLSearchParams(posts(cmd.path)[0]?.body)),
    ).toMatchObject({
      channel_id: String(friend.userId),
      channel_name: "Ida",
    });
    const loud = await send(caller, friend.userId, `/${cmd.name} lunch`);
    expect(loud.code, loud.msg).toBe(0);
    const seen = await history(friend, caller.userId);
    expect(seen.map((m) => [m.content, m.from_user])).toEqual([
      ["Lunch at 12?", caller.userId],
    ]);
  });

  it("refuse an unknown command by name, send // and paths as text, and let a bot's slash be text", async () => {
    const { caller, other, group } = await team();
    const unknown = await send(caller, group.id, "/nope now");
    expect(unknown.code).not.toBe(0);
    expect(unknown.msg).toContain("There is no command /nope.");
    expect(await history(other, group.id)).toEqual([]);
    await sendText(caller, group.id, "//nope is how to write it");
    await sendText(caller, group.id, "/usr/bin is a folder");
    expect((await history(other, group.id)).map((m) => m.content)).toEqual([
      "/nope is how to write it",
      "/usr/bin is a folder",
    ]);
    const made = await app().post(
      "/manage/Bot/add",
      { name: "Robo" },
      { token: (admin ??= await loginAdmin(app())).token },
    );
    const bot = made.data as { user_id: number; token: string };
    await app().post(
      "/enterprise/group/addGroupUser",
      { id: group.id, user_ids: [bot.user_id] },
      { token: caller.token },
    );
    const cmd = await command({ body: JSON.stringify({ text: "never" }) });
    const byBot = await send(
      { userId: bot.user_id, token: bot.token } as TestUser,
      group.id,
      `/${cmd.name}`,
    );
    expect(byBot.code, byBot.msg).toBe(0);
    expect(posts(cmd.path)).toEqual([]);
    expect((byBot.data as Message).content).toBe(`/${cmd.name}`);
  });

  it("answer a refusal when the command fails, and run nothing where the caller may not send", async () => {
    const { caller, group } = await team();
    const stranger = await registerAndLogin(app(), { realname: "Sam" });
    const broken = await command(
      { status: 500 },
      { body: "" },
      { stall: true },
    );
    const failed = await send(caller, group.id, `/${broken.name}`);
    expect(failed.msg).toBe(`/${broken.name} did not answer (HTTP 500).`);
    const empty = await send(caller, group.id, `/${broken.name}`);
    expect(empty.msg).toBe(`/${broken.name} answered nothing to show.`);
    const slow = await send(caller, group.id, `/${broken.name}`);
    expect(slow.msg).toBe(`/${broken.name} did not answer (timeout).`);
    const calls = posts(broken.path).length;
    const foreign = await send(stranger, group.id, `/${broken.name}`);
    const missing = await send(stranger, "group-999999", `/${broken.name}`);
    expect(foreign.code).not.toBe(0);
    expect(foreign.msg).toBe(missing.msg);
    expect(posts(broken.path)).toHaveLength(calls);
    // Past the caller's rate (RATE_COMMAND 5): refused, nothing POSTed.
    const ok = await command({ body: JSON.stringify({ text: "ok" }) });
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push((await send(caller, group.id, `/${ok.name}`)).code);
    expect(answers.at(-1)).not.toBe(0);
    expect(posts(ok.path).length).toBeLessThan(4);
  });

  it("are added, listed and deleted by administrators only, and offered to every user", async () => {
    const { caller } = await team();
    admin ??= await loginAdmin(app());
    const byUser = await addCommand(caller, {
      name: "mine",
      url: `${receiver.origin}/x`,
    });
    expect(byUser.code).not.toBe(0);
    for (const [fields, msg] of [
      [{ name: "has space", url: `${receiver.origin}/x` }, "A command's name"],
      [
        { name: "a".repeat(33), url: `${receiver.origin}/x` },
        "A command's name",
      ],
      [
        { name: "ok", url: "file:///etc/passwd" },
        "Give the address to POST to",
      ],
      [{ name: "ok" }, ""],
    ] as const) {
      const res = await addCommand(admin, fields);
      expect(res.code).not.toBe(0);
      expect(res.msg).toContain(msg);
    }
    const made = await addCommand(admin, {
      name: "Weather",
      url: `${receiver.origin}/weather`,
      description: "Today's weather",
    });
    expect(made.code, made.msg).toBe(0);
    const again = await addCommand(admin, {
      name: "weather",
      url: `${receiver.origin}/weather`,
    });
    expect(again.msg).toBe("A command of this name exists already.");
    const listed = await app().post(
      "/manage/Command/index",
      {},
      { token: admin.token },
    );
    const mine = (listed.data as ConsoleCommand[]).find(
      (c) => c.name === "weather",
    );
    expect(mine).toMatchObject({
      url: `${receiver.origin}/weather`,
      description: "Today's weather",
    });
    expect(JSON.stringify(listed.data)).not.toContain(
      (made.data as { token: string }).token,
    );
    const byCaller = await app().post(
      "/manage/Command/index",
      {},
      { token: caller.token },
    );
    expect(byCaller.code).not.toBe(0);
    const offered = await app().post(
      "/enterprise/im/commands",
      {},
      { token: caller.token },
    );
    expect(offered.data as ChatCommand[]).toContainEqual({
      name: "weather",
      description: "Today's weather",
    });
    const noDel = await app().post(
      "/manage/Command/del",
      { command_id: mine?.command_id },
      { token: caller.token },
    );
    expect(noDel.code).not.toBe(0);
    const del = await app().post(
      "/manage/Command/del",
      { command_id: mine?.command_id },
      { token: admin.token, headers: en },
    );
    expect(del.code, del.msg).toBe(0);
    const gone = await app().post(
      "/manage/Command/del",
      { command_id: mine?.command_id },
      { token: admin.token, headers: en },
    );
    expect(gone.msg).toBe("This command does not exist.");
    const after = await app().post(
      "/enterprise/im/commands",
      {},
      { token: caller.token },
    );
    expect(
      (after.data as ChatCommand[]).some((c) => c.name === "weather"),
    ).toBe(false);
  });

  it("take later answers at the response_url: five within 30 minutes, to the chat it was run in", async () => {
    const { caller, other, group } = await team();
    const cmd = await command({
      body: JSON.stringify({ text: "Working on it" }),
    });
    const socket = await openSocket(app().url);
    await socket.bind(caller.token);
    expect((await send(caller, group.id, `/${cmd.name} deploy`)).code).toBe(0);
    await socket.next("ephemeral");
    const form = new URLSearchParams(posts(cmd.path).at(-1)?.body);
    const address = `${app().url}${form.get("response_url") ?? ""}`;
    const later = async (target: string, body: object) => {
      const res = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    };
    expect(
      await later(address, {
        response_type: "in_channel",
        text: "Deployed ✅",
      }),
    ).toEqual({ status: 200, text: "ok" });
    const seen = await history(other, group.id);
    expect(seen.map((m) => [m.content, m.fromUser.realname])).toEqual([
      ["Deployed ✅", `/${cmd.name}`],
    ]);
    expect((await later(address, { text: "Only you see this" })).status).toBe(
      200,
    );
    const quiet = await socket.next("ephemeral");
    expect(quiet.data).toMatchObject({ content: "Only you see this" });
    // Hostile and used-up addresses.
    // Any other spelling of the token, the spare bits of its last character included.
    const flip = (c: string) => (c === "A" ? "B" : "A");
    const tampered = `${address.slice(0, -1)}${flip(address.slice(-1))}`;
    const middle = address.length - 20;
    const altered = `${address.slice(0, middle)}${flip(address.charAt(middle))}${address.slice(middle + 1)}`;
    expect((await later(altered, { text: "x" })).status).toBe(404);
    expect((await later(tampered, { text: "x" })).status).toBe(404);
    expect(
      (await later(`${app().url}/hooks/respond/nope`, { text: "x" })).status,
    ).toBe(404);
    expect((await later(address, { nothing: 1 })).status).toBe(400);
    expect((await later(address, { text: "3" })).status).toBe(200);
    expect((await later(address, { text: "4" })).status).toBe(200);
    const sixth = await later(address, { text: "6" });
    expect(sixth.status).toBe(429);
    // Expired after 30 minutes.
    expect((await send(caller, group.id, `/${cmd.name} again`)).code).toBe(0);
    const fresh = `${app().url}${new URLSearchParams(posts(cmd.path).at(-1)?.body).get("response_url") ?? ""}`;
    app().clock.advance(RESPONSE_URL_LIFETIME_MS + 1);
    expect((await later(fresh, { text: "too late" })).status).toBe(404);
    await socket.close();
  });
});
