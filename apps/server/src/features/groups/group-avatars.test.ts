import { type Contact, ContactSchema, GroupInfoSchema } from "@parley/protocol";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  registerAndLogin,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket, type TestSocket } from "../../../test/ws-client.js";
import { colourOf, GROUP_AVATAR_SIZE, gridOf } from "./group-avatar.js";

/*
 * Issue 8: the group's composite avatar (wire-contract.md §5.7), drawn off the request path
 * after membership changes, stored under a new name for new content, served immutable, and
 * announced with `setManager {group_id, avatar}`. Tests await the queue with whenIdle().
 */
let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const AVATAR = /^\/storage\/avatar\/group_(\d+)\/[0-9a-f]{24}\.png$/;

const call = (path: string, user: TestUser, body: object = {}) =>
  api.post(`/enterprise/group/${path}`, body, { token: user.token });

/** Registered users named "Face 1" … by default. */
const people = <N extends number>(n: N, name = "Face") =>
  registerMany(api, n, name);

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("missing test value");
  return value;
}

async function makeGroup(
  owner: TestUser,
  members: TestUser[],
): Promise<{ id: string; contact: Contact }> {
  const res = await call("add", owner, {
    name: "Faces",
    user_ids: members.map((m) => m.userId),
  });
  expect(res.code, res.msg).toBe(0);
  const contact = ContactSchema.parse(res.data);
  return { id: String(contact.id), contact };
}

/** The group's avatar as its card, and the member's contact list, give it. */
async function avatarOf(user: TestUser, id: string): Promise<string> {
  const info = await call("groupInfo", user, { group_id: id });
  expect(info.code, info.msg).toBe(0);
  const avatar = GroupInfoSchema.parse(info.data).avatar;
  const contacts = await api.post(
    "/enterprise/im/getContacts",
    {},
    { token: user.token },
  );
  const listed = (contacts.data as Contact[]).find((c) => c.id === id);
  expect(listed?.avatar).toBe(avatar);
  return avatar;
}

async function download(src: string): Promise<Response> {
  return fetch(api.url + src);
}

async function socketOf(user: TestUser): Promise<TestSocket> {
  const socket = await openSocket(api.url);
  await socket.bind(user.token);
  return socket;
}

/** The RGB of one pixel of a PNG. */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]].map(Number);
}

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe("the group avatar", () => {
  it("is drawn after the group is made: a square PNG, stored, served immutable, announced", async () => {
    const [owner, ann, ben] = await people(3);
    const annSocket = await socketOf(ann);
    const { id, contact } = await makeGroup(owner, [ann, ben]);
    // The call answered before the avatar was drawn: the default picture until then.
    expect(contact.avatar).toBe("/static/img/avatar.png");
    await api.services.jobs.whenIdle();

    const avatar = await avatarOf(owner, id);
    expect(avatar).toMatch(AVATAR);
    expect(AVATAR.exec(avatar)?.[1]).toBe(id.slice("group-".length));
    const res = await download(avatar);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const png = Buffer.from(await res.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({
      format: "png",
      width: GROUP_AVATAR_SIZE,
      height: GROUP_AVATAR_SIZE,
    });
    const announced = await annSocket.next(
      "setManager",
      (f) => (f.data as { avatar?: string }).avatar !== undefined,
    );
    expect(announced.data).toEqual({ group_id: id, avatar });
    await annSocket.close();
  });

  it("changes — a new address and new bytes — when members are added, removed or leave", async () => {
    const [owner, ann, ben, cleo, dan] = await people(5, "Change");
    const { id } = await makeGroup(owner, [ann, ben]);
    await api.services.jobs.whenIdle();
    const first = await avatarOf(owner, id);
    const firstBytes = Buffer.from(await (await download(first)).arrayBuffer());
    const benSocket = await socketOf(ben);

    expect(
      (
        await call("addGroupUser", owner, {
          id,
          user_ids: [cleo.userId, dan.userId],
        })
      ).code,
    ).toBe(0);
    await api.services.jobs.whenIdle();
    const added = await avatarOf(owner, id);
    expect(added).toMatch(AVATAR);
    expect(added).not.toBe(first);
    const addedBytes = Buffer.from(await (await download(added)).arrayBuffer());
    expect(addedBytes.equals(firstBytes)).toBe(false);
    expect((await benSocket.next("setManager")).data).toEqual({
      group_id: id,
      avatar: added,
    });
    // The picture it replaced is gone; its address is never reused for other content.
    expect((await download(first)).status).toBe(404);

    expect(
      (await call("removeUser", owner, { id, user_id: dan.userId })).code,
    ).toBe(0);
    // removeUser carries the avatar of that moment; the redrawn one follows.
    expect((await benSocket.next("removeUser")).data).toEqual({
      group_id: id,
      user_id: dan.userId,
      avatar: added,
    });
    await api.services.jobs.whenIdle();
    const removed = await avatarOf(owner, id);
    expect(removed).not.toBe(added);
    expect((await benSocket.next("setManager")).data).toEqual({
      group_id: id,
      avatar: removed,
    });

    expect(
      (await call("removeUser", cleo, { id, user_id: cleo.userId })).code,
    ).toBe(0);
    await api.services.jobs.whenIdle();
    const left = await avatarOf(owner, id);
    expect(left).not.toBe(removed);
    // Back to the same three members: the same picture, at the same address.
    expect(left).toBe(first);
    expect((await download(left)).status).toBe(200);
    await benSocket.close();
  });

  it("changes when someone joins by the group's QR link", async () => {
    const [owner, ann, ben, newcomer] = await people(4, "Qr");
    const { id } = await makeGroup(owner, [ann, ben]);
    await api.services.jobs.whenIdle();
    const before = await avatarOf(owner, id);
    const info = GroupInfoSchema.parse(
      (await call("groupInfo", ann, { group_id: id })).data,
    );
    const token = /\/scan\/g\/([\w.-]+)$/.exec(info.qrUrl)?.[1] ?? "";
    expect((await call("joinGroup", newcomer, { token })).code).toBe(0);
    await api.services.jobs.whenIdle();
    expect(await avatarOf(owner, id)).not.toBe(before);
  });

  it("draws the owner first from their stored picture, and an unreadable picture as an initial", async () => {
    const [owner, ann, ben] = await people(3, "Pic");
    const red = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#ff0000" },
    })
      .png()
      .toBuffer();
    await api.storage.put(`avatar/${String(owner.userId)}/face.png`, red);
    await api.storage.put(
      `avatar/${String(ann.userId)}/broken.png`,
      Buffer.from("not a picture"),
    );
    const setAvatar = (user: TestUser, avatar: string) =>
      api.db
        .updateTable("users")
        .set({ avatar })
        .where("user_id", "=", user.userId)
        .execute();
    await setAvatar(owner, `/storage/avatar/${String(owner.userId)}/face.png`);
    await setAvatar(ann, `/storage/avatar/${String(ann.userId)}/broken.png`);
    // An address elsewhere is never fetched: the initial stands in.
    await setAvatar(ben, "http://169.254.169.254/latest/meta-data");

    const { id } = await makeGroup(owner, [ann, ben]);
    await api.services.jobs.whenIdle();
    const png = Buffer.from(
      await (await download(await avatarOf(owner, id))).arrayBuffer(),
    );
    const [top, second, third] = gridOf(3);
    const centre = (c: typeof top) =>
      [
        must(c).left + Math.floor(must(c).size / 2),
        must(c).top + Math.floor(must(c).size / 2),
      ] as const;
    const corner = (c: typeof top) =>
      [must(c).left + 2, must(c).top + 2] as const;
    expect(await pixel(png, ...centre(top))).toEqual([255, 0, 0]);
    expect(await pixel(png, ...corner(second))).toEqual(
      rgb(colourOf(ann.userId)),
    );
    expect(await pixel(png, ...corner(third))).toEqual(
      rgb(colourOf(ben.userId)),
    );
  });
});

describe("a failed rebuild", () => {
  it("never fails the call, is logged, and leaves the avatar as it was", async () => {
    const lines: string[] = [];
    const failing = await startTestApp(
      {},
      {
        storage: {
          put: () => Promise.reject(new Error("disk full")),
          putFile: () => Promise.reject(new Error("disk full")),
          stream: () => Promise.resolve(null),
          read: () => Promise.resolve(null),
          remove: () => Promise.resolve(),
        },
        logger: pino(
          { level: "error" },
          { write: (line: string) => lines.push(line) },
        ),
      },
    );
    try {
      const register = (realname: string) =>
        registerAndLogin(failing, { realname });
      const owner = await register("Fail 1");
      const ann = await register("Fail 2");
      const ben = await register("Fail 3");
      const res = await failing.post(
        "/enterprise/group/add",
        { name: "Broken disk", user_ids: [ann.userId, ben.userId] },
        { token: owner.token },
      );
      expect(res.code, res.msg).toBe(0);
      const id = String(ContactSchema.parse(res.data).id);
      await failing.services.jobs.whenIdle();
      const info = await failing.post(
        "/enterprise/group/groupInfo",
        { group_id: id },
        { token: owner.token },
      );
      expect(GroupInfoSchema.parse(info.data).avatar).toBe(
        "/static/img/avatar.png",
      );
      const logged = lines.map(
        (line) => JSON.parse(line) as Record<string, unknown>,
      );
      expect(logged).toContainEqual(
        expect.objectContaining({
          msg: "job failed",
          job: `groupAvatar:${id.slice("group-".length)}`,
        }),
      );
    } finally {
      await failing.close();
    }
  });
});
