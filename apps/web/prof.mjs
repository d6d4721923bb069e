import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import fs from "node:fs";
const dir = fs.mkdtempSync("/tmp/prof/d");
const srv = spawn(process.execPath, ["apps/server/dist/main.js"], { env: { ...process.env, PORT: "23456", HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "warn", ADMIN_ACCOUNT: "admin", ADMIN_PASSWORD: "admin-pass1", ARGON2_MEMORY_KIB: "1024", ARGON2_TIME_COST: "1", RATE_REGISTER_IP: "0", RATE_LOGIN_IP: "0" }, stdio: "inherit" });
const url = "http://localhost:23456";
for (let i = 0; i < 50; i++) { try { await fetch(url + "/manifest.webmanifest"); break; } catch { await new Promise(r => setTimeout(r, 100)); } }
const form = (b) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(b) });
let r = await (await fetch(url + "/common/pub/login", form({ account: "admin", password: "admin-pass1", lang: "en" }))).json();
const session = r.data;
const exe = process.argv[2] ?? "/usr/bin/chromium-headless-shell";
const browser = await chromium.launch({ executablePath: exe, args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
const cpu = () => { let t = 0; for (const p of fs.readdirSync("/proc")) { if (!/^\d+$/.test(p)) continue; try { const s = fs.readFileSync(`/proc/${p}/stat`, "utf8"); if (!s.includes("(chrom")) continue; const f = s.split(") ")[1].split(" "); t += (Number(f[11]) + Number(f[12])) / 100; } catch {} } return t; };
for (let round = 0; round < 3; round++) {
  const c0 = cpu(); const t0 = Date.now();
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: "reduce", locale: "en-US" });
  const page = await ctx.newPage();
  const c1 = cpu(); const t1 = Date.now();
  const cdp = await ctx.newCDPSession(page); await cdp.send("Performance.enable");
  await page.goto(url + "/manifest.webmanifest");
  await page.evaluate((k) => { localStorage.setItem("authToken", k.authToken); localStorage.setItem("sessionId", k.sessionId); localStorage.setItem("UserInfo", JSON.stringify(k.userInfo)); }, session);
  await page.goto(url + "/#/");
  await page.getByRole("navigation", { name: "Main menu" }).waitFor();
  await page.waitForLoadState("networkidle");
  const c2 = cpu(); const t2 = Date.now();
  const m = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map(x => [x.name, x.value]));
  console.log(`ctx ${(t1-t0)}ms cpu ${(c1-c0).toFixed(2)} | load ${(t2-t1)}ms cpu ${(c2-c1).toFixed(2)} | script ${m.ScriptDuration.toFixed(2)} layout ${m.LayoutDuration.toFixed(2)} style ${m.RecalcStyleDuration.toFixed(2)} task ${m.TaskDuration.toFixed(2)} JSHeap ${(m.JSHeapUsedSize/1e6).toFixed(1)}MB nodes ${m.Nodes}`);
  await ctx.close();
}
await browser.close(); srv.kill();
