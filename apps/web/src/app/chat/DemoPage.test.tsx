import type { Contact } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { firstContacts } from "./DemoPage";

/* SPEC §2 /demo: the first contacts are people, not groups, with an id below 6. */
const contact = (id: Contact["id"], is_group: 0 | 1 | 2 = 0): Contact => ({
  id,
  displayName: `c${String(id)}`,
  avatar: "",
  name_py: "",
  index: "C",
  is_group,
  lastContent: "",
  lastSendTime: 0,
  unread: 0,
  is_top: 0,
  is_notice: 1,
  is_at: 0,
  is_online: 0,
  setting: [],
});

describe("firstContacts", () => {
  it("keeps people with an id below 6, never groups, system entries or oneself", () => {
    const list = [
      contact(1),
      contact(2),
      contact(5),
      contact(6),
      contact(12),
      contact("group-3", 1),
      contact("admin_notice", 2),
      contact("system", 2),
    ];
    expect(firstContacts(list, 2).map((c) => c.id)).toEqual([1, 5]);
    expect(firstContacts(list, undefined).map((c) => c.id)).toEqual([1, 2, 5]);
  });
});
