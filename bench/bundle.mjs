#!/usr/bin/env node
// F1 of reference/benchmarks.md, measured where it matters: the JavaScript a browser
// actually downloads. It starts the built product (building first when the build is
// missing or older than the sources), opens /#/login in a fresh Chromium profile, then,
// logged in, the chat screen with a chat open in another fresh profile (an empty cache),
// and prints for each screen the script bytes transferred (the encoded body, as served),
// their uncompressed size, and the three largest chunks. Figures only, no thresholds.
//
//   npm run bench:bundle            (add -- --json for the raw figures as JSON)
//   npm run bench:bundle -- --build (always build first; --no-build: never)
//   WEB_DIST=/some/dist npm run bench:bundle -- --no-build   (measure another build)
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

async function measure(product) {
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
  await product.call(
    "/enterprise/im/sendMessage",
    {
      id: randomUUID(),
      type: "text",
      content: "Hello from the bundle benchmark",
      toContactId: me.userInfo.user_id,
    },
    them.authToken,
  );

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
    await login.locator("input#account").waitFor();
    const loginScreen = summarise(await loginScripts());

    // Logged in through the form, then the chat screen opened cold in a new profile.
    await login.locator("input#account").fill(reader);
    await login.locator("input#password").fill("secret12");
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
    await second.close();
    return { login: loginScreen, chat: chatScreen };
  } finally {
    await browser.close();
  }
}

function print(results) {
  for (const [screen, s] of Object.entries(results)) {
    console.log(
      `${screen === "login" ? "/#/login" : "chat screen, a chat open"}: ` +
        `${s.documentLoads} document load(s), ${s.scripts} scripts, ` +
        `${kB(s.transferredBytes)} kB transferred (${s.encodings}), ` +
        `${kB(s.uncompressedBytes)} kB uncompressed, ${kB(s.gzipBytes)} kB if gzipped`,
    );
    for (const chunk of s.largest.slice(0, 3))
      console.log(
        `    ${chunk.name.padEnd(40)} ${String(kB(chunk.transferredBytes)).padStart(7)} kB transferred ` +
          `${String(kB(chunk.uncompressedBytes)).padStart(7)} kB uncompressed`,
      );
  }
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
  const results = await measure(product);
  if (asJson) console.log(JSON.stringify(results, null, 2));
  else print(results);
} finally {
  await product.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
