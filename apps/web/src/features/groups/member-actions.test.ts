import type { GroupMember } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { memberActions, membershipOf, sortMembers } from "./member-actions";

function member(
  user_id: number,
  role: number,
  joined = "2026-01-01 10:00:00",
): GroupMember {
  return {
    id: user_id,
    group_id: 1,
    user_id,
    role,
    invite_id: 0,
    create_time: joined,
    unread: 0,
    is_notice: 1,
    is_top: 0,
    no_speak_time: 0,
    status: 1,
    userInfo: {
      id: user_id,
      displayName: `User ${user_id}`,
      account: `u${user_id}`,
      name_py: "",
      avatar: "",
    },
  };
}

const owner = member(1, 1);
const admin = member(2, 2);
const plain = member(3, 3);
const actor = (userId: number, role = 0) => ({ userId, role, demoMode: false });

describe("member actions by role (SPEC §6)", () => {
  it("gives the owner every action on an administrator and a member", () => {
    const me = membershipOf(owner);
    expect(memberActions(actor(1), me, admin)).toEqual([
      "unmakeAdmin",
      "mute",
      "remove",
      "transfer",
    ]);
    expect(memberActions(actor(1), me, plain)).toEqual([
      "makeAdmin",
      "mute",
      "remove",
      "transfer",
    ]);
  });

  it("lets an administrator mute and remove members only", () => {
    const me = membershipOf(admin);
    expect(memberActions(actor(2), me, plain)).toEqual(["mute", "remove"]);
    expect(memberActions(actor(2), me, owner)).toEqual([]);
    expect(memberActions(actor(2), me, member(4, 2))).toEqual([]);
  });

  it("gives a member nothing, and nobody anything on their own row", () => {
    expect(memberActions(actor(3), membershipOf(plain), admin)).toEqual([]);
    expect(memberActions(actor(1), membershipOf(owner), owner)).toEqual([]);
  });

  it("does not let a system administrator act as a group manager", () => {
    expect(memberActions(actor(3, 1), membershipOf(plain), admin)).toEqual([]);
  });
});

describe("member order", () => {
  it("puts the owner first, then administrators, then members by joining", () => {
    const late = member(5, 3, "2026-02-01 10:00:00");
    const early = member(6, 3, "2026-01-02 10:00:00");
    expect(
      sortMembers([late, plain, admin, early, owner]).map((m) => m.user_id),
    ).toEqual([1, 2, 3, 6, 5]);
  });
});
