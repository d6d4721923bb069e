import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import { IMMUTABLE, inlineScriptHashes, REVALIDATE } from "./web.js";

/*
 * The built web client as the server sends it: a dist folder laid out as `vite build`
 * writes it (hashed files under /assets with their .br and .gz copies beside them), served
 * by the real app over a real socket, with exact Accept-Encoding headers.
 */

const SCRIPT = `console.log(${JSON.stringify("parley ".repeat(400))});\n`;
/** The page's one inline script (index.html's theme before the scripts run). */
const INLINE = `\n  document.documentElement.dataset.theme = "dark";\n`;
const PAGE = `<!doctype html><html><head><title>${"Parley ".repeat(200)}</title><script>${INLINE}</script><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`;

let dist: string;
let api: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "parley-web-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.mkdirSync(path.join(dist, "static/img"), { recursive: true });
  const page = path.join(dist, "index.html");
  fs.writeFileSync(page, PAGE);
  fs.writeFileSync(`${page}.br`, zlib.brotliCompressSync(PAGE));
  fs.writeFileSync(`${page}.gz`, zlib.gzipSync(PAGE));
  const script = path.join(dist, "assets/index-AbC123.js");
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  // Too small to be worth compressing: the build writes no copies for it.
  fs.writeFileSync(path.join(dist, "assets/tiny-XyZ789.js"), "export {};\n");
  fs.writeFileSync(path.join(dist, "static/img/avatar.png"), "png");
  api = await startTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await api.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A GET with exactly these headers (fetch would add Accept-Encoding and decode for us). */
function get(
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${api.url}${pathname}`, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(parts),
        }),
      );
      res.on("error", reject);
    });
    request.on("error", reject);
  });
}

describe("the built web client", () => {
  it("sends the brotli copy to a browser that accepts it", async () => {
    const res = await get("/assets/index-AbC123.js", {
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it("sends the gzip copy when only gzip is accepted", async () => {
    const res = await get("/assets/index-AbC123.js", {
      "accept-encoding": "gzip",
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(zlib.gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it("sends the file itself otherwise", async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "deflate" },
    ];
    for (const headers of variants) {
      const res = await get("/assets/index-AbC123.js", headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body.toString()).toBe(SCRIPT);
    }
  });

  it("sends a file the build left uncompressed as it is, whatever is accepted", async () => {
    const res = await get("/assets/tiny-XyZ789.js", {
      "accept-encoding": "br, gzip",
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe("export {};\n");
  });

  it("lets a browser keep hashed assets for a year, whichever copy it got", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await get("/assets/index-AbC123.js", {
        "accept-encoding": encoding,
      });
      expect(res.headers["cache-control"], encoding).toBe(IMMUTABLE);
    }
    expect(IMMUTABLE).toBe("public, max-age=31536000, immutable");
  });

  it("never lets the page be used without asking, at / and at /index.html", async () => {
    for (const pathname of ["/", "/index.html"]) {
      const res = await get(pathname, { "accept-encoding": "br, gzip" });
      expect(res.status, pathname).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["content-encoding"], pathname).toBe("br");
      expect(res.headers["cache-control"], pathname).toBe(REVALIDATE);
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(PAGE);
      const plain = await get(pathname);
      expect(plain.headers["cache-control"], pathname).toBe(REVALIDATE);
      expect(plain.body.toString()).toBe(PAGE);
    }
    expect(REVALIDATE).toBe("no-cache");
  });

  it("has unhashed files asked again too", async () => {
    const res = await get("/static/img/avatar.png");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe(REVALIDATE);
  });

  it("answers a revalidation with 304 and the same cache rule", async () => {
    const first = await get("/assets/index-AbC123.js", {
      "accept-encoding": "br",
    });
    const etag = String(first.headers.etag);
    const again = await get("/assets/index-AbC123.js", {
      "accept-encoding": "br",
      "if-none-match": etag,
    });
    expect(again.status).toBe(304);
    expect(again.headers["cache-control"]).toBe(IMMUTABLE);
  });

  it("answers the 404 envelope for an asset the build does not have, uncached", async () => {
    for (const pathname of [
      "/assets/index-Gone999.js",
      "/assets/index-AbC123.js.br",
      "/assets/index-AbC123.js.gz",
      "/nothing-here",
    ]) {
      const res = await get(pathname, { "accept-encoding": "br, gzip" });
      expect(res.status, pathname).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.headers["cache-control"], pathname).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toMatchObject({
        code: 404,
        key: "request.notFound",
      });
    }
  });

  it("keeps the API uncached and uncompressed by these rules", async () => {
    const res = await api.post("/common/pub/getSystemInfo");
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const raw = await fetch(`${api.url}/common/pub/getSystemInfo`, {
      method: "POST",
    });
    expect(raw.headers.get("cache-control")).not.toBe(IMMUTABLE);
    expect(raw.headers.get("cache-control")).not.toBe(REVALIDATE);
  });
});

describe("the page's inline script", () => {
  const digest = createHash("sha256").update(INLINE).digest("base64");

  it("runs by its digest, on the page and every answer, and no other inline script does", async () => {
    for (const res of [
      await get("/"),
      await get("/assets/index-AbC123.js"),
      await get("/no/such/file.js"),
    ]) {
      const csp = String(res.headers["content-security-policy"]);
      const scripts = /script-src ([^;]*)/.exec(csp)?.[1];
      expect(scripts).toBe(`'self' 'sha256-${digest}'`);
    }
  });

  it("is hashed as the browser reads it: each inline script, line breaks as LF, none without a page", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "parley-page-"));
    try {
      expect(inlineScriptHashes(folder)).toEqual([]);
      fs.writeFileSync(
        path.join(folder, "index.html"),
        `<script>\r\nlet a = 1;\r\n</script><script src="/x.js"></script>` +
          `<script type="module">import "/y.js";</script><script>b()</script>`,
      );
      const sha = (text: string) =>
        createHash("sha256").update(text).digest("base64");
      expect(inlineScriptHashes(folder)).toEqual([
        sha("\nlet a = 1;\n"),
        sha("b()"),
      ]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
