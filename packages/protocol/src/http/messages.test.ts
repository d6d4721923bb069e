import { describe, expect, it } from "vitest";
import {
  type AcceptCase,
  expectRefused,
  type RejectCase,
} from "../../test/schema-cases.js";
import { MESSAGE, UUID } from "../../test/samples.js";
import { getMessageList, sendMessage, setMsgIsRead } from "./messages.js";

describe("sendMessage", () => {
  /** What qs.parse makes of the reference client's flattened message. */
  const FORM_BODY = {
    id: UUID,
    type: "text",
    status: "going",
    sendTime: "1700000000000",
    toContactId: "3",
    fromUser: {
      id: "2",
      displayName: "Alice",
      avatar: "https://chat.example.com/avatar/2.png",
      account: "13800000002",
    },
    content: "hello <b>world</b>",
    at: ["0"],
    file_id: "0",
    is_group: "0",
  };

  it.each<AcceptCase>([
    {
      name: "a form-encoded 1:1 message",
      body: FORM_BODY,
      expected: {
        id: UUID,
        type: "text",
        content: "hello <b>world</b>",
        toContactId: 3,
        at: ["0"],
        is_group: 0,
      },
    },
    {
      name: "a form-encoded group message with mentions",
      body: {
        ...FORM_BODY,
        toContactId: "group-12",
        is_group: "1",
        at: ["3", "7"],
      },
      expected: {
        id: UUID,
        type: "text",
        content: "hello <b>world</b>",
        toContactId: "group-12",
        at: ["3", "7"],
        is_group: 1,
      },
    },
    {
      name: "a form-encoded quote",
      body: {
        ...FORM_BODY,
        at: undefined,
        pid: "17",
        extends: { msg_id: "17", content: "earlier", user_id: "3" },
      },
      expected: {
        id: UUID,
        type: "text",
        content: "hello <b>world</b>",
        toContactId: 3,
        is_group: 0,
        pid: 17,
      },
    },
    {
      name: "the system entry -1",
      body: { id: UUID, content: "hi", toContactId: "-1" },
      expected: { id: UUID, type: "text", content: "hi", toContactId: -1 },
    },
    {
      name: "a JSON body with numbers",
      body: {
        id: UUID,
        content: "hi",
        toContactId: 3,
        is_group: 0,
        at: [3, 7],
        pid: 17,
      },
      expected: {
        id: UUID,
        type: "text",
        content: "hi",
        toContactId: 3,
        is_group: 0,
        at: ["3", "7"],
        pid: 17,
      },
    },
    {
      name: "an upper-case UUID",
      body: { id: UUID.toUpperCase(), content: "hi", toContactId: "3" },
      expected: {
        id: UUID.toUpperCase(),
        type: "text",
        content: "hi",
        toContactId: 3,
      },
    },
    {
      name: "empty optional fields as not sent",
      body: {
        id: UUID,
        content: "hi",
        toContactId: "3",
        is_group: "",
        at: "",
        pid: "",
      },
      expected: { id: UUID, type: "text", content: "hi", toContactId: 3 },
    },
    {
      name: "empty content (the rule refuses it, not the schema)",
      body: { id: UUID, content: "", toContactId: "3" },
      expected: { id: UUID, type: "text", content: "", toContactId: 3 },
    },
    {
      name: "content of 16384 characters",
      body: { id: UUID, content: "x".repeat(16_384), toContactId: 3 },
      expected: {
        id: UUID,
        type: "text",
        content: "x".repeat(16_384),
        toContactId: 3,
      },
    },
  ])("accepts $name", ({ body, expected }) => {
    expect(sendMessage.request.parse(body)).toEqual(expected);
  });

  it("accepts 1000 mentions", () => {
    const at = Array.from({ length: 1000 }, (_, i) => String(i));
    expect(sendMessage.request.safeParse({ ...FORM_BODY, at }).success).toBe(
      true,
    );
  });

  it.each<RejectCase>([
    {
      name: "an id that is not a UUID",
      body: { ...FORM_BODY, id: "not-a-uuid" },
      field: "id",
      key: "request.invalidField",
    },
    {
      name: "a UUID without hyphens",
      body: { ...FORM_BODY, id: UUID.replaceAll("-", "") },
      field: "id",
      key: "request.invalidField",
    },
    {
      name: "a timestamp as id",
      body: { ...FORM_BODY, id: "1700000000000" },
      field: "id",
      key: "request.invalidField",
    },
    {
      name: "an empty id",
      body: { ...FORM_BODY, id: "" },
      field: "id",
      key: "request.invalidField",
    },
    { name: "no id", body: { ...FORM_BODY, id: undefined }, field: "id" },
    {
      name: "an object as id",
      body: { ...FORM_BODY, id: { v: UUID } },
      field: "id",
    },
    {
      name: "type image",
      body: { ...FORM_BODY, type: "image" },
      field: "type",
      key: "request.invalidField",
    },
    {
      name: "content over 16384 characters",
      body: { ...FORM_BODY, content: "x".repeat(16_385) },
      field: "content",
      key: "message.tooLong",
    },
    {
      name: "no content",
      body: { ...FORM_BODY, content: undefined },
      field: "content",
    },
    {
      name: "an object as content",
      body: { ...FORM_BODY, content: { text: "hi" } },
      field: "content",
    },
    {
      name: "an array as content",
      body: { ...FORM_BODY, content: ["hi"] },
      field: "content",
    },
    {
      name: 'toContactId "group-abc"',
      body: { ...FORM_BODY, toContactId: "group-abc" },
      field: "toContactId",
      key: "request.invalidField",
    },
    {
      name: 'toContactId "group-"',
      body: { ...FORM_BODY, toContactId: "group-" },
      field: "toContactId",
      key: "request.invalidField",
    },
    {
      name: "toContactId with 13 group digits",
      body: { ...FORM_BODY, toContactId: "group-1234567890123" },
      field: "toContactId",
      key: "request.invalidField",
    },
    {
      name: 'toContactId "3.5"',
      body: { ...FORM_BODY, toContactId: "3.5" },
      field: "toContactId",
      key: "request.invalidField",
    },
    {
      name: "no toContactId",
      body: { ...FORM_BODY, toContactId: undefined },
      field: "toContactId",
    },
    {
      name: "an object as toContactId",
      body: { ...FORM_BODY, toContactId: { id: "3" } },
      field: "toContactId",
    },
    {
      name: "at as an object (qs past its arrayLimit)",
      body: { ...FORM_BODY, at: { 0: "3" } },
      field: "at",
    },
    { name: "at as one string", body: { ...FORM_BODY, at: "3" }, field: "at" },
    {
      name: "an object inside at",
      body: { ...FORM_BODY, at: [{ id: "3" }] },
      field: "at.0",
    },
    {
      name: "1001 mentions",
      body: {
        ...FORM_BODY,
        at: Array.from({ length: 1001 }, (_, i) => String(i)),
      },
      field: "at",
    },
    {
      name: 'is_group "yes"',
      body: { ...FORM_BODY, is_group: "yes" },
      field: "is_group",
    },
    { name: 'pid "1.5"', body: { ...FORM_BODY, pid: "1.5" }, field: "pid" },
    { name: "an array body", body: [FORM_BODY], field: "" },
  ])("refuses $name", (rejectCase) => {
    expectRefused(sendMessage.request, rejectCase);
  });

  it("answers the stored message", () => {
    expect(sendMessage.response.parse(MESSAGE)).toEqual(MESSAGE);
    // As sent (wire-contract.md §2.9): mentions as numbers, no file as "".
    const sent = { ...MESSAGE, at: [0, 7], fileSize: "" as const };
    expect(sendMessage.response.parse(sent)).toEqual(sent);
    expect(
      sendMessage.response.parse({ ...MESSAGE, toContactId: "group-12" }),
    ).toEqual({ ...MESSAGE, toContactId: "group-12" });
  });

  it.each<{ name: string; answer: unknown }>([
    { name: "status going", answer: { ...MESSAGE, status: "going" } },
    { name: "fractional at entries", answer: { ...MESSAGE, at: [1.5] } },
    { name: "a file size in words", answer: { ...MESSAGE, fileSize: "12" } },
    { name: "msg_id as text", answer: { ...MESSAGE, msg_id: "120" } },
    { name: "no seq", answer: { ...MESSAGE, seq: undefined } },
  ])("refuses an answer with $name", ({ answer }) => {
    expect(sendMessage.response.safeParse(answer).success).toBe(false);
  });
});

describe("getMessageList", () => {
  it.each<AcceptCase>([
    {
      name: "the chat window's first page, form-encoded",
      body: {
        toContactId: "3",
        is_group: "0",
        page: "1",
        limit: "10",
        last_id: "0",
      },
      expected: { toContactId: 3, is_group: 0, page: 1, limit: 10, last_id: 0 },
    },
    {
      name: "an earlier group page, form-encoded",
      body: {
        toContactId: "group-12",
        is_group: "1",
        limit: "10",
        last_id: "120",
      },
      expected: {
        toContactId: "group-12",
        is_group: 1,
        limit: 10,
        last_id: 120,
      },
    },
    {
      name: "the history panel, form-encoded",
      body: {
        toContactId: "3",
        is_group: "0",
        page: "2",
        limit: "20",
        type: "all",
        keywords: "hello",
        is_at: "1",
      },
      expected: {
        toContactId: 3,
        is_group: 0,
        page: 2,
        limit: 20,
        type: "all",
        keywords: "hello",
        // The message manager's mentions (wire-contract.md §5.4).
        is_at: 1,
      },
    },
    {
      name: "a JSON body",
      body: { toContactId: 3, page: 1, limit: 100, last_id: 0, type: "file" },
      expected: {
        toContactId: 3,
        page: 1,
        limit: 100,
        last_id: 0,
        type: "file",
      },
    },
    {
      name: "empty optional fields as not sent",
      body: {
        toContactId: "3",
        page: "",
        limit: "",
        last_id: "",
        type: "",
        keywords: "",
      },
      expected: { toContactId: 3 },
    },
    {
      name: "limit 1, page 100000, 255-character keywords",
      body: {
        toContactId: "3",
        limit: "1",
        page: "100000",
        keywords: "k".repeat(255),
      },
      expected: {
        toContactId: 3,
        limit: 1,
        page: 100_000,
        keywords: "k".repeat(255),
      },
    },
  ])("accepts $name", ({ body, expected }) => {
    expect(getMessageList.request.parse(body)).toEqual(expected);
  });

  it.each(["all", "text", "image", "video", "file"])(
    "accepts type %s",
    (type) => {
      expect(getMessageList.request.parse({ toContactId: "3", type })).toEqual({
        toContactId: 3,
        type,
      });
    },
  );

  it.each<RejectCase>([
    {
      name: 'limit "0"',
      body: { toContactId: "3", limit: "0" },
      field: "limit",
    },
    { name: "limit 0", body: { toContactId: 3, limit: 0 }, field: "limit" },
    {
      name: 'limit "101"',
      body: { toContactId: "3", limit: "101" },
      field: "limit",
    },
    { name: "limit 101", body: { toContactId: 3, limit: 101 }, field: "limit" },
    {
      name: 'limit "1.5"',
      body: { toContactId: "3", limit: "1.5" },
      field: "limit",
    },
    {
      name: 'limit "ten"',
      body: { toContactId: "3", limit: "ten" },
      field: "limit",
    },
    { name: 'page "0"', body: { toContactId: "3", page: "0" }, field: "page" },
    {
      name: "page 100001",
      body: { toContactId: "3", page: 100_001 },
      field: "page",
    },
    {
      name: 'last_id "-1"',
      body: { toContactId: "3", last_id: "-1" },
      field: "last_id",
    },
    {
      name: "type audio",
      body: { toContactId: "3", type: "audio" },
      field: "type",
    },
    {
      name: "type ALL",
      body: { toContactId: "3", type: "ALL" },
      field: "type",
    },
    {
      name: "256-character keywords",
      body: { toContactId: "3", keywords: "k".repeat(256) },
      field: "keywords",
    },
    {
      name: "an object as keywords",
      body: { toContactId: "3", keywords: { q: "a" } },
      field: "keywords",
    },
    {
      name: 'toContactId "group-abc"',
      body: { toContactId: "group-abc" },
      field: "toContactId",
      key: "request.invalidField",
    },
    { name: "no toContactId", body: { limit: "10" }, field: "toContactId" },
    {
      name: "an array as toContactId",
      body: { toContactId: ["3"] },
      field: "toContactId",
    },
  ])("refuses $name", (rejectCase) => {
    expectRefused(getMessageList.request, rejectCase);
  });

  it("answers a list of messages", () => {
    expect(getMessageList.response.parse([])).toEqual([]);
    expect(getMessageList.response.parse([MESSAGE])).toEqual([MESSAGE]);
    expect(getMessageList.response.safeParse(MESSAGE).success).toBe(false);
  });
});

describe("setMsgIsRead", () => {
  const UNREAD = {
    id: UUID,
    type: "text",
    content: "hi",
    is_read: "0",
    sendTime: "1700000000000",
    fromUser: { id: "3", displayName: "Bob" },
  };

  it.each<AcceptCase>([
    {
      name: "a form-encoded 1:1 body with messages",
      body: {
        is_group: "0",
        toContactId: "3",
        fromUser: "3",
        messages: [UNREAD],
      },
      expected: {
        is_group: 0,
        toContactId: 3,
        fromUser: 3,
        messages: [UNREAD],
      },
    },
    {
      name: "a form-encoded group body (qs omits the empty messages)",
      body: { is_group: "1", toContactId: "group-12" },
      expected: { is_group: 1, toContactId: "group-12" },
    },
    {
      name: "a JSON body",
      body: { is_group: 0, toContactId: 3, fromUser: 3, messages: [] },
      expected: { is_group: 0, toContactId: 3, fromUser: 3, messages: [] },
    },
  ])("accepts $name", ({ body, expected }) => {
    expect(setMsgIsRead.request.parse(body)).toEqual(expected);
  });

  it("accepts 10000 messages", () => {
    const messages = Array.from({ length: 10_000 }, () => UNREAD);
    expect(
      setMsgIsRead.request.safeParse({ toContactId: "3", messages }).success,
    ).toBe(true);
  });

  it.each<RejectCase>([
    {
      name: "messages as an object (qs past its arrayLimit)",
      body: { toContactId: "3", messages: { 0: UNREAD } },
      field: "messages",
    },
    {
      name: "10001 messages",
      body: {
        toContactId: "3",
        messages: Array.from({ length: 10_001 }, () => UNREAD),
      },
      field: "messages",
    },
    {
      name: 'fromUser "abc"',
      body: { toContactId: "3", fromUser: "abc" },
      field: "fromUser",
    },
    {
      name: "an object as fromUser",
      body: { toContactId: "3", fromUser: { id: "3" } },
      field: "fromUser",
    },
    {
      name: 'is_group "1.0"',
      body: { toContactId: "3", is_group: "1.0" },
      field: "is_group",
    },
    { name: "no toContactId", body: { fromUser: "3" }, field: "toContactId" },
    {
      name: 'toContactId "group-x"',
      body: { toContactId: "group-x" },
      field: "toContactId",
      key: "request.invalidField",
    },
  ])("refuses $name", (rejectCase) => {
    expectRefused(setMsgIsRead.request, rejectCase);
  });

  it("answers an empty string", () => {
    expect(setMsgIsRead.response.parse("")).toBe("");
    expect(setMsgIsRead.response.safeParse(null).success).toBe(false);
  });
});
