import { describe, expect, it } from "vitest";
import {
  type Actor,
  can,
  denial,
  type GroupSettings,
  isMuted,
  type Membership,
  mayOpenConsole,
  type Switches,
  visitor,
} from "./can.js";

const USER: Actor = { userId: 5, role: 0, demoMode: false };
const ADMIN: Actor = { userId: 1, role: 1, demoMode: false };
const DEMO_USER: Actor = { ...USER, demoMode: true };

const CONFIG: Switches = {
  sysInfo: { runMode: "1" },
  chatInfo: {
    simpleChat: "1",
    groupChat: "1",
    webrtc: "1",
    dbDelMsg: "1",
    redoTime: "120",
    editTime: "0",
  },
};
const withChat = (patch: Partial<Switches["chatInfo"]>): Switches => ({
  ...CONFIG,
  chatInfo: { ...CONFIG.chatInfo, ...patch },
});
const RUN_MODE_2: Switches = { ...CONFIG, sysInfo: { runMode: "2" } };

const OWNER: Membership = { role: 1, mutedUntil: 0 };
const MANAGER: Membership = { role: 2, mutedUntil: 0 };
const MEMBER: Membership = { role: 3, mutedUntil: 0 };
const SETTINGS: GroupSettings = {
  manage: "0",
  invite: "0",
  profile: "1",
  nospeak: "0",
};

describe("console and closed system", () => {
  it.each<{ actor: Actor; expected: boolean }>([
    { actor: USER, expected: false },
    { actor: ADMIN, expected: true },
    { actor: { ...USER, role: 2 }, expected: true },
    { actor: DEMO_USER, expected: true },
    { actor: visitor(false), expected: false },
    { actor: visitor(true), expected: true },
  ])("console.open for role $actor.role, demo $actor.demoMode", (c) => {
    expect(can(c.actor, "console.open")).toBe(c.expected);
  });

  it("console writes: administrators only, never in demo mode", () => {
    expect(denial(USER, "console.write")).toBe("role");
    expect(can(ADMIN, "console.write")).toBe(true);
    expect(can({ ...USER, role: 2 }, "console.write")).toBe(true);
    expect(denial({ ...ADMIN, demoMode: true }, "console.write")).toBe("demo");
    expect(denial(DEMO_USER, "console.write")).toBe("demo");
  });

  describe("console.manageUser", () => {
    const SUPER: Actor = { userId: 1, role: 1, demoMode: false };
    const ADMIN2: Actor = { userId: 2, role: 2, demoMode: false };
    const plain = { userId: 9, role: 0 };
    const other = { userId: 8, role: 2 };
    const changes = ["edit", "password", "status", "delete", "role"] as const;

    it.each(changes)("a super administrator may %s anyone else", (change) => {
      expect(can(SUPER, "console.manageUser", { target: plain, change })).toBe(
        true,
      );
      expect(can(SUPER, "console.manageUser", { target: other, change })).toBe(
        true,
      );
    });

    it.each(changes)(
      "an administrator's %s of another administrator is refused",
      (change) => {
        expect(
          denial(ADMIN2, "console.manageUser", { target: other, change }),
        ).toBe("role");
      },
    );

    it("an administrator changes ordinary users, but not their role", () => {
      for (const change of ["edit", "password", "status", "delete"] as const)
        expect(
          can(ADMIN2, "console.manageUser", { target: plain, change }),
        ).toBe(true);
      expect(
        denial(ADMIN2, "console.manageUser", { target: plain, change: "role" }),
      ).toBe("role");
    });

    it("nobody disables, deletes or changes the role of their own account", () => {
      const self = { userId: 1, role: 1 };
      for (const change of ["status", "delete", "role"] as const)
        expect(
          denial(SUPER, "console.manageUser", { target: self, change }),
        ).toBe("self");
      expect(
        can(SUPER, "console.manageUser", { target: self, change: "edit" }),
      ).toBe(true);
      expect(
        can(SUPER, "console.manageUser", { target: self, change: "password" }),
      ).toBe(true);
    });

    it("users and demo mode change nobody", () => {
      expect(
        denial(USER, "console.manageUser", { target: plain, change: "edit" }),
      ).toBe("role");
      expect(
        denial({ ...SUPER, demoMode: true }, "console.manageUser", {
          target: plain,
          change: "edit",
        }),
      ).toBe("demo");
    });
  });

  it("system notices: super administrators only, never in demo mode", () => {
    expect(can(ADMIN, "console.publishNotice")).toBe(true);
    expect(denial({ ...USER, role: 2 }, "console.publishNotice")).toBe("role");
    expect(denial(USER, "console.publishNotice")).toBe("role");
    expect(denial({ ...ADMIN, demoMode: true }, "console.publishNotice")).toBe(
      "demo",
    );
  });

  it("mail and storage settings: super administrators only, never in demo mode", () => {
    expect(can(ADMIN, "console.deliverySettings")).toBe(true);
    expect(denial({ ...USER, role: 2 }, "console.deliverySettings")).toBe(
      "role",
    );
    expect(denial(USER, "console.deliverySettings")).toBe("role");
    expect(
      denial({ ...ADMIN, demoMode: true }, "console.deliverySettings"),
    ).toBe("demo");
  });

  it("only a system administrator enters a closed system; demo mode does not", () => {
    expect(can(ADMIN, "system.enterClosed")).toBe(true);
    expect(denial(USER, "system.enterClosed")).toBe("role");
    expect(denial(DEMO_USER, "system.enterClosed")).toBe("role");
  });
});

describe("chat.direct", () => {
  const peer = { role: 0 };
  it("is open in run mode 1 with single chat on", () => {
    expect(
      denial(USER, "chat.direct", { config: CONFIG, peer, friends: false }),
    ).toBeNull();
  });

  it("needs single chat on", () => {
    expect(
      denial(USER, "chat.direct", {
        config: withChat({ simpleChat: "0" }),
        peer,
        friends: true,
      }),
    ).toBe("switchedOff");
  });

  it("needs friendship in run mode 2", () => {
    expect(
      denial(USER, "chat.direct", {
        config: RUN_MODE_2,
        peer,
        friends: false,
      }),
    ).toBe("notFriend");
    expect(
      can(USER, "chat.direct", { config: RUN_MODE_2, peer, friends: true }),
    ).toBe(true);
  });

  it("always lets staff talk and be talked to", () => {
    const closed = {
      ...RUN_MODE_2,
      chatInfo: withChat({ simpleChat: "0" }).chatInfo,
    };
    expect(
      can(ADMIN, "chat.direct", { config: closed, peer, friends: false }),
    ).toBe(true);
    expect(
      can(USER, "chat.direct", {
        config: closed,
        peer: { role: 1 },
        friends: false,
      }),
    ).toBe(true);
  });
});

describe("switches", () => {
  it("friend requests and deletion exist only in run mode 2", () => {
    expect(denial(USER, "friends.manage", { config: CONFIG })).toBe("runMode");
    expect(can(USER, "friends.manage", { config: RUN_MODE_2 })).toBe(true);
  });

  it.each([
    { runMode: "1", diyName: "0", expected: "switchedOff" },
    { runMode: "1", diyName: "1", expected: null },
    { runMode: "2", diyName: "0", expected: null },
    { runMode: "2", diyName: "1", expected: null },
  ])(
    "user.rename in run mode $runMode with diyName $diyName (issue 51 item 4)",
    ({ runMode, diyName, expected }) => {
      expect(
        denial(USER, "user.rename", {
          config: { sysInfo: { runMode, diyName } },
        }),
      ).toBe(expected);
      // Administrators rename people in the console; their own name follows the same rule.
      expect(
        denial(ADMIN, "user.rename", {
          config: { sysInfo: { runMode, diyName } },
        }),
      ).toBe(expected);
    },
  );

  it.each<{ patch: Partial<Switches["chatInfo"]>; expected: boolean }>([
    { patch: {}, expected: true },
    { patch: { webrtc: "0" }, expected: false },
    { patch: { simpleChat: "0" }, expected: false },
  ])("call.start with $patch", ({ patch, expected }) => {
    expect(can(USER, "call.start", { config: withChat(patch) })).toBe(expected);
  });

  it.each<{
    videoCall: string;
    patch: Partial<Switches["chatInfo"]>;
    expected: boolean;
  }>([
    { videoCall: "1", patch: {}, expected: true },
    { videoCall: "0", patch: {}, expected: false },
    { videoCall: "1", patch: { webrtc: "0" }, expected: false },
    { videoCall: "1", patch: { simpleChat: "0" }, expected: false },
  ])(
    "call.video with videoCall $videoCall and $patch",
    ({ videoCall, patch, expected }) => {
      const config = withChat(patch);
      expect(
        can(USER, "call.video", {
          config: { ...config, chatInfo: { ...config.chatInfo, videoCall } },
        }),
      ).toBe(expected);
    },
  );

  it("group.create needs group chat on", () => {
    expect(can(USER, "group.create", { config: CONFIG })).toBe(true);
    expect(
      denial(USER, "group.create", { config: withChat({ groupChat: "0" }) }),
    ).toBe("switchedOff");
  });
});

describe("group roles", () => {
  it.each<{
    member: Membership;
    owns: boolean;
    edits: boolean;
    quits: boolean;
  }>([
    { member: OWNER, owns: true, edits: true, quits: false },
    { member: MANAGER, owns: false, edits: true, quits: true },
    { member: MEMBER, owns: false, edits: false, quits: true },
  ])("role $member.role", ({ member, owns, edits, quits }) => {
    expect(can(USER, "group.own", { member })).toBe(owns);
    const settings = { manage: "0", invite: "0", profile: "1", nospeak: "0" };
    expect(can(USER, "group.editInfo", { member, settings })).toBe(edits);
    expect(can(USER, "group.mentionEveryone", { member })).toBe(edits);
    // The manage setting on: every member edits the notice and the name (issue 51 item 6),
    // and still only managers mention everyone.
    expect(
      can(USER, "group.editInfo", {
        member,
        settings: { ...settings, manage: "1" },
      }),
    ).toBe(true);
    expect(can(USER, "group.withdrawOthers", { member })).toBe(edits);
    // Public (issue 45): the owner and administrators, never a member, manage on or off.
    expect(can(USER, "group.setPublic", { member })).toBe(edits);
    expect(can(USER, "group.quit", { member })).toBe(quits);
  });

  it("webhooks: the owner and administrators, or a system administrator for any group", () => {
    expect(can(USER, "group.manageHooks", { member: OWNER })).toBe(true);
    expect(can(USER, "group.manageHooks", { member: MANAGER })).toBe(true);
    expect(can(USER, "group.manageHooks", { member: MEMBER })).toBe(false);
    expect(can(USER, "group.manageHooks", { member: null })).toBe(false);
    expect(can(ADMIN, "group.manageHooks", { member: null })).toBe(true);
  });

  it("clearing records: the owner or a system administrator", () => {
    expect(can(USER, "group.clearMessages", { member: OWNER })).toBe(true);
    expect(can(USER, "group.clearMessages", { member: MANAGER })).toBe(false);
    expect(can(ADMIN, "group.clearMessages", { member: null })).toBe(true);
    expect(can(USER, "group.clearMessages", { member: null })).toBe(false);
  });

  it.each<{
    setting: keyof GroupSettings;
    value: string;
    action: "group.editNoticeIcon" | "group.addMembers" | "group.viewProfile";
    expected: boolean;
  }>([
    {
      setting: "manage",
      value: "0",
      action: "group.editNoticeIcon",
      expected: false,
    },
    {
      setting: "manage",
      value: "1",
      action: "group.editNoticeIcon",
      expected: true,
    },
    {
      setting: "invite",
      value: "0",
      action: "group.addMembers",
      expected: false,
    },
    {
      setting: "invite",
      value: "1",
      action: "group.addMembers",
      expected: true,
    },
    {
      setting: "profile",
      value: "0",
      action: "group.viewProfile",
      expected: false,
    },
    {
      setting: "profile",
      value: "1",
      action: "group.viewProfile",
      expected: true,
    },
  ])("a member: $action with $setting $value", (c) => {
    const settings = { ...SETTINGS, [c.setting]: c.value };
    expect(can(USER, c.action, { member: MEMBER, settings })).toBe(c.expected);
    // Managers may whatever the setting says.
    expect(can(USER, c.action, { member: MANAGER, settings })).toBe(true);
  });

  it.each<{
    actor: Membership;
    target: number;
    removes: boolean;
    mutes: boolean;
  }>([
    { actor: OWNER, target: 2, removes: true, mutes: true },
    { actor: OWNER, target: 3, removes: true, mutes: true },
    { actor: MANAGER, target: 3, removes: true, mutes: true },
    { actor: MANAGER, target: 2, removes: false, mutes: false },
    { actor: MANAGER, target: 1, removes: false, mutes: false },
    { actor: MEMBER, target: 3, removes: false, mutes: false },
  ])(
    "role $actor.role on role $target",
    ({ actor, target, removes, mutes }) => {
      const subject = { member: actor, target: { role: target } };
      expect(can(USER, "group.removeMember", subject)).toBe(removes);
      expect(can(USER, "group.muteMember", subject)).toBe(mutes);
    },
  );
});

describe("group.send", () => {
  const now = 1_700_000_000_000;
  it.each<{ nospeak: string; member: Membership; expected: boolean }>([
    { nospeak: "0", member: MEMBER, expected: true },
    { nospeak: "1", member: MEMBER, expected: false },
    { nospeak: "1", member: MANAGER, expected: true },
    { nospeak: "2", member: MANAGER, expected: false },
    { nospeak: "2", member: OWNER, expected: true },
  ])("nospeak $nospeak, role $member.role", ({ nospeak, member, expected }) => {
    expect(
      can(USER, "group.send", {
        member,
        settings: { ...SETTINGS, nospeak },
        now,
      }),
    ).toBe(expected);
  });

  it("a muted member is silent until the mute's last millisecond has passed", () => {
    const muted = { role: 3, mutedUntil: now + 1 };
    const subject = { member: muted, settings: SETTINGS, now };
    expect(denial(USER, "group.send", subject)).toBe("muted");
    expect(isMuted(muted, now)).toBe(true);
    expect(isMuted(muted, now + 1)).toBe(false);
    expect(can(USER, "group.send", { ...subject, now: now + 1 })).toBe(true);
  });

  it("the owner cannot be muted", () => {
    expect(
      can(USER, "group.send", {
        member: { role: 1, mutedUntil: now + 60_000 },
        settings: SETTINGS,
        now,
      }),
    ).toBe(true);
  });
});

describe("message actions", () => {
  const sendTime = 1_700_000_000_000;
  const mine = { fromUser: USER.userId, sendTime };

  it("withdraws one's own message up to exactly redoTime seconds", () => {
    const at = (ms: number) =>
      denial(USER, "message.withdraw", {
        config: CONFIG,
        message: mine,
        now: sendTime + ms,
      });
    expect(at(120_000)).toBeNull();
    expect(at(120_001)).toBe("expired");
    expect(
      denial(ADMIN, "message.withdraw", {
        config: CONFIG,
        message: mine,
        now: sendTime,
      }),
    ).toBe("role");
  });

  it("lets group managers withdraw at any time, each within their rank", () => {
    const late = sendTime + 86_400_000;
    const inGroup = (role: number, fromUser: number, senderRole: number) =>
      denial(USER, "message.withdraw", {
        config: CONFIG,
        message: { fromUser, sendTime },
        now: late,
        group: { member: { role, mutedUntil: 0 }, senderRole },
      });
    // The owner: anyone's message, however old.
    expect(inGroup(1, 99, 2)).toBeNull();
    expect(inGroup(1, 99, 3)).toBeNull();
    // An administrator: their own and members' (and a sender who has left), not the owner's
    // or another administrator's.
    expect(inGroup(2, USER.userId, 2)).toBeNull();
    expect(inGroup(2, 99, 3)).toBeNull();
    expect(inGroup(2, 99, 0)).toBeNull();
    expect(inGroup(2, 99, 1)).toBe("role");
    expect(inGroup(2, 99, 2)).toBe("role");
    // A member: only their own, and only within redoTime.
    expect(inGroup(3, 99, 3)).toBe("role");
    expect(inGroup(3, USER.userId, 3)).toBe("expired");
  });

  it("deletes one's own one-to-one message when dbDelMsg is on", () => {
    const message = { fromUser: USER.userId, isGroup: false };
    expect(can(USER, "message.delete", { config: CONFIG, message })).toBe(true);
    expect(
      denial(USER, "message.delete", {
        config: withChat({ dbDelMsg: "0" }),
        message,
      }),
    ).toBe("switchedOff");
    expect(
      denial(USER, "message.delete", {
        config: CONFIG,
        message: { ...message, isGroup: true },
      }),
    ).toBe("role");
    expect(denial(ADMIN, "message.delete", { config: CONFIG, message })).toBe(
      "role",
    );
  });
});

describe("group read receipts", () => {
  it.each([
    ["the sender, a member, in a big group", MEMBER, true, 10_000, true],
    ["a member who did not send it", MEMBER, false, 3, false],
    ["an administrator in a group of 499", MANAGER, false, 499, true],
    ["an administrator in a group of 500", MANAGER, false, 500, false],
    ["the owner in a small group", OWNER, false, 3, true],
    ["the owner in a group of 500", OWNER, false, 500, false],
  ] as const)("%s: %s", (_label, member, isSender, memberCount, allowed) => {
    expect(
      can(USER, "group.readReceipts", { member, isSender, memberCount }),
    ).toBe(allowed);
  });
});

describe("the user card (SPEC §2)", () => {
  const card = (config: Switches, self: boolean, friends: boolean) => ({
    config,
    self,
    friends,
  });

  it("shows contact details to oneself, to friends, and to anyone in run mode 1", () => {
    expect(
      can(USER, "user.seeContactDetails", card(CONFIG, false, false)),
    ).toBe(true);
    expect(
      denial(USER, "user.seeContactDetails", card(RUN_MODE_2, false, false)),
    ).toBe("notFriend");
    expect(
      can(USER, "user.seeContactDetails", card(RUN_MODE_2, false, true)),
    ).toBe(true);
    expect(
      can(USER, "user.seeContactDetails", card(RUN_MODE_2, true, false)),
    ).toBe(true);
  });

  it("offers add friend only in run mode 2, to someone else not yet a friend", () => {
    expect(denial(USER, "user.addFriend", card(CONFIG, false, false))).toBe(
      "runMode",
    );
    expect(can(USER, "user.addFriend", card(RUN_MODE_2, false, false))).toBe(
      true,
    );
    expect(can(USER, "user.addFriend", card(RUN_MODE_2, false, true))).toBe(
      false,
    );
    expect(can(USER, "user.addFriend", card(RUN_MODE_2, true, false))).toBe(
      false,
    );
  });
});

describe("the routing guard's console rule (rules/actor.ts)", () => {
  it("answers as the table's console.open for every kind of actor", () => {
    const actors = [USER, ADMIN, DEMO_USER, visitor(false), visitor(true)];
    for (const actor of actors)
      expect(mayOpenConsole(actor)).toBe(can(actor, "console.open"));
    expect(actors.map(mayOpenConsole)).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);
  });
});
