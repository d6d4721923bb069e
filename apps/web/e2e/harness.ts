import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import getPort, { portNumbers } from "get-port";
import { afterAll, beforeAll, inject } from "vitest";
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { CHROMIUM_ARGS, FULL_CHROMIUM, HEADLESS_SHELL } from "./chromium";

const root = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../..",
);
export const SCREENSHOTS = path.join(root, "apps/web/e2e/screenshots");

/**
 * The run's one Chromium (global-setup.ts), with the stand-in camera and microphone: a
 * file connects once and works in contexts of its own. Closing what this answers closes
 * the file's contexts and leaves the browser to the next file.
 */
export function sharedBrowser(): Promise<Browser> {
  return chromium.connect(inject("browserWsEndpoint"));
}

/** A Chromium of the caller's own, with these flags besides this machine's (no stand-in devices unless asked). */
export function launchOwnBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: HEADLESS_SHELL,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * The whole Chromium of the caller's own, for desktop notifications and Web Push, which
 * the headless shell the other flows share cannot be granted.
 */
export function launchFullChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: FULL_CHROMIUM,
    args: CHROMIUM_ARGS,
  });
}

/** The built product (`npm run build`) served on a port, restartable on the same data. */
export class Product {
  private child: ChildProcess | null = null;
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-e2e-"));
  port = 0;

  constructor(private readonly env: Record<string, string> = {}) {}

  get url(): string {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    // Files run two at once, each worker one after another: a range of ports for each
    // worker, so two servers never pick the same free port before either listens.
    const worker = Number(process.env.VITEST_POOL_ID ?? "1");
    const base = 20_000 + worker * 1_000;
    if (this.port === 0)
      this.port = await getPort({
        host: "127.0.0.1",
        port: portNumbers(base, base + 999),
      });
    await this.startOn(this.port);
  }

  private async startOn(port: number): Promise<void> {
    const child = spawn(
      process.execPath,
      [path.join(root, "apps/server/dist/main.js")],
      {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: this.dataDir,
          LOG_LEVEL: "warn",
          ADMIN_ACCOUNT: "admin",
          ADMIN_PASSWORD: "admin-pass1",
          ARGON2_MEMORY_KIB: "1024",
          ARGON2_TIME_COST: "1",
          RATE_REGISTER_IP: "0",
          RATE_LOGIN_IP: "0",
          // Flows seed busy chats over the wire faster than a person types.
          RATE_SEND_USER: "0",
          ...this.env,
        },
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    this.child = child;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error("the server exited at start");
      try {
        const res = await fetch(`${this.url}/common/pub/getSystemInfo`, {
          method: "POST",
        });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    this.child = null;
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * The browser contexts open now, each recording a trace of the running test: on a failure
 * every page's picture and the trace go to `e2e/failures/` (failures.ts).
 */
export const openContexts = new Set<BrowserContext>();

/** Starts recording a context's trace and keeps it among the open ones until it closes. */
export async function watchContext(context: BrowserContext): Promise<void> {
  openContexts.add(context);
  context.once("close", () => openContexts.delete(context));
  await context.tracing.start({ snapshots: false, screenshots: false });
  await context.tracing.startChunk();
}

/**
 * A new browser profile in one language, with errors on the page collected. It asks for
 * reduced motion, as a person may in their system's settings: antd's dialogs, popups and
 * toasts then appear and go at once (app/theme.ts), so no flow waits for one to move.
 */
export async function newContext(
  browser: Browser,
  locale: "en-US" | "zh-CN",
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    locale,
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
  });
  await watchContext(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  return { context, page, errors };
}

/**
 * Whether this run keeps the pictures of every screen a reviewer looks at (`SCREENSHOTS=1`,
 * in `e2e/screenshots/`). Without it a flow takes none; a failed flow's pictures are kept
 * always (failures.ts).
 */
export const KEEP_SCREENSHOTS = process.env.SCREENSHOTS === "1";

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** Registers over the wire, in the browser's stead, as `signUp` did through the form. */
export async function signUp(
  page: Page,
  url: string,
  account: string,
  name: string,
): Promise<void> {
  await apiUser(url, account, name);
  await logIn(page, url, account);
}

/** Registers in the browser (English): a new account lands signed in on the chat screen. */
export async function signUpByForm(
  page: Page,
  url: string,
  account: string,
  name: string,
): Promise<void> {
  await page.goto(`${url}/#/register`);
  // The first visit opens in the browser's language (English here).
  await page.getByRole("heading", { name: "Create an account" }).waitFor();
  await page.getByLabel("Account").fill(account);
  await page.getByLabel("Nickname").fill(name);
  await page.getByLabel("Password", { exact: true }).fill("secret12");
  await page.getByLabel("Confirm password").fill("secret12");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("navigation", { name: "Main menu" }).waitFor();
}

/** The login form's words in the two languages the flows use. */
const LOGIN_FORM = {
  en: {
    account: "Account",
    password: "Password",
    submit: "Log in",
    menu: "Main menu",
  },
  // antd spaces out a two-character Chinese button label.
  zh: {
    account: "账号",
    password: "密码",
    submit: /^登\s*录$/,
    menu: "主菜单",
  },
} as const;

/** Logs in through the form, in the page's language; the chat screen is up after it. */
export async function logInByForm(
  page: Page,
  url: string,
  account: string,
  lang: keyof typeof LOGIN_FORM = "en",
  password = "secret12",
): Promise<void> {
  const form = LOGIN_FORM[lang];
  await page.goto(`${url}/#/login`);
  await page.getByLabel(form.account).fill(account);
  await page.getByLabel(form.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: form.submit }).click();
  await page.getByRole("navigation", { name: form.menu }).waitFor();
}

/**
 * Signs in without the form, as the form would: logs in over the wire in the page's
 * language and keeps the session where the client keeps it (SPEC §3's session values in
 * the origin's storage), then opens `route` (the chat screen unless told). The login
 * screen's own flows (accounts-flow, screens) use `logInByForm`.
 */
export async function logIn(
  page: Page,
  url: string,
  account: string,
  lang: keyof typeof LOGIN_FORM = "en",
  {
    password = "secret12",
    route = "/",
  }: { password?: string; route?: string } = {},
): Promise<void> {
  const login = await api(url, "/common/pub/login", {
    account,
    password,
    lang,
  });
  if (login.code !== 0) throw new Error(`could not log in as ${account}`);
  const session = login.data as {
    authToken: string;
    sessionId: string;
    userInfo: object;
  };
  // A page of the origin that runs no script of ours, to write its storage from; the
  // app then starts afresh from it and reads the session as after a form's login.
  await page.goto(`${url}/manifest.webmanifest`);
  await page.evaluate((kept) => {
    localStorage.setItem("authToken", kept.authToken);
    localStorage.setItem("sessionId", kept.sessionId);
    localStorage.setItem("UserInfo", JSON.stringify(kept.userInfo));
  }, session);
  await page.goto(`${url}/#${route}`);
  if (route === "/")
    await page
      .getByRole("navigation", { name: LOGIN_FORM[lang].menu })
      .waitFor();
}

/** A call over the wire, as another client would make it: the envelope's code and data. */
export async function api(
  url: string,
  path: string,
  body: object,
  token?: string,
): Promise<{ code: number; data: unknown }> {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: token } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: unknown };
}

/** Logs in over the wire: the session token and the user id. */
export async function apiLogin(
  url: string,
  account: string,
  password = "secret12",
): Promise<{ token: string; id: number }> {
  const login = await api(url, "/common/pub/login", { account, password });
  if (login.code !== 0) throw new Error(`could not log in as ${account}`);
  const data = login.data as {
    authToken: string;
    userInfo: { user_id: number };
  };
  return { token: data.authToken, id: data.userInfo.user_id };
}

/** Registers, then logs in over the wire. */
export async function apiUser(
  url: string,
  account: string,
  realname: string,
): Promise<{ token: string; id: number }> {
  const registered = await api(url, "/common/pub/register", {
    account,
    realname,
    password: "secret12",
  });
  if (registered.code !== 0) throw new Error(`could not register ${account}`);
  return apiLogin(url, account);
}

/** Sends a text over the wire from one user to another. */
export async function apiSend(
  url: string,
  from: { token: string },
  to: { id: number },
  content: string,
): Promise<void> {
  const sent = await api(
    url,
    "/enterprise/im/sendMessage",
    { id: randomUUID(), type: "text", content, toContactId: to.id },
    from.token,
  );
  if (sent.code !== 0) throw new Error(`could not send "${content}"`);
}

/** The messages on a chat screen. */
export const bubbles = (scope: Page | Locator) => scope.getByTestId("message");

/** Waits until the page's realtime channel is bound: a message sent from now on is pushed to it. */
export const realtimeBound = (page: Page) =>
  page.locator('[data-connection="open"]').waitFor();

/**
 * A built product on fresh data and one Chromium for a test file: started before its
 * tests, stopped after. The getters answer them once started.
 */
export function productAndBrowser(
  /** The server's environment, asked for when it starts (after earlier beforeAlls). */
  env: () => Record<string, string> = () => ({}),
): {
  product: () => Product;
  browser: () => Browser;
} {
  let product: Product | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    product = new Product(env());
    await product.start();
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.dispose();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("used before beforeAll ran");
    return value;
  };
  return { product: () => started(product), browser: () => started(browser) };
}

/**
 * The seeded administrator signed in (password admin-pass1) in a new browser profile of one
 * language, on the console page `route` (`/#/manage/<route>`).
 */
export async function adminConsole(
  browser: Browser,
  url: string,
  locale: "en-US" | "zh-CN",
  route: string,
): Promise<Page> {
  const { page } = await newContext(browser, locale);
  await logIn(page, url, "admin", locale === "zh-CN" ? "zh" : "en", {
    password: "admin-pass1",
    route: `/manage/${route}`,
  });
  await page.locator(".ant-layout-content").waitFor();
  return page;
}

/**
 * Classes antd's motion (rc-motion) puts on a dialog, popup or toast while it moves; not
 * the wave a click leaves on a button, which outlasts the picture's wait.
 */
const MOVING = ["-enter", "-appear", "-leave"]
  .map((motion) => `[class*="${motion}"]:not(.ant-wave)`)
  .join(", ");

/**
 * Waits until dialogs, popups and toasts have finished moving in or out: when no element
 * carries a motion class any more (about 0.3 s), not after a fixed wait; at most 2 s. A
 * click on a dialog still moving in can be lost (a full CI run once clicked Send before
 * the suggestion dialog heard it). Playwright's `animations: "disabled"` is no substitute:
 * it ends the CSS animation, but the motion's starting styles (faded, scaled down) stay
 * until rc-motion hears of it.
 */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction((moving) => !document.querySelector(moving), MOVING, {
      timeout: 2_000,
      polling: "raf",
    })
    .catch(() => undefined);
}

/** A picture once dialogs, popups and toasts have finished moving (see `settled`). */
export async function settledShot(page: Page, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  await settled(page);
  await screenshot(page, name);
}

/** Whether the page draws a frame (its requestAnimationFrame runs) within 3 s. */
const drawsFrame = (page: Page): Promise<boolean> =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        requestAnimationFrame(() => resolve(true));
        setTimeout(() => resolve(false), 3_000);
      }),
  );

/**
 * Changes the viewport and waits until the page draws at the new size. Headless Chromium
 * on a starved machine once stopped drawing a page after its viewport changed: the next
 * click waited its whole 30 s for the animation frame Playwright's stability check needs
 * (CI of stop 33). A screenshot makes Chromium draw; if that does not wake the page either,
 * the flow fails here, saying why, rather than at some later click.
 */
export async function resize(
  page: Page,
  size: { width: number; height: number },
): Promise<void> {
  await page.setViewportSize(size);
  if (await drawsFrame(page)) return;
  console.warn(`resize: no frame at ${size.width}×${size.height}; forcing one`);
  await page.screenshot();
  if (!(await drawsFrame(page)))
    throw new Error(
      `the page stopped drawing after resizing to ${size.width} px`,
    );
}

/**
 * Closes the dialog on top with Escape, sent to the dialog once it has stopped moving in: a
 * dialog still moving in may not have taken the focus yet, and its Escape is not heard
 * (a full CI run once pressed it during the entrance and waited 30 s). Pressed again if
 * the dialog is still there after 5 s; three times at most.
 */
export async function closeTop(page: Page, dialog: Locator) {
  for (let tries = 1; ; tries += 1) {
    await settled(page);
    await dialog.focus();
    await page.keyboard.press("Escape");
    const hidden = await dialog
      .waitFor({ state: "hidden", timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (hidden) return;
    if (tries === 3) throw new Error("Escape never closes the dialog");
  }
}
