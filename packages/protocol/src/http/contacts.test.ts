import { describe, expect, it } from "vitest";
import {
  type AcceptCase,
  expectRefused,
  type RejectCase,
} from "../../test/schema-cases.js";
import type { Contact } from "../entities/contact.js";
import { getContacts } from "./contacts.js";

const CONTACT: Contact = {
  id: 3,
  displayName: "Bob",
  avatar: "https://chat.example.com/avatar/3.png",
  name_py: "bob",
  index: "B",
  is_group: 0,
  lastContent: "hi",
  lastSendTime: 1_700_000_000_000,
  type: "text",
  unread: 2,
  is_top: 0,
  is_notice: 1,
  is_at: 0,
  is_online: 1,
  setting: [],
  user_id: 3,
  realname: "Bob",
  account: "13800000003",
  email: "",
  last_login_ip: "",
  location: "",
};

const GROUP_CONTACT: Contact = {
  id: "group-12",
  displayName: "Team",
  avatar: "",
  name_py: "team",
  index: "T",
  is_group: 1,
  lastContent: "",
  lastSendTime: 1_700_000_000_000,
  unread: 0,
  is_top: 1,
  is_notice: 0,
  is_at: 1,
  is_online: 0,
  setting: { nospeak: 0 },
};

describe("getContacts", () => {
  it.each<AcceptCase>([
    { name: "an empty body", body: {}, expected: {} },
    { name: "unknown fields, dropped", body: { page: "1" }, expected: {} },
  ])("accepts $name", ({ body, expected }) => {
    expect(getContacts.request.parse(body)).toEqual(expected);
  });

  it.each<RejectCase>([
    { name: "an array body", body: [], field: "" },
    { name: "a null body", body: null, field: "" },
  ])("refuses $name", (rejectCase) => {
    expectRefused(getContacts.request, rejectCase);
  });

  it("answers users and groups", () => {
    const answer = [CONTACT, GROUP_CONTACT];
    expect(getContacts.response.parse(answer)).toEqual(answer);
  });

  it.each<{ name: string; answer: unknown }>([
    { name: "unread as text", answer: [{ ...CONTACT, unread: "2" }] },
    {
      name: "a non-empty setting list",
      answer: [{ ...CONTACT, setting: ["x"] }],
    },
    {
      name: "a missing displayName",
      answer: [{ ...CONTACT, displayName: undefined }],
    },
    { name: "an object instead of a list", answer: { 0: CONTACT } },
  ])("refuses an answer with $name", ({ answer }) => {
    expect(getContacts.response.safeParse(answer).success).toBe(false);
  });
});
