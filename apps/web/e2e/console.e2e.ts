import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiLogin,
  apiSend,
  apiUser,
  bubbles,
  sharedBrowser,
  logIn,
  newContext,
  Product,
  realtimeBound,
  settledShot,
  resize,
} from "./harness";

/*
 * Issue 12 on the web: the console. The administrator adds a user and disables another,
 * whose open chat is signed out at once; switches the run mode and a signed-in client
 * follows live; sends a test email through a real local SMTP server; masks a message from
 * the message centre and the chat shows the mask live; closes the system and a user is
 * sent to the closing notice; reads the audit log. Every console page is photographed in
 * English and Chinese, the users page at 900 and 390 px too.
 */

interface Mail {
  to: string[];
  raw: string;
}
const mails: Mail[] = [];
let smtp: SMTPServer;
let product: Product;
let browser: Awaited<ReturnType<typeof sharedBrowser>>;
const url = () => product.url;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  // No SMTP_* here: the administrator sets mail up in the console.
  product = new Product();
  await product.start();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser.close();
  await product.dispose();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** A picture once dialogs and popups have stopped moving (harness.ts). */
const shot = settledShot;

/** The `statistics` pushes each administrator's page received, by page. */
const statistics = new WeakMap<Page, Array<{ onlineCount: number }>>();

/** Logs the administrator in and opens a console page. */
async function adminPage(locale: "en-US" | "zh-CN"): Promise<Page> {
  const { page } = await newContext(browser, locale);
  const pushed: Array<{ onlineCount: number }> = [];
  statistics.set(page, pushed);
  page.on("websocket", (socket) => {
    socket.on("framereceived", ({ payload }) => {
      const frame = JSON.parse(String(payload)) as {
        type: string;
        data: { onlineCount: number };
      };
      if (frame.type === "statistics") pushed.push(frame.data);
    });
  });
  await logIn(page, url(), "admin", locale === "zh-CN" ? "zh" : "en", {
    password: "admin-pass1",
  });
  return page;
}

async function openConsole(page: Page, path: string): Promise<void> {
  await page.goto(`${url()}/#/manage/${path}`);
  await page.locator(".ant-layout-content").waitFor();
}

/** The table row that shows this text. */
const tableRow = (page: Page, text: string) =>
  page.locator(".ant-table-row").filter({ hasText: text });

describe("the console in the web client", () => {
  it("users, live sign-out, run mode, test email, masking, closing, audit, in en and zh", async () => {
    const suffix = randomBytes(3).toString("hex");
    await apiUser(url(), `dora${suffix}`, "Dora Disabled");
    const eli = await apiUser(url(), `eli${suffix}`, "Eli Watcher");
    const gus = await apiUser(url(), `gus${suffix}`, "Gus Friend");
    await apiSend(url(), eli, gus, "some offensive words");

    const doraCtx = await newContext(browser, "zh-CN");
    const d = doraCtx.page;
    await logIn(d, url(), `dora${suffix}`, "zh");
    await realtimeBound(d);
    const eliCtx = await newContext(browser, "en-US");
    const e = eliCtx.page;
    await logIn(e, url(), `eli${suffix}`);
    await realtimeBound(e);
    await e.getByTestId("contact").filter({ hasText: "Gus Friend" }).click();
    await bubbles(e).filter({ hasText: "some offensive words" }).waitFor();

    const a = await adminPage("en-US");

    // Home: the live figures and the chart; someone signing in is counted at once (a push).
    await openConsole(a, "index");
    await a.getByText("Online now").waitFor();
    const online = a.getByRole("group", { name: "Online now" });
    const shown = async () =>
      Number(
        (
          await online.locator(".ant-statistic-content-value").textContent()
        )?.replace(/\D/g, ""),
      );
    const onlineBefore = await shown();
    const gusCtx = await newContext(browser, "en-US");
    await logIn(gusCtx.page, url(), `gus${suffix}`);
    await realtimeBound(gusCtx.page);
    const pushes = statistics.get(a) ?? [];
    await expect
      .poll(() => pushes.at(-1)?.onlineCount, { timeout: 10_000 })
      .toBe(onlineBefore + 1);
    await expect.poll(shown, { timeout: 10_000 }).toBe(onlineBefore + 1);
    await shot(a, "console-home-en");
    await gusCtx.context.close();

    // Users: add one through the dialog.
    await openConsole(a, "user");
    await a.getByRole("button", { name: "Add user" }).click();
    const add = a.getByRole("dialog", { name: "Add user" });
    await add.getByLabel("Account").fill(`fay${suffix}`);
    await add.getByLabel("Nickname").fill("Fay Added");
    await add.getByLabel("Password", { exact: true }).fill("secret12");
    await shot(a, "console-users-add-en");
    await add.getByRole("button", { name: "Add", exact: true }).click();
    await tableRow(a, "Fay Added").waitFor();
    expect((await apiLogin(url(), `fay${suffix}`)).id).toBeGreaterThan(0);
    await shot(a, "console-users-en");

    // Disable Dora: her open chat is signed out at once, in Chinese.
    await tableRow(a, "Dora Disabled")
      .getByRole("switch", { name: "Dora Disabled can sign in" })
      .click();
    await a.getByRole("button", { name: "Disable", exact: true }).click();
    const ended = d.getByRole("dialog").filter({ hasText: "登录已失效" });
    await ended.waitFor();
    await shot(d, "console-disabled-user-signed-out-zh");

    for (const width of [900, 390]) {
      await resize(a, { width, height: width === 390 ? 844 : 800 });
      await shot(a, `console-users-en-${width}`);
    }
    await resize(a, { width: 1280, height: 800 });

    // Settings: run mode 2, and Eli's screen follows live (the friend-request entry).
    await openConsole(a, "setting");
    await a.getByText("Friends only: people add each other by request").click();
    await a.getByRole("button", { name: "Save" }).first().click();
    // A change of run mode is asked first, saying who stays in touch (issue 51 item 13).
    await a
      .getByRole("dialog")
      .filter({ hasText: "already chatted one-to-one becomes friends" })
      .getByRole("button", { name: "Switch and save" })
      .click();
    await e
      .getByTestId("contact")
      .filter({ hasText: "Friend requests" })
      .waitFor();
    await shot(a, "console-settings-en");
    await api(
      url(),
      "/manage/config/setConfig",
      { name: "sysInfo", value: { runMode: "1" } },
      (await apiLogin(url(), "admin", "admin-pass1")).token,
    );

    // Mail: set up in the console, then a test email through the local SMTP server.
    await a.getByRole("tab", { name: "Mail" }).click();
    const mailForm = a.getByRole("form", { name: "Mail" });
    await mailForm.getByLabel("Server").fill("127.0.0.1");
    await mailForm
      .getByLabel("Port")
      .fill(String((smtp.server.address() as AddressInfo).port));
    await mailForm.getByLabel("Sender address").fill("console@parley.example");
    await mailForm.getByLabel("Sender name").fill("Parley 控制台");
    await mailForm.getByRole("button", { name: "Save" }).click();
    await a.getByText("Settings saved").first().waitFor();
    await a.getByLabel("Send to").fill("ops@example.com");
    await a.getByRole("button", { name: "Send test email" }).click();
    await expect
      .poll(() => mails.some((m) => m.to.includes("ops@example.com")))
      .toBe(true);
    expect(mails.find((m) => m.to.includes("ops@example.com"))?.raw).toContain(
      "<console@parley.example>",
    );
    await shot(a, "console-settings-mail-en");

    // Storage: choosing a bucket asks for its settings (not saved here: the server tests
    // switch to a real S3 protocol server).
    await a.getByRole("tab", { name: "Files" }).click();
    const storageForm = a.getByRole("form", { name: "Storage" });
    await storageForm.getByText("An S3 bucket").click();
    await storageForm.getByLabel("Bucket", { exact: true }).waitFor();
    await shot(a, "console-settings-storage-en");

    // Message centre: Eli's message to Gus is masked; Eli's chat shows the mask live.
    await openConsole(a, "message");
    await a.getByLabel("Search users").fill("Eli");
    await a
      .getByRole("list", { name: "Users" })
      .getByRole("button", { name: /Eli Watcher/ })
      .click();
    await a
      .getByRole("list", { name: "Chats of Eli Watcher" })
      .getByRole("button", { name: /Gus Friend/ })
      .click();
    const message = a
      .getByTestId("console-message")
      .filter({ hasText: "some offensive words" });
    await message.waitFor();
    await shot(a, "console-message-centre-en");
    await message
      .getByRole("button", { name: "Mask the message from Eli Watcher" })
      .click();
    await a
      .locator(".ant-popover:not(.ant-popover-hidden)")
      .getByRole("button", { name: "Mask", exact: true })
      .click();
    await bubbles(e).filter({ hasText: "该消息涉嫌违规" }).waitFor();
    await expect
      .poll(() =>
        bubbles(e).filter({ hasText: "some offensive words" }).count(),
      )
      .toBe(0);

    // Groups page (empty state here: nobody made a group).
    await openConsole(a, "group");
    await shot(a, "console-groups-en");

    // Closing the system sends Eli to the closing notice.
    await openConsole(a, "setting");
    await a.getByText("Closed", { exact: true }).click();
    await a.getByRole("button", { name: "Save" }).first().click();
    await a.getByRole("button", { name: "Close and save" }).click();
    await e.waitForURL(/#\/404/);
    await e.getByText("This server is closed").waitFor();
    await shot(e, "console-closed-user-en");
    await api(
      url(),
      "/manage/config/setConfig",
      { name: "sysInfo", value: { state: "1" } },
      (await apiLogin(url(), "admin", "admin-pass1")).token,
    );

    // The audit log lists what happened, newest first.
    await openConsole(a, "audit");
    await a.getByText("Message masked").first().waitFor();
    await a.getByText("User added").first().waitFor();
    await a.getByText("User enabled or disabled").first().waitFor();
    await shot(a, "console-audit-en");

    // Every page in Chinese.
    const z = await adminPage("zh-CN");
    for (const path of [
      "index",
      "user",
      "setting",
      "message",
      "group",
      "audit",
    ]) {
      await openConsole(z, path);
      await z.waitForLoadState("networkidle");
      await shot(z, `console-${path}-zh`);
    }
    await openConsole(z, "setting");
    await z.getByRole("tab", { name: "邮件" }).click();
    await shot(z, "console-settings-mail-zh");
    // The SMS tab: its heading says no gateway is set up yet.
    await z.getByRole("tab", { name: "短信" }).click();
    await z.getByText("尚未配置短信网关").waitFor();
    await shot(z, "console-settings-sms-zh");
  });
});
