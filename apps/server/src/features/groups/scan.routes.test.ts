import {
  ContactSchema,
  GROUP_QR_TOKEN_MAX,
  GroupInfoSchema,
} from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { registerAndLogin, type TestUser } from "../../../test/factories.js";
import { type ProbeApp, startProbeApp } from "../../../test/probe-app.js";

/*
 * The group QR's link, `/scan/g/<token>`: opened in a browser it leads to the web client's
 * join page with the token, on this site only; a mangled link leads to the page that says
 * so; nothing a visitor types answers a 500 or a redirect elsewhere.
 */
let api: TestApp;
let hosted: TestApp;

beforeAll(async () => {
  api = await startTestApp();
  hosted = await startTestApp({ PUBLIC_URL: "https://chat.example.com/" });
});
afterAll(async () => {
  await api.close();
  await hosted.close();
});

/** Opens a path as a browser would, without following the redirect. */
function open(app: TestApp, path: string, method: "GET" | "HEAD" = "GET") {
  return app.app.inject({ method, url: path });
}

/** A group of an owner and two others; answers the owner and the group's QR link. */
async function groupWithQr(
  app: TestApp,
): Promise<{ owner: TestUser; qrUrl: string; qrExpire: string }> {
  const [owner, ann, bob] = [
    await registerAndLogin(app, { realname: "Owner" }),
    await registerAndLogin(app, { realname: "Ann" }),
    await registerAndLogin(app, { realname: "Bob" }),
  ];
  const created = await app.post(
    "/enterprise/group/add",
    { name: "Scan team", user_ids: [ann.userId, bob.userId] },
    { token: owner.token },
  );
  expect(created.code, created.msg).toBe(0);
  const groupId = ContactSchema.parse(created.data).group_id;
  const info = await app.post(
    "/enterprise/group/groupInfo",
    { group_id: groupId },
    { token: owner.token },
  );
  expect(info.code, info.msg).toBe(0);
  const { qrUrl, qrExpire } = GroupInfoSchema.parse(info.data);
  return { owner, qrUrl, qrExpire };
}

describe("the group QR link /scan/g/<token>", () => {
  it("sends the browser to the join page with the token, and the token joins", async () => {
    const { qrUrl } = await groupWithQr(api);
    // Without PUBLIC_URL the link is relative to wherever the client loaded us.
    expect(qrUrl).toMatch(/^\/scan\/g\/[\w-]+\.[\w-]+$/);
    const token = qrUrl.slice("/scan/g/".length);

    const res = await open(api, qrUrl);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/#/join/${token}`);
    expect(res.headers["cache-control"]).toBe("no-store");

    // The page hands the token to joinGroup: a newcomer joins the group with it.
    const newcomer = await registerAndLogin(api, { realname: "Newcomer" });
    const passed = decodeURIComponent(
      String(res.headers.location).slice("/#/join/".length),
    );
    const joined = await api.post(
      "/enterprise/group/joinGroup",
      { token: passed },
      { token: newcomer.token },
    );
    expect(joined.code, joined.msg).toBe(0);
    expect(ContactSchema.parse(joined.data).displayName).toBe("Scan team");
  });

  it("redirects on PUBLIC_URL, the host the QR names", async () => {
    const { qrUrl } = await groupWithQr(hosted);
    expect(qrUrl).toMatch(/^https:\/\/chat\.example\.com\/scan\/g\//);
    const path = new URL(qrUrl).pathname;
    const token = path.slice("/scan/g/".length);

    const res = await open(hosted, path);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `https://chat.example.com/#/join/${token}`,
    );
  });

  it("answers HEAD too (link previews ask it first)", async () => {
    const res = await open(api, "/scan/g/abc.def", "HEAD");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/#/join/abc.def");
  });

  it("passes a long token whole, in its case (the router limits named parameters to 100)", async () => {
    const token = `${"Ab".repeat(150)}.${"cD_-".repeat(20)}`;
    const res = await open(api, `/scan/g/${token}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/#/join/${token}`);
    const longest = `${"a".repeat(GROUP_QR_TOKEN_MAX - 2)}.b`;
    expect((await open(api, `/scan/g/${longest}`)).headers.location).toBe(
      `/#/join/${longest}`,
    );
  });

  it("matches the path in any case and keeps a query out of the token", async () => {
    const res = await open(api, "/SCAN/G/abc.DEF?from=poster");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/#/join/abc.DEF");
  });

  it.each([
    ["an empty token", "/scan/g/"],
    ["no token", "/scan/g"],
    ["a token over the limit", `/scan/g/${"a".repeat(GROUP_QR_TOKEN_MAX)}.b`],
    ["an absurdly long one", `/scan/g/${"a".repeat(20_000)}.b`],
    ["one part", "/scan/g/abcdef"],
    ["three parts", "/scan/g/a.b.c"],
    ["a sub-path", "/scan/g/abc/def.ghi"],
    ["an escaped slash", "/scan/g/abc%2F.def"],
    ["an escaped line break", "/scan/g/abc.def%0D%0ASet-Cookie:%20x=1"],
    ["markup", "/scan/g/%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
    ["another site", "/scan/g/https:%2F%2Fevil.example%2F.x"],
    ["a backslash host", "/scan/g/%5C%5Cevil.example"],
    ["non-ASCII", "/scan/g/%E7%BE%A4.%E7%A0%81"],
  ])(
    "sends %s to the join page that says the link is broken",
    async (_what, path) => {
      const res = await open(api, path);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/#/join");
      expect(res.headers["set-cookie"]).toBeUndefined();
    },
  );

  it("stays on the site when the token spells another host", async () => {
    // Duplicate slashes collapse: what is left is shaped like a token, and joinGroup judges it.
    const res = await open(api, "/scan/g///evil.example");
    expect(res.headers.location).toBe("/#/join/evil.example");
  });

  it("leads a link it cannot even decode to the page for a broken link, never a 500", async () => {
    const res = await open(api, "/scan/g/%E0%A4%A.x");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/#/join");
    // An API path that cannot be decoded answers a clear envelope.
    const api400 = await fetch(`${api.url}/enterprise/%E0%A4%A/x`, {
      method: "POST",
    });
    expect(api400.status).toBeLessThan(500);
    const body = (await api400.json()) as { code: number; msg: string };
    expect(body.code).toBe(400);
    expect(body.msg).toEqual(expect.any(String));
    expect(body.msg).not.toBe("");
    // Any path, an icon's too.
    for (const bad of ["/static/img/ext/%ZZ.png", "/enterprise/im/%ZZ"]) {
      const res = await fetch(`${api.url}${bad}`, { method: "POST" });
      expect(await res.json(), bad).toMatchObject({
        code: 400,
        msg: expect.any(String) as string,
      });
    }
  });

  it("never redirects off the site, even when a feature asks it to", async () => {
    const probe: ProbeApp = await startProbeApp(
      api.services.sessions,
      (calls) => {
        calls.link("/probe/a/*", () => "//evil.example/");
        calls.link("/probe/b/*", () => "/\\evil.example/");
        calls.link("/probe/c/*", (rest) => `/#/${rest}`);
      },
    );
    try {
      for (const path of ["/probe/a/x", "/probe/b/x"]) {
        const res = await probe.app.inject({ method: "GET", url: path });
        expect(res.statusCode, path).toBe(500);
        expect(res.headers.location, path).toBeUndefined();
      }
      const ok = await probe.app.inject({ method: "GET", url: "/probe/c/y" });
      expect(ok.headers.location).toBe("/#/y");
    } finally {
      await probe.app.close();
    }
  });

  it("leaves POST to the API: the link is GET only", async () => {
    const res = await api.post("/scan/g/abc.def");
    expect(res.status).toBe(404);
  });
});
