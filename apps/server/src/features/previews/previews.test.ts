import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { LinkPreview } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestApp,
  startTwoProcesses,
  type TestApp,
} from "../../../test/build-test-app.js";
import {
  createGroup,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import { chatHelpers } from "../../../test/chat.js";
import { openSocket } from "../../../test/ws-client.js";
import sharp from "sharp";
import { PREVIEW_TTL_MS } from "./previews.service.js";

/*
 * Issue 43 item 5, the server (extensions.md §5): a text message's first link previewed
 * from its page's OpenGraph, Twitter card or title, pushed as `updateMessage` with
 * `extends`; one fetch per address a day; the console's switch; addresses the guard
 * refuses never fetched (lib/public-fetch.test.ts holds the guard to every range).
 */

let api: TestApp;
let site: http.Server;
let picture: Buffer;
let origin = "";
const hits = new Map<string, number>();

beforeAll(async () => {
  picture = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: "#3366cc" },
  })
    .png()
    .toBuffer();
  site = http.createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === "/pic.png") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(picture);
      return;
    }
    if (path === "/fake.png") {
      // Says it is a picture; its bytes are a page.
      res.writeHead(200, { "content-type": "image/png" });
      res.end("<html><script>alert(1)</script></html>");
      return;
    }
    if (path.startsWith("/pictured")) {
      const image = new URL(path, "http://x").searchParams.get("img") ?? "";
      res.writeHead(200, { "content-type": "text/html" });
      res.end(
        `<head><meta property="og:title" content="With a picture"><meta property="og:image" content="${image}"></head>`,
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    if (path.startsWith("/og"))
      res.end(`<!doctype html><html><head>
        <meta property="og:title" content="Quarterly &amp; yearly plan">
        <meta property="og:description" content="What we ship &lt;b&gt;next&lt;/b&gt;">
        <meta property="og:site_name" content="Example Docs">
        <meta property="og:image" content="/cover.png">
        <title>ignored</title></head><body>${"x".repeat(2_000_000)}</body></html>`);
    else if (path.startsWith("/twitter"))
      res.end(`<html><head><meta name="twitter:title" content="From the card">
        <meta name="description" content="Plain description"></head></html>`);
    else if (path.startsWith("/title"))
      res.end("<html><head><title> Just a <title> </title></head></html>");
    else res.end("<html><body>nothing to say</body></html>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const { port } = site.address() as AddressInfo;
  origin = `http://127.0.0.1:${String(port)}`;
  api = await startTestApp({
    LINK_PREVIEW_ALLOW_HOSTS: `127.0.0.1:${String(port)}`,
  });
});
afterAll(async () => {
  await api.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

const { sendText: send, shownMessage: shown } = chatHelpers(() => api);

const previewOf = async (user: TestUser, chat: number | string, id: string) =>
  (await shown(user, chat, id))?.extends.linkPreview as LinkPreview | undefined;

describe("link previews", () => {
  it("previews the first link from OpenGraph, as text, and tells both parties", async () => {
    const [alice, bob] = await registerMany(api, 2, "Link");
    const bobSocket = await openSocket(api.url);
    await bobSocket.bind(bob.token);
    const line = await send(
      alice,
      bob.userId,
      `plan: ${origin}/og?a=1&b=2 and ${origin}/title`,
    );
    await api.services.previews.idle();
    const expected: LinkPreview = {
      url: `${origin}/og?a=1&b=2`,
      title: "Quarterly & yearly plan",
      description: "What we ship <b>next</b>",
      siteName: "Example Docs",
      image: "",
    };
    const event = await bobSocket.next("updateMessage");
    expect(event.data).toMatchObject({
      id: line.id,
      type: "text",
      content: line.content,
    });
    expect(
      (event.data as { extends: { linkPreview: unknown } }).extends.linkPreview,
    ).toEqual(expected);
    expect(await previewOf(alice, bob.userId, line.id)).toEqual(expected);
    expect(await previewOf(bob, alice.userId, line.id)).toEqual(expected);
    // Only the first link is fetched.
    expect(hits.get("/title")).toBeUndefined();
    await bobSocket.close();
  });

  it("keeps the page's picture re-encoded in Parley's storage; a fake or private picture is none", async () => {
    const [alice, bob] = await registerMany(api, 2, "Picture");
    const good = await send(
      alice,
      bob.userId,
      `${origin}/pictured?img=/pic.png`,
    );
    const fake = await send(
      alice,
      bob.userId,
      `${origin}/pictured/fake?img=/fake.png`,
    );
    const hidden = await send(
      alice,
      bob.userId,
      `${origin}/pictured/private?img=http://10.0.0.1/x.png`,
    );
    await api.services.previews.idle();
    const kept = await previewOf(bob, alice.userId, good.id);
    expect(kept?.image).toMatch(
      /^\/storage\/preview\/[0-9a-f]{2}\/[0-9a-f]{40}\.webp$/,
    );
    const served = await fetch(`${api.url}${kept?.image ?? ""}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const stored = await sharp(
      Buffer.from(await served.arrayBuffer()),
    ).metadata();
    expect(stored.format).toBe("webp");
    expect(Math.max(stored.width, stored.height)).toBe(600);
    expect(await previewOf(bob, alice.userId, fake.id)).toMatchObject({
      title: "With a picture",
      image: "",
    });
    expect((await previewOf(bob, alice.userId, hidden.id))?.image).toBe("");
  });

  it("falls back to the Twitter card, then the title; a page that says nothing gets none", async () => {
    const [alice, bob] = await registerMany(api, 2, "Fallback");
    const card = await send(alice, bob.userId, `${origin}/twitter`);
    const titled = await send(alice, bob.userId, `${origin}/title/x`);
    const bare = await send(alice, bob.userId, `${origin}/bare`);
    await api.services.previews.idle();
    expect(await previewOf(bob, alice.userId, card.id)).toMatchObject({
      title: "From the card",
      description: "Plain description",
      siteName: "127.0.0.1",
    });
    expect((await previewOf(bob, alice.userId, titled.id))?.title).toBe(
      "Just a <title>",
    );
    expect(await previewOf(bob, alice.userId, bare.id)).toBeUndefined();
  });

  it("fetches an address once a day whoever sends it, and again after", async () => {
    const [alice, bob, carol] = await registerMany(api, 3, "Once");
    const { id: group } = await createGroup(api, alice, [bob, carol]);
    const path = `/og/once-${randomUUID()}`;
    const first = await send(alice, bob.userId, `${origin}${path}`);
    const second = await send(carol, group, `again ${origin}${path}`);
    await api.services.previews.idle();
    const third = await send(bob, carol.userId, `${origin}${path}`);
    await api.services.previews.idle();
    expect(hits.get(path)).toBe(1);
    for (const [user, chat, id] of [
      [bob, alice.userId, first.id],
      [alice, group, second.id],
      [carol, bob.userId, third.id],
    ] as const)
      expect((await previewOf(user, chat, id))?.title).toBe(
        "Quarterly & yearly plan",
      );
    api.clock.advance(PREVIEW_TTL_MS + 1);
    await send(alice, bob.userId, `${origin}${path}`);
    await api.services.previews.idle();
    expect(hits.get(path)).toBe(2);
  });

  it("fetches nothing with the console's switch off", async () => {
    const [alice, bob] = await registerMany(api, 2, "Off");
    await saveConfig(api, "chatInfo", { linkPreview: "0" });
    try {
      const path = `/og/off-${randomUUID()}`;
      const line = await send(alice, bob.userId, `${origin}${path}`);
      await api.services.previews.idle();
      expect(hits.get(path)).toBeUndefined();
      expect(await previewOf(bob, alice.userId, line.id)).toBeUndefined();
    } finally {
      await saveConfig(api, "chatInfo", { linkPreview: "1" });
    }
  });

  it("never fetches a private address, nor this machine on a port not allowed", async () => {
    const [alice, bob] = await registerMany(api, 2, "Private");
    const lines = await Promise.all(
      [
        "http://127.0.0.1/admin",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
        "http://10.0.0.1/",
        `http://localhost:${origin.split(":")[2] ?? ""}/og/local`,
      ].map((link) => send(alice, bob.userId, link)),
    );
    await api.services.previews.idle();
    expect(hits.get("/og/local")).toBeUndefined();
    for (const line of lines)
      expect(await previewOf(bob, alice.userId, line.id)).toBeUndefined();
  });

  it("lets the sender dismiss a preview, for everyone, for good; nobody else may", async () => {
    const [alice, bob] = await registerMany(api, 2, "Dismiss");
    const line = await send(alice, bob.userId, `${origin}/og/dismiss`);
    await api.services.previews.idle();
    expect(await previewOf(bob, alice.userId, line.id)).toBeDefined();
    const notTheirs = await api.post(
      "/enterprise/im/dismissLinkPreview",
      { id: line.id },
      { token: bob.token, headers: { "Accept-Language": "en" } },
    );
    expect(notTheirs.code).not.toBe(0);
    expect(await previewOf(bob, alice.userId, line.id)).toBeDefined();
    const bobSocket = await openSocket(api.url);
    await bobSocket.bind(bob.token);
    const res = await api.post(
      "/enterprise/im/dismissLinkPreview",
      { id: line.id },
      { token: alice.token },
    );
    expect(res.code, res.msg).toBe(0);
    const event = await bobSocket.next("updateMessage");
    expect(
      (event.data as { extends: Record<string, unknown> }).extends.linkPreview,
    ).toBeUndefined();
    expect(await previewOf(bob, alice.userId, line.id)).toBeUndefined();
    // An edit that fetches again does not bring it back.
    const edited = await api.post(
      "/enterprise/im/editMessage",
      { id: line.id, content: `${origin}/og/dismiss again` },
      { token: alice.token },
    );
    expect(edited.code, edited.msg).toBe(0);
    await api.services.previews.idle();
    expect(await previewOf(bob, alice.userId, line.id)).toBeUndefined();
    await bobSocket.close();
  });

  it("an edit that drops the link drops its preview; one with another link gets that one's", async () => {
    const [alice, bob] = await registerMany(api, 2, "EditLink");
    const line = await send(alice, bob.userId, `${origin}/og/first`);
    await api.services.previews.idle();
    expect((await previewOf(bob, alice.userId, line.id))?.url).toBe(
      `${origin}/og/first`,
    );
    const edit = (content: string) =>
      api.post(
        "/enterprise/im/editMessage",
        { id: line.id, content },
        { token: alice.token },
      );
    expect((await edit(`now ${origin}/twitter/second`)).code).toBe(0);
    // At once: the old preview is gone with its link (the new one may already be there:
    // its fetch starts with the edit and can finish before this read, as CI saw).
    expect((await previewOf(bob, alice.userId, line.id))?.url).not.toBe(
      `${origin}/og/first`,
    );
    await api.services.previews.idle();
    expect(await previewOf(bob, alice.userId, line.id)).toMatchObject({
      url: `${origin}/twitter/second`,
      title: "From the card",
    });
    expect((await edit("no link at all")).code).toBe(0);
    await api.services.previews.idle();
    expect(await previewOf(bob, alice.userId, line.id)).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)(
  "link previews across two processes",
  () => {
    it("one process fetches an address once; the other's socket hears the preview", async () => {
      const { one, two, close } = await startTwoProcesses({
        LINK_PREVIEW_ALLOW_HOSTS: origin.replace("http://", ""),
      });
      try {
        const [alice, bob] = await registerMany(one, 2, "TwoProc");
        const bobOnTwo = await openSocket(two.url);
        await bobOnTwo.bind(bob.token);
        const path = `/og/two-${randomUUID()}`;
        const post = (app: TestApp, from: TestUser, to: number) =>
          app.post(
            "/enterprise/im/sendMessage",
            {
              id: randomUUID(),
              type: "text",
              content: `${origin}${path}`,
              toContactId: to,
            },
            { token: from.token },
          );
        // Both processes see the address at once: one fetches, the other waits for it.
        const [sent1, sent2] = await Promise.all([
          post(one, alice, bob.userId),
          post(two, bob, alice.userId),
        ]);
        expect(sent1.code, sent1.msg).toBe(0);
        expect(sent2.code, sent2.msg).toBe(0);
        await Promise.all([
          one.services.previews.idle(),
          two.services.previews.idle(),
        ]);
        expect(hits.get(path)).toBe(1);
        // Bob's socket on the second process hears both previews (his message and Alice's).
        await expect
          .poll(() => bobOnTwo.all("updateMessage").length)
          .toBeGreaterThanOrEqual(2);
        for (const frame of bobOnTwo.all("updateMessage"))
          expect(
            (frame.data as { extends: { linkPreview?: LinkPreview } }).extends
              .linkPreview?.title,
          ).toBe("Quarterly & yearly plan");
        await bobOnTwo.close();
      } finally {
        await close();
      }
    });
  },
);
