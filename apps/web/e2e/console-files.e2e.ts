import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  adminConsole,
  apiUser,
  bubbles,
  logIn,
  newContext,
  productAndBrowser,
  realtimeBound,
  settledShot,
  resize,
} from "./harness";

/*
 * Issue 12 on the web: the console's files. A user sends a picture and a document; the
 * administrator finds both on /manage/files, filters by category and name, previews the
 * picture, and removes it: the receiver's open chat shows the message masked at once.
 * Photographed in en and zh, and at 900 px.
 */
const { product, browser } = productAndBrowser();
const url = () => product().url;

/** Sends a file over the wire. */
async function sendFile(
  from: { token: string },
  to: { id: number },
  bytes: Buffer,
  name: string,
  type: "image" | "file",
): Promise<void> {
  const form = new FormData();
  form.append(
    "message",
    JSON.stringify({ id: randomUUID(), type, toContactId: to.id }),
  );
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${url()}/common/upload/uploadFile`, {
    method: "POST",
    headers: { Authorization: from.token },
    body: form,
  });
  const answer = (await res.json()) as { code: number };
  if (answer.code !== 0) throw new Error(`could not upload ${name}`);
}

describe("the console's files page", () => {
  it("lists, filters, previews and removes a file; the chat shows it masked live", async () => {
    const suffix = randomBytes(3).toString("hex");
    const sender = await apiUser(url(), `fsend${suffix}`, "Fiona Sender");
    const receiver = await apiUser(url(), `frecv${suffix}`, "Felix Receiver");
    const png = await sharp({
      create: { width: 160, height: 120, channels: 3, background: "#2f7bd8" },
    })
      .png()
      .toBuffer();
    await sendFile(sender, receiver, png, `holiday-${suffix}.png`, "image");
    await sendFile(
      sender,
      receiver,
      Buffer.from("Quarterly figures, draft 2"),
      `figures-${suffix}.txt`,
      "file",
    );

    // The receiver's chat is open on the picture.
    const { page: r } = await newContext(browser(), "en-US");
    await logIn(r, url(), `frecv${suffix}`);
    await realtimeBound(r);
    await r.getByTestId("contact").filter({ hasText: "Fiona Sender" }).click();
    const sentPicture = bubbles(r).locator('img[src*="/files/"]');
    await sentPicture.first().waitFor();

    const a = await adminConsole(browser(), url(), "en-US", "files");
    const picture = a
      .locator(".ant-table-row")
      .filter({ hasText: `holiday-${suffix}.png` });
    await picture.waitFor();
    const text = (await picture.textContent()) ?? "";
    expect(text).toContain("Fiona Sender");
    expect(text).toContain("Images");
    expect(text).toContain("In 1 message");
    await settledShot(a, "console-files-en");

    // By category: documents hide the picture; by name: only the document.
    await a.locator(".ant-segmented").getByText("Documents").click();
    await a
      .locator(".ant-table-row")
      .filter({ hasText: `figures-${suffix}.txt` })
      .waitFor();
    await expect.poll(() => picture.count()).toBe(0);
    await a.locator(".ant-segmented").getByText("All").click();
    await a.getByLabel("Search file names").fill(`holiday-${suffix}`);
    await a.getByLabel("Search file names").press("Enter");
    await expect.poll(() => a.locator(".ant-table-row").count()).toBe(1);

    // Preview.
    await picture.getByRole("button", { name: "Preview" }).click();
    const overlay = a.locator(
      ".ant-modal-wrap:not([style*='display: none']) .ant-modal",
    );
    await overlay.getByText(`holiday-${suffix}.png`).waitFor();
    await settledShot(a, "console-files-preview-en");
    await a.keyboard.press("Escape");
    await overlay.waitFor({ state: "hidden" });

    // Remove: the receiver's chat shows the message masked at once.
    await picture.getByRole("button", { name: "Remove" }).click();
    const confirm = a.locator(".ant-popover:not(.ant-popover-hidden)");
    await confirm
      .getByText("The 1 message carrying it is masked for everyone", {
        exact: false,
      })
      .waitFor();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await a.getByText("File removed; its messages are masked").waitFor();
    await expect.poll(() => picture.count()).toBe(0);
    await bubbles(r)
      .filter({ hasText: "[该消息涉嫌违规，已被屏蔽]" })
      .waitFor();
    expect(await sentPicture.count()).toBe(0);

    // Chinese, and 900 px.
    const z = await adminConsole(browser(), url(), "zh-CN", "files");
    await z
      .locator(".ant-table-row")
      .filter({ hasText: `figures-${suffix}.txt` })
      .waitFor();
    await settledShot(z, "console-files-zh");
    await resize(z, { width: 900, height: 800 });
    await settledShot(z, "console-files-900-zh");
  });

  it("uploads a logo in Settings; the sign-in page shows it", async () => {
    const a = await adminConsole(browser(), url(), "en-US", "files");
    await a.goto(`${url()}/#/manage/setting`);
    const logo = a.getByLabel("Logo address");
    await logo.waitFor();
    const png = await sharp({
      create: { width: 600, height: 200, channels: 3, background: "#d46b08" },
    })
      .png()
      .toBuffer();
    await a
      .locator("input[type=file][accept*='image/png']")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await expect
      .poll(() => logo.inputValue())
      .toMatch(/^\/storage\/logo\/\w+\.png$/);
    await a.getByAltText("The logo").waitFor();
    await settledShot(a, "console-settings-logo-en");
    await a.getByRole("button", { name: "Save" }).first().click();
    await a.getByText("Settings saved").first().waitFor();

    const { page: visitor } = await newContext(browser(), "en-US");
    await visitor.goto(`${url()}/#/login`);
    const shown = visitor.locator("header img");
    await shown.waitFor();
    expect(await shown.getAttribute("src")).toBe(await logo.inputValue());
    expect(
      await shown.evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(512);
    await settledShot(visitor, "login-logo-en");
  });
});
