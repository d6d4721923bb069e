import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The server tests' real SMTP server (the smtp-server package): the product mails codes there.
import { startSmtpSink, type SmtpSink } from "../../server/test/smtp-sink";
import {
  api,
  apiLogin,
  apiSend,
  apiUser,
  bubbles,
  sharedBrowser,
  logIn,
  logInByForm,
  newContext,
  Product,
  realtimeBound,
  signUp,
  resize,
} from "./harness";
import {
  chimes,
  closeTop,
  countChimes,
  dialogNamed,
  openSettings,
  pngFixture,
  shot,
  showTab,
  WIDTHS,
  WORDS,
} from "./settings-helpers";

/*
 * Issue 9, item 4: the Settings dialog, as Sam (English) and 超长名字 (Chinese) use it. Sam
 * edits the profile, changes the password while a second browser of Sam's is signed in
 * (that one is logged out), uploads a cropped photo, turns every Common setting the other
 * way (kept after a reload and in a third browser after login, dark theme visible), hears
 * the new-message sound only when it should, and finally moves to an email account whose
 * code arrives at a local SMTP server, landing on /login. About in a demo-mode server,
 * photographed in en and zh at 1280, 900 and 390 px; every other tab and dialog is drawn
 * and photographed at those widths by SettingsModal.screen.test.tsx (no server needed).
 */

let smtp: SmtpSink;
let product: Product;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  product = new Product({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: "0",
  });
  await product.start();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser.close();
  await product.dispose();
  await smtp.close();
});

const suffix = randomBytes(3).toString("hex");
const sam = `sam${suffix}`;
const newAccount = `sam.${suffix}@example.com`;
const url = () => product.url;

describe("settings in the web client", () => {
  let samPage: Page;
  let samContext: BrowserContext;
  let errors: string[];

  it("edits the profile with the counter and the rules, and uploads a cropped photo", async () => {
    const opened = await newContext(browser, "en-US");
    samContext = opened.context;
    samPage = opened.page;
    errors = opened.errors;
    await countChimes(samContext);
    await signUp(samPage, url(), sam, "Sam");
    const settings = await openSettings(samPage, "en");

    // The motto's counter is on screen from the start, and counts as Sam types.
    await settings.getByText("0 / 100").waitFor();
    const nickname = settings.getByLabel("Nickname");
    expect(await nickname.getAttribute("maxlength")).toBe("20");
    await nickname.fill("S");
    await settings.getByLabel("Email").fill("not-an-email");
    await settings.getByRole("button", { name: "Save profile" }).click();
    await settings.getByText("A nickname is 2 to 16 characters long").waitFor();
    await settings
      .getByText("Enter a valid email address of up to 120 characters")
      .waitFor();
    await shot(samPage, "settings-profile-errors-en");

    await nickname.fill("Samantha Sparks");
    await settings.getByLabel("Email").fill("sam@example.com");
    await settings.getByRole("radio", { name: "Female" }).check();
    await settings.getByLabel("Bio").fill("Tea, trains and tidy settings.");
    await settings.getByText("30 / 100").waitFor();
    await settings.getByRole("button", { name: "Save profile" }).click();
    await samPage.getByText("Profile saved").waitFor();
    // The dialog's header shows the name as stored.
    await settings.getByText("Samantha Sparks", { exact: true }).waitFor();
    const session = await apiLogin(url(), sam);
    const stored = await api(
      url(),
      "/enterprise/im/getUserInfo",
      { user_id: session.id },
      session.token,
    );
    expect(stored.data).toMatchObject({
      realname: "Samantha Sparks",
      email: "sam@example.com",
      sex: 0,
      motto: "Tea, trains and tidy settings.",
    });

    // A picture over 5 MB, or not a picture, is refused before anything is sent.
    const fileInput = settings.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await samPage
      .getByText("This picture is larger than 5 MB. Choose a smaller one.")
      .waitFor();
    await fileInput.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await samPage.getByText("Choose a JPG, PNG or GIF picture").waitFor();
    expect(await dialogNamed(samPage, "Crop your photo").count()).toBe(0);

    // A real one opens the crop dialog; the cropped 240×240 becomes the avatar.
    await fileInput.setInputFiles({
      name: "portrait.png",
      mimeType: "image/png",
      buffer: await pngFixture(samPage, 900, 600),
    });
    const crop = dialogNamed(samPage, "Crop your photo");
    await crop.waitFor();
    await shot(samPage, "settings-crop-dialog-en");
    const upload = samPage.waitForResponse((r) =>
      r.url().endsWith("/common/upload/uploadAvatar"),
    );
    await crop.getByRole("button", { name: "Use this photo" }).click();
    const answer = (await (await upload).json()) as {
      code: number;
      data: string;
    };
    expect(answer.code).toBe(0);
    await samPage.getByText("Photo updated").waitFor();
    const avatar = settings.locator(".ant-avatar img").first();
    await expect
      .poll(() => avatar.getAttribute("src"))
      .toContain("/storage/avatar/");
    const served = await fetch(new URL(answer.data, url()));
    expect(served.ok).toBe(true);
    // The server stores what it was sent as a 240×240 PNG.
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.readUInt32BE(16)).toBe(240);
    expect(bytes.readUInt32BE(20)).toBe(240);
    // The side menu shows it too.
    await expect
      .poll(() =>
        samPage
          .getByRole("navigation", { name: "Main menu" })
          .locator(".ant-avatar img")
          .getAttribute("src"),
      )
      .toContain("/storage/avatar/");
    await shot(samPage, "settings-avatar-done-en");
    await closeTop(samPage, settings);
  });

  it("changes the password with the old one; another browser of Sam's is logged out", async () => {
    const other = await newContext(browser, "en-US");
    await logIn(other.page, url(), sam);

    const settings = await openSettings(samPage, "en");
    await settings.getByRole("button", { name: "Change password" }).click();
    const dialog = dialogNamed(samPage, "Change password");
    await dialog.waitFor();
    // Sam's account is not verified: the current password proves it, no code is asked.
    expect(await dialog.getByLabel("Verification code").count()).toBe(0);
    await dialog.getByLabel("Current password").fill("secret12");
    await dialog.getByLabel("New password", { exact: true }).fill("secret34");
    await dialog.getByLabel("Confirm new password").fill("secret35");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await dialog.getByText("The two passwords don't match").waitFor();
    await shot(samPage, "settings-password-mismatch-en");
    // A wrong current password: the server's refusal is shown.
    await dialog.getByLabel("Confirm new password").fill("secret34");
    await dialog.getByLabel("Current password").fill("wrong-pass");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await samPage.getByTestId("toast").first().waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Current password").fill("secret12");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await samPage
      .getByText("Password changed. Your other devices have been logged out.")
      .waitFor();
    await dialog.waitFor({ state: "hidden" });
    await closeTop(samPage, settings);

    // The other browser: its socket is closed at once, its next request ends the session.
    await other.page
      .getByText(
        "Connection lost. New messages will appear as soon as it's back.",
      )
      .waitFor();
    await other.page.reload();
    await other.page
      .getByRole("dialog", { name: "Your session has ended" })
      .first()
      .waitFor();
    await shot(other.page, "settings-other-browser-logged-out-en");
    // Two requests refused more than the dialog debounce apart can each raise the dialog:
    // the one on top answers.
    await other.page
      .getByRole("button", { name: "Log in again" })
      .last()
      .click();
    await other.page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await other.context.close();

    // This browser stays signed in, and the new password works.
    await samPage.reload();
    await samPage.getByRole("navigation", { name: "Main menu" }).waitFor();
    expect((await apiLogin(url(), sam, "secret34")).id).toBeGreaterThan(0);
  });

  it("plays the new-message sound only for chats not open, and only when it is on", async () => {
    const dora = await apiUser(url(), `dora${suffix}`, "Dora");
    const me = await apiLogin(url(), sam, "secret34");
    // The page needs a gesture before it may play sound.
    await samPage.mouse.click(5, 5);
    // A message sent before the socket is bound shows in the list without being pushed.
    await realtimeBound(samPage);
    const before = await chimes(samPage);
    await apiSend(url(), dora, me, "Hello from Dora");
    await samPage.getByTestId("contact").filter({ hasText: "Dora" }).waitFor();
    await expect.poll(() => chimes(samPage)).toBe(before + 1);

    // In the open chat, no sound.
    await samPage.getByTestId("contact").filter({ hasText: "Dora" }).click();
    await samPage.getByRole("region", { name: "Dora" }).waitFor();
    await samPage.waitForTimeout(1100);
    await apiSend(url(), dora, me, "Are you there?");
    await bubbles(samPage).filter({ hasText: "Are you there?" }).waitFor();
    await samPage.waitForTimeout(300);
    expect(await chimes(samPage)).toBe(before + 1);
  });

  it("turns every Common setting the other way: drawn at once, kept after a reload and in another browser", async () => {
    const settings = await openSettings(samPage, "en");
    await showTab(settings, "General");
    const root = samPage.locator("html");
    await settings.getByRole("switch", { name: "Round avatars" }).click();
    await expect.poll(() => root.getAttribute("data-avatar")).toBe("round");
    await settings.getByRole("switch", { name: "Hide names in chats" }).click();
    await expect
      .poll(() => root.getAttribute("data-hide-names"))
      .not.toBeNull();
    await settings.getByRole("switch", { name: "Hide message times" }).click();
    await expect
      .poll(() => root.getAttribute("data-hide-times"))
      .not.toBeNull();
    await settings.getByRole("switch", { name: "New message sound" }).click();
    await settings
      .getByRole("radio", { name: "Ctrl+Enter to send, Enter for a new line" })
      .check();
    await settings.getByText("Blue", { exact: true }).click();
    await expect.poll(() => root.getAttribute("data-theme")).toBe("blue");
    await shot(samPage, "settings-theme-blue-en");
    await settings.getByText("Dark", { exact: true }).click();
    await expect.poll(() => root.getAttribute("data-theme")).toBe("dark");
    await shot(samPage, "settings-common-dark-en");
    await closeTop(samPage, settings);

    // Dark is drawn: the page, the chat window and antd's own surfaces.
    const background = (selector: string) =>
      samPage
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background("body")).toBe("rgb(20, 20, 20)");
    expect(await background('[class*="_window_"]')).toBe("rgb(31, 31, 31)");
    // Hidden names and times, round avatars, in the open chat.
    const firstRow = bubbles(samPage).first();
    expect(
      await firstRow
        .locator('[class*="_runName_"]')
        .evaluate((el) => getComputedStyle(el).display),
    ).toBe("none");
    expect(
      await firstRow
        .locator(".ant-avatar")
        .evaluate((el) => getComputedStyle(el).borderRadius),
    ).toBe("50%");
    // The time divider above the first message is hidden with the times.
    expect(
      await samPage
        .locator('[data-item-index] > [class*="_divider_"]')
        .first()
        .evaluate((el) => getComputedStyle(el).display),
    ).toBe("none");
    await shot(samPage, "chat-dark-round-hidden-en");

    // The sound is off now: Dora's next message, in a chat not open, is silent. (A reload
    // closes the chat and starts the count afresh.)
    await samPage.reload();
    await samPage.getByRole("navigation", { name: "Main menu" }).waitFor();
    await samPage.mouse.click(5, 5);
    await realtimeBound(samPage);
    const dora = await apiLogin(url(), `dora${suffix}`);
    const me = await apiLogin(url(), sam, "secret34");
    await apiSend(url(), dora, me, "Quiet now?");
    await samPage
      .getByTestId("contact")
      .filter({ hasText: "Quiet now?" })
      .waitFor();
    await samPage.waitForTimeout(500);
    expect(await chimes(samPage)).toBe(0);

    const expectAll = async (page: Page) => {
      const html = page.locator("html");
      await expect.poll(() => html.getAttribute("data-theme")).toBe("dark");
      expect(await html.getAttribute("data-avatar")).toBe("round");
      expect(await html.getAttribute("data-hide-names")).not.toBeNull();
      expect(await html.getAttribute("data-hide-times")).not.toBeNull();
      const dialog = await openSettings(page, "en");
      await showTab(dialog, "General");
      for (const name of [
        "Round avatars",
        "Hide names in chats",
        "Hide message times",
      ])
        expect(
          await dialog
            .getByRole("switch", { name })
            .getAttribute("aria-checked"),
        ).toBe("true");
      expect(
        await dialog
          .getByRole("switch", { name: "New message sound" })
          .getAttribute("aria-checked"),
      ).toBe("false");
      expect(
        await dialog
          .getByRole("radio", {
            name: "Ctrl+Enter to send, Enter for a new line",
          })
          .isChecked(),
      ).toBe(true);
      expect(
        await dialog.getByRole("radio", { name: "Dark" }).isChecked(),
      ).toBe(true);
      await closeTop(page, dialog);
    };

    // After a reload.
    await samPage.reload();
    await samPage.getByRole("navigation", { name: "Main menu" }).waitFor();
    await expectAll(samPage);

    // In another browser, after logging in: the settings come from the server.
    const third = await newContext(browser, "en-US");
    await logIn(third.page, url(), sam, "en", { password: "secret34" });
    await expectAll(third.page);
    await shot(third.page, "settings-second-browser-dark-en");
    expect(third.errors).toEqual([]);
    await third.context.close();
  });

  it("changes the account with a code mailed to the new one, lands on /login, and logs in with it", async () => {
    const settings = await openSettings(samPage, "en");
    await settings.getByRole("button", { name: "Change account" }).click();
    const dialog = dialogNamed(samPage, "Change account");
    await dialog.waitFor();
    // Not verified yet: only the new account's code is asked for.
    expect(
      await dialog.getByLabel("Code for your current account").count(),
    ).toBe(0);
    await dialog.getByRole("button", { name: "Change account" }).click();
    await dialog
      .getByText("Enter a valid phone number or email address")
      .waitFor();
    await dialog.getByLabel("New account", { exact: true }).fill(newAccount);
    await dialog.getByRole("button", { name: "Send code" }).click();
    const code = await smtp.nextCode(newAccount);
    await dialog.getByLabel("Code for your new account").fill(code);
    await shot(samPage, "settings-change-account-filled-en");
    await dialog.getByRole("button", { name: "Change account" }).click();
    await samPage.waitForURL(/#\/login/);
    const heading = samPage.getByRole("heading", { name: "Welcome back" });
    await heading.waitFor();
    // Sam's dark theme stays on the page; the login card stays light, its words dark.
    expect(
      await samPage.evaluate(() => document.documentElement.dataset.theme),
    ).toBe("dark");
    expect(await heading.evaluate((h) => getComputedStyle(h).color)).toBe(
      "rgb(29, 33, 41)",
    );
    await samPage
      .getByText("Account changed. Log in with your new account.")
      .waitFor();
    await shot(samPage, "settings-account-changed-login-en");

    // The old account is gone; the new one logs in, now verified.
    const old = await api(url(), "/common/pub/login", {
      account: sam,
      password: "secret34",
    });
    expect(old.code).not.toBe(0);
    await logInByForm(samPage, url(), newAccount, "en", "secret34");
    const again = await openSettings(samPage, "en");
    await again.getByText(newAccount).first().waitFor();
    await again.getByRole("button", { name: "Change password" }).click();
    const password = dialogNamed(samPage, "Change password");
    await password.waitFor();
    // A verified account proves a password change with its current password and a code
    // sent to it (SPEC §5; issue 51 item 10).
    await password.getByLabel("Verification code").waitFor();
    expect(await password.getByLabel("Current password").count()).toBe(1);
    await shot(samPage, "settings-password-verified-en");
    expect(errors).toEqual([]);
    await samContext.close();
  });
});

describe("About, in demo mode", () => {
  let demo: Product;
  beforeAll(async () => {
    demo = new Product({ DEMO_MODE: "1" });
    await demo.start();
  });
  afterAll(async () => {
    await demo.dispose();
  });

  it.each(["en", "zh"] as const)(
    "shows the product and version 9.5.0 in %s",
    async (lang) => {
      const { context, page, errors } = await newContext(
        browser,
        lang === "en" ? "en-US" : "zh-CN",
      );
      await logIn(page, demo.url, "admin", lang, {
        password: "admin-pass1",
        route: "/chat",
      });
      for (const size of WIDTHS) {
        await resize(page, { width: size.width, height: size.height });
        const settings = await openSettings(page, lang);
        await showTab(settings, WORDS[lang].aboutTab);
        await settings
          .getByText(lang === "en" ? "Version 9.5.0" : "版本 9.5.0")
          .waitFor();
        await settings.getByText("Parley", { exact: true }).waitFor();
        await shot(page, `settings-about-${lang}-${size.name}`);
        await closeTop(page, settings);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
