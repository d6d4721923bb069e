import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import { registerAndLogin } from "../../test/factories.js";
import { openSocket } from "../../test/ws-client.js";

/*
 * The breaks of issue 7, each a test named after it: found by attacking the server from
 * outside, they fail on the code before the fix.
 */

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

describe("8. links never carry another user's Host header", () => {
  it("a send with a forged Host pushes no address of it to the recipient", async () => {
    const sender = await registerAndLogin(api);
    const recipient = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(recipient.token);
    const answer = await api.post(
      "/enterprise/im/sendMessage",
      { id: randomUUID(), content: "hi", toContactId: recipient.userId },
      { token: sender.token, headers: { Host: "evil.example" } },
    );
    expect(answer.code).toBe(0);
    const pushed = await socket.next("simple");
    expect(JSON.stringify(pushed)).not.toContain("evil.example");
    expect(JSON.stringify(answer.data)).not.toContain("evil.example");
    await socket.close();
  });
});

describe("9. security headers on every answer", () => {
  it("the web client's page and the API carry CSP, nosniff, referrer and permissions policies", async () => {
    const responses = [
      await fetch(`${api.url}/common/pub/getSystemInfo`, { method: "POST" }),
      await fetch(`${api.url}/no/such/page`),
    ];
    for (const response of responses) {
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/connect-src[^;]*wss:/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("referrer-policy")).toBe(
        "strict-origin-when-cross-origin",
      );
      expect(response.headers.get("permissions-policy")).toContain(
        "camera=(self)",
      );
      expect(response.headers.get("permissions-policy")).toContain(
        "microphone=(self)",
      );
    }
  });
});

describe("11. every malformed request answers a 400 envelope", () => {
  it.each([
    {
      name: "multipart without a boundary",
      type: "multipart/form-data",
      key: "request.invalid",
    },
    {
      name: "multipart with a boundary the body lacks (no fields at all)",
      type: "multipart/form-data; boundary=xyz",
      key: "login.accountRequired",
    },
  ])("$name", async ({ type, key }) => {
    const response = await fetch(`${api.url}/common/pub/login`, {
      method: "POST",
      headers: { "Content-Type": type },
      body: "account=a&password=b",
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { code: number; key: string };
    expect(body.code).toBe(400);
    expect(body.key).toBe(key);
  });
});

describe("13. the length rule counts what the user typed", () => {
  it("600 typed '<' (stored as 2,400 characters) are accepted", async () => {
    const sender = await registerAndLogin(api);
    const recipient = await registerAndLogin(api);
    const send = (content: string) =>
      api.post(
        "/enterprise/im/sendMessage",
        { id: randomUUID(), content, toContactId: recipient.userId },
        { token: sender.token },
      );
    const lessThans = await send("<".repeat(600));
    expect(lessThans.code).toBe(0);
    expect((lessThans.data as { content: string }).content).toBe(
      "&lt;".repeat(600),
    );
    // An existing client posts what it typed as HTML: entities count as one character.
    expect((await send("&lt;".repeat(2048))).code).toBe(0);
    const over = await send("&amp;".repeat(2049));
    expect(over.code).toBe(400);
    expect(over.key).toBe("message.tooLong");
  });
});

describe("a client id reused for another message", () => {
  it("is refused with a stable key; an identical retry answers the stored message", async () => {
    const sender = await registerAndLogin(api);
    const first = await registerAndLogin(api);
    const second = await registerAndLogin(api);
    const id = randomUUID();
    const send = (content: string, to: number) =>
      api.post(
        "/enterprise/im/sendMessage",
        { id, content, toContactId: to },
        { token: sender.token },
      );
    const sent = await send("hello", first.userId);
    expect(sent.code).toBe(0);
    const retry = await send("hello", first.userId);
    expect(retry.code).toBe(0);
    expect(retry.data).toEqual(sent.data);
    for (const [content, to] of [
      ["hello, edited", first.userId],
      ["hello", second.userId],
    ] as const) {
      const reused = await send(content, to);
      expect(reused.code).toBe(400);
      expect(reused.key).toBe("message.idReused");
    }
    const history = await api.post(
      "/enterprise/im/getMessageList",
      { toContactId: second.userId },
      { token: sender.token },
    );
    expect(history.data).toEqual([]);
  });
});

describe("2. a form body is parsed only within the limits of its call", () => {
  const form = (body: string) =>
    api.post(
      "/common/pub/login",
      {},
      {
        raw: body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      },
    );

  it("20,000 array entries in a field the call reads are refused before parsing", async () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `account[${i}]=1`);
    const answer = await form(body.join("&"));
    expect(answer.code).toBe(400);
    expect(answer.key).toBe("request.tooLarge");
  });

  it("20,000 entries of a field the call does not read are dropped unparsed", async () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `a[${i}]=1`);
    const answer = await form(`${body.join("&")}&account=someone`);
    expect(answer.code).toBe(400);
    expect(answer.key).toBe("login.passwordRequired");
  });

  it("an existing client's long list of unread messages still marks the chat read", async () => {
    const reader = await registerAndLogin(api);
    const writer = await registerAndLogin(api);
    const sent = await api.post(
      "/enterprise/im/sendMessage",
      { id: randomUUID(), content: "unread", toContactId: reader.userId },
      { token: writer.token },
    );
    expect(sent.code).toBe(0);
    const messages = Array.from({ length: 300 }, () => sent.data);
    const answer = await api.post(
      "/enterprise/im/setMsgIsRead",
      { toContactId: writer.userId, fromUser: writer.userId, messages },
      { token: reader.token },
    );
    expect(answer.code).toBe(0);
    const history = await api.post(
      "/enterprise/im/getMessageList",
      { toContactId: reader.userId },
      { token: writer.token },
    );
    expect((history.data as Array<{ is_read: number }>)[0]?.is_read).toBe(1);
  });
});
