import { randomUUID } from "node:crypto";
import { type Message, MessageSchema } from "@parley/protocol";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/build-test-app.js";
import {
  createGroup,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket } from "../../../test/ws-client.js";

/*
 * The sent message of wire-contract.md §2.9: what sendMessage and uploadFile answer and
 * what the `simple` and `group` pushes carry, field by field as existing clients read it,
 * and the file-type icons its `extUrl` names.
 */

const app = useTestApp();

function send(from: TestUser, to: number | string, content: string) {
  return app().post(
    "/enterprise/im/sendMessage",
    {
      id: randomUUID(),
      type: "text",
      content,
      toContactId: to,
      is_group: typeof to === "string" ? 1 : 0,
    },
    { token: from.token },
  );
}

async function page(user: TestUser, to: number | string): Promise<Message[]> {
  const res = await app().post(
    "/enterprise/im/getMessageList",
    {
      toContactId: to,
      is_group: typeof to === "string" ? 1 : 0,
      page: 1,
      limit: 20,
    },
    { token: user.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as Message[];
}

async function upload(
  user: TestUser,
  bytes: Uint8Array,
  name: string,
  toContactId: number,
  type: "file" | "image" = "file",
) {
  const form = new FormData();
  form.append(
    "message",
    JSON.stringify({ id: randomUUID(), type, toContactId }),
  );
  form.append("file", new Blob([bytes]), name);
  const res = await app().post(
    "/common/upload/uploadFile",
    {},
    { token: user.token, raw: form },
  );
  expect(res.code, res.msg).toBe(0);
  return MessageSchema.parse(res.data);
}

describe("a sent message (wire-contract.md §2.9)", () => {
  it("one-to-one: the sender, the receiver, the sender's role, empty file fields and the sender as the receiver's contact", async () => {
    const [alice, bob] = await registerMany(app(), 2, "Sent");
    const socket = await openSocket(app().url);
    await socket.bind(bob.token);
    const res = await send(alice, bob.userId, "hello");
    expect(res.code, res.msg).toBe(0);
    const answer = MessageSchema.parse(res.data);
    const expected = {
      user_id: alice.userId,
      to_user: bob.userId,
      role: 3,
      at: [],
      fileSize: "",
      fileName: "",
      file_cate: 0,
      extUrl: "",
      toUser: bob.userId,
      contactInfo: {
        id: alice.userId,
        is_group: 0,
        displayName: "Sent 1",
        realname: "Sent 1",
        user_id: alice.userId,
        lastContent: "hello",
        lastSendTime: answer.sendTime,
        type: "text",
      },
    };
    expect(answer).toMatchObject({ ...expected, toContactId: bob.userId });
    // The receiver files it under the sender; everything else is the same.
    const pushed = MessageSchema.parse((await socket.next("simple")).data);
    expect(pushed).toMatchObject({ ...expected, toContactId: alice.userId });
    await socket.close();

    // A history page is the stored row: no sent-only fields, the size a number.
    const [stored] = await page(bob, alice.userId);
    expect(stored).toMatchObject({ role: 3, fileSize: 0, file_cate: 0 });
    expect(stored).not.toHaveProperty("contactInfo");
    expect(stored).not.toHaveProperty("to_user");
  });

  it("group: the sender's role in the group and the group as the receivers' contact; pages carry each sender's role now", async () => {
    const [owner, admin, member] = await registerMany(app(), 3, "Role");
    const group = await createGroup(app(), owner, [admin, member], "Roles");
    const made = await app().post(
      "/enterprise/group/setManager",
      { id: group.id, user_id: admin.userId, role: 2 },
      { token: owner.token },
    );
    expect(made.code, made.msg).toBe(0);
    const socket = await openSocket(app().url);
    await socket.bind(member.token);

    const res = await send(admin, group.id, "from the admin");
    expect(res.code, res.msg).toBe(0);
    const answer = MessageSchema.parse(res.data);
    const expected = {
      role: 2,
      user_id: admin.userId,
      to_user: group.groupId,
      toContactId: group.id,
      contactInfo: {
        id: group.id,
        is_group: 1,
        displayName: "Roles",
        group_id: group.groupId,
        owner_id: owner.userId,
        // Opened from this message: it is the chat's last, unread.
        lastContent: "from the admin",
        lastSendTime: answer.sendTime,
        type: "text",
        unread: 1,
      },
    };
    expect(answer).toMatchObject(expected);
    const pushed = await socket.next("group", (f) => {
      return (f.data as Message).id === answer.id;
    });
    expect(MessageSchema.parse(pushed.data)).toMatchObject(expected);
    await socket.close();

    expect((await send(owner, group.id, "from the owner")).code).toBe(0);
    expect((await send(member, group.id, "from a member")).code).toBe(0);
    const roleOf = async () =>
      new Map(
        (await page(member, group.id))
          .filter((m) => m.type === "text")
          .map((m) => [m.content, m.role]),
      );
    expect(await roleOf()).toEqual(
      new Map([
        ["from the admin", 2],
        ["from the owner", 1],
        ["from a member", 3],
      ]),
    );
    // A group's messages are read as stored (wire-contract.md §2.9); receipts are counts.
    expect((await page(member, group.id)).map((m) => m.is_read)).not.toContain(
      0,
    );
    // An empty mention (`at[]=`) names nobody, not everyone.
    const blank = await app().post(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content: "nobody named",
        toContactId: group.id,
        at: [""],
      },
      { token: owner.token },
    );
    expect(blank.code, blank.msg).toBe(0);
    expect((blank.data as Message).at).toEqual([]);
    // The role a page shows is the sender's now: one who left the group is a member no more.
    const left = await app().post(
      "/enterprise/group/removeUser",
      { id: group.id, user_id: admin.userId },
      { token: owner.token },
    );
    expect(left.code, left.msg).toBe(0);
    expect((await roleOf()).get("from the admin")).toBe(3);
  });

  it("files: the category and the icon, a picture its own icon, and the icons are served", async () => {
    const [alice, bob, stranger] = await registerMany(app(), 3, "Icon");
    const pdf = await upload(
      alice,
      new TextEncoder().encode("%PDF-1.4\n%%EOF\n"),
      "report.PDF",
      bob.userId,
    );
    expect(pdf).toMatchObject({
      type: "file",
      file_cate: 1,
      extUrl: expect.stringMatching(/\/static\/img\/ext\/pdf\.png$/) as string,
    });
    expect(typeof pdf.fileSize).toBe("number");
    // The upload answer's own names of the file fields (wire-contract.md §2.3).
    expect(pdf).toMatchObject({
      file_size: pdf.fileSize,
      file_name: "report.PDF",
    });
    const odd = await upload(
      alice,
      new TextEncoder().encode("whatever"),
      "clip.hevc",
      bob.userId,
    );
    expect(odd).toMatchObject({
      file_cate: 5,
      extUrl: expect.stringMatching(/\/static\/img\/ext\/file\.png$/) as string,
    });
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: "#08f" },
    })
      .png()
      .toBuffer();
    const picture = await upload(alice, png, "dot.png", bob.userId, "image");
    expect(picture).toMatchObject({ type: "image", file_cate: 2 });
    expect(picture.extUrl).toBe(picture.content);
    // The same in a page of history.
    const stored = await page(bob, alice.userId);
    expect(stored.map((m) => [m.file_cate, m.extUrl])).toEqual([
      [1, pdf.extUrl],
      [5, odd.extUrl],
      [2, picture.content],
    ]);

    for (const icon of [pdf.extUrl, odd.extUrl, "/static/img/ext/folder.png"]) {
      // The test app has no public address: its addresses are paths.
      const got = await fetch(new URL(icon, app().url));
      expect(got.status, icon).toBe(200);
      expect(got.headers.get("content-type")).toBe("image/png");
      const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 96, 96]);
    }
    // A file that is not there, or not mine to see, is said to be a file not found.
    for (const fileId of [999_999, picture.file_id]) {
      const res = await app().post(
        "/enterprise/im/sendMessage",
        {
          id: randomUUID(),
          type: "emoji",
          content: "",
          toContactId: alice.userId,
          file_id: fileId,
        },
        { token: stranger.token, headers: { "Accept-Language": "en" } },
      );
      expect(res.msg).toBe("File not found");
    }
    // Only the names the server knows: nothing else is drawn.
    for (const name of [
      "evil.png",
      "PDF.png",
      "pdf.svg",
      "..%2Fpdf.png",
      "a.b.png",
    ]) {
      const got = await fetch(`${app().url}/static/img/ext/${name}`);
      expect(got.status, name).toBe(404);
      expect(((await got.json()) as { code: number }).code).not.toBe(0);
    }
  });
});
