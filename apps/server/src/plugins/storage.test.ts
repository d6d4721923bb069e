import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import { LocalStorage } from "../storage/local-storage.js";
import { storageKeyOf } from "../storage/storage.js";

/*
 * Stored files at /storage/<key>: read-only, cached immutable, never a way out of the
 * storage folder, never a page that runs script on this origin.
 */
let api: TestApp;
/** A file beside the storage folder, which no path under /storage may reach. */
let outside = "";

beforeAll(async () => {
  api = await startTestApp();
  await api.storage.put("avatar/7/face.png", Buffer.from("png bytes"));
  if (!(api.storage instanceof LocalStorage)) throw new Error("local disk");
  // Names the server never makes, put there behind its back.
  const folder = path.join(api.storage.root, "avatar/7");
  fs.writeFileSync(path.join(folder, ".hidden"), "secret");
  fs.writeFileSync(path.join(folder, "face.png.1a2b.part"), "half");
  outside = `${path.basename(api.storage.root)}-outside.txt`;
  fs.writeFileSync(path.join(api.storage.root, "..", outside), "outside");
});
afterAll(async () => {
  if (api.storage instanceof LocalStorage)
    fs.rmSync(path.join(api.storage.root, "..", outside), { force: true });
  await api.close();
});

/** A request sent as written: fetch would tidy `..` and `%2e%2e` away before sending. */
function get(
  path: string,
  method = "GET",
): Promise<{ status: number; headers: Headers; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(api.url + "/", { method, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === "string") headers.set(name, value);
        resolve({ status: res.statusCode ?? 0, headers, body });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("stored files", () => {
  it("are served with a year of immutable caching and a sandbox", async () => {
    const res = await get("/storage/avatar/7/face.png");
    expect(res.status).toBe(200);
    expect(res.body).toBe("png bytes");
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await get("/storage/avatar/7/face.png", "HEAD")).status).toBe(200);
  });

  it.each([
    "/storage/avatar/7/missing.png",
    "/storage/avatar/7/.hidden",
    "/storage/avatar/7/face.png.1a2b.part",
    "/storage/../OUTSIDE",
    "/storage/%2e%2e/OUTSIDE",
    "/storage/avatar/7/..%2f..%2f..%2fOUTSIDE",
    "/storage/avatar/7/",
    "/storage/avatar",
    "/storage/%2e%2e/%2e%2e/package.json",
    "/storage/avatar/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json",
    "/storage/..%5c..%5cpackage.json",
    "/storage/avatar/7/face.png%00.txt",
  ])("answer the envelope's 404 for %s", async (path) => {
    const res = await get(path.replace("OUTSIDE", outside));
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 404 });
  });

  it("take no writes", async () => {
    const res = await fetch(`${api.url}/storage/avatar/7/face.png`, {
      method: "PUT",
      body: "other",
    });
    expect(res.status).toBe(404);
    expect((await get("/storage/avatar/7/face.png")).body).toBe("png bytes");
  });
});

describe("a stored src", () => {
  it.each([
    ["/storage/avatar/group_5/ab.png", "avatar/group_5/ab.png"],
    ["//storage/avatar/5/x.png", "avatar/5/x.png"],
    ["", null],
    ["/static/img/avatar.png", null],
    ["https://elsewhere.example/storage/a.png", null],
    ["/storage/../config.json", null],
    ["/storage/avatar//x.png", null],
    ["/storage/avatar/.x", null],
  ])("%j names the key %j", (src, key) => {
    expect(storageKeyOf(src)).toBe(key);
  });
});
