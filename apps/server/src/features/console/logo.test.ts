import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { LocalStorage } from "../../storage/local-storage.js";
import {
  loginAdmin,
  registerAndLogin,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";

/*
 * The system logo (issue 12; wire-contract.md §2.3 `common/upload/uploadImage`): an
 * administrator uploads a picture; it is judged by its bytes, drawn again as a PNG of at
 * most 512 px a side, served publicly under /storage/logo/, and saved as sysInfo.logo
 * by Settings. Anything else, anyone else, or demo mode: refused, nothing stored.
 */
let api: TestApp;
let admin: TestUser;
let dataDir = "";

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-logo-"));
  api = await startTestApp({ DATA_DIR: dataDir });
  admin = await loginAdmin(api);
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const EN = { "Accept-Language": "en" };

function upload(
  user: TestUser | null,
  bytes: Buffer,
  name: string,
  app = api,
  purpose?: string,
) {
  const form = new FormData();
  if (purpose !== undefined) form.append("purpose", purpose);
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return app.post(
    "/common/upload/uploadImage",
    {},
    { token: user?.token, raw: form, headers: EN },
  );
}

/** The logo folder's files in the app's storage (a local folder in these tests). */
function storedLogos(): string[] {
  const { storage } = api;
  if (!(storage instanceof LocalStorage))
    throw new Error("local storage expected");
  const dir = path.join(storage.root, "logo");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe("common/upload/uploadImage", () => {
  it("stores a picture as a PNG of at most 512 px a side, served to anyone, saved as the logo", async () => {
    const wide = await sharp({
      create: { width: 1200, height: 300, channels: 3, background: "#1f6feb" },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(admin, wide, "logo.txt");
    expect(res.code, res.msg).toBe(0);
    const url = String(res.data);
    expect(url).toMatch(/\/storage\/logo\/[0-9a-f]{24}\.png$/);
    expect(storedLogos()).toEqual([url.slice(url.lastIndexOf("/") + 1)]);
    const served = await fetch(new URL(url, api.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(
      Buffer.from(await served.arrayBuffer()),
    ).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 128]);
    await saveConfig(api, "sysInfo", { logo: new URL(url, api.url).pathname });
    const info = await api.post("/common/pub/getSystemInfo", {});
    expect((info.data as { sysInfo: { logo: string } }).sysInfo.logo).toBe(
      new URL(url, api.url).pathname,
    );
  });

  it.each([
    [
      "an SVG",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
      "logo.svg",
      "Only jpg, png or gif pictures can be uploaded",
    ],
    [
      "text",
      Buffer.from("not a picture"),
      "logo.png",
      "Only jpg, png or gif pictures can be uploaded",
    ],
    [
      "a truncated PNG",
      Buffer.from([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13,
      ]),
      "logo.png",
      "Only jpg, png or gif pictures can be uploaded",
    ],
    [
      "over 2 MB",
      Buffer.alloc(2 * 1024 * 1024 + 1, 1),
      "big.png",
      "A logo picture is at most 2 MB",
    ],
  ])("refuses %s and stores nothing", async (_label, bytes, name, msg) => {
    const before = storedLogos();
    const res = await upload(admin, bytes, name);
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe(msg);
    expect(storedLogos()).toEqual(before);
  });

  it("is a missing call to a user, asks a visitor to sign in, and is read-only in demo mode", async () => {
    const png = await sharp({
      create: { width: 10, height: 10, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    const user = await registerAndLogin(api);
    const refused = await upload(user, png, "a.png");
    expect(refused.code).toBe(404);
    expect((await upload(null, png, "a.png")).code).toBe(-1);
    const demo = await startTestApp({ DEMO_MODE: "1" });
    try {
      const res = await upload(await loginAdmin(demo), png, "a.png", demo);
      expect(res.key).toBe("demo.readOnly");
    } finally {
      await demo.close();
    }
  });
});

/** A picture of random pixels: it does not compress, so its size is about w·h·channels. */
function noise(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++)
    pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe("article pictures (uploadImage purpose article)", () => {
  it("keeps a photo as a JPEG of at most 1600 px a side, public, and an article keeps it", async () => {
    const photo = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: "#884422" },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(admin, photo, "photo.jpg", api, "article");
    expect(res.code, res.msg).toBe(0);
    const url = String(res.data);
    expect(url).toMatch(/\/storage\/article\/[0-9a-f]{24}\.jpg$/);
    const served = await fetch(new URL(url, api.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(
      Buffer.from(await served.arrayBuffer()),
    ).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1600, 800]);

    const src = new URL(url, api.url).pathname;
    const added = await api.post(
      "/manage/Article/add",
      {
        title: "With a picture",
        content: `<p>Look:</p><img src="${src}" alt="A photo" onerror="alert(1)">`,
        status: 1,
      },
      { token: admin.token },
    );
    expect(added.code, added.msg).toBe(0);
    const { id } = added.data as { id: number };
    const detail = await api.post(
      "/enterprise/article/detail",
      { id },
      { token: admin.token },
    );
    const body = (detail.data as { content: string }).content;
    expect(body).toContain(`<img src="${src}" alt="A photo" />`);
    expect(body).not.toContain("onerror");
  });

  it("keeps a picture with transparency as a PNG", async () => {
    const clear = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    const res = await upload(admin, clear, "clear.png", api, "article");
    expect(res.code, res.msg).toBe(0);
    expect(String(res.data)).toMatch(/\/storage\/article\/[0-9a-f]{24}\.png$/);
  });

  it("refuses a logo above 2 MB, an article picture above 8 MB, and an unknown purpose", async () => {
    const big = await noise(1000, 1000);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const asLogo = await upload(admin, big, "big.png");
    expect(asLogo.key).toBe("logo.tooLarge");
    // The same picture is fine in an article.
    expect((await upload(admin, big, "big.png", api, "article")).code).toBe(0);

    const huge = Buffer.alloc(9 * 1024 * 1024, 1);
    const tooBig = await upload(admin, huge, "huge.png", api, "article");
    expect(tooBig.key).toBe("articleImage.tooLarge");
    expect(tooBig.msg).toBe("A picture in an article is at most 8 MB");

    const odd = await upload(admin, big, "x.png", api, "avatar");
    expect(odd.code).not.toBe(0);
    expect(odd.key).toBe("request.invalidField");
  });

  it("is refused to members like a missing call", async () => {
    const member = await registerAndLogin(api);
    const photo = await noise(20, 20);
    const res = await upload(member, photo, "p.png", api, "article");
    expect(res.code).not.toBe(0);
    expect(res.key).toBe("request.notFound");
  });
});
