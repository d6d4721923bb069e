import type { Actor, UserDetail } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { makeConfig } from "../../../test/factories";
import { cardControls } from "./card-rules";

/* SPEC §2 User card and §6: which rows and buttons the card shows, by run mode and bond. */
const me: Actor = { userId: 1, role: 0, demoMode: false };
const admin: Actor = { userId: 1, role: 1, demoMode: false };

function config(runMode: "1" | "2", simpleChat = "1") {
  const base = makeConfig();
  return {
    ...base,
    sysInfo: { ...base.sysInfo, runMode },
    chatInfo: { ...base.chatInfo, simpleChat },
  };
}

const friendLink = { friend_id: 2, nickname: "" };
const stranger: Pick<UserDetail, "user_id" | "friend" | "applied"> = {
  user_id: 2,
  friend: "",
  applied: 0,
};
const friend = { ...stranger, friend: friendLink };
const self = { ...stranger, user_id: 1 };

describe("the user card's controls", () => {
  it("run mode 1: send message to anyone else, no friend buttons, no remark", () => {
    expect(cardControls(me, config("1"), stranger)).toEqual({
      self: false,
      friends: false,
      nameLabel: "nickname",
      remark: false,
      sendMessage: true,
      addFriend: "hidden",
      deleteFriend: false,
      editInfo: false,
    });
  });

  it("edit info for an administrator who may change users only (SPEC §2; issue 51 item 20)", () => {
    expect(cardControls(admin, config("1"), stranger).editInfo).toBe(true);
    expect(cardControls(admin, config("2"), self).editInfo).toBe(true);
    expect(cardControls(me, config("2"), friend).editInfo).toBe(false);
    // Demo mode opens the console to look, not to change.
    expect(
      cardControls({ ...me, demoMode: true }, config("1"), stranger).editInfo,
    ).toBe(false);
  });

  it("run mode 2, a stranger: add friend only", () => {
    const controls = cardControls(me, config("2"), stranger);
    expect(controls.sendMessage).toBe(false);
    expect(controls.addFriend).toBe("available");
    expect(controls.deleteFriend).toBe(false);
    expect(controls.remark).toBe(false);
    expect(controls.nameLabel).toBe("name");
  });

  it("run mode 2, a stranger I applied to: add friend shown as applied", () => {
    expect(
      cardControls(me, config("2"), { ...stranger, applied: 2 }).addFriend,
    ).toBe("applied");
  });

  it("run mode 2, a friend: send message, delete friend and the remark", () => {
    expect(cardControls(me, config("2"), friend)).toMatchObject({
      friends: true,
      sendMessage: true,
      addFriend: "hidden",
      deleteFriend: true,
      remark: true,
    });
  });

  it("oneself: neither send message nor add or delete friend, in either mode", () => {
    for (const mode of ["1", "2"] as const) {
      expect(cardControls(me, config(mode), self)).toMatchObject({
        self: true,
        sendMessage: false,
        addFriend: "hidden",
        deleteFriend: false,
        remark: false,
      });
    }
  });

  it("single chat switched off: no send message for an ordinary user", () => {
    expect(cardControls(me, config("1", "0"), stranger).sendMessage).toBe(
      false,
    );
    expect(cardControls(me, config("2", "0"), friend).sendMessage).toBe(false);
  });

  it("an administrator still follows SPEC in run mode 2: no chat with a stranger", () => {
    expect(cardControls(admin, config("2"), stranger).sendMessage).toBe(false);
    expect(cardControls(admin, config("1", "0"), stranger).sendMessage).toBe(
      true,
    );
  });
});
