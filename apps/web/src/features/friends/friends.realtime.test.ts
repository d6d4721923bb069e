import type { Contact, SystemNotice } from "@parley/protocol";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeConfig, makeContact } from "../../../test/factories";
import type { RealtimeContext } from "../../api/socket";
import { contactsKey, contactsRealtime } from "../contacts";
import { useChatUiStore } from "../../stores/chat-ui.store";
import { systemInfoQuery, systemRealtime } from "../system";
import { friendsRealtime } from "./friends.realtime";
import { noticesKey, requestsKey } from "./friends.queries";

/*
 * Friends live (wire-contract.md §5.9), as the socket delivers it to every feature in
 * turn: a request's line bumps the system entry, a new friend joins the list, an ended
 * friendship drops the contact and closes its chat.
 */
const FEATURES = [contactsRealtime, friendsRealtime, systemRealtime];

function deliver<T extends keyof NonNullable<(typeof FEATURES)[0]["events"]>>(
  type: T,
  data: Parameters<
    NonNullable<NonNullable<(typeof FEATURES)[0]["events"]>[T]>
  >[0],
  ctx: RealtimeContext,
): void {
  for (const feature of FEATURES) {
    const handler = feature.events?.[type] as
      ((d: typeof data, c: RealtimeContext) => void) | undefined;
    handler?.(data, ctx);
  }
}

const entry = (unread: number): Contact =>
  makeContact(0, {
    id: "system",
    is_group: 2,
    unread,
    lastSendTime: 0,
    displayName: "",
  });

function setUp(contacts: Contact[] = [makeContact(2), entry(1)]) {
  const client = new QueryClient();
  client.setQueryData(contactsKey, contacts);
  client.setQueryData(systemInfoQuery.queryKey, {
    ...makeConfig(),
    sysInfo: { ...makeConfig().sysInfo, runMode: "2" },
  });
  const ctx: RealtimeContext = { client, me: 1, navigate: vi.fn() };
  const list = () => client.getQueryData<Contact[]>(contactsKey) ?? [];
  const invalidated = vi.spyOn(client, "invalidateQueries");
  return { client, ctx, list, invalidated };
}

const notice: SystemNotice = {
  id: "n1",
  type: "event",
  status: "succeed",
  content: "张三丰 添加您为好友",
  sendTime: 1_700_000_123_000,
  toContactId: "system",
  is_group: 2,
  fromUser: { id: "system", displayName: "新朋友", avatar: "" },
  fileSize: 0,
  fileName: "",
  extends: { key: "friend.addedYou", user_id: 9, realname: "张三丰" },
};

afterEach(() => {
  useChatUiStore.setState({ openContactId: null });
});

describe("a friend request's line (simple, system notice)", () => {
  it("bumps the system entry's badge, dates it, names the applicant", () => {
    const { ctx, list } = setUp();
    deliver("simple", notice, ctx);
    expect(list().find((c) => c.id === "system")).toMatchObject({
      unread: 2,
      lastSendTime: notice.sendTime,
      lastEvent: notice.extends,
    });
    // Nothing else in the list moved.
    expect(list().find((c) => c.id === 2)?.unread).toBe(0);
  });

  it("is listed among the system messages and refreshes the request lists", () => {
    const { ctx, client, invalidated } = setUp();
    deliver("simple", notice, ctx);
    deliver("simple", { ...notice, id: "n2" }, ctx);
    expect(
      client.getQueryData<SystemNotice[]>(noticesKey)?.map((n) => n.id),
    ).toEqual(["n2", "n1"]);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: requestsKey });
  });

  it("asks for the list when it has no entry yet (its count comes with it)", () => {
    const { ctx, invalidated } = setUp([makeContact(2)]);
    deliver("simple", notice, ctx);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: contactsKey });
  });

  it("is not a chat message: no contact gets it as its last message", () => {
    const { ctx, list } = setUp();
    deliver("simple", notice, ctx);
    expect(list().find((c) => c.id === 2)?.lastContent).toBe("");
  });
});

describe("a new friend (appendContact)", () => {
  it("joins the list at the top and refreshes the request lists", () => {
    const { ctx, list, invalidated } = setUp();
    const friend = makeContact(9, {
      displayName: "张三丰",
      lastContent: "You are now friends",
    });
    deliver("appendContact", friend, ctx);
    expect(list()[0]).toEqual(friend);
    // Once only, even if it was there already.
    deliver("appendContact", friend, ctx);
    expect(list().filter((c) => c.id === 9)).toHaveLength(1);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: requestsKey });
  });
});

describe("an ended friendship (removeGroup with a user id)", () => {
  it("drops the contact and closes its chat if it is open", () => {
    const { ctx, list } = setUp([makeContact(2), makeContact(9), entry(0)]);
    useChatUiStore.setState({ openContactId: 9 });
    deliver("removeGroup", { group_id: "9" }, ctx);
    expect(list().map((c) => c.id)).toEqual([2, "system"]);
    expect(useChatUiStore.getState().openContactId).toBeNull();
  });

  it("leaves another open chat alone", () => {
    const { ctx } = setUp([makeContact(2), makeContact(9)]);
    useChatUiStore.setState({ openContactId: 2 });
    deliver("removeGroup", { group_id: "9" }, ctx);
    expect(useChatUiStore.getState().openContactId).toBe(2);
  });

  it("never takes a group's id for a user's", () => {
    const group = makeContact(0, { id: "group-9", is_group: 1 });
    const { ctx, list } = setUp([makeContact(9), group]);
    useChatUiStore.setState({ openContactId: 9 });
    deliver("removeGroup", { group_id: "group-9" }, ctx);
    expect(list().map((c) => c.id)).toEqual([9]);
    expect(useChatUiStore.getState().openContactId).toBe(9);
  });
});

describe("a config an administrator saved (updateConfig)", () => {
  const config = makeConfig();
  it("replaces the cached config but keeps the reader's language", () => {
    const { ctx, client } = setUp();
    client.setQueryData(systemInfoQuery.queryKey, makeConfig({ lang: "zh" }));
    deliver(
      "updateConfig",
      { ...config, sysInfo: { ...config.sysInfo, runMode: "2" } },
      ctx,
    );
    const stored = client.getQueryData(systemInfoQuery.queryKey);
    expect(stored?.sysInfo.runMode).toBe("2");
    expect(stored?.lang).toBe("zh");
    expect(JSON.parse(localStorage.getItem("globalConfig") ?? "{}")).toEqual(
      stored,
    );
  });

  it("asks for the contact list again when the run mode changes, not otherwise", () => {
    const { ctx, invalidated } = setUp();
    // The cache holds run mode 2 (setUp): the same mode asks nothing.
    deliver(
      "updateConfig",
      { ...config, sysInfo: { ...config.sysInfo, runMode: "2" } },
      ctx,
    );
    expect(invalidated).not.toHaveBeenCalledWith({ queryKey: contactsKey });
    deliver(
      "updateConfig",
      { ...config, sysInfo: { ...config.sysInfo, runMode: "1" } },
      ctx,
    );
    expect(invalidated).toHaveBeenCalledWith({ queryKey: contactsKey });
  });
});
