import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import {
  CALL_SIGNAL,
  GLOBAL_CONFIG,
  GROUP_CONTACT,
  GROUP_MESSAGE,
  MESSAGE,
} from "../../test/samples.js";
import { GlobalConfigSchema } from "../entities/config.js";
import { DEFAULT_GROUP_SETTING } from "../entities/group.js";
import {
  AT_MSG_LIST_MAX,
  ClientFrameSchema,
  ServerEventSchema,
  type ServerEventMap,
  type ServerEventType,
  ServerFrameSchema,
} from "./frames.js";

/*
 * One sample per server event: the map type makes a new event without a sample a type
 * error, so every variant the server can push is parsed here.
 */
const SAMPLES: ServerEventMap = {
  simple: MESSAGE,
  isOnline: { id: 2, is_online: 1 },
  updateUser: { user_id: 2, avatar: "/storage/avatar/2/x.png" },
  offline: { id: 2, client_id: "0a1b2c3d4e5f60718293", isMobile: false },
  isRead: [{ id: MESSAGE.id, msg_id: 7, is_read: 1, toContactId: 3 }],
  readAll: { toContactId: 3 },
  ephemeral: { toContactId: "group-4", is_group: 1, content: "Deployed." },
  group: GROUP_MESSAGE,
  addGroup: GROUP_CONTACT,
  editGroupName: { id: "group-4", displayName: "Team", editUserName: "Ann" },
  addGroupUser: { group_id: "group-4", user_ids: [5, 6], avatar: "" },
  removeUser: { group_id: "group-4", user_id: 5, avatar: "" },
  setManager: { group_id: "group-4", user_id: 5 },
  changeOwner: { group_id: "group-4", user_id: 5 },
  setNoSpeak: { group_id: "group-4", user_id: 5 },
  removeGroup: { group_id: "group-4", disbanded: 1 },
  setNotice: { group_id: "group-4", notice: "Standup at 10" },
  clearMessage: { group_id: "group-4" },
  groupRead: { group_id: "group-4", user_id: 5, from_seq: 3, to_seq: 9 },
  groupSetting: { group_id: "group-4", setting: DEFAULT_GROUP_SETTING },
  atMsgList: { list: [GROUP_MESSAGE], count: 1, toContactId: "group-4" },
  appendContact: { ...GROUP_CONTACT, id: 9, is_group: 0 },
  undoMessage: {
    id: MESSAGE.id,
    msg_id: 7,
    from_user: 3,
    type: "event",
    status: "succeed",
    content: "对方撤回了一条消息",
    sendTime: 1_700_000_000_000,
    toContactId: 3,
    is_last: 1,
    isMobile: 0,
    extends: { event: "undo", user_id: 3, realname: "Ann" },
  },
  delMessage: { id: MESSAGE.id, msg_id: 7, from_user: 3, toContactId: 3 },
  removeMessage: { id: MESSAGE.id, msg_id: 7, from_user: 3, toContactId: 3 },
  updateMessage: { id: MESSAGE.id, type: "text", content: "***" },
  reaction: {
    id: MESSAGE.id,
    toContactId: "group-4",
    is_group: 1,
    reactions: [{ emoji: "👍", count: 2, user_ids: [3, 5] }],
  },
  threadUpdate: {
    id: MESSAGE.id,
    toContactId: "group-4",
    is_group: 1,
    count: 3,
    lastTime: 1_700_000_000_000,
    unread: 2,
  },
  typing: { user_id: 3, realname: "Ann", toContactId: "group-4", is_group: 1 },
  setChatTop: { id: "group-4", is_top: 1, is_group: 1 },
  setIsNotice: { id: 3, is_notice: 0, is_group: 0 },
  draft: { toContactId: 3, draft: "see you at" },
  chatRead: { toContactId: "group-4" },
  statistics: { onlineCount: 12, clientCount: 15 },
  webrtc: CALL_SIGNAL,
  // Everything but the reader's language (zod drops the key the schema lacks).
  updateConfig: z.omit(GlobalConfigSchema, { lang: true }).parse(GLOBAL_CONFIG),
};

const TYPES = Object.keys(SAMPLES) as ServerEventType[];

describe("server events", () => {
  it.each(TYPES)("%s: the sample parses as an event and as a frame", (type) => {
    const frame = { type, time: 1_700_000_000, data: SAMPLES[type] };
    expect(ServerEventSchema.parse(frame)).toEqual(frame);
    expect(ServerFrameSchema.parse(frame)).toEqual(frame);
  });

  it("simple: carries the system entry's friend notice (wire-contract.md §5.9)", () => {
    const notice = {
      id: "65f1c0ffee",
      type: "event",
      status: "succeed",
      content: "Ann wants to be your friend",
      sendTime: 1_700_000_000_000,
      toContactId: "system",
      is_group: 2,
      fromUser: { id: "system", displayName: "New friends", avatar: "" },
      fileSize: 0,
      fileName: "",
      extends: { key: "friend.addedYou", user_id: 5, realname: "Ann" },
    };
    const frame = { type: "simple", time: 1, data: notice };
    expect(ServerEventSchema.parse(frame)).toEqual(frame);
  });

  it.each<{ type: ServerEventType; data: unknown }>([
    { type: "simple", data: { ...MESSAGE, msg_id: "7" } },
    { type: "isOnline", data: { id: "2", is_online: 1 } },
    { type: "offline", data: { id: 2, isMobile: false } },
    { type: "isRead", data: [{ id: 1 }] },
    { type: "isRead", data: SAMPLES.isRead[0] },
    { type: "readAll", data: { toContactId: "group-1" } },
    {
      type: "atMsgList",
      data: { list: [GROUP_MESSAGE], toContactId: "group-4" },
    },
    {
      type: "atMsgList",
      data: { list: [GROUP_MESSAGE], count: -1, toContactId: "group-4" },
    },
    {
      type: "atMsgList",
      data: {
        list: Array.from({ length: AT_MSG_LIST_MAX + 1 }, () => GROUP_MESSAGE),
        count: AT_MSG_LIST_MAX + 1,
        toContactId: "group-4",
      },
    },
  ])("$type: refuses malformed data", ({ type, data }) => {
    expect(ServerEventSchema.safeParse({ type, time: 1, data }).success).toBe(
      false,
    );
  });

  it("atMsgList: accepts exactly AT_MSG_LIST_MAX mentions and an empty list", () => {
    const full = {
      list: Array.from({ length: AT_MSG_LIST_MAX }, () => GROUP_MESSAGE),
      count: 57,
      toContactId: "group-4",
    };
    for (const data of [full, { list: [], count: 0, toContactId: "group-4" }])
      expect(
        ServerEventSchema.safeParse({ type: "atMsgList", time: 1, data })
          .success,
      ).toBe(true);
  });

  it("refuses an isRead entry without its message ids", () => {
    expect(
      ServerEventSchema.safeParse({
        type: "isRead",
        time: 1,
        data: [{ id: MESSAGE.id, toContactId: 3 }],
      }).success,
    ).toBe(false);
  });

  it("refuses an event without time, and an unknown event", () => {
    expect(
      ServerEventSchema.safeParse({ type: "readAll", data: SAMPLES.readAll })
        .success,
    ).toBe(false);
    expect(
      ServerFrameSchema.safeParse({ type: "nosuchEvent", time: 1, data: {} })
        .success,
    ).toBe(false);
    expect(
      ServerFrameSchema.safeParse({ type: "statistics", time: 1, data: {} })
        .success,
    ).toBe(false);
  });

  it("parses the frames outside the event shape", () => {
    expect(ServerFrameSchema.parse({ type: "init", client_id: "abc" })).toEqual(
      { type: "init", client_id: "abc" },
    );
    expect(ServerFrameSchema.parse({ type: "pong", multiport: true })).toEqual({
      type: "pong",
      multiport: true,
    });
    expect(ServerFrameSchema.parse({ type: "ping" })).toEqual({
      type: "ping",
    });
    expect(ServerFrameSchema.safeParse({ type: "init" }).success).toBe(false);
  });
});

describe("client frames", () => {
  it("accepts ping, pong and bindUid with a form-style user id", () => {
    expect(ClientFrameSchema.parse({ type: "ping" })).toEqual({ type: "ping" });
    expect(ClientFrameSchema.parse({ type: "pong" })).toEqual({ type: "pong" });
    expect(
      ClientFrameSchema.parse({ type: "bindUid", user_id: "2", token: "t" }),
    ).toEqual({ type: "bindUid", user_id: 2, token: "t" });
  });

  it("refuses a bindUid without a token and an unknown frame", () => {
    expect(
      ClientFrameSchema.safeParse({ type: "bindUid", user_id: 2 }).success,
    ).toBe(false);
    expect(ClientFrameSchema.safeParse({ type: "say" }).success).toBe(false);
  });

  it("accepts typing in a one-to-one chat and a group, the id as a form sends it", () => {
    expect(
      ClientFrameSchema.parse({ type: "typing", toContactId: 3, is_group: 0 }),
    ).toEqual({ type: "typing", toContactId: 3, is_group: 0 });
    expect(
      ClientFrameSchema.parse({
        type: "typing",
        toContactId: "group-4",
        is_group: "1",
      }),
    ).toEqual({ type: "typing", toContactId: "group-4", is_group: 1 });
    expect(
      ClientFrameSchema.parse({
        type: "typing",
        toContactId: "3",
        is_group: 0,
      }),
    ).toEqual({ type: "typing", toContactId: 3, is_group: 0 });
  });

  it.each([
    { type: "typing", is_group: 0 },
    { type: "typing", toContactId: 3 },
    { type: "typing", toContactId: "team-4", is_group: 1 },
    { type: "typing", toContactId: { id: 3 }, is_group: 0 },
    { type: "typing", toContactId: 3.5, is_group: 0 },
  ])("refuses a typing frame without a chat it can name: %o", (frame) => {
    expect(ClientFrameSchema.safeParse(frame).success).toBe(false);
  });
});
