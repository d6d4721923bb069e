import { z } from "zod/mini";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ContactSchema, files, MessageSchema } from "@parley/protocol";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import { startS3, type TestS3 } from "../../../test/s3.js";
import {
  countRows,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import { LocalStorage } from "../../storage/local-storage.js";
import { cleanFileName } from "./files.service.js";
import { byteRange, contentDisposition } from "./files.routes.js";

/*
 * Issue 10, files in chat (wire-contract.md §2.3, §5.8; reliability.md §3 C): an upload is
 * sniffed, checked against the console's limits, stored once per content and sent through
 * the normal send path; its file goes only to people who may see a message carrying it,
 * with headers that keep it inert. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const STORAGES = ["the local disk", "S3 (s3rver)"] as const;
type StorageKind = (typeof STORAGES)[number];

let api: TestApp;
let dataDir = "";
let s3: TestS3 | null = null;

/** The app on a storage of the kind, with its own data folder. */
async function startOn(kind: StorageKind, dir: string): Promise<TestApp> {
  if (kind === "S3 (s3rver)") {
    s3 ??= await startS3();
    return startTestApp({ DATA_DIR: dir }, { storage: s3.storage });
  }
  return startTestApp({ DATA_DIR: dir });
}

let png: Buffer;
/** The smallest WAV there is: a header, no samples. */
const emptyWav = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from("WAVEfmt "),
  Buffer.from([
    16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1f, 0, 0, 0x80, 0x3e, 0, 0, 2, 0, 16, 0,
  ]),
  Buffer.from("data"),
  Buffer.alloc(4),
]);
beforeAll(async () => {
  png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: "#2266aa" },
  })
    .png()
    .toBuffer();
});

const { FileEntrySchema } = files;

/** Refusals are read in English. */
const EN = { "Accept-Language": "en" };

/** Posts a file to uploadFile as the web client does: the file and the message as JSON. */
async function upload(
  user: TestUser | null,
  bytes: Buffer,
  name: string,
  message: Record<string, unknown>,
) {
  const form = new FormData();
  form.append(
    "message",
    JSON.stringify({ id: randomUUID(), type: "file", ...message }),
  );
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return api.post(
    "/common/upload/uploadFile",
    {},
    {
      token: user?.token,
      raw: form,
      headers: EN,
    },
  );
}

/** GETs a file address with the user's token, or a cookie, or nothing. */
async function download(
  url: string,
  how: { token?: string; cookie?: string; range?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (how.token) headers.Authorization = how.token;
  if (how.cookie) headers.Cookie = how.cookie;
  if (how.range) headers.Range = how.range;
  const res = await fetch(api.url + url, { headers });
  return {
    status: res.status,
    headers: res.headers,
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** The rows of the files tables, and the blobs' keys in storage. */
async function stored() {
  return {
    files: await countRows(api, "files"),
    blobs: await countRows(api, "blobs"),
  };
}

/** The files in a data folder's upload spool (each process has a folder of its own there). */
function spoolFiles(dir: string): string[] {
  const spool = path.join(dir, "uploads");
  if (!fs.existsSync(spool)) return [];
  return (fs.readdirSync(spool, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(spool, p)).isFile(),
  );
}

/**
 * Every stored object of a chat (its key), and every file left in the upload spool.
 * Pictures of people and groups are left out: a group's is drawn in the background after
 * its members change, so it may land in the middle of a count (a flaky test did).
 */
async function storedObjects(): Promise<string[]> {
  const spooled = spoolFiles(dataDir).map((name) => `spool:${name}`);
  const chat = (key: string) => !key.startsWith("avatar/");
  if (!(api.storage instanceof LocalStorage))
    return [...(await (s3 as TestS3).keys()).filter(chat), ...spooled];
  const { root } = api.storage;
  return [
    ...(fs.readdirSync(root, { recursive: true }) as string[]).filter(
      (p) => chat(p) && fs.statSync(path.join(root, p)).isFile(),
    ),
    ...spooled,
  ];
}

describe.each(STORAGES)("with files on %s", (kind) => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-files-"));
    api = await startOn(kind, dataDir);
  });
  afterAll(async () => {
    await api.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe("uploading to a one-to-one chat", () => {
    it("sends an image message with its file fields; both sides download it inline", async () => {
      const [ann, bob] = await registerMany(api, 2, "Img");
      const res = await upload(ann, png, "holiday 假期.png", {
        toContactId: bob.userId,
        type: "image",
      });
      expect(res.code, res.msg).toBe(0);
      const message = MessageSchema.parse(res.data);
      expect(message.type).toBe("image");
      expect(message.file_id).toBeGreaterThan(0);
      expect(message.content).toBe(`/files/${message.file_id}`);
      expect(message.fileName).toBe("holiday 假期.png");
      expect(message.fileSize).toBe(png.length);
      expect(message.preview).toBe(message.content);
      expect(message.download).toBe(`${message.content}?download=1`);
      // A small picture (both sides ≤ 200 px) is shown at its own size: fixMode 3 (§2.9).
      expect(message.extends).toMatchObject({
        width: 64,
        height: 48,
        fixMode: 3,
      });
      expect(res.data).toMatchObject({
        file_cate: 2,
        file_size: png.length,
        file_name: "holiday 假期.png",
      });

      // Bob sees it in the chat's history with the same fields.
      const history = await api.post(
        "/enterprise/im/getMessageList",
        { toContactId: ann.userId, is_group: 0 },
        { token: bob.token },
      );
      const seen = z.array(MessageSchema).parse(history.data);
      expect(seen.at(-1)).toMatchObject({
        file_id: message.file_id,
        type: "image",
        fileName: "holiday 假期.png",
      });

      for (const user of [ann, bob]) {
        const got = await download(message.content, { token: user.token });
        expect(got.status).toBe(200);
        expect(got.body.equals(png)).toBe(true);
        expect(got.headers.get("content-type")).toBe("image/png");
        expect(got.headers.get("content-disposition")).toMatch(/^inline; /);
        expect(got.headers.get("x-content-type-options")).toBe("nosniff");
        expect(got.headers.get("content-security-policy")).toContain("sandbox");
      }
      // The download address always saves it.
      const saved = await download(message.download, { token: bob.token });
      expect(saved.headers.get("content-disposition")).toMatch(/^attachment; /);
      expect(saved.headers.get("content-type")).toBe(
        "application/octet-stream",
      );
      expect(saved.headers.get("content-disposition")).toContain(
        `filename*=UTF-8''holiday%20%E5%81%87%E6%9C%9F.png`,
      );
    });

    it("sends a WebP picture as a file (SPEC §5: gif, jpeg and png are images), still shown in place", async () => {
      const [ann, bob] = await registerMany(api, 2, "Webp");
      const webp = await sharp({
        create: {
          width: 40,
          height: 30,
          channels: 3,
          background: { r: 0, g: 120, b: 200 },
        },
      })
        .webp()
        .toBuffer();
      const res = await upload(ann, webp, "pic.webp", {
        toContactId: bob.userId,
        type: "image",
      });
      expect(res.code, res.msg).toBe(0);
      const message = MessageSchema.parse(res.data);
      expect(message.type).toBe("file");
      expect(res.data).toMatchObject({ file_cate: 2, file_name: "pic.webp" });
      const got = await download(message.content, { token: bob.token });
      expect(got.headers.get("content-type")).toBe("image/webp");
      expect(got.headers.get("content-disposition")).toMatch(/^inline; /);
    });

    it("makes a small JPEG of a large picture after answering", async () => {
      const [ann, bob] = await registerMany(api, 2, "Thumb");
      const large = await sharp({
        create: {
          width: 1200,
          height: 800,
          channels: 3,
          background: "#aa3300",
        },
      })
        .png()
        .toBuffer();
      const { content, file_id } = MessageSchema.parse(
        (await upload(ann, large, "large.png", { toContactId: bob.userId }))
          .data,
      );
      await api.services.jobs.whenIdle();
      const thumb = await download(`${content}?thumb=1`, { token: bob.token });
      expect(thumb.headers.get("content-type")).toBe("image/jpeg");
      expect(await sharp(thumb.body).metadata()).toMatchObject({
        width: 480,
        height: 320,
      });
      // A small picture is its own thumbnail; nobody else gets either.
      const small = MessageSchema.parse(
        (await upload(ann, png, "small.png", { toContactId: bob.userId })).data,
      );
      await api.services.jobs.whenIdle();
      const same = await download(`${small.content}?thumb=1`, {
        token: bob.token,
      });
      expect(same.body.equals(png)).toBe(true);
      const [eve] = await registerMany(api, 1, "NoThumb");
      expect(
        (await download(`${content}?thumb=1`, { token: eve.token })).status,
      ).toBe(404);
      expect(file_id).toBeGreaterThan(0);
      expect(
        (await storedObjects()).some((key) => key.startsWith("thumb/")),
      ).toBe(true);
    });

    it("answers a stranger, a logged-out token and no credentials exactly like a missing file", async () => {
      const [ann, bob, eve] = await registerMany(api, 3, "Acl");
      const res = await upload(ann, png, "secret.png", {
        toContactId: bob.userId,
      });
      const { content, file_id } = MessageSchema.parse(res.data);
      const missing = await download(`/files/${file_id + 100_000}`, {
        token: eve.token,
      });
      expect(missing.status).toBe(404);
      for (const how of [
        { token: eve.token },
        {},
        { cookie: "parley_files=x" },
      ]) {
        const got = await download(content, how);
        expect(got.status).toBe(404);
        expect(got.body.toString()).toBe(missing.body.toString());
      }
      await api.post("/common/pub/logout", {}, { token: bob.token });
      expect((await download(content, { token: bob.token })).status).toBe(404);
      for (const bad of ["/files/abc", "/files/..%2f..%2fetc", "/files/1e3"])
        expect((await download(bad, { token: ann.token })).status).toBe(404);
    });

    it("loads in a browser by the cookie every signed-in call from one sets, scoped to /files", async () => {
      const [ann, bob] = await registerMany(api, 2, "Cookie");
      // A browser sends Origin on every POST (the Fetch standard).
      const origin = api.url;
      const res = await fetch(`${api.url}/common/upload/uploadFile`, {
        method: "POST",
        headers: { Authorization: ann.token, Origin: origin },
        body: (() => {
          const form = new FormData();
          form.append(
            "message",
            JSON.stringify({ id: randomUUID(), toContactId: bob.userId }),
          );
          form.append("file", new Blob([new Uint8Array(png)]), "c.png");
          return form;
        })(),
      });
      const cookie = res.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^parley_files=/);
      expect(cookie).toContain("Path=/files");
      expect(cookie).toContain("HttpOnly");
      const { content } = MessageSchema.parse(
        ((await res.json()) as { data: unknown }).data,
      );
      const got = await download(content, { cookie: cookie.split(";")[0] });
      expect(got.status).toBe(200);
      expect(got.body.equals(png)).toBe(true);

      // The browser sends back the note of which session it was set for, on every path:
      // the cookie is not set again for the same session, and is for another.
      const cookies = res.headers.getSetCookie();
      const note = cookies.find((c) => c.startsWith("parley_files_for="));
      expect(note).toContain("Path=/;");
      const bare = (token: string) => token.replace(/^bearer\s+/i, "");
      expect(note).not.toContain(bare(ann.token));
      const call = (token: string, jar: string) =>
        fetch(`${api.url}/enterprise/im/getContacts`, {
          method: "POST",
          headers: { Authorization: token, Cookie: jar, Origin: origin },
        });
      const again = await call(ann.token, note?.split(";")[0] ?? "");
      expect(again.headers.getSetCookie()).toEqual([]);
      const other = await call(bob.token, note?.split(";")[0] ?? "");
      expect(
        other.headers
          .getSetCookie()
          .map((c) => decodeURIComponent(c.split(";")[0] ?? "")),
      ).toContain(`parley_files=${bare(bob.token)}`);

      // A client that is no browser (no Origin) keeps no cookie: none is set for it.
      const app = await fetch(`${api.url}/enterprise/im/getContacts`, {
        method: "POST",
        headers: { Authorization: bob.token },
      });
      expect((await app.json()) as { code: number }).toMatchObject({ code: 0 });
      expect(app.headers.getSetCookie()).toEqual([]);
    });

    it("stores the same bytes once, however often they are sent", async () => {
      const [ann, bob] = await registerMany(api, 2, "Dedup");
      const bytes = Buffer.from(`report ${randomUUID()}\n`.repeat(50));
      const before = await stored();
      const first = await upload(ann, bytes, "a.txt", {
        toContactId: bob.userId,
      });
      const second = await upload(bob, bytes, "b.txt", {
        toContactId: ann.userId,
      });
      expect([first.code, second.code]).toEqual([0, 0]);
      const after = await stored();
      expect(after.files - before.files).toBe(2);
      expect(after.blobs - before.blobs).toBe(1);
      const [a, b] = [first, second].map((r) => MessageSchema.parse(r.data));
      expect(a?.type).toBe("file");
      expect(a?.file_id).not.toBe(b?.file_id);
      expect(first.data).toMatchObject({ file_cate: 1 });
    });

    it("addresses the bytes by their BLAKE3, the key in storage too", async () => {
      const [ann, bob] = await registerMany(api, 2, "Digest");
      // BLAKE3 of "abc", from the BLAKE3 team's published vectors: an independent check
      // of the hash, not the library checked against itself.
      const abc =
        "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85";
      const sent = await upload(ann, Buffer.from("abc"), "abc.txt", {
        toContactId: bob.userId,
      });
      expect(sent.code).toBe(0);
      const fileId = MessageSchema.parse(sent.data).file_id;
      expect(fileId).toBeTypeOf("number");
      const blob = await api.db
        .selectFrom("blobs")
        .innerJoin("files", "files.blob_id", "blobs.blob_id")
        .select(["blobs.digest", "blobs.storage_key"])
        .where("files.file_id", "=", fileId)
        .executeTakeFirstOrThrow();
      expect(blob.digest).toBe(abc);
      expect(blob.storage_key).toMatch(
        new RegExp(`^blob/64/${abc}-[0-9a-f]{12}$`),
      );
    });

    it("answers a retried upload with the first one's message and stores nothing more", async () => {
      const [ann, bob] = await registerMany(api, 2, "Retry");
      const id = randomUUID();
      const first = await upload(ann, png, "r.png", {
        id,
        toContactId: bob.userId,
      });
      const before = await stored();
      const again = await upload(ann, png, "r.png", {
        id,
        toContactId: bob.userId,
      });
      expect(again.code, again.msg).toBe(0);
      expect(MessageSchema.parse(again.data).msg_id).toBe(
        MessageSchema.parse(first.data).msg_id,
      );
      expect(await stored()).toEqual(before);
    });

    it("serves one byte range of a file, and refuses one outside it", async () => {
      const [ann, bob] = await registerMany(api, 2, "Range");
      const bytes = Buffer.from("0123456789abcdefghij");
      const { content } = MessageSchema.parse(
        (await upload(ann, bytes, "r.txt", { toContactId: bob.userId })).data,
      );
      const part = await download(content, {
        token: bob.token,
        range: "bytes=5-9",
      });
      expect(part.status).toBe(206);
      expect(part.body.toString()).toBe("56789");
      expect(part.headers.get("content-range")).toBe("bytes 5-9/20");
      const tail = await download(content, {
        token: bob.token,
        range: "bytes=-3",
      });
      expect(tail.body.toString()).toBe("hij");
      const outside = await download(content, {
        token: bob.token,
        range: "bytes=50-60",
      });
      expect(outside.status).toBe(416);
      expect(outside.headers.get("content-range")).toBe("bytes */20");
    });
  });

  describe("avatars beside chat files", () => {
    it("serves a picture of a person to anyone, and never a chat file by its key", async () => {
      const [ann, bob] = await registerMany(api, 2, "Avatar");
      const form = new FormData();
      form.append("type", "1");
      form.append("file", new Blob([new Uint8Array(png)]), "me.png");
      const res = await api.post(
        "/common/upload/uploadAvatar",
        {},
        { token: ann.token, raw: form, headers: EN },
      );
      expect(res.code, res.msg).toBe(0);
      const avatar = await download(String(res.data).replace(/^\/+/, "/"));
      expect(avatar.status).toBe(200);
      expect(avatar.headers.get("content-type")).toBe("image/png");
      // A chat file's bytes are in the same storage, but /storage serves pictures only.
      await upload(ann, png, "chat.png", { toContactId: bob.userId });
      const blob = (await storedObjects()).find((key) =>
        key.startsWith("blob/"),
      );
      expect(blob).toBeDefined();
      expect((await download(`/storage/${String(blob)}`)).status).toBe(404);
    });
  });

  describe("the file library (enterprise/files/index)", () => {
    const library = (user: TestUser, body: Record<string, unknown> = {}) =>
      api.post("/enterprise/files/index", body, {
        token: user.token,
        headers: EN,
      });

    it("records a clip's length from its container, over the one the client says", async () => {
      const [ann, bob] = await registerMany(api, 2, "Clip");
      // 1.5 s of 16-bit mono silence at 8 kHz: the header says so.
      const samples = 8000 * 1.5;
      const header = Buffer.alloc(44);
      header.write("RIFF", 0);
      header.writeUInt32LE(36 + samples * 2, 4);
      header.write("WAVEfmt ", 8);
      header.writeUInt32LE(16, 16);
      header.writeUInt16LE(1, 20);
      header.writeUInt16LE(1, 22);
      header.writeUInt32LE(8000, 24);
      header.writeUInt32LE(16000, 28);
      header.writeUInt16LE(2, 32);
      header.writeUInt16LE(16, 34);
      header.write("data", 36);
      header.writeUInt32LE(samples * 2, 40);
      const wav = Buffer.concat([header, Buffer.alloc(samples * 2)]);
      const voice = await upload(ann, wav, "clip.wav", {
        toContactId: bob.userId,
        type: "voice",
        extends: { duration: 99 },
      });
      expect(voice.code, voice.msg).toBe(0);
      expect(MessageSchema.parse(voice.data).extends.duration).toBe(1.5);

      // A container that says nothing: the client's length stands.
      const noise = Buffer.concat([
        header.subarray(0, 36),
        Buffer.from("junk"),
      ]);
      const unknown = await upload(ann, noise, "odd.wav", {
        toContactId: bob.userId,
        type: "voice",
        extends: { duration: 4 },
      });
      expect(unknown.code, unknown.msg).toBe(0);
      expect(MessageSchema.parse(unknown.data)).toMatchObject({
        type: "voice",
        extends: { duration: 4 },
      });
    });

    it("gives documents the preview service's address with a signed link it may fetch for a while (issue 51 item 8)", async () => {
      const [ann, bob] = await registerMany(api, 2, "Preview");
      const bytes = Buffer.from(`%PDF-1.4 minutes ${randomUUID()}`);
      const sent = await upload(ann, bytes, "minutes.pdf", {
        toContactId: bob.userId,
      });
      expect(sent.code, sent.msg).toBe(0);
      const entryOf = async () =>
        (
          (await library(bob, { keywords: "minutes" })).data as {
            preview: string;
            src: string;
          }[]
        )[0];
      // No service set: a document has no preview.
      expect((await entryOf())?.preview).toBe("");

      await saveConfig(api, "fileUpload", {
        preview: "https://preview.example/view?src=",
      });
      try {
        const entry = await entryOf();
        const prefix = "https://preview.example/view?src=";
        expect(entry?.preview.startsWith(prefix)).toBe(true);
        const link = decodeURIComponent(
          entry?.preview.slice(prefix.length) ?? "",
        );
        expect(link.startsWith(`${String(entry?.src)}?preview=`)).toBe(true);
        // The service has no session: the signed link alone serves the file.
        const path = link.slice(link.indexOf("/files/"));
        const fetched = await fetch(api.url + path);
        expect(fetched.status).toBe(200);
        expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
        // Another file's id with this signature, or a forged one, is missing.
        const token = path.slice(path.indexOf("=") + 1);
        const other = path.replace(
          /\/files\/(\d+)/,
          (_, id: string) => `/files/${Number(id) + 1}`,
        );
        expect((await fetch(api.url + other)).status).toBe(404);
        expect(
          (
            await fetch(
              `${api.url}${path.slice(0, path.indexOf("="))}=${token}x`,
            )
          ).status,
        ).toBe(404);
        // A while later the link no longer opens anything.
        api.clock.advance(16 * 60 * 1000);
        expect((await fetch(api.url + path)).status).toBe(404);
        // Pictures are shown in place: their preview is their own address.
        const picture = await upload(ann, png, "shot.png", {
          toContactId: bob.userId,
        });
        expect(picture.code).toBe(0);
        const shot = (
          (await library(bob, { keywords: "shot" })).data as {
            preview: string;
            src: string;
          }[]
        )[0];
        expect(shot?.preview).toBe(shot?.src);
      } finally {
        await saveConfig(api, "fileUpload", { preview: "" });
      }
    });

    it("lists a file once however many of my messages carry it: forwarded or sent again (issue 51 item 18)", async () => {
      const [ann, bob, cat] = await registerMany(api, 3, "Once");
      const sent = MessageSchema.parse(
        (
          await upload(ann, Buffer.from(`once ${randomUUID()}`), "once.txt", {
            toContactId: bob.userId,
          })
        ).data,
      );
      const forwarded = await api.post(
        "/enterprise/im/forwardMessage",
        { user_ids: [cat.userId], msg_id: sent.msg_id },
        { token: bob.token, headers: EN },
      );
      expect(forwarded.code, forwarded.msg).toBe(0);
      const again = await api.post(
        "/enterprise/im/sendMessage",
        {
          id: randomUUID(),
          type: "file",
          content: sent.content,
          file_id: sent.file_id,
          toContactId: ann.userId,
        },
        { token: bob.token, headers: EN },
      );
      expect(again.code, again.msg).toBe(0);
      const listed = await library(bob);
      expect(listed.code, listed.msg).toBe(0);
      const rows = listed.data as { file_id: number; msg_id: number }[];
      expect(rows.map((r) => r.file_id)).toEqual([sent.file_id]);
      expect(listed.count).toBe(1);
      // The newest message carrying it stands for it.
      expect(rows[0]?.msg_id).toBe(MessageSchema.parse(again.data).msg_id);
      // Only sent by me, or only received: once each.
      expect((await library(bob, { role: 1 })).count).toBe(1);
      expect((await library(bob, { role: 2 })).count).toBe(1);
    });

    it("lists my one-to-one files newest first, by category, side, name and page", async () => {
      const [ann, bob, cat, eve] = await registerMany(api, 4, "Library");
      const doc = Buffer.from(`minutes ${randomUUID()}`);
      await upload(ann, png, "Beach Photo.png", { toContactId: bob.userId });
      await upload(bob, doc, "Minutes_100%.txt", { toContactId: ann.userId });
      await upload(ann, doc, "plan.pdf", { toContactId: cat.userId });
      // Not in the library: a voice clip, and a group's file.
      const voice = await upload(ann, emptyWav, "clip.wav", {
        toContactId: bob.userId,
        type: "voice",
      });
      expect(MessageSchema.parse(voice.data).type).toBe("voice");

      const all = await library(ann);
      expect(all.code, all.msg).toBe(0);
      expect(all.count).toBe(3);
      const entries = z.array(FileEntrySchema).parse(all.data);
      expect(entries.map((e) => e.name)).toEqual([
        "plan.pdf",
        "Minutes_100%.txt",
        "Beach Photo.png",
      ]);
      expect(entries[2]).toMatchObject({
        cate: 2,
        msg_type: "image",
        size: png.length,
        user_id: ann.userId,
        user_id_info: { user_id: ann.userId, realname: "Library 1" },
      });
      expect(entries[2]?.src).toMatch(/^\/files\/\d+$/);
      expect(entries[1]).toMatchObject({
        cate: 1,
        msg_type: "file",
        preview: "",
      });

      const names = async (body: Record<string, unknown>) =>
        z
          .array(FileEntrySchema)
          .parse((await library(ann, body)).data)
          .map((e) => e.name);
      expect(await names({ role: 1 })).toEqual(["plan.pdf", "Beach Photo.png"]);
      expect(await names({ role: 2 })).toEqual(["Minutes_100%.txt"]);
      expect(await names({ cate: 2 })).toEqual(["Beach Photo.png"]);
      expect(await names({ cate: 1 })).toEqual([
        "plan.pdf",
        "Minutes_100%.txt",
      ]);
      expect(await names({ cate: 5 })).toEqual([]);
      expect(await names({ keywords: "BEACH" })).toEqual(["Beach Photo.png"]);
      expect(await names({ keywords: "100%" })).toEqual(["Minutes_100%.txt"]);
      expect(await names({ keywords: "%" })).toEqual(["Minutes_100%.txt"]);
      expect(await names({ keywords: "_" })).toEqual(["Minutes_100%.txt"]);
      // The console's every-file list is not for a user: their own list answers.
      expect(await names({ is_all: 1, cate: 2 })).toEqual(["Beach Photo.png"]);

      // Bob sees the two chats he is in; Eve sees none of it.
      expect((await library(bob)).count).toBe(2);
      const none = await library(eve);
      expect([none.count, none.data]).toEqual([0, []]);
    });

    it("gives a preview only to what is shown in place: a picture, a sound sent as a file", async () => {
      const [ann, bob] = await registerMany(api, 2, "Preview");
      const doc = Buffer.from(`notes ${randomUUID()}`);
      await upload(ann, png, "photo.png", { toContactId: bob.userId });
      await upload(ann, emptyWav, "song.wav", { toContactId: bob.userId });
      await upload(ann, doc, "notes.txt", { toContactId: bob.userId });
      const entries = z.array(FileEntrySchema).parse((await library(bob)).data);
      const byName = new Map(entries.map((e) => [e.name, e]));
      const song = byName.get("song.wav");
      expect(song).toMatchObject({ cate: 3, msg_type: "file" });
      expect(song?.preview).toBe(song?.src);
      expect(byName.get("photo.png")?.preview).toBe(
        byName.get("photo.png")?.src,
      );
      expect(byName.get("notes.txt")?.preview).toBe("");
      // The preview address is served in place, with the sound's own type.
      const served = await download(song?.preview ?? "", { token: bob.token });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toMatch(/^audio\//);
      expect(served.headers.get("content-disposition")).toMatch(/^inline/);
    });

    it("forwards a stored file by its id, only for someone who may see it", async () => {
      const [ann, bob, cat, eve] = await registerMany(api, 4, "Forward");
      const sent = MessageSchema.parse(
        (await upload(ann, png, "share.png", { toContactId: bob.userId })).data,
      );
      const before = await stored();
      const forward = (user: TestUser, to: number, fileId: number) =>
        api.post(
          "/enterprise/im/sendMessage",
          {
            id: randomUUID(),
            type: "file",
            content: sent.content,
            file_id: fileId,
            file_name: "renamed.exe",
            toContactId: to,
            status: "successd",
          },
          { token: user.token, headers: EN },
        );
      const res = await forward(bob, cat.userId, sent.file_id);
      expect(res.code, res.msg).toBe(0);
      const copy = MessageSchema.parse(res.data);
      // The type, name and size are what was stored, not what the client said.
      expect(copy).toMatchObject({
        type: "image",
        file_id: sent.file_id,
        fileName: "share.png",
        fileSize: png.length,
      });
      expect(await stored()).toEqual(before);
      expect((await download(copy.content, { token: cat.token })).status).toBe(
        200,
      );
      // Eve was never sent it: forwarding its id answers like a missing file.
      const refused = await forward(eve, ann.userId, sent.file_id);
      expect(refused.code).not.toBe(0);
      const missing = await forward(eve, ann.userId, sent.file_id + 100_000);
      expect(refused.msg).toBe(missing.msg);
      // Any other type needs a file.
      const typed = await api.post(
        "/enterprise/im/sendMessage",
        {
          id: randomUUID(),
          type: "image",
          content: "x.png",
          toContactId: bob.userId,
        },
        { token: ann.token },
      );
      expect(typed.code).not.toBe(0);
    });

    it("sends a stored picture as a sticker (type emoji with its file_id), and nothing else", async () => {
      const [ann, bob] = await registerMany(api, 2, "Sticker");
      const picture = MessageSchema.parse(
        (await upload(ann, png, "smile.png", { toContactId: bob.userId })).data,
      );
      const document = MessageSchema.parse(
        (
          await upload(ann, Buffer.from(`doc ${randomUUID()}`), "a.txt", {
            toContactId: bob.userId,
          })
        ).data,
      );
      const sticker = (fileId: number | undefined) =>
        api.post(
          "/enterprise/im/sendMessage",
          {
            id: randomUUID(),
            type: "emoji",
            content: "",
            ...(fileId === undefined ? {} : { file_id: fileId }),
            toContactId: bob.userId,
          },
          { token: ann.token },
        );
      const sent = await sticker(picture.file_id);
      expect(sent.code, sent.msg).toBe(0);
      expect(MessageSchema.parse(sent.data)).toMatchObject({
        type: "emoji",
        file_id: picture.file_id,
        content: picture.content,
      });
      // Not a picture, or no file at all: refused, nothing stored.
      expect((await sticker(document.file_id)).code).not.toBe(0);
      expect((await sticker(undefined)).code).not.toBe(0);
      const list = await api.post(
        "/enterprise/im/getMessageList",
        { toContactId: ann.userId },
        { token: bob.token },
      );
      expect((list.data as Array<{ type: string }>).map((m) => m.type)).toEqual(
        ["image", "file", "emoji"],
      );
    });

    it("pages by the sizes SPEC §9 offers, and refuses others", async () => {
      const [ann, bob] = await registerMany(api, 2, "Pages");
      for (let i = 0; i < 23; i += 1)
        await upload(ann, Buffer.from(`n${i} ${randomUUID()}`), `n${i}.txt`, {
          toContactId: bob.userId,
        });
      const second = await library(bob, { page: 2, limit: 20 });
      expect(second.count).toBe(23);
      expect(second.page).toBe(2);
      expect(
        z
          .array(FileEntrySchema)
          .parse(second.data)
          .map((e) => e.name),
      ).toEqual(["n2.txt", "n1.txt", "n0.txt"]);
      for (const bad of [{ limit: 7 }, { cate: 9 }, { role: 3 }, { page: 0 }]) {
        const res = await library(bob, bad);
        expect(res.code).not.toBe(0);
      }
    });
  });

  describe("what an upload may be", () => {
    it("refuses an extension the console does not allow, leaving nothing behind", async () => {
      const [ann, bob] = await registerMany(api, 2, "Ext");
      const before = await stored();
      const disk = (await storedObjects()).length;
      for (const name of [
        "setup.exe",
        "page.html",
        "logo.svg",
        "noextension",
      ]) {
        const res = await upload(ann, Buffer.from("MZ hello"), name, {
          toContactId: bob.userId,
        });
        expect(res.code).not.toBe(0);
        expect(res.msg).toMatch(/cannot be sent/);
      }
      expect(await stored()).toEqual(before);
      expect((await storedObjects()).length).toBe(disk);
    });

    it("refuses a file over fileUpload.size MB, honest length or not, leaving nothing behind", async () => {
      const own = await startOn(kind, dataDir + "-size");
      try {
        await saveConfig(own, "fileUpload", { size: 1 });
        const [ann, bob] = await registerMany(own, 2, "Size");
        const big = Buffer.alloc(1024 * 1024 + 10, 7);
        const form = new FormData();
        form.append(
          "message",
          JSON.stringify({ id: randomUUID(), toContactId: bob.userId }),
        );
        form.append("file", new Blob([new Uint8Array(big)]), "big.txt");
        const res = await own.post(
          "/common/upload/uploadFile",
          {},
          {
            token: ann.token,
            raw: form,
            headers: EN,
          },
        );
        expect(res.code).not.toBe(0);
        expect(res.msg).toBe("A file is at most 1 MB");
        // A body that does not say its length (chunked) is cut at the limit too.
        const chunked = await chunkedUpload(own, ann.token, bob.userId, big);
        expect(chunked.code).not.toBe(0);
        expect(await countRows(own, "files")).toBe(0);
        // Twenty uploads of the limit at once: each stored whole or refused, never a 500.
        const limit = Buffer.alloc(1024 * 1024 - 4096, 1);
        const answers = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const each = Buffer.from(limit);
            each.writeUInt32BE(i);
            const parallel = new FormData();
            parallel.append(
              "message",
              JSON.stringify({ id: randomUUID(), toContactId: bob.userId }),
            );
            parallel.append(
              "file",
              new Blob([new Uint8Array(each)]),
              `p${i}.txt`,
            );
            return own.post(
              "/common/upload/uploadFile",
              {},
              {
                token: ann.token,
                raw: parallel,
              },
            );
          }),
        );
        expect(answers.map((a) => [a.status, a.code])).toEqual(
          Array.from({ length: 20 }, () => [200, 0]),
        );
        expect(await countRows(own, "files")).toBe(20);
        expect(await countRows(own, "blobs")).toBe(20);
        expect(spoolFiles(dataDir + "-size")).toEqual([]);
      } finally {
        await own.close();
        fs.rmSync(dataDir + "-size", { recursive: true, force: true });
      }
    });

    it("answers a cut upload (no closing boundary, honest length) with a 400 at once, keeping nothing", async () => {
      const [ann, bob] = await registerMany(api, 2, "Cut");
      const before = await storedObjects();
      // Twenty at once, as the probe sent them: each answered, none holding its connection.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          rawUpload(api, ann.token, bob.userId, Buffer.alloc(2_000_000, 3), {
            closing: false,
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({
          code: 400,
          msg: "Something in this request wasn't right. Please try again.",
        });
      }
      expect(spoolFiles(dataDir)).toEqual([]);
      expect(await storedObjects()).toEqual(before);
      // The server still answers a whole upload.
      const whole = await rawUpload(api, ann.token, bob.userId, png);
      expect(whole.body.code).toBe(0);
    });

    it("gives up on a body that stops arriving: its connection closed, its part file removed", async () => {
      const dir = `${dataDir}-stall`;
      const own = await startTestApp({
        DATA_DIR: dir,
        BODY_IDLE_TIMEOUT_S: "1",
      });
      try {
        const [ann, bob] = await registerMany(own, 2, "Stall");
        // Half of the body, then nothing, the connection left open: given up after a second.
        const stalled = await rawUpload(
          own,
          ann.token,
          bob.userId,
          Buffer.alloc(400_000, 5),
          { stopAfter: 300_000 },
        );
        expect(stalled.status === null || stalled.body.code !== 0).toBe(true);
        await expect.poll(() => spoolFiles(dir)).toEqual([]);
        expect(await countRows(own, "files")).toBe(0);
        // Any call's body too: a form that stops after its first field.
        const form = await new Promise<string>((resolve) => {
          const req = http.request(`${own.url}/enterprise/im/sendMessage`, {
            method: "POST",
            headers: {
              Authorization: ann.token,
              "Content-Type": "application/x-www-form-urlencoded",
              "Content-Length": "1000",
            },
          });
          req.on("response", (res) =>
            resolve(`answered ${String(res.statusCode)}`),
          );
          req.on("error", () => resolve("closed"));
          req.write(`toContactId=${bob.userId}&type=text`);
        });
        expect(form).toBe("closed");
        expect(await countRows(own, "messages")).toBe(0);
        // A slow body that keeps arriving is not cut (each pause shorter than the limit).
        const slow = await rawUpload(own, ann.token, bob.userId, png, {
          trickleMs: 400,
        });
        expect(slow.body.code).toBe(0);
      } finally {
        await own.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it("refuses an empty file and an upload without one", async () => {
      const [ann, bob] = await registerMany(api, 2, "Empty");
      const empty = await upload(ann, Buffer.alloc(0), "e.txt", {
        toContactId: bob.userId,
      });
      expect(empty.msg).toBe("Choose a file to send");
      const form = new FormData();
      form.append(
        "message",
        JSON.stringify({ id: randomUUID(), toContactId: bob.userId }),
      );
      const none = await api.post(
        "/common/upload/uploadFile",
        {},
        {
          token: ann.token,
          raw: form,
          headers: EN,
        },
      );
      expect(none.msg).toBe("Choose a file to send");
    });

    it.each([
      [
        "an HTML page named .png",
        Buffer.from("<html><script>window.__pwned=1</script></html>"),
      ],
      [
        "an SVG with script named .png",
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        ),
      ],
      [
        "a truncated PNG",
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      ],
    ])(
      "keeps %s as a file that downloads, never shown in place",
      async (_what, bytes) => {
        const [ann, bob] = await registerMany(api, 2, "Active");
        const res = await upload(ann, bytes, "cat.png", {
          toContactId: bob.userId,
          type: "image",
        });
        expect(res.code, res.msg).toBe(0);
        const message = MessageSchema.parse(res.data);
        expect(message.type).toBe("file");
        expect(message.preview).toBe("");
        const got = await download(message.content, { token: bob.token });
        expect(got.headers.get("content-type")).toBe(
          "application/octet-stream",
        );
        expect(got.headers.get("content-disposition")).toMatch(/^attachment; /);
        expect(got.headers.get("content-security-policy")).toContain("sandbox");
      },
    );

    it("keeps a picture of too many pixels as a file, without decoding it", async () => {
      const [ann, bob] = await registerMany(api, 2, "Flood");
      // A PNG that claims 100 Mpx in a few bytes (C3): only its header is ever read.
      const flood = pngHeaderOnly(10_000, 10_000);
      const res = await upload(ann, flood, "flood.png", {
        toContactId: bob.userId,
        type: "image",
      });
      expect(res.code, res.msg).toBe(0);
      expect(MessageSchema.parse(res.data).type).toBe("file");
    });

    it("never lets a name reach a path, and keeps it safe in headers", async () => {
      const [ann, bob] = await registerMany(api, 2, "Names");
      const res = await upload(
        ann,
        Buffer.from("not a way out"),
        "../../x.txt",
        {
          toContactId: bob.userId,
        },
      );
      const message = MessageSchema.parse(res.data);
      expect(message.fileName).toBe("x.txt");
      // Stored under a name the server made, inside its storage; nothing beside it.
      for (const key of await storedObjects())
        expect(key).toMatch(
          /^(blob|thumb)\/[0-9a-f]{2}\/[0-9a-f]{64}-[0-9a-f]{12}(\.jpg)?$/,
        );
      for (const dir of [dataDir, path.dirname(dataDir)])
        expect(fs.existsSync(path.join(dir, "x.txt"))).toBe(false);
      if (api.storage instanceof LocalStorage)
        expect(fs.existsSync(path.join(api.storage.root, "..", "x.txt"))).toBe(
          false,
        );
      const tricky = await upload(
        ann,
        Buffer.from("evil"),
        'in\r\nSet-Cookie: a=b; "q".txt',
        { toContactId: bob.userId },
      );
      const got = await download(MessageSchema.parse(tricky.data).content, {
        token: bob.token,
      });
      expect(got.status).toBe(200);
      expect(got.headers.get("set-cookie")).toBeNull();
    });
  });

  describe("the chat rules apply to uploads", () => {
    it("stores nothing when the send is refused (not a member of the group)", async () => {
      const [owner, m1, m2, outsider] = await registerMany(api, 4, "Refused");
      const created = await api.post(
        "/enterprise/group/add",
        { name: "Files team", user_ids: [m1.userId, m2.userId] },
        { token: owner.token },
      );
      const group = ContactSchema.parse(created.data).id;
      const before = await stored();
      const res = await upload(outsider, png, "x.png", {
        toContactId: group,
        is_group: 1,
      });
      expect(res.code).not.toBe(0);
      expect(await stored()).toEqual(before);
    });

    it("gives a group's file to its members only, and to a newcomer only as history allows", async () => {
      const [owner, m1, m2, late] = await registerMany(api, 4, "GroupFile");
      const created = await api.post(
        "/enterprise/group/add",
        { name: "Photo club", user_ids: [m1.userId, m2.userId] },
        { token: owner.token },
      );
      const contact = ContactSchema.parse(created.data);
      const groupId = contact.group_id;
      await api.post(
        "/enterprise/group/groupSetting",
        { id: contact.id, setting: { history: "0" } },
        { token: owner.token },
      );
      const sent = await upload(m1, png, "club.png", {
        toContactId: contact.id,
        is_group: 1,
        type: "image",
      });
      expect(sent.code, sent.msg).toBe(0);
      const { content, type } = MessageSchema.parse(sent.data);
      expect(type).toBe("image");
      for (const member of [owner, m2])
        expect((await download(content, { token: member.token })).status).toBe(
          200,
        );
      expect((await download(content, { token: late.token })).status).toBe(404);

      // A newcomer with history off: not what came before joining.
      await api.post(
        "/enterprise/group/addGroupUser",
        { id: contact.id, user_ids: [late.userId] },
        { token: owner.token },
      );
      expect((await download(content, { token: late.token })).status).toBe(404);
      // A member who leaves loses it.
      await api.post(
        "/enterprise/group/removeUser",
        { id: contact.id, user_id: m2.userId },
        { token: m2.token },
      );
      expect((await download(content, { token: m2.token })).status).toBe(404);
      expect(groupId).toBeGreaterThan(0);
    });

    it("frees a group's files when its records are cleared, unless another chat carries them", async () => {
      const [owner, m1, m2, friend] = await registerMany(api, 4, "Free");
      const created = await api.post(
        "/enterprise/group/add",
        { name: "Temp", user_ids: [m1.userId, m2.userId] },
        { token: owner.token },
      );
      const contact = ContactSchema.parse(created.data);
      const only = Buffer.from(`only here ${randomUUID()}`);
      const shared = Buffer.from(`shared ${randomUUID()}`);
      await upload(owner, only, "only.txt", {
        toContactId: contact.id,
        is_group: 1,
      });
      await upload(owner, shared, "shared.txt", {
        toContactId: contact.id,
        is_group: 1,
      });
      await upload(owner, shared, "shared.txt", { toContactId: friend.userId });
      const disk = (await storedObjects()).length;
      const before = await stored();
      const cleared = await api.post(
        "/enterprise/group/clearMessage",
        { id: contact.id },
        { token: owner.token },
      );
      expect(cleared.code, cleared.msg).toBe(0);
      const after = await stored();
      expect(before.files - after.files).toBe(2);
      expect(before.blobs - after.blobs).toBe(1);
      expect((await storedObjects()).length).toBe(disk - 1);
    });
  });
});

afterAll(async () => {
  await s3?.close();
});

describe("the upload rate", () => {
  it("refuses a user past RATE_UPLOAD_USER before reading the body, others unaffected", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-rate-"));
    const own = await startTestApp({ DATA_DIR: dir, RATE_UPLOAD_USER: "2" });
    try {
      const [ann, bob] = await registerMany(own, 2, "Rate");
      const send = (user: TestUser, to: number) => {
        const form = new FormData();
        form.append(
          "message",
          JSON.stringify({ id: randomUUID(), toContactId: to }),
        );
        form.append("file", new Blob([randomUUID()]), "n.txt");
        return own.post(
          "/common/upload/uploadFile",
          {},
          {
            token: user.token,
            raw: form,
            headers: EN,
          },
        );
      };
      expect((await send(ann, bob.userId)).code).toBe(0);
      expect((await send(ann, bob.userId)).code).toBe(0);
      const third = await send(ann, bob.userId);
      expect(third.code).not.toBe(0);
      expect(third.msg).toMatch(/try again/i);
      expect(await countRows(own, "files")).toBe(2);
      expect((await send(bob, ann.userId)).code).toBe(0);
    } finally {
      await own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the upload spool", () => {
  it("gives each process a folder of its own, clears what stopped processes left a day ago, and removes its own on close", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-spool-"));
    const root = path.join(dir, "uploads");
    const stale = path.join(root, "1-dead");
    const recent = path.join(root, "2-alive");
    for (const folder of [stale, recent]) {
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, "x.upload"), "half");
    }
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    fs.utimesSync(stale, twoDaysAgo, twoDaysAgo);
    const own = await startTestApp({ DATA_DIR: dir });
    try {
      const folders = fs.readdirSync(root);
      expect(folders).not.toContain("1-dead");
      expect(folders).toContain("2-alive");
      expect(folders).toHaveLength(2);
    } finally {
      await own.close();
    }
    expect(fs.readdirSync(root)).toEqual(["2-alive"]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("names, ranges and dispositions", () => {
  it.each([
    ["../../x", "x"],
    ["..\\..\\boot.ini", "boot.ini"],
    ["a\u202Egpj.exe", "agpj.exe"],
    ["line\r\nbreak.txt", "linebreak.txt"],
    ["..", "file"],
    ["", "file"],
  ])("cleans %j to %j", (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it("keeps the extension of a very long name", () => {
    const name = cleanFileName(`${"名".repeat(10_000)}.pdf`);
    expect(name.endsWith(".pdf")).toBe(true);
    expect(
      Array.from(new Intl.Segmenter().segment(name)).length,
    ).toBeLessThanOrEqual(120);
  });

  it("writes a header nothing in a name can split", () => {
    const header = contentDisposition("attachment", 'a"b\r\nc;d 文件.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="a_b__c_d __.pdf"; filename*=UTF-8''a%22b%0D%0Ac%3Bd%20%E6%96%87%E4%BB%B6.pdf`,
    );
  });

  it.each([
    [undefined, null],
    ["bytes=0-0", { start: 0, end: 0 }],
    ["bytes=5-", { start: 5, end: 9 }],
    ["bytes=-4", { start: 6, end: 9 }],
    ["bytes=8-100", { start: 8, end: 9 }],
    ["bytes=10-", "unsatisfiable"],
    ["bytes=5-2", "unsatisfiable"],
    ["bytes=0-1,3-4", "unsatisfiable"],
    ["items=0-1", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
  ])("reads Range %j of 10 bytes as %j", (header, range) => {
    expect(byteRange(header, 10)).toEqual(range);
  });
});

/** A PNG signature and header chunk claiming `width`×`height` pixels, and no pixels. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Posts an upload over a raw connection with an honest Content-Length and answers the
 * status and envelope, or how the connection failed. `closing: false` leaves out the
 * closing boundary (a cut body); `stopAfter` sends only that many bytes of the body and
 * then waits, connection open (a body that stops arriving); `trickleMs` sends it in three
 * pieces with that pause between them.
 */
function rawUpload(
  app: TestApp,
  token: string,
  to: number,
  bytes: Buffer,
  {
    closing = true,
    stopAfter,
    trickleMs,
  }: { closing?: boolean; stopAfter?: number; trickleMs?: number } = {},
): Promise<{
  status: number | null;
  body: { code?: unknown; msg?: unknown };
  failed?: string;
}> {
  const boundary = `----parley${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n` +
        JSON.stringify({ id: randomUUID(), toContactId: to }) +
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(closing ? `\r\n--${boundary}--\r\n` : ""),
  ]);
  return new Promise((resolve) => {
    const req = http.request(
      `${app.url}/common/upload/uploadFile`,
      {
        method: "POST",
        headers: {
          Authorization: token,
          "Accept-Language": "en",
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(body.length),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let parsed: { code?: unknown; msg?: unknown } = {};
          try {
            parsed = JSON.parse(text) as typeof parsed;
          } catch {
            parsed = { msg: text };
          }
          resolve({ status: res.statusCode ?? null, body: parsed });
        });
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ status: null, body: {}, failed: error.code ?? error.message }),
    );
    if (stopAfter !== undefined) req.write(body.subarray(0, stopAfter));
    else if (trickleMs === undefined) req.end(body);
    else {
      // In three pieces, a pause between each.
      const third = Math.ceil(body.length / 3);
      req.write(body.subarray(0, third));
      setTimeout(() => {
        req.write(body.subarray(third, 2 * third));
        setTimeout(() => req.end(body.subarray(2 * third)), trickleMs);
      }, trickleMs);
    }
  });
}

/** Posts an upload with chunked transfer (no Content-Length) and answers the envelope. */
function chunkedUpload(
  app: TestApp,
  token: string,
  to: number,
  bytes: Buffer,
): Promise<{ code: unknown }> {
  const boundary = `----parley${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n` +
      JSON.stringify({ id: randomUUID(), toContactId: to }) +
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${app.url}/common/upload/uploadFile`,
      {
        method: "POST",
        headers: {
          Authorization: token,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Transfer-Encoding": "chunked",
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          try {
            resolve(JSON.parse(body) as { code: unknown });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    // The server may close the connection once it has refused.
    req.on("error", () => resolve({ code: "closed" }));
    req.write(head);
    for (let at = 0; at < bytes.length; at += 64 * 1024)
      req.write(bytes.subarray(at, at + 64 * 1024));
    req.end(tail);
  });
}
