import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiLogin,
  apiSend,
  apiUser,
  launchOwnBrowser,
  sharedBrowser,
  logIn,
  newContext,
  Product,
  realtimeBound,
  screenshot,
  settledShot,
  resize,
} from "./harness";

/*
 * Issue 13 on the web: one-to-one calls between two real Chromium instances with Chromium's
 * stand-in camera and microphone, over loopback. Ann (English) video-calls Bob (Chinese):
 * the outgoing and incoming overlays, Bob answers, both peer connections carry video (frames
 * decoded by each side's <video>), the time in call runs, the quality line reads getStats,
 * Ann shares her screen and stops,
 * Ann hangs up and both chats show the record with its duration. Then Bob calls Ann, who
 * declines; Cat's call to a busy Bob shows the busy state; Cat's unanswered call hangs up at
 * the end of its 40-second countdown (the page's clock fast-forwarded); video calls switched
 * off take the video icon away live, and calls switched off both icons.
 */
let product: Product;
let browserA: Browser;
let browserB: Browser;
const url = () => product.url;
const suffix = randomBytes(3).toString("hex");
let adminToken = "";

beforeAll(async () => {
  product = new Product();
  await product.start();
  // Two browsers, as two people on two machines.
  browserA = await sharedBrowser();
  browserB = await sharedBrowser();
  adminToken = (await apiLogin(url(), "admin", "admin-pass1")).token;
  await setCalls("1");
});
afterAll(async () => {
  await browserA.close();
  await browserB.close();
  await product.dispose();
});

async function setCalls(
  webrtc: "0" | "1",
  videoCall: "0" | "1" = "1",
): Promise<void> {
  const saved = await api(
    url(),
    "/manage/config/setConfig",
    { name: "chatInfo", value: { webrtc, videoCall } },
    adminToken,
  );
  expect(saved.code).toBe(0);
}

/** A person signed in, with the chat with `peer` open. */
async function openChat(
  browser: Browser,
  account: string,
  peer: string,
  lang: "en" | "zh",
): Promise<Page> {
  const { page } = await newContext(browser, lang === "zh" ? "zh-CN" : "en-US");
  await logIn(page, url(), account, lang);
  await realtimeBound(page);
  await page.getByTestId("contact").filter({ hasText: peer }).click();
  return page;
}

const overlay = (page: Page) => page.locator("[data-call-status]");

/** Frames the other side's <video> has decoded so far (named in the page's language). */
const framesDecoded = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate(
      (video: HTMLVideoElement) =>
        video.getVideoPlaybackQuality().totalVideoFrames,
    );

const shot = settledShot;

const records = (page: Page) => page.getByTestId("call-record");

describe("calls between two browsers", () => {
  it("video call answered, media both ways, timer, hang up and records; declined; busy; countdown; calls off", async () => {
    const ann = await apiUser(url(), `ann${suffix}`, "Ann Caller");
    const bob = await apiUser(url(), `bob${suffix}`, "Bob 接听者");
    const cat = await apiUser(url(), `cat${suffix}`, "Cat Third");
    const dee = await apiUser(url(), `dee${suffix}`, "Dee 第四");
    await apiSend(url(), dee, bob, "我也是");
    await apiSend(url(), ann, bob, "call me?");
    await apiSend(url(), cat, bob, "me too");

    const a = await openChat(browserA, `ann${suffix}`, "Bob 接听者", "en");
    const b = await openChat(browserB, `bob${suffix}`, "Ann Caller", "zh");
    // Bob's second device: it rings too, and stops when the first answers.
    const b2 = await openChat(browserB, `bob${suffix}`, "Ann Caller", "zh");

    // Ann starts a video call: her overlay counts down, Bob's rings.
    await a.getByRole("button", { name: "Video call" }).click();
    await expect
      .poll(() => overlay(a).getAttribute("data-call-status"))
      .toBe("1");
    await overlay(a)
      .getByText(/hangs up in \d+ s/)
      .waitFor();
    await expect
      .poll(() => overlay(b).getAttribute("data-call-status"))
      .toBe("3");
    await overlay(b).getByText("视频通话来电").waitFor();
    await shot(a, "call-outgoing-en");
    await shot(b, "call-incoming-zh");

    await expect
      .poll(() => overlay(b2).getAttribute("data-call-status"))
      .toBe("3");
    // Bob answers: both connect and each side decodes the other's video.
    await overlay(b).getByRole("button", { name: "接听" }).click();
    await overlay(b2).waitFor({ state: "detached" });
    await b2.context().close();
    for (const [page, label] of [
      [a, "The other side's video"],
      [b, "对方的视频"],
    ] as const) {
      await expect
        .poll(() => overlay(page).getAttribute("data-call-status"))
        .toBe("2");
      await expect
        .poll(() => framesDecoded(page, label), { timeout: 30_000 })
        .toBeGreaterThan(5);
    }
    // The time in call runs (hours, minutes, seconds), and getStats feeds the quality line.
    const timer = overlay(a).getByRole("status");
    await expect
      .poll(() => timer.textContent(), { timeout: 15_000 })
      .toMatch(/^\d\d:\d\d:\d\d$/);
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent()).not.toBe(first);
    await overlay(a).getByTestId("call-quality").waitFor({ timeout: 15_000 });
    expect(await overlay(a).getByTestId("call-quality").textContent()).toMatch(
      /Connection (good|fair|poor)/,
    );
    // The microphone toggles.
    await overlay(a).getByRole("button", { name: "Mute" }).click();
    await overlay(a).getByRole("button", { name: "Unmute" }).waitFor();
    // Beyond SPEC: Ann shares her screen instead of her camera; Bob's video goes on.
    await overlay(a).getByRole("button", { name: "Share screen" }).click();
    await overlay(a).getByRole("button", { name: "Stop sharing" }).waitFor();
    const before = await framesDecoded(b, "对方的视频");
    await expect
      .poll(() => framesDecoded(b, "对方的视频"))
      .toBeGreaterThan(before + 5);
    await overlay(a).getByRole("button", { name: "Stop sharing" }).click();
    await overlay(a).getByRole("button", { name: "Share screen" }).waitFor();
    await shot(a, "call-in-video-en");
    await shot(b, "call-in-video-zh");
    await resize(b, { width: 390, height: 844 });
    await shot(b, "call-in-video-390-zh");
    await resize(b, { width: 1280, height: 800 });

    // Ann hangs up: both overlays close, both chats show the call's record with its time.
    await overlay(a).getByRole("button", { name: "Hang up" }).click();
    for (const page of [a, b])
      await overlay(page).waitFor({ state: "detached" });
    await expect
      .poll(() => records(a).last().textContent())
      .toMatch(/^Call time 00:00:\d\d$/);
    await expect
      .poll(() => records(b).last().textContent())
      .toMatch(/^通话时长 00:00:\d\d$/);
    await shot(a, "call-record-en");

    // Bob calls Ann (voice); she declines. Each side reads the record its own way.
    await b.getByRole("button", { name: "语音通话" }).click();
    await overlay(a).getByText("Incoming voice call").waitFor();
    await overlay(b)
      .getByText(/正在呼叫/)
      .waitFor();
    await shot(b, "call-outgoing-zh");
    await shot(a, "call-incoming-en");
    await overlay(a).getByRole("button", { name: "Decline" }).click();
    await overlay(b).waitFor({ state: "detached" });
    await expect.poll(() => records(a).last().textContent()).toBe("Declined");
    await expect.poll(() => records(b).last().textContent()).toBe("对方已拒绝");

    // Ann and Bob in a call again; Cat finds Bob busy.
    await a.getByRole("button", { name: "Voice call" }).click();
    await overlay(b).getByRole("button", { name: "接听" }).click();
    await expect
      .poll(() => overlay(a).getAttribute("data-call-status"))
      .toBe("2");
    const c = await openChat(browserA, `cat${suffix}`, "Bob 接听者", "en");
    await c.getByRole("button", { name: "Voice call" }).click();
    await overlay(c).getByText("The other side is in another call").waitFor();
    expect(await overlay(c).getAttribute("data-call-status")).toBe("4");
    await shot(c, "call-busy-en");
    // The same in Chinese: Dee, on another machine, finds Bob busy too.
    const d = await openChat(browserB, `dee${suffix}`, "Bob 接听者", "zh");
    await d.getByRole("button", { name: "视频通话" }).click();
    await overlay(d).getByText("对方正在通话中").waitFor();
    await shot(d, "call-busy-zh");
    await shot(a, "call-in-voice-en");
    await overlay(c).waitFor({ state: "detached" });
    await expect.poll(() => records(c).last().textContent()).toBe("Busy");
    await overlay(b).getByRole("button", { name: "挂断" }).click();
    await overlay(a).waitFor({ state: "detached" });

    // Cat calls Bob, who does not answer: at the end of the countdown Cat's call hangs up.
    await c.clock.install();
    await c.getByRole("button", { name: "Voice call" }).click();
    await overlay(b).getByText("语音通话来电").waitFor();
    await Promise.all([
      c.getByText("No answer").waitFor(),
      c.clock.fastForward(41_000),
    ]);
    await overlay(c).waitFor({ state: "detached" });
    await overlay(b).waitFor({ state: "detached" });
    await expect.poll(() => records(c).last().textContent()).toBe("Cancelled");
    await b.getByTestId("contact").filter({ hasText: "Cat Third" }).click();
    await expect.poll(() => records(b).last().textContent()).toBe("未接来电");

    // A tab closed in the middle of a call: the server ends it, Bob's overlay closes and
    // his record keeps the time in call.
    await b.getByTestId("contact").filter({ hasText: "Ann Caller" }).click();
    await a.getByRole("button", { name: "Voice call" }).click();
    await overlay(b).getByRole("button", { name: "接听" }).click();
    await expect
      .poll(() => overlay(a).getAttribute("data-call-status"))
      .toBe("2");
    await a.context().close();
    await overlay(b).waitFor({ state: "detached" });
    await expect
      .poll(() => records(b).last().textContent())
      .toMatch(/^通话时长 00:00:\d\d$/);

    // Video calls switched off: only the video icon leaves the title bar, at once.
    await setCalls("1", "0");
    await c
      .getByRole("button", { name: "Video call" })
      .waitFor({ state: "detached" });
    await c.getByRole("button", { name: "Voice call" }).waitFor();
    await screenshot(c, "call-video-off-en");

    // Calls switched off: the icons leave the title bar at once.
    await setCalls("0");
    await c
      .getByRole("button", { name: "Voice call" })
      .waitFor({ state: "detached" });
    expect(await c.getByRole("button", { name: "Video call" }).count()).toBe(0);
    await setCalls("1");
  });

  it("a browser with no camera or microphone is told so, in en and zh, and nothing rings", async () => {
    const dan = `dan${suffix}`;
    const eve = await apiUser(url(), `eve${suffix}`, "Eve 无设备");
    await apiSend(url(), eve, await apiUser(url(), dan, "Dan NoDevice"), "hi");
    // A browser started without the stand-in devices: this machine has no camera.
    const bare = await launchOwnBrowser();
    try {
      for (const lang of ["en", "zh"] as const) {
        const page = await openChat(bare, dan, "Eve 无设备", lang);
        const evePage = await openChat(
          browserB,
          `eve${suffix}`,
          "Dan NoDevice",
          lang,
        );
        const text =
          lang === "en"
            ? "Your camera or microphone isn't connected, or the browser isn't allowed to use it"
            : "摄像头或麦克风未连接，或浏览器未获得使用权限";
        await page
          .getByRole("button", {
            name: lang === "en" ? "Voice call" : "语音通话",
          })
          .click();
        await page.getByText(text).waitFor();
        await shot(page, `call-no-device-${lang}`);
        expect(await overlay(page).count()).toBe(0);
        expect(await overlay(evePage).count()).toBe(0);
        expect(await records(page).count()).toBe(0);
        await page.context().close();
        await evePage.context().close();
      }
    } finally {
      await bare.close();
    }
  });
});
