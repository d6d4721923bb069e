import { z } from "zod/mini";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { files, MASKED_CONTENT } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  loginAdmin,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";

/*
 * The console's files (issue 12): an administrator lists every stored upload (is_all 1),
 * by category and name, with who sent it and how many messages carry it; opens any of
 * them; and removes one: every message carrying it is masked for everyone, the file goes,
 * and its bytes leave storage once no other upload shares them. Users keep their own
 * library and never reach another's files or the removal.
 */
let api: TestApp;
let admin: TestUser;
let dataDir = "";

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-files-console-"));
  api = await startTestApp({ DATA_DIR: dataDir });
  admin = await loginAdmin(api);
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const EN = { "Accept-Language": "en" };
const call = (path: string, body: object, user: TestUser | null, app = api) =>
  app.post(path, body, { token: user?.token, headers: EN });

async function upload(
  user: TestUser,
  text: string,
  name: string,
  toContactId: number | string,
) {
  const form = new FormData();
  form.append(
    "message",
    JSON.stringify({ id: randomUUID(), type: "file", toContactId }),
  );
  form.append("file", new Blob([text]), name);
  const res = await api.post(
    "/common/upload/uploadFile",
    {},
    { token: user.token, raw: form, headers: EN },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as { msg_id: number; id: string; file_id: number };
}

async function everyFile(body: object = {}, user: TestUser = admin) {
  const res = await call(
    "/enterprise/files/index",
    { is_all: 1, limit: 100, ...body },
    user,
  );
  expect(res.code, res.msg).toBe(0);
  return {
    list: z.array(files.FileEntrySchema).parse(res.data),
    count: res.count,
  };
}

async function fetchFile(src: string, user: TestUser) {
  const res = await fetch(api.url + src, {
    headers: { Authorization: user.token },
  });
  return { status: res.status, text: await res.text() };
}

async function history(user: TestUser, toContactId: number | string) {
  const res = await call(
    "/enterprise/im/getMessageList",
    { toContactId, limit: 50 },
    user,
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as { id: string; type: string; content: string }[];
}

describe("the console's list of every file", () => {
  it("lists every upload of every chat, newest first, with sender and carriers; filters by category and name", async () => {
    const [ann, bob, cat] = await registerMany(api, 3, "Lister");
    const group = await call(
      "/enterprise/group/add",
      { name: "File team", user_ids: [bob.userId, cat.userId] },
      ann,
    );
    expect(group.code, group.msg).toBe(0);
    const groupId = (group.data as { group_id: number }).group_id;
    await upload(ann, "minutes of the meeting", "Minutes 50%.txt", bob.userId);
    await upload(cat, "group plan", "plan.txt", `group-${String(groupId)}`);

    const { list, count } = await everyFile();
    expect(count).toBe(list.length);
    const names = list.map((f) => f.name);
    expect(names.indexOf("plan.txt")).toBeLessThan(
      names.indexOf("Minutes 50%.txt"),
    );
    expect(list.find((f) => f.name === "plan.txt")).toMatchObject({
      cate: 1,
      msg_type: "file",
      carriers: 1,
      user_id_info: { user_id: cat.userId, realname: "Lister 3" },
    });
    expect(
      (await everyFile({ keywords: "50%" })).list.map((f) => f.name),
    ).toEqual(["Minutes 50%.txt"]);
    expect((await everyFile({ cate: 2 })).list.every((f) => f.cate === 2)).toBe(
      true,
    );
    // A user asking for every file gets their own library.
    const own = await everyFile({}, bob);
    expect(own.list.map((f) => f.name)).toEqual(["Minutes 50%.txt"]);
  });

  it("an administrator opens any file; a stranger gets not found", async () => {
    const [ann, bob, eve] = await registerMany(api, 3, "Opener");
    const sent = await upload(ann, "private words", "private.txt", bob.userId);
    const entry = (await everyFile({ keywords: "private.txt" })).list[0];
    expect(entry?.file_id).toBe(sent.file_id);
    const src = entry?.src ?? "";
    expect(await fetchFile(src, admin)).toEqual({
      status: 200,
      text: "private words",
    });
    expect((await fetchFile(src, eve)).status).toBe(404);
    expect((await fetchFile(src, bob)).status).toBe(200);
  });
});

describe("manage/files/del", () => {
  it("masks every message carrying the file for everyone, frees it, and audits it", async () => {
    const [ann, bob] = await registerMany(api, 2, "Remover");
    const sent = await upload(ann, "leaked secrets", "leak.txt", bob.userId);
    const before = {
      files: await countRows(api, "files"),
      blobs: await countRows(api, "blobs"),
    };
    const res = await call(
      "/manage/files/del",
      { file_id: sent.file_id },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    for (const [viewer, peer] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const shown = (await history(viewer, peer.userId)).find(
        (m) => m.id === sent.id,
      );
      expect(shown).toMatchObject({ type: "text", content: MASKED_CONTENT });
    }
    expect(await countRows(api, "files")).toBe(before.files - 1);
    expect(await countRows(api, "blobs")).toBe(before.blobs - 1);
    expect(
      (await everyFile({ keywords: "leak.txt" })).list.map((f) => f.name),
    ).toEqual([]);
    expect(
      (await fetchFile(`/files/${String(sent.file_id)}`, admin)).status,
    ).toBe(404);
    const audit = await call(
      "/manage/audit/index",
      { action: "file.delete", target_id: String(sent.file_id) },
      admin,
    );
    expect(audit.data).toEqual([
      expect.objectContaining({
        before: { name: "leak.txt", size: 14, messages: 1 },
      }),
    ]);
  });

  it("keeps the bytes another upload shares", async () => {
    const [ann, bob] = await registerMany(api, 2, "Sharer");
    const first = await upload(ann, "same bytes", "one.txt", bob.userId);
    const second = await upload(bob, "same bytes", "two.txt", ann.userId);
    const blobs = await countRows(api, "blobs");
    const res = await call(
      "/manage/files/del",
      { file_id: first.file_id },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    expect(await countRows(api, "blobs")).toBe(blobs);
    expect(await fetchFile(`/files/${String(second.file_id)}`, ann)).toEqual({
      status: 200,
      text: "same bytes",
    });
  });

  it("answers a missing file as not found, a user as a missing call, and demo mode as read-only", async () => {
    const [ann] = await registerMany(api, 1, "Nobody");
    for (const file_id of [999_999, 0, -5])
      expect((await call("/manage/files/del", { file_id }, admin)).msg).toBe(
        "File not found",
      );
    const refused = await call("/manage/files/del", { file_id: 1 }, ann);
    const missing = await call("/manage/no/such/call", { file_id: 1 }, ann);
    expect(refused).toEqual(missing);
    const demo = await startTestApp({ DEMO_MODE: "1" });
    try {
      const demoAdmin = await loginAdmin(demo);
      const res = await call(
        "/manage/files/del",
        { file_id: 1 },
        demoAdmin,
        demo,
      );
      expect(res.key).toBe("demo.readOnly");
    } finally {
      await demo.close();
    }
  });
});
