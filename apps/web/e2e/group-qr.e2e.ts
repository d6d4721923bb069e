import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Download, Page } from "playwright-core";
import { create } from "qrcode";
import { describe, expect, it } from "vitest";
import { qrPath } from "../src/features/groups/qr-poster";
import {
  api,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  SCREENSHOTS,
  settledShot,
  resize,
} from "./harness";

/*
 * The group QR (SPEC §2, §9): the owner opens the poster from the title bar, in English
 * and Chinese, at 1280 and 390 px, and downloads it as a 1000×1440 PNG; the QR holds the
 * very link "Copy link" gives. Dave, signed out, opens the real /scan/g/<token> link, logs
 * in, comes back to the join page, joins, and reads the group's chat; an altered link is
 * refused in words. Erin, new and Chinese, registers on the way and joins too.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

const EN_GROUP = "Launch team";
// 18 characters: wider than the poster's name line, so it must be cut cleanly.
const ZH_GROUP = "产品研发中心第一季度跨部门协作讨论群";

/** A picture once dialogs and popups have stopped moving (harness.ts). */
const shot = settledShot;

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Clicks Download and answers the file the browser received. */
async function downloadPoster(page: Page, label: RegExp): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: label }).click(),
  ]);
  return download;
}

/** The poster's QR, as the SVG path the page drew. */
async function shownQr(page: Page, name: string): Promise<string> {
  const qr = page.getByRole("img", { name });
  await qr.waitFor();
  return (await qr.locator("path").getAttribute("d")) ?? "";
}

/** The QR path a link makes, as the poster draws it. */
function qrOf(link: string): string {
  const { modules } = create(link, { errorCorrectionLevel: "M" });
  return qrPath({
    size: modules.size,
    dark: (row, col) => modules.get(row, col) === 1,
  });
}

async function openGroupChat(page: Page, name: string): Promise<void> {
  await page.getByTestId("contact").filter({ hasText: name }).first().click();
  await page.getByRole("region", { name }).waitFor();
}

describe("the group QR", () => {
  it("poster, download, and joining by the link after logging in or registering", async () => {
    const suffix = randomBytes(3).toString("hex");
    const owner = await apiUser(url(), `olivia${suffix}`, "Olivia");
    const ann = await apiUser(url(), `ann${suffix}`, "Ann");
    const bob = await apiUser(url(), `bob${suffix}`, "Bob");
    const dave = await apiUser(url(), `dave${suffix}`, "Dave");

    const makeGroup = async (name: string) => {
      const created = await api(
        url(),
        "/enterprise/group/add",
        { name, user_ids: [ann.id, bob.id] },
        owner.token,
      );
      expect(created.code).toBe(0);
      return (created.data as { id: string }).id;
    };
    const enGroup = await makeGroup(EN_GROUP);
    const zhGroup = await makeGroup(ZH_GROUP);
    // Newcomers see what was said before they came (SPEC §3 history).
    const history = await api(
      url(),
      "/enterprise/group/groupSetting",
      { id: enGroup, setting: { history: "1" } },
      owner.token,
    );
    expect(history.code).toBe(0);
    const welcome = await api(
      url(),
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content: "Welcome to the launch team",
        toContactId: enGroup,
      },
      owner.token,
    );
    expect(welcome.code).toBe(0);

    // Olivia, in English: the poster from the title bar, its link, its file.
    const olivia = await newContext(setup.browser(), "en-US");
    await olivia.context.grantPermissions([
      "clipboard-read",
      "clipboard-write",
    ]);
    const o = olivia.page;
    await logIn(o, url(), `olivia${suffix}`);
    await openGroupChat(o, EN_GROUP);
    await o.getByRole("button", { name: "Group QR code" }).click();
    const poster = o.getByRole("dialog", { name: "Group QR code" });
    const drawn = await shownQr(o, `QR code to join ${EN_GROUP}`);
    await poster.getByText("3 members").waitFor();
    await poster.getByText("Scan the QR code to join the group").waitFor();
    await poster.getByText(/^Valid for 7 days, until \w+ \d+$/).waitFor();
    await shot(o, "group-qr-poster-en-1280");

    await poster.getByRole("button", { name: "Copy link" }).click();
    const link = await o.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${url()}/scan/g/[\\w-]+\\.[\\w-]+$`));
    expect(drawn).toBe(qrOf(link));

    const enFile = await downloadPoster(o, /Download/);
    expect(enFile.suggestedFilename()).toBe(`${EN_GROUP}.png`);
    const enPng = path.join(SCREENSHOTS, "group-qr-download-en.png");
    await enFile.saveAs(enPng);
    expect(pngSize(enPng)).toEqual({ width: 1000, height: 1440 });

    await o.getByText("Link copied").waitFor({ state: "detached" });
    await resize(o, { width: 390, height: 844 });
    await shownQr(o, `QR code to join ${EN_GROUP}`);
    await shot(o, "group-qr-poster-en-390");
    const phoneBox = await o.getByTestId("qr-poster").boundingBox();
    expect(phoneBox?.width).toBeLessThanOrEqual(390);
    expect(phoneBox?.x).toBeGreaterThanOrEqual(0);

    // The same in Chinese, with a name too long for the poster's line.
    const oliviaZh = await newContext(setup.browser(), "zh-CN");
    const oz = oliviaZh.page;
    await logIn(oz, url(), `olivia${suffix}`, "zh");
    await openGroupChat(oz, ZH_GROUP);
    await oz.getByRole("button", { name: "群二维码" }).click();
    await shownQr(oz, `加入“${ZH_GROUP}”的二维码`);
    const zhPoster = oz.getByRole("dialog", { name: "群二维码" });
    const zhName = zhPoster.getByTitle(ZH_GROUP);
    expect(await zhName.innerText()).toMatch(/^产品研发.+…$/);
    await zhPoster.getByText(/^该二维码 7 天内（\d+月\d+日前）有效$/).waitFor();
    await shot(oz, "group-qr-poster-zh-1280");
    const zhFile = await downloadPoster(oz, /下\s*载/);
    expect(zhFile.suggestedFilename()).toBe(`${ZH_GROUP}.png`);
    const zhPng = path.join(SCREENSHOTS, "group-qr-download-zh.png");
    await zhFile.saveAs(zhPng);
    expect(pngSize(zhPng)).toEqual({ width: 1000, height: 1440 });
    await resize(oz, { width: 390, height: 844 });
    await shownQr(oz, `加入“${ZH_GROUP}”的二维码`);
    await shot(oz, "group-qr-poster-zh-390");

    // Dave, signed out, scans the QR: the real link, past the login, to the join page.
    const info = await api(
      url(),
      "/enterprise/group/groupInfo",
      { group_id: enGroup },
      owner.token,
    );
    const qrUrl = (info.data as { qrUrl: string }).qrUrl;
    expect(qrUrl).toMatch(/^\/scan\/g\//);
    const daveCtx = await newContext(setup.browser(), "en-US");
    const d = daveCtx.page;
    await d.goto(`${url()}${qrUrl}`);
    await d.waitForURL(/#\/login\?redirect=%2Fjoin%2F/);
    await d.getByRole("heading", { name: "Welcome back" }).waitFor();
    await d.getByLabel("Account").fill(`dave${suffix}`);
    await d.getByLabel("Password", { exact: true }).fill("secret12");
    await d.getByRole("button", { name: "Log in" }).click();
    await d.getByRole("heading", { name: "Join a group chat" }).waitFor();
    expect(d.url()).toContain(`#/join/${qrUrl.slice("/scan/g/".length)}`);
    await shot(d, "group-qr-join-en-1280");
    await resize(d, { width: 390, height: 844 });
    await shot(d, "group-qr-join-en-390");
    await resize(d, { width: 1280, height: 800 });

    await d.getByRole("button", { name: "Join the group" }).click();
    await d.getByRole("region", { name: EN_GROUP }).waitFor();
    await bubbles(d)
      .filter({ hasText: "Welcome to the launch team" })
      .waitFor();
    await d
      .getByTestId("event-line")
      .filter({ hasText: "Dave joined with the group's QR code" })
      .waitFor();
    await shot(d, "group-qr-joined-en");
    const members = await api(
      url(),
      "/enterprise/group/groupuserlist",
      { group_id: enGroup },
      owner.token,
    );
    expect(
      (members.data as { user_id: number }[]).map((m) => m.user_id),
    ).toContain(dave.id);
    // Olivia sees him come in, live.
    await resize(o, { width: 1280, height: 800 });
    await o.keyboard.press("Escape");
    await o
      .getByTestId("event-line")
      .filter({ hasText: "Dave joined with the group's QR code" })
      .waitFor();

    // An altered link is refused in words, with the way back to the chat.
    const token = qrUrl.slice("/scan/g/".length);
    const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    await d.goto(`${url()}/scan/g/${altered}`);
    await d.getByRole("button", { name: "Join the group" }).click();
    await d
      .getByText(
        "This group QR code is invalid or has expired; ask a member to share it again",
      )
      .waitFor();
    await shot(d, "group-qr-join-refused-en");
    await d.getByRole("button", { name: "Back to chats" }).click();
    await d.getByRole("navigation", { name: "Main menu" }).waitFor();

    // Erin has no account yet: from the login page to registering, and back to the link.
    const zhInfo = await api(
      url(),
      "/enterprise/group/groupInfo",
      { group_id: zhGroup },
      owner.token,
    );
    const zhQrUrl = (zhInfo.data as { qrUrl: string }).qrUrl;
    const erinCtx = await newContext(setup.browser(), "zh-CN");
    const e = erinCtx.page;
    await e.goto(`${url()}${zhQrUrl}`);
    await e.waitForURL(/#\/login\?redirect=%2Fjoin%2F/);
    await e.getByRole("link", { name: "立即注册" }).click();
    await e.waitForURL(/#\/register\?redirect=%2Fjoin%2F/);
    // The login form stays up while the register page loads: its fields have the same labels.
    await e.getByRole("heading", { name: "注册账号" }).waitFor();
    await e.getByLabel("账号").fill(`erin${suffix}`);
    await e.getByLabel("昵称").fill("小艾");
    await e.getByLabel("密码", { exact: true }).fill("secret12");
    await e.getByLabel("确认密码").fill("secret12");
    await e.getByRole("button", { name: /^注\s*册$/ }).click();
    await e.getByRole("heading", { name: "加入群聊" }).waitFor();
    await shot(e, "group-qr-join-zh-1280");
    await resize(e, { width: 390, height: 844 });
    await shot(e, "group-qr-join-zh-390");
    await e.getByRole("button", { name: "立即加入" }).click();
    await e.getByRole("region", { name: ZH_GROUP }).waitFor();
    await shot(e, "group-qr-joined-zh-390");

    for (const { errors } of [olivia, oliviaZh, daveCtx, erinCtx])
      expect(errors).toEqual([]);
    await Promise.all(
      [olivia, oliviaZh, daveCtx, erinCtx].map((c) => c.context.close()),
    );
  });
});
