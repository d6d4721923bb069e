#!/usr/bin/env node
// F1 of reference/benchmarks.md, measured where it matters: the JavaScript a browser
// actually downloads. It starts the built product (building first when the build is
// missing or older than the sources), opens /#/login in a fresh Chromium profile, then,
// logged in, the chat screen with a chat open in another fresh profile (an empty cache),
// and prints for each screen the script bytes transferred (the encoded body, as served),
// their uncompressed size, and the three largest chunks. Figures only, no thresholds.
//
// Then F2 and F3 of the same file: the login screen and the chat shell loaded cold, as a
// browser reports them (first and largest contentful paint, layout shift), at full speed
// and with the CPU slowed 4× (Chromium's own throttling); and a chat of 10,000 messages
// (put in with SQL) opened, with its DOM nodes counted after it opens, while 20 messages
// a second arrive, and after paging back through older messages.
//
//   npm run bench:bundle            (add -- --json for the raw figures as JSON)
//   npm run bench:bundle -- --build (always build first; --no-build: never)
//   WEB_DIST=/some/dist npm run bench:bundle -- --no-build   (measure another build)
//   BENCH_F3_CPU=4 npm run bench:bundle   (the big chat opened and fed with the page's CPU
//                                          slowed 4×; F3 prints the list's state if the
//                                          last arriving message is not shown)
/* global document -- read inside page.evaluate, in the browser */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { startProduct } from "./product.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/web/package.json"));
const { chromium } = require("playwright-core");
// The database driver is the server's.
const requireServer = createRequire(
  path.join(root, "apps/server/package.json"),
);

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const asJson = process.argv.includes("--json");
const kB = (bytes) => Math.round(bytes / 100) / 10;

/** The newest modification time under a folder (sources), 0 when it does not exist. */
function newest(dir) {
  if (!fs.existsSync(dir)) return 0;
  let latest = fs.statSync(dir).mtimeMs;
  if (!fs.statSync(dir).isDirectory()) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(
      latest,
      entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs,
    );
  }
  return latest;
}

function buildIfNeeded() {
  const page = path.join(root, "apps/web/dist/index.html");
  const server = path.join(root, "apps/server/dist/main.js");
  const built = Math.min(
    fs.existsSync(page) ? fs.statSync(page).mtimeMs : 0,
    fs.existsSync(server) ? fs.statSync(server).mtimeMs : 0,
  );
  const sources = Math.max(
    newest(path.join(root, "apps/web/src")),
    newest(path.join(root, "apps/web/vite.config.ts")),
    newest(path.join(root, "apps/server/src")),
    newest(path.join(root, "packages/protocol/src")),
  );
  if (process.argv.includes("--no-build")) return;
  if (!process.argv.includes("--build") && built > sources) return;
  console.error("building (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    console.error("the build failed");
    process.exit(1);
  }
}

/**
 * Every script a page fetched, each once (a reload that asks again counts once): bytes on the
 * wire and bytes once decoded; and how many times the document itself was loaded.
 */
function recordScripts(page) {
  const pending = [];
  const seen = new Set();
  let documents = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      documents += 1;
  });
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    if (seen.has(response.url())) return;
    seen.add(response.url());
    pending.push(
      (async () => {
        // A reload can discard a body still in flight; the reload's own copy counts then.
        const body = await Promise.race([
          response.body(),
          new Promise((_, reject) => setTimeout(reject, 10_000).unref()),
        ]).catch(() => null);
        if (!body) {
          seen.delete(response.url());
          return null;
        }
        const sizes = await response.request().sizes();
        const length = Number(response.headers()["content-length"]);
        return {
          name: new URL(response.url()).pathname.replace(/^\/assets\//, ""),
          encoding: response.headers()["content-encoding"] ?? "identity",
          transferred:
            sizes.responseBodySize > 0
              ? sizes.responseBodySize
              : Number.isFinite(length)
                ? length
                : body.length,
          uncompressed: body.length,
          // What the same bytes weigh gzipped, to compare with a server that sends them raw.
          gzip: zlib.gzipSync(body).length,
        };
      })(),
    );
  });
  return async () => ({
    documents,
    scripts: (await Promise.all(pending)).filter(Boolean),
  });
}

function summarise({ documents, scripts }) {
  const sum = (key) => scripts.reduce((total, s) => total + s[key], 0);
  return {
    documentLoads: documents,
    scripts: scripts.length,
    encodings: [...new Set(scripts.map((s) => s.encoding))].join(", "),
    transferredBytes: sum("transferred"),
    uncompressedBytes: sum("uncompressed"),
    gzipBytes: sum("gzip"),
    largest: [...scripts]
      .sort((a, b) => b.uncompressed - a.uncompressed)
      .map(({ name, transferred, uncompressed }) => ({
        name,
        transferredBytes: transferred,
        uncompressedBytes: uncompressed,
      })),
  };
}

/** The paints and layout shift the page's browser recorded (web-vitals' definitions). */
function vitals(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const fcp =
          performance.getEntriesByName("first-contentful-paint")[0]
            ?.startTime ?? null;
        let lcp = null;
        let lcpElement = null;
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            lcp = entry.startTime;
            // What painted it: the element to make appear sooner.
            const el = entry.element;
            lcpElement = el
              ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}" ${entry.size}px²`
              : null;
          }
        }).observe({ type: "largest-contentful-paint", buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (!entry.hadRecentInput) cls += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        // Buffered entries arrive in a task of their own.
        setTimeout(() => resolve({ fcp, lcp, lcpElement, cls }), 100);
      }),
  );
}

/**
 * F2: a page loaded cold in a fresh profile (`storageState` signs it in), the CPU slowed
 * `rate` times; answers its paints once `ready` (a locator) shows.
 */
async function load(browser, options, url, ready, rate) {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    await page.goto(url, { waitUntil: "load" });
    await ready(page).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    const round = (ms) => (ms === null ? null : Math.round(ms));
    const { fcp, lcp, lcpElement, cls } = await vitals(page);
    return {
      cpuSlowdown: rate,
      fcpMs: round(fcp),
      lcpMs: round(lcp),
      lcpElement,
      cls: Math.round(cls * 1000) / 1000,
    };
  } finally {
    await context.close();
  }
}

/** How many elements the page holds, and how many of them are messages. */
function domNodes(page) {
  return page.evaluate(() => ({
    elements: document.getElementsByTagName("*").length,
    messages: document.querySelectorAll('[data-testid="message"]').length,
  }));
}

/**
 * Puts `total` messages between two users into the product's SQLite file before their
 * first message through the API (which then takes the next sequence number).
 */
function seedChat(dataDir, from, to, total) {
  const Database = requireServer("better-sqlite3");
  const db = new Database(path.join(dataDir, "parley.sqlite"));
  db.pragma("busy_timeout = 5000");
  const conversation = `${Math.min(from, to)}-${Math.max(from, to)}`;
  const now = Date.now();
  db.transaction(() => {
    db.prepare(
      "insert into conversations (conversation_id, is_group, created_at, last_seq) values (?, 0, ?, ?)",
    ).run(conversation, now, total);
    const insert = db.prepare(
      `insert into messages (conversation_id, seq, client_msg_id, from_user, to_user, type, content, created_at, is_read)
       values (?, ?, ?, ?, ?, 'text', ?, ?, 1)`,
    );
    for (let seq = 1; seq <= total; seq += 1) {
      const mine = seq % 3 === 0;
      insert.run(
        conversation,
        seq,
        `f3-${seq}`,
        mine ? to : from,
        mine ? from : to,
        `Message ${seq} of the big room: ${"a long line of text ".repeat(1 + (seq % 4))}`,
        now - (total - seq) * 60_000,
      );
    }
  })();
  db.close();
}

async function measure(product, dataDir) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const reader = `reader${suffix}`;
  await product.call("/common/pub/register", {
    account: reader,
    realname: "Reader",
    password: "secret12",
  });
  const writer = `writer${suffix}`;
  await product.call("/common/pub/register", {
    account: writer,
    realname: "Writer",
    password: "secret12",
  });
  const me = await product.call("/common/pub/login", {
    account: reader,
    password: "secret12",
  });
  const them = await product.call("/common/pub/login", {
    account: writer,
    password: "secret12",
  });
  const BIG_ROOM = 10_000;
  // 20 messages a second for 3 s arrive once the big chat is open.
  const ARRIVING = 60;
  seedChat(dataDir, them.userInfo.user_id, me.userInfo.user_id, BIG_ROOM);
  const say = (content) =>
    product.call(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content,
        toContactId: me.userInfo.user_id,
      },
      them.authToken,
    );
  await say("Hello from the bundle benchmark");

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const options = {
      locale: "en-US",
      viewport: { width: 1280, height: 800 },
    };
    // The login screen, first visit.
    const first = await browser.newContext(options);
    const login = await first.newPage();
    const loginScripts = recordScripts(login);
    await login.goto(`${product.url}/#/login`, { waitUntil: "networkidle" });
    await login.locator("input[name=account]").waitFor();
    const loginScreen = summarise(await loginScripts());

    // Logged in through the form, then the chat screen opened cold in a new profile.
    await login.locator("input[name=account]").fill(reader);
    await login.locator("input[name=password]").fill("secret12");
    await login.locator("button[type=submit]").click();
    await login.getByTestId("contact").first().waitFor();
    const second = await browser.newContext({
      ...options,
      storageState: await first.storageState(),
    });
    await first.close();
    const chat = await second.newPage();
    const chatScripts = recordScripts(chat);
    await chat.goto(`${product.url}/#/`, { waitUntil: "networkidle" });
    await chat.getByTestId("contact").first().click();
    await chat.getByTestId("message").first().waitFor();
    await chat.waitForLoadState("networkidle");
    const chatScreen = summarise(await chatScripts());

    // F3: the big room. Opened again in this profile (scripts cached), from the click on
    // its contact to its newest message shown.
    await chat.goto(`${product.url}/#/`, { waitUntil: "networkidle" });
    // BENCH_F3_CPU=4: the page's CPU slowed while the big room opens and receives.
    const slowed = Number(process.env.BENCH_F3_CPU ?? 1);
    if (slowed > 1) {
      const cdp = await chat.context().newCDPSession(chat);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowed });
    }
    const started = performance.now();
    await chat.getByTestId("contact").first().click();
    await chat
      .getByTestId("message")
      .getByText("Hello from the bundle benchmark")
      .waitFor();
    const mountMs = Math.round(performance.now() - started);
    const opened = await domNodes(chat);
    // The arriving messages, 20 a second: the most elements seen while they arrive.
    let arriving = opened;
    for (let i = 0; i < ARRIVING; i += 1) {
      const tick = performance.now();
      await say(`Arriving ${i}`);
      const now = await domNodes(chat);
      if (now.elements > arriving.elements) arriving = now;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, 50 - (performance.now() - tick))),
      );
    }
    try {
      await chat
        .getByTestId("message")
        .getByText(`Arriving ${ARRIVING - 1}`)
        .waitFor();
    } catch (error) {
      // What the list showed instead: its geometry and the rows it had drawn.
      const seen = await chat
        .getByTestId("virtuoso-scroller")
        .evaluate((el) => ({
          scrollTop: el.scrollTop,
          scrollHeight: el.scrollHeight,
          clientHeight: el.clientHeight,
          rows: [...el.querySelectorAll("[data-testid=message]")]
            .map((row) => row.textContent?.slice(0, 40))
            .slice(-5),
          pill: document.body.innerText.includes("new message"),
        }))
        .catch((why) => String(why));
      console.error("F3: the last arriving message was not shown", seen);
      throw error;
    }
    // Back through older messages: the list scrolled to its top ten times, each time
    // loading an older page.
    for (let i = 0; i < 10; i += 1) {
      await chat.getByTestId("virtuoso-scroller").evaluate((el) => {
        el.scrollTop = 0;
      });
      await chat.waitForTimeout(400);
    }
    const pagedBack = {
      ...(await domNodes(chat)),
      // Which message the list starts with now: proof that older pages came in.
      firstShown: /Message \d+/.exec(
        await chat.getByTestId("message").first().innerText(),
      )?.[0],
    };
    const signedIn = { ...options, storageState: await second.storageState() };
    await second.close();

    // F2: each screen loaded cold, at full speed and with the CPU slowed 4×.
    const f2 = {};
    for (const rate of [1, 4]) {
      f2[`login${rate}x`] = await load(
        browser,
        options,
        `${product.url}/#/login`,
        (page) => page.locator("input[name=account]"),
        rate,
      );
      f2[`chat${rate}x`] = await load(
        browser,
        signedIn,
        `${product.url}/#/`,
        (page) => page.getByTestId("contact"),
        rate,
      );
    }
    return {
      login: loginScreen,
      chat: chatScreen,
      F2: f2,
      F3: {
        messages: BIG_ROOM + 1 + ARRIVING,
        mountMs,
        opened,
        arriving,
        pagedBack,
      },
    };
  } finally {
    await browser.close();
  }
}

function print(results) {
  for (const screen of ["login", "chat"]) {
    const s = results[screen];
    console.log(
      `${screen === "login" ? "/#/login" : "chat screen, a chat open"}: ` +
        `${s.documentLoads} document load(s), ${s.scripts} scripts, ` +
        `${kB(s.transferredBytes)} kB transferred (${s.encodings}), ` +
        `${kB(s.uncompressedBytes)} kB uncompressed, ${kB(s.gzipBytes)} kB if gzipped`,
    );
    for (const chunk of s.largest.slice(0, Number(process.env.BUNDLE_TOP ?? 3)))
      console.log(
        `    ${chunk.name.padEnd(40)} ${String(kB(chunk.transferredBytes)).padStart(7)} kB transferred ` +
          `${String(kB(chunk.uncompressedBytes)).padStart(7)} kB uncompressed`,
      );
  }
  for (const [name, v] of Object.entries(results.F2))
    console.log(
      `F2 ${name}: FCP ${v.fcpMs} ms, LCP ${v.lcpMs} ms (${v.lcpElement}), CLS ${v.cls}`,
    );
  const { F3 } = results;
  console.log(
    `F3 a chat of ${F3.messages} messages: opened in ${F3.mountMs} ms; elements ` +
      `${F3.opened.elements} opened (${F3.opened.messages} messages drawn), ` +
      `${F3.arriving.elements} at most while 20 msgs/s arrived, ` +
      `${F3.pagedBack.elements} after paging back to "${F3.pagedBack.firstShown}" (${F3.pagedBack.messages} drawn)`,
  );
}

buildIfNeeded();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bundle-"));
const product = await startProduct(dataDir, {
  ARGON2_MEMORY_KIB: "1024",
  ARGON2_TIME_COST: "1",
});
for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, () => {
    void product.stop().finally(() => process.exit(130));
  });
try {
  const results = await measure(product, dataDir);
  if (asJson) console.log(JSON.stringify(results, null, 2));
  else print(results);
} finally {
  await product.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
