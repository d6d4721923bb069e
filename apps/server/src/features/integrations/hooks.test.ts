import type { Hook, Message } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/build-test-app.js";
import {
  createGroup,
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Issue 48, incoming webhooks (extensions.md §9): a group's owner or administrators (or a
 * system administrator) make one; Slack's payload, as JSON or a form's `payload`, posts its
 * text in the group as the hook's bot (escaped, never markup); `ok` on success; an unknown
 * secret 404, a bad payload 400, past the hook's limit 429, each with an envelope; each
 * delivery logged; deleted, its URL stops and its bot leaves. Both databases.
 */

const app = useTestApp({ RATE_HOOK: "4" });

async function team() {
  const owner = await registerAndLogin(app(), { realname: "Olga" });
  const member = await registerAndLogin(app(), { realname: "Max" });
  const other = await registerAndLogin(app(), { realname: "Ida" });
  const group = await createGroup(app(), owner, [member, other]);
  return { owner, member, other, group };
}

async function addHook(user: TestUser, groupId: string, name = "CI") {
  return app().post(
    "/enterprise/group/addHook",
    { id: groupId, kind: "incoming", name },
    { token: user.token },
  );
}

async function post(url: string, body: string, type = "application/json") {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": type },
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    retryAfter: res.headers.get("retry-after"),
  };
}

async function chat(user: TestUser, groupId: string): Promise<Message[]> {
  const res = await app().post(
    "/enterprise/im/getMessageList",
    { toContactId: groupId, limit: 50 },
    { token: user.token },
  );
  return res.data as Message[];
}

const local = (url: string) => `${app().url}${url}`;

describe("incoming webhooks", () => {
  it("post Slack's payload in the group as the hook's bot, answering ok", async () => {
    const { owner, member, group } = await team();
    const made = await addHook(owner, group.id);
    expect(made.code, made.msg).toBe(0);
    const { url } = made.data as { url: string };
    expect(url).toMatch(/^\/hooks\/[\w-]{43}$/);
    const json = await post(
      local(url),
      JSON.stringify({
        text: "Build *42* failed <b>on main</b>",
        username: "jenkins",
      }),
    );
    expect(json).toMatchObject({ status: 200, text: "ok" });
    const form = await post(
      local(url),
      `payload=${encodeURIComponent(JSON.stringify({ attachments: [{ title: "Deploy", text: "v1.2 is live" }, { fallback: "fallback only" }] }))}`,
      "application/x-www-form-urlencoded",
    );
    expect(form).toMatchObject({ status: 200, text: "ok" });
    const seen = (await chat(member, group.id)).filter(
      (m) => m.fromUser.is_bot === 1,
    );
    expect(seen.map((m) => m.content)).toEqual([
      "Build *42* failed &lt;b&gt;on main&lt;/b&gt;",
      "Deploy<br />v1.2 is live<br />fallback only",
    ]);
    expect(seen[0]?.fromUser.displayName).toBe("CI");
    // Slack's `username` is shown instead of the bot's name (the BOT mark stays).
    expect(seen.map((m) => m.extends.hookName)).toEqual(["jenkins", undefined]);
    const members = await app().post(
      "/enterprise/group/groupuserlist",
      { group_id: group.id },
      { token: member.token },
    );
    const rows = members.data as Array<{
      user_id: number;
      userInfo: { is_bot?: number };
    }>;
    expect(rows.filter((r) => r.userInfo.is_bot === 1)).toHaveLength(1);
    const listed = await app().post(
      "/enterprise/group/hooks",
      { id: group.id },
      { token: owner.token },
    );
    const [hook] = listed.data as Hook[];
    expect(hook).toMatchObject({ name: "CI", kind: "incoming" });
    expect(hook?.deliveries.map((d) => [d.ok, d.detail])).toEqual([
      [1, "posted"],
      [1, "posted"],
    ]);
    expect(JSON.stringify(listed.data)).not.toContain(
      url.split("/").at(-1) ?? "",
    );
  });

  it("refuse an unknown secret, a body that is no message, and calls past the hook's limit", async () => {
    const { owner, group } = await team();
    const { url } = (await addHook(owner, group.id)).data as { url: string };
    const unknown = await post(
      local("/hooks/not-a-secret"),
      JSON.stringify({ text: "x" }),
    );
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ key: "hook.notFound" });
    expect(
      (await post(local(url), JSON.stringify({ text: "   " }))).status,
    ).toBe(400);
    const notJson = await post(
      local(url),
      "payload=%7Bnot-json",
      "application/x-www-form-urlencoded",
    );
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.text)).toMatchObject({ key: "hook.payload" });
    expect(
      (await post(local(url), JSON.stringify({ text: "one" }))).status,
    ).toBe(200);
    expect(
      (await post(local(url), JSON.stringify({ text: "two" }))).status,
    ).toBe(200);
    // RATE_HOOK is 4 here: the fifth call in the window is refused.
    const limited = await post(local(url), JSON.stringify({ text: "three" }));
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    const [hook] = (
      await app().post(
        "/enterprise/group/hooks",
        { id: group.id },
        { token: owner.token },
      )
    ).data as Hook[];
    expect(hook?.deliveries.map((d) => d.detail)).toEqual([
      "rate limited",
      "posted",
      "posted",
      "not a webhook message",
      "no text",
    ]);
  });

  it("are managed by the group's owner and administrators, or a system administrator; a foreign hook is a missing one", async () => {
    const { owner, member, group } = await team();
    const stranger = await registerAndLogin(app());
    const admin = await loginAdmin(app());
    expect((await addHook(member, group.id)).key).toBe("group.noPermission");
    expect((await addHook(stranger, group.id)).key).toBe("group.notFound");
    expect((await addHook(stranger, "group-999999")).key).toBe(
      "group.notFound",
    );
    const byAdmin = await addHook(admin, group.id, "Alerts");
    expect(byAdmin.code, byAdmin.msg).toBe(0);
    for (const [name, key] of [
      ["", "hook.nameRequired"],
      ["x".repeat(17), "hook.nameLength"],
    ] as const)
      expect((await addHook(owner, group.id, name)).key).toBe(key);
    const unknown = await app().post(
      "/enterprise/group/addHook",
      { id: group.id, kind: "sideways", name: "X" },
      { token: owner.token },
    );
    expect(unknown.key).toBe("hook.kind");
    expect(
      (
        await app().post(
          "/enterprise/group/hooks",
          { id: group.id },
          { token: member.token },
        )
      ).key,
    ).toBe("group.noPermission");
    const { hook_id, url } = byAdmin.data as { hook_id: number; url: string };
    for (const user of [member, stranger])
      expect(
        (
          await app().post(
            "/enterprise/group/delHook",
            { hook_id },
            { token: user.token },
          )
        ).key,
      ).toBe("hook.notFound");
    expect(
      (
        await app().post(
          "/enterprise/group/delHook",
          { hook_id: 999_999 },
          { token: owner.token },
        )
      ).key,
    ).toBe("hook.notFound");
    // Still working after the refusals; the owner deletes it: the URL stops, the bot leaves.
    expect(
      (await post(local(url), JSON.stringify({ text: "still here" }))).status,
    ).toBe(200);
    const gone = await app().post(
      "/enterprise/group/delHook",
      { hook_id },
      { token: owner.token },
    );
    expect(gone.code, gone.msg).toBe(0);
    expect(
      (await post(local(url), JSON.stringify({ text: "after" }))).status,
    ).toBe(404);
    const members = await app().post(
      "/enterprise/group/groupuserlist",
      { group_id: group.id },
      { token: owner.token },
    );
    const rows = members.data as Array<{ userInfo: { is_bot?: number } }>;
    expect(rows.some((r) => r.userInfo.is_bot === 1)).toBe(false);
  });

  it("rotate a secret: the old URL stops at once, the new one posts; only for whoever manages the hook", async () => {
    const { owner, member, group } = await team();
    const made = (await addHook(owner, group.id)).data as {
      hook_id: number;
      url: string;
    };
    expect(
      (
        await app().post(
          "/enterprise/group/rotateHook",
          { hook_id: made.hook_id },
          { token: member.token },
        )
      ).key,
    ).toBe("hook.notFound");
    const rotated = await app().post(
      "/enterprise/group/rotateHook",
      { hook_id: made.hook_id },
      { token: owner.token },
    );
    expect(rotated.code, rotated.msg).toBe(0);
    const { url } = rotated.data as { url: string };
    expect(url).not.toBe(made.url);
    expect(
      (await post(local(made.url), JSON.stringify({ text: "old" }))).status,
    ).toBe(404);
    expect(
      (await post(local(url), JSON.stringify({ text: "new" }))).status,
    ).toBe(200);
    expect(
      (
        await app().post(
          "/enterprise/group/rotateHook",
          { hook_id: 999_999 },
          { token: owner.token },
        )
      ).key,
    ).toBe("hook.notFound");
  });
});
