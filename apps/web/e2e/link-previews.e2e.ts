import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiSend,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  resize,
  settledShot,
} from "./harness";

/*
 * Issue 43 item 5 in the browser: a link sent in a chat gets its preview card live on both
 * sides (the server fetched a page on this machine, allowed by LINK_PREVIEW_ALLOW_HOSTS),
 * in English and Chinese, at 1280 and 390 px; the sender takes it away for both.
 */
let site: http.Server;
let siteHost = "";
beforeAll(async () => {
  const picture = await sharp({
    create: { width: 1200, height: 630, channels: 3, background: "#1f6feb" },
  })
    .png()
    .toBuffer();
  site = http.createServer((req, res) => {
    if (req.url === "/cover.png") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(picture);
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<html><head>
      <meta property="og:title" content="Parley release notes 2.1 — 长标题也能完整显示吗？">
      <meta property="og:description" content="Reactions, editing, typing, Markdown and link previews, live on every device. 表情回应、编辑、输入提示。">
      <meta property="og:site_name" content="Parley Docs">
      <meta property="og:image" content="/cover.png">
      </head><body>notes</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteHost = `127.0.0.1:${String((site.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});
const setup = productAndBrowser(() => ({ LINK_PREVIEW_ALLOW_HOSTS: siteHost }));
const url = () => setup.product().url;

describe("link previews in the web client", () => {
  it("both see the card live; the sender dismisses it for both; en and zh, 1280 and 390 px", async () => {
    const suffix = randomBytes(3).toString("hex");
    const bao = await apiUser(url(), `baol${suffix}`, "包宝宝");
    const ann = await apiUser(url(), `annl${suffix}`, "Ann Lee");
    const a = await newContext(setup.browser(), "en-US");
    const b = await newContext(setup.browser(), "zh-CN");
    await logIn(a.page, url(), `annl${suffix}`);
    await logIn(b.page, url(), `baol${suffix}`, "zh");
    await resize(b.page, { width: 390, height: 844 });

    await apiSend(url(), ann, bao, `Notes: http://${siteHost}/notes`);
    await a.page.getByTestId("contact").filter({ hasText: "包宝宝" }).click();
    const annCard = bubbles(a.page)
      .filter({ hasText: "Notes:" })
      .getByTestId("link-preview");
    await annCard.getByText("Parley Docs").waitFor();
    await b.page.getByTestId("contact").filter({ hasText: "Ann Lee" }).click();
    const baoCard = bubbles(b.page)
      .filter({ hasText: "Notes:" })
      .getByTestId("link-preview");
    await baoCard
      .getByRole("link", { name: /Parley release notes 2\.1/ })
      .waitFor();
    expect(await baoCard.getByRole("link").getAttribute("href")).toBe(
      `http://${siteHost}/notes`,
    );
    // The page's picture, as the server keeps it.
    expect(await baoCard.locator("img").getAttribute("src")).toMatch(
      /^\/storage\/preview\/.+\.webp$/,
    );
    await expect
      .poll(() =>
        baoCard
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(600);
    // Only the sender may take it away.
    expect(await baoCard.getByRole("button").count()).toBe(0);
    await settledShot(a.page, "link-preview-en-1280");
    await settledShot(b.page, "link-preview-zh-390");

    await annCard.getByRole("button", { name: "Remove the preview" }).click();
    await expect.poll(() => annCard.count()).toBe(0);
    await expect.poll(() => baoCard.count()).toBe(0);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
