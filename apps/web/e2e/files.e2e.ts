import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiSend,
  apiUser,
  sharedBrowser,
  logIn,
  newContext,
  Product,
  realtimeBound,
  screenshot,
  settledShot,
  resize,
} from "./harness";
import { pngFixture } from "./settings-helpers";

/*
 * Issue 10, the proof: Ann (English) sends Ben (Chinese) a picture, a pasted screenshot, a
 * voice clip recorded from Chromium's stand-in microphone, a video and a PDF; Ben sees each
 * arrive live and opens the picture's preview. Ann's file library finds them by category
 * and by name and forwards the PDF to two chats. Screenshots in en and zh.
 */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** A real two-second MP4 clip, recorded in the page from a canvas. */
async function mp4Fixture(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext("2d");
    if (!g) throw new Error("no 2d canvas");
    const recorder = new MediaRecorder(canvas.captureStream(15), {
      mimeType: "video/mp4;codecs=avc1",
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    recorder.start();
    let frame = 0;
    const timer = setInterval(() => {
      g.fillStyle = `hsl(${String((frame * 12) % 360)}, 70%, 50%)`;
      g.fillRect(0, 0, 320, 180);
      frame += 1;
    }, 60);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    clearInterval(timer);
    await new Promise((resolve) => {
      recorder.onstop = resolve;
      recorder.stop();
    });
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, "base64");
}

/** The messages of a chat as the wire gives them to one side. */
async function history(
  url: string,
  token: string,
  other: number,
): Promise<{ type: string; fileName: string; content: string }[]> {
  const list = await api(
    url,
    "/enterprise/im/getMessageList",
    { toContactId: other, is_group: 0, page: 1, limit: 50 },
    token,
  );
  return list.data as { type: string; fileName: string; content: string }[];
}

describe("files and media in the web client (issue 10)", () => {
  let product: Product;
  let browser: Browser;
  const suffix = randomBytes(3).toString("hex");

  beforeAll(async () => {
    product = new Product();
    await product.start();
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await browser.close();
    await product.dispose();
  });

  it("sends every kind of file; the other side sees each live; the library finds and forwards them", async () => {
    const url = product.url;
    const ann = await apiUser(url, `ann${suffix}`, "Ann Archer");
    const ben = await apiUser(url, `ben${suffix}`, "Ben Baker");
    const cat = await apiUser(url, `cat${suffix}`, "Cat Cooper");
    await apiSend(url, ben, ann, "Send me the files, please");
    await apiSend(url, cat, ann, "Hi Ann");

    const a = await newContext(browser, "en-US");
    const b = await newContext(browser, "zh-CN");
    await logIn(a.page, url, `ann${suffix}`);
    await logIn(b.page, url, `ben${suffix}`, "zh");
    await a.page
      .getByTestId("contact")
      .filter({ hasText: "Ben Baker" })
      .click();
    await a.page.getByRole("region", { name: "Ben Baker" }).waitFor();
    await b.page
      .getByTestId("contact")
      .filter({ hasText: "Ann Archer" })
      .click();
    await b.page.getByRole("region", { name: "Ann Archer" }).waitFor();
    await realtimeBound(b.page);

    // A picture, chosen with the image button.
    const png = await pngFixture(a.page, 640, 400);
    await a.page
      .getByTestId("pick-image")
      .setInputFiles({ name: "beach.png", mimeType: "image/png", buffer: png });
    await b.page.getByTestId("message-image").first().waitFor();
    await expect
      .poll(() =>
        b.page
          .getByTestId("message-image")
          .first()
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    // Ben opens it enlarged.
    await b.page.getByTestId("message-image").first().click();
    const preview = b.page.locator(".ant-image-preview-img");
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toMatch(/\/files\/\d+$/);
    // The toolbar downloads the original under its name (issue 51 item 18).
    const download = b.page.getByRole("link", { name: "下载 beach.png" });
    expect(await download.getAttribute("download")).toBe("beach.png");
    expect(await download.getAttribute("href")).toBe(
      await preview.getAttribute("src"),
    );
    await settledShot(b.page, "files-image-preview-zh");
    await b.page.keyboard.press("Escape");
    await preview.waitFor({ state: "hidden" });

    // A screenshot pasted into the editor goes, after a yes, as JPEG.
    const editor = a.page.getByLabel("Message", { exact: true });
    await editor.focus();
    await a.page.evaluate((b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "image.png", { type: "image/png" }));
      document.activeElement?.dispatchEvent(
        new ClipboardEvent("paste", {
          clipboardData: data,
          bubbles: true,
          cancelable: true,
        }),
      );
    }, png.toString("base64"));
    const confirm = a.page.getByRole("dialog", { name: "Send this picture?" });
    await confirm.getByRole("img", { name: "The picture to send" }).waitFor();
    // The dialog's code comes with the first picture pasted: it is still moving in.
    await settledShot(a.page, "files-paste-confirm-en");
    await confirm.getByRole("button", { name: "Send" }).click();
    await expect
      .poll(() => b.page.getByTestId("message-image").count())
      .toBe(2);

    // A voice clip from the stand-in microphone.
    await a.page
      .getByRole("button", { name: "Record a voice message" })
      .click();
    const recorder = a.page.getByRole("dialog", { name: "Voice message" });
    await recorder.getByRole("button", { name: "Start recording" }).click();
    // Stop shows only once more than a second is recorded.
    await recorder.getByRole("button", { name: "Stop" }).click();
    await screenshot(a.page, "files-voice-recorded-en");
    await recorder.getByRole("button", { name: "Send" }).click();
    await recorder.waitFor({ state: "hidden" });
    await b.page.getByTestId("voice-audio").waitFor({ state: "attached" });

    // A video, and a PDF with the file button.
    const mp4 = await mp4Fixture(a.page);
    await a.page
      .getByTestId("pick-video")
      .setInputFiles({ name: "trip.mp4", mimeType: "video/mp4", buffer: mp4 });
    await b.page.getByTestId("message-video").waitFor();
    await a.page.getByTestId("pick-file").setInputFiles({
      name: "Quarterly report 季度报告.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    const card = b.page
      .getByTestId("message-file")
      .filter({ hasText: "Quarterly report 季度报告.pdf" });
    await card.waitFor();
    expect(await card.getByRole("link").getAttribute("href")).toMatch(
      /\/files\/\d+\?download=1$/,
    );
    // Ann's own rows are stored: none is still on its way.
    await a.page
      .getByTestId("message-file")
      .filter({ hasText: "Quarterly report" })
      .getByRole("link")
      .waitFor();
    await screenshot(a.page, "files-chat-en");
    await screenshot(b.page, "files-chat-zh");

    // Emoji from the picker go into the text as glyphs; a right-click keeps one as a favourite.
    await a.page.getByRole("button", { name: "Emoji" }).click();
    const picker = a.page.getByRole("listbox", { name: "Emoji" });
    await picker.getByRole("option", { name: "😀" }).click({ button: "right" });
    await picker.getByRole("option", { name: "😀" }).click();
    await a.page.getByText("Gestures", { exact: true }).click();
    await picker.getByRole("option", { name: "👍" }).click();
    // The picker's own set (the side menu has a Favourites pane too).
    await a.page
      .locator(".ant-popover")
      .getByText("Favourites", { exact: true })
      .click();
    await expect.poll(() => picker.getByRole("option").count()).toBe(1);
    await screenshot(a.page, "files-emoji-favourites-en");
    await a.page.keyboard.press("Escape");
    expect(await editor.inputValue()).toBe("😀👍");
    await editor.press("Enter");
    await b.page.getByTestId("message").filter({ hasText: "😀👍" }).waitFor();

    // What the wire holds: each of the right type, the screenshot as JPEG, the clip's
    // length from its container.
    const held = await history(url, ben.token, ann.id);
    expect(held.map((m) => m.type)).toEqual([
      "text",
      "image",
      "image",
      "voice",
      "video",
      "file",
      "text",
    ]);
    expect(held[2]?.fileName).toMatch(/^screenshot-\d{8}-\d{6}\.jpg$/);

    // The library: every file, then pictures only, then by name, forwarded to two chats.
    await a.page.getByRole("button", { name: "Files" }).click();
    const cards = a.page.getByTestId("file-card");
    await expect.poll(() => cards.count()).toBe(4);
    await screenshot(a.page, "files-library-en");
    const types = a.page.getByRole("navigation", { name: "File types" });
    await types.getByText("Images", { exact: true }).click();
    await expect.poll(() => cards.count()).toBe(2);
    await types.getByText("All", { exact: true }).click();
    await expect.poll(() => cards.count()).toBe(4);
    // A clip previews in a player that loads it (a frame of opaque origin could not); a
    // PDF, which has no preview, says 'File not found' and offers the download.
    await cards.filter({ hasText: "trip.mp4" }).dblclick();
    const previewing = a.page.getByRole("dialog", { name: "trip.mp4" });
    await expect
      .poll(() =>
        previewing
          .locator("video")
          .evaluate((v: HTMLVideoElement) => v.readyState),
      )
      .toBeGreaterThan(0);
    await settledShot(a.page, "files-preview-video-en");
    await a.page.keyboard.press("Escape");
    await previewing.waitFor({ state: "hidden" });
    await cards.filter({ hasText: "Quarterly report" }).dblclick();
    const missing = a.page.getByRole("dialog", {
      name: "Quarterly report 季度报告.pdf",
    });
    await missing.getByText("File not found").waitFor();
    await a.page.keyboard.press("Escape");
    await missing.waitFor({ state: "hidden" });
    const search = a.page.getByLabel("Search files by name");
    await search.fill("quarterly");
    await search.press("Enter");
    await expect.poll(() => cards.count()).toBe(1);
    await cards
      .first()
      .getByRole("button", { name: /^Send Quarterly report/ })
      .click();
    const choose = a.page.getByRole("dialog", { name: "Send to chats" });
    await choose.getByRole("button", { name: "Confirm" }).click();
    await choose.getByText("Please select a chat target").waitFor();
    await choose.getByText("Ben Baker").click();
    await choose.getByText("Cat Cooper").click();
    await choose.getByRole("button", { name: "Add to selected" }).click();
    await screenshot(a.page, "files-choose-chats-en");
    await choose.getByRole("button", { name: "Confirm" }).click();
    await a.page.getByText("Sent successfully").waitFor();
    await expect.poll(() => b.page.getByTestId("message-file").count()).toBe(2);
    const toCat = await history(url, cat.token, ann.id);
    expect(toCat.at(-1)).toMatchObject({
      type: "file",
      fileName: "Quarterly report 季度报告.pdf",
    });

    // At 900 px: the library, then the chat with its files.
    await resize(a.page, { width: 900, height: 760 });
    await choose.waitFor({ state: "hidden" });
    await settledShot(a.page, "files-library-en-900");
    await a.page.getByRole("button", { name: "Messages", exact: true }).click();
    await a.page.getByTestId("message-file").first().waitFor();
    await screenshot(a.page, "files-chat-en-900");
    await resize(a.page, { width: 1280, height: 800 });

    // The side menu's mobile entry: a page with this server's address to open on a phone.
    await a.page.getByRole("button", { name: "Mobile app" }).click();
    await a.page
      .getByRole("heading", { name: "Parley on your phone" })
      .waitFor();
    await screenshot(a.page, "files-download-page-en");
    await a.page.getByRole("button", { name: "Back to chats" }).click();
    await a.page.getByRole("navigation", { name: "Main menu" }).waitFor();

    // The dark theme draws the clips and cards too (appearance.css keys off <html>).
    await a.page.evaluate(() =>
      document.documentElement.setAttribute("data-theme", "dark"),
    );
    await a.page
      .getByTestId("contact")
      .filter({ hasText: "Ben Baker" })
      .click();
    await a.page.getByTestId("message-file").first().waitFor();
    await screenshot(a.page, "files-chat-dark-en");

    // Ben's library in Chinese, at a phone's width.
    await resize(b.page, { width: 390, height: 760 });
    await b.page.getByRole("button", { name: "返回会话列表" }).click();
    await b.page.getByRole("button", { name: "文件", exact: true }).click();
    // His four: the PDF Ann passed on to him again is the one he has, listed once
    // (issue 51 item 18).
    await expect.poll(() => b.page.getByTestId("file-card").count()).toBe(4);
    await screenshot(b.page, "files-library-zh-390");
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
