import { createHmac } from "node:crypto";
import type { Hook, Message } from "@parley/protocol";
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
import { RETRY_AFTER_MS } from "./outgoing.service.js";

/*
 * Issue 48, outgoing webhooks (extensions.md §9): a group's owner or administrators (or a
 * system administrator) make one with an address and trigger words; a message whose first
 * word is one of them (any case) is POSTed as JSON, signed with the hook's key, and the
 * answer's text is posted back by the hook's bot; a bot's message never triggers one; a
 * failed POST is tried again with back-off, never holding the send; an address the rules
 * of link previews refuse is given up at once. Both databases.
 */

const receiver = await startHookReceiver();
afterAll(() => receiver.close());
const app = useTestApp({ HOOK_ALLOW_HOSTS: receiver.host });
const { sendText } = chatHelpers(app);

async function team() {
  const owner = await registerAndLogin(app(), { realname: "Olga" });
  const member = await registerAndLogin(app(), { realname: "Max" });
  const other = await registerAndLogin(app(), { realname: "Ida" });
  const group = await createGroup(app(), owner, [member, other]);
  return { owner, member, other, group };
}

let paths = 0;
/** A path of the receiver's of its own, answering these in turn. */
function receiverPath(...answers: Parameters<typeof receiver.answer>[1][]) {
  paths += 1;
  const path = `/out/${String(paths)}`;
  receiver.answer(path, ...answers);
  return path;
}

async function addOutgoing(
  user: TestUser,
  groupId: string,
  fields: Record<string, string>,
) {
  return app().post(
    "/enterprise/group/addHook",
    { id: groupId, kind: "outgoing", name: "Deployer", ...fields },
    { token: user.token, headers: { "Accept-Language": "en" } },
  );
}

async function hooksOf(user: TestUser, groupId: string): Promise<Hook[]> {
  const res = await app().post(
    "/enterprise/group/hooks",
    { id: groupId },
    { token: user.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as Hook[];
}

async function chat(user: TestUser, groupId: string): Promise<Message[]> {
  const res = await app().post(
    "/enterprise/im/getMessageList",
    { toContactId: groupId, limit: 50 },
    { token: user.token },
  );
  return res.data as Message[];
}

const outgoing = () => app().services.integrations.outgoing;
const posts = (path: string) =>
  receiver.received.filter((r) => r.path === path);
const hmac = (key: string, body: string) =>
  `sha256=${createHmac("sha256", key).update(body).digest("hex")}`;

describe("outgoing webhooks", () => {
  it("POST a message starting with a trigger word, signed, and post the answer as the hook's bot", async () => {
    const { owner, member, group } = await team();
    const path = receiverPath({
      body: JSON.stringify({ text: "Deploying <b>main</b> now" }),
    });
    const made = await addOutgoing(owner, group.id, {
      url: `${receiver.origin}${path}`,
      triggers: " Deploy, build ,deploy",
    });
    expect(made.code, made.msg).toBe(0);
    const { secret, hook_id } = made.data as {
      secret: string;
      hook_id: number;
    };
    expect(secret).toMatch(/^[\w-]{43}$/);
    const [listed] = await hooksOf(owner, group.id);
    expect(listed).toMatchObject({
      hook_id,
      kind: "outgoing",
      url: `${receiver.origin}${path}`,
      triggers: "deploy,build",
    });
    expect(JSON.stringify(listed)).not.toContain(secret);

    const sent = await sendText(
      member,
      group.id,
      "DEPLOY main &amp; <br>staging",
    );
    await sendText(member, group.id, "please deploy");
    await sendText(member, group.id, "deployment is done");
    await outgoing().whenIdle();
    const [first, ...more] = posts(path);
    expect(more).toEqual([]);
    expect(first?.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(first?.body ?? "{}") as Record<string, unknown>;
    expect(body).toEqual({
      token: listed?.token,
      channel_id: group.id,
      channel_name: "Team",
      user_id: member.userId,
      user_name: "Max",
      text: "DEPLOY main & \nstaging",
      trigger_word: "deploy",
      timestamp: Math.floor(sent.sendTime / 1000),
    });
    expect(first?.headers["x-parley-signature"]).toBe(
      hmac(secret, first?.body ?? ""),
    );
    // The answer, escaped, from the hook's bot, and a bot's message triggers nothing.
    const answered = (await chat(owner, group.id)).filter(
      (m) => m.fromUser.is_bot === 1,
    );
    expect(answered.map((m) => [m.content, m.fromUser.realname])).toEqual([
      ["Deploying &lt;b&gt;main&lt;/b&gt; now", "Deployer"],
    ]);
    const [logged] = await hooksOf(owner, group.id);
    expect(logged?.deliveries[0]).toMatchObject({
      ok: 1,
      detail: "answered; posted",
    });
  });

  it("never lets a bot's message trigger a hook", async () => {
    const { owner, member, group } = await team();
    const path = receiverPath({
      body: JSON.stringify({ text: "deploy again" }),
    });
    expect(
      (
        await addOutgoing(owner, group.id, {
          url: `${receiver.origin}${path}`,
          triggers: "deploy",
        })
      ).code,
    ).toBe(0);
    await sendText(member, group.id, "deploy");
    await outgoing().whenIdle();
    await outgoing().whenIdle();
    expect(posts(path)).toHaveLength(1);
    const bots = (await chat(owner, group.id)).filter(
      (m) => m.fromUser.is_bot === 1,
    );
    expect(bots.map((m) => m.content)).toEqual(["deploy again"]);
  });

  it("tries a failed POST again after its wait, with the same signed body, and gives up after the last", async () => {
    const { owner, member, group } = await team();
    const path = receiverPath(
      { status: 500 },
      { status: 503 },
      { body: JSON.stringify({ text: "third time lucky" }) },
    );
    const made = await addOutgoing(owner, group.id, {
      url: `${receiver.origin}${path}`,
      triggers: "build",
    });
    const { secret } = made.data as { secret: string };
    await sendText(member, group.id, "build 42");
    await outgoing().whenIdle();
    expect(posts(path)).toHaveLength(1);
    // Not due yet: nothing more is made.
    outgoing().wake();
    await outgoing().whenIdle();
    expect(posts(path)).toHaveLength(1);
    app().clock.advance(RETRY_AFTER_MS[0]);
    outgoing().wake();
    await outgoing().whenIdle();
    expect(posts(path)).toHaveLength(2);
    app().clock.advance(RETRY_AFTER_MS[1]);
    outgoing().wake();
    await outgoing().whenIdle();
    const tries = posts(path);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((t) => t.body)).size).toBe(1);
    for (const t of tries)
      expect(t.headers["x-parley-signature"]).toBe(hmac(secret, t.body));
    const [hook] = await hooksOf(owner, group.id);
    expect(hook?.deliveries.map((d) => [d.ok, d.detail])).toEqual([
      [1, "answered; posted"],
      [0, "(status): 503; trying again"],
      [0, "(status): 500; trying again"],
    ]);
    expect(
      (await chat(member, group.id)).some(
        (m) => m.content === "third time lucky",
      ),
    ).toBe(true);

    // Failing every time: five tries, then given up.
    const down = receiverPath({ status: 500 });
    await addOutgoing(owner, group.id, {
      url: `${receiver.origin}${down}`,
      triggers: "status",
    });
    await sendText(member, group.id, "status please");
    await outgoing().whenIdle();
    for (const wait of RETRY_AFTER_MS) {
      app().clock.advance(wait);
      outgoing().wake();
      await outgoing().whenIdle();
    }
    app().clock.advance(RETRY_AFTER_MS[3] * 2);
    outgoing().wake();
    await outgoing().whenIdle();
    expect(posts(down)).toHaveLength(RETRY_AFTER_MS.length + 1);
    const hooks = await hooksOf(owner, group.id);
    expect(hooks[1]?.deliveries[0]?.detail).toBe("(status): 500; given up");
  });

  it("gives up at once on an address the rules refuse, and never connects to it", async () => {
    const { owner, member, group } = await team();
    for (const url of [
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.7/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://127.0.0.1:6379/",
    ])
      expect(
        (await addOutgoing(owner, group.id, { url, triggers: "x" })).code,
      ).toBe(0);
    await sendText(member, group.id, "x marks the spot");
    await outgoing().whenIdle();
    const hooks = await hooksOf(owner, group.id);
    expect(hooks.map((h) => h.deliveries.map((d) => d.detail))).toEqual([
      ["(address): 169.254.169.254; given up"],
      ["(address): 10.0.0.7; given up"],
      ["(address): ::ffff:7f00:1; given up"],
      ["(port); given up"],
    ]);
  });

  it("signs with a new key once rotated; its key is no incoming address", async () => {
    const { owner, member, group } = await team();
    const path = receiverPath({ status: 200 });
    const made = await addOutgoing(owner, group.id, {
      url: `${receiver.origin}${path}`,
      triggers: "ping",
    });
    const { hook_id, secret } = made.data as {
      hook_id: number;
      secret: string;
    };
    const asIncoming = await fetch(`${app().url}/hooks/${secret}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "sneaky" }),
    });
    expect(asIncoming.status).toBe(404);
    await asIncoming.text();
    const rotated = await app().post(
      "/enterprise/group/rotateHook",
      { hook_id },
      { token: owner.token },
    );
    const fresh = (rotated.data as { secret: string }).secret;
    expect(fresh).not.toBe(secret);
    await sendText(member, group.id, "ping");
    await outgoing().whenIdle();
    const [post] = posts(path);
    expect(post?.headers["x-parley-signature"]).toBe(
      hmac(fresh, post?.body ?? ""),
    );
    const [hook] = await hooksOf(owner, group.id);
    expect(hook?.deliveries[0]).toMatchObject({ ok: 1, detail: "answered" });
  });

  it("is made by the group's managers or a system administrator only; bad fields change nothing", async () => {
    const { owner, member, other, group } = await team();
    const stranger = await registerAndLogin(app(), { realname: "Sam" });
    const admin = await loginAdmin(app());
    const url = `${receiver.origin}/nobody`;
    expect(
      (await addOutgoing(member, group.id, { url, triggers: "a" })).msg,
    ).toBe("You don't have permission to do this in this group");
    const foreign = await addOutgoing(stranger, group.id, {
      url,
      triggers: "a",
    });
    const missing = await addOutgoing(stranger, "group-999999", {
      url,
      triggers: "a",
    });
    expect(foreign.code).not.toBe(0);
    expect(foreign.msg).toBe(missing.msg);
    for (const [fields, msg] of [
      [{ triggers: "a" }, "Give the address to POST to"],
      [{ url, triggers: "" }, "Give one to ten trigger words"],
      [{ url, triggers: "two words" }, "Give one to ten trigger words"],
      [
        { url, triggers: "a,b,c,d,e,f,g,h,i,j,k" },
        "Give one to ten trigger words",
      ],
      [
        { url: "javascript:alert(1)", triggers: "a" },
        "Give the address to POST to",
      ],
      [
        { url: "http://user:pw@example.com/", triggers: "a" },
        "Give the address to POST to",
      ],
      [
        { url: "ftp://example.com/", triggers: "a" },
        "Give the address to POST to",
      ],
    ] as const) {
      const res = await addOutgoing(owner, group.id, fields);
      expect(res.code).not.toBe(0);
      expect(res.msg).toContain(msg);
    }
    expect(await hooksOf(owner, group.id)).toEqual([]);
    expect(
      (await addOutgoing(admin, group.id, { url, triggers: "a" })).code,
    ).toBe(0);
    expect(await hooksOf(owner, group.id)).toHaveLength(1);
    // Deleted: its bot leaves, and nothing more is POSTed.
    const [hook] = await hooksOf(owner, group.id);
    const del = await app().post(
      "/enterprise/group/delHook",
      { hook_id: hook?.hook_id },
      { token: owner.token },
    );
    expect(del.code, del.msg).toBe(0);
    const before = receiver.received.length;
    await sendText(other, group.id, "a b c");
    await outgoing().whenIdle();
    expect(receiver.received.length).toBe(before);
  });
});
