import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  apiLogin,
  apiSend,
  apiUser,
  sharedBrowser,
  logIn,
  newContext,
  Product,
  screenshot,
  settledShot,
  resize,
  watchContext,
} from "./harness";

/*
 * Every screen of this slice in Chinese and English, captured for a person to look at:
 * login, register, 404 (plain and closed), the console shell (wide and narrow), and chat
 * with long names, a pinned chat and a 99+ badge.
 */
let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = new Product();
  await product.start();
  browser = await sharedBrowser();
  // Seed a directory with long names in both scripts, and a busy chat for the admin.
  const url = product.url;
  const admin = await apiLogin(url, "admin", "admin-pass1");
  const long = await apiUser(
    url,
    "longname01",
    "超长名字的用户测试一下看看效果如",
  );
  const english = await apiUser(url, "maximilian", "Maximilian Alexa");
  const busy = await apiUser(url, "busybody", "话痨");
  for (let i = 0; i < 120; i += 1) await apiSend(url, busy, admin, `消息 ${i}`);
  await apiSend(
    url,
    long,
    admin,
    "这是一条很长很长的消息，用来看看气泡在窄屏和宽屏下如何换行，以及中文和 English mixed text 的显示效果。".repeat(
      2,
    ),
  );
  await apiSend(url, english, admin, "Hi! Shall we meet at 3pm?");
});
afterAll(async () => {
  await browser.close();
  await product.dispose();
});

async function signIn(
  page: Page,
  heading: string,
  labels: { account: string; password: string; submit: string | RegExp },
) {
  await page.goto(`${product.url}/#/login`);
  await page.getByRole("heading", { name: heading }).waitFor();
  await page.getByLabel(labels.account).fill("admin");
  await page.getByLabel(labels.password, { exact: true }).fill("admin-pass1");
  await page.getByRole("button", { name: labels.submit }).click();
  await page.getByTestId("contact").first().waitFor();
}

const LANGS = [
  {
    code: "zh",
    locale: "zh-CN" as const,
    login: "欢迎登录",
    register: "注册账号",
    chineseRemoved: "账号中不能使用中文，已为你去掉",
    labels: { account: "账号", password: "密码", submit: /^登\s*录$/ },
  },
  {
    code: "en",
    locale: "en-US" as const,
    login: "Welcome back",
    register: "Create an account",
    chineseRemoved:
      "Chinese characters can't be used in an account, so they were removed",
    labels: { account: "Account", password: "Password", submit: "Log in" },
  },
];

describe.each(LANGS)("the screens in $code", (lang) => {
  it("login, register, 404, console shell and chat", async () => {
    const { context, page, errors } = await newContext(browser, lang.locale);
    await page.goto(`${product.url}/#/login`);
    await page.getByRole("heading", { name: lang.login }).waitFor();
    await screenshot(page, `login-${lang.code}`);

    await page.getByRole("button", { name: lang.labels.submit }).click();
    await page.getByRole("alert").first().waitFor();
    await screenshot(page, `login-errors-${lang.code}`);

    await page.goto(`${product.url}/#/register`);
    await page.getByRole("heading", { name: lang.register }).waitFor();
    await screenshot(page, `register-${lang.code}`);
    // Chinese typed into the account is stripped, as SPEC says, and the form says so.
    const accountField = page.getByLabel(lang.labels.account);
    await accountField.fill("ali中文ce");
    await page.getByText(lang.chineseRemoved).waitFor();
    expect(await accountField.inputValue()).toBe("alice");
    await screenshot(page, `register-stripped-${lang.code}`);

    await page.goto(`${product.url}/#/404`);
    await page.getByText("404").first().waitFor();
    await screenshot(page, `404-${lang.code}`);
    await page.goto(
      `${product.url}/#/404?msg=${encodeURIComponent("系统升级维护中，请稍候再试！")}`,
    );
    await page.getByText("系统升级维护中").waitFor();
    await screenshot(page, `404-closed-${lang.code}`);

    await signIn(page, lang.login, lang.labels);
    // A signed-in user on an unknown path lands on 404.
    await page.goto(`${product.url}/#/no-such-page`);
    await page.waitForFunction(() => window.location.hash.startsWith("#/404"));
    await page.goto(`${product.url}/#/chat`);
    await page.getByTestId("contact").first().waitFor();
    await page.getByTestId("contact").filter({ hasText: "Maximilian" }).click();
    await page.getByTestId("message").first().waitFor();
    await screenshot(page, `chat-${lang.code}`);
    await page.getByTestId("contact").filter({ hasText: "话痨" }).click();
    // The first visit (zh) has 120 unread: the chat opens at the first of them, under the
    // "new messages" line, and scrolling down reaches the newest. The second (en) has none
    // left: it opens at the newest, and scrolling up loads older pages to the start.
    const unreadVisit = lang.code === "zh";
    const [opensAt, scrollsTo] = unreadVisit
      ? ["消息 0", "消息 119"]
      : ["消息 119", "消息 0"];
    await page
      .getByTestId("message")
      .getByText(opensAt, { exact: true })
      .waitFor();
    if (unreadVisit) await page.getByRole("separator").first().waitFor();
    await screenshot(page, `chat-busy-${lang.code}`);
    const scroller = page.getByTestId("virtuoso-scroller");
    await expect
      .poll(
        async () => {
          await scroller.evaluate((el, down) => {
            el.scrollTop = down ? el.scrollHeight : 0;
          }, unreadVisit);
          return page
            .getByTestId("message")
            .getByText(scrollsTo, { exact: true })
            .count();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(1);
    await screenshot(page, `chat-busy-scrolled-${lang.code}`);

    await page
      .getByRole("button", { name: lang.code === "zh" ? "设置" : "Settings" })
      .click();
    await page.getByRole("dialog").getByRole("tab").first().waitFor();
    await settledShot(page, `settings-${lang.code}`);
    await page.keyboard.press("Escape");

    await page.goto(`${product.url}/#/manage/index`);
    await page.locator(".ant-layout-sider").waitFor();
    await screenshot(page, `manage-${lang.code}`);
    await resize(page, { width: 820, height: 700 });
    await page.locator(".ant-layout-sider-collapsed").waitFor();
    await screenshot(page, `manage-narrow-${lang.code}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/*
 * What a slow phone shows while the scripts load: the brand on the app's ground, never a
 * blank page; dark for a signed-in user of the dark theme, so it never flashes white (the
 * page's one inline script, allowed by its digest); and the screen once the scripts run.
 */
describe("before the scripts have run", () => {
  it("shows the brand, dark for a user of the dark theme, until the app draws its screen", async () => {
    // No service worker: it would serve the scripts from its cache, past the held route.
    const context = await browser.newContext({
      locale: "en-US",
      viewport: { width: 1280, height: 800 },
      serviceWorkers: "block",
    });
    await watchContext(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text()))
        refused.push(message.text());
    });
    const background = () =>
      page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const boot = page.getByRole("status", { name: "Parley" });
    const holdScripts = /\/assets\/[^/]+\.js$/;

    await context.route(holdScripts, (route) => route.abort());
    await page.goto(`${product.url}/#/login`);
    await boot.waitFor();
    expect(await background()).toBe("rgb(243, 245, 248)");
    await screenshot(page, "boot-1280");
    await resize(page, { width: 390, height: 844 });
    await screenshot(page, "boot-390");

    // With its scripts, the page replaces the brand with the screen.
    await context.unroute(holdScripts);
    await page.reload();
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(await boot.count()).toBe(0);

    // A user who chose the dark theme (stored over the wire, as the settings panel does)
    // signs in; the next load draws the brand on dark ground before any script of the app.
    const owl = await apiUser(product.url, "nightowl", "Night Owl");
    const stored = await api(
      product.url,
      "/enterprise/im/setting",
      {
        sendKey: "1",
        theme: "dark",
        isVoice: "true",
        avatarCricle: "false",
        hideMessageName: "false",
        hideMessageTime: "false",
      },
      owl.token,
    );
    expect(stored.code).toBe(0);
    await logIn(page, product.url, "nightowl");
    await context.route(holdScripts, (route) => route.abort());
    await page.reload();
    await boot.waitFor();
    expect(await background()).toBe("rgb(20, 20, 20)");
    await screenshot(page, "boot-dark-390");
    await context.unroute(holdScripts);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
