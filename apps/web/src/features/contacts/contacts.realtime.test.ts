import type { Contact, Message } from "@parley/protocol";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { makeContact, makeMessage } from "../../../test/factories";
import type { RealtimeContext } from "../../api/socket";
import { contactsKey } from "./contacts.queries";
import { contactsRealtime } from "./contacts.realtime";

describe("groups in the contact list, from the socket", () => {
  const GROUP = "group-4";
  function withGroup() {
    const client = new QueryClient();
    client.setQueryData<Contact[]>(contactsKey, [
      makeContact(4, { id: GROUP, is_group: 1, displayName: "Team" }),
    ]);
    const ctx: RealtimeContext = { client, me: 1, navigate: vi.fn() };
    const group = () =>
      client.getQueryData<Contact[]>(contactsKey)?.find((c) => c.id === GROUP);
    return { ctx, group };
  }

  it("adds a group I join to the list, renames it, and drops it when I leave", () => {
    const { ctx, group } = withGroup();
    const other = makeContact(5, { id: "group-5", is_group: 1 });
    contactsRealtime.events?.addGroup?.(other, ctx);
    const ids = () =>
      ctx.client.getQueryData<Contact[]>(contactsKey)?.map((c) => c.id);
    expect(ids()).toEqual(["group-5", GROUP]);
    contactsRealtime.events?.editGroupName?.(
      { id: GROUP, displayName: "Renamed", editUserName: "Ann" },
      ctx,
    );
    expect(group()?.displayName).toBe("Renamed");
    contactsRealtime.events?.removeUser?.(
      { group_id: "group-5", user_id: 1, avatar: "" },
      ctx,
    );
    contactsRealtime.events?.removeGroup?.({ group_id: GROUP }, ctx);
    expect(ids()).toEqual([]);
  });

  it("keeps the list when another member is removed", () => {
    const { ctx, group } = withGroup();
    contactsRealtime.events?.removeUser?.(
      { group_id: GROUP, user_id: 9, avatar: "" },
      ctx,
    );
    expect(group()).toBeDefined();
  });
});

describe("a new name or picture, from the socket (issue 51 item 14)", () => {
  it("renames a person in the list and on their shown messages; a remark I gave stays", async () => {
    const { messagesRealtime } = await import("../messages");
    const client = new QueryClient();
    client.setQueryData<Contact[]>(contactsKey, [
      makeContact(2, { displayName: "Bob", realname: "Bob", name_py: "bob" }),
      makeContact(3, {
        displayName: "My Cat",
        realname: "Cat",
        name_py: "cat",
      }),
    ]);
    const message = makeMessage(1, 2);
    client.setQueryData(["messages", 2], {
      pages: [[message, makeMessage(2, 1)]],
      pageParams: [{ lastId: 0, limit: 20 }],
    });
    const ctx: RealtimeContext = { client, me: 1, navigate: vi.fn() };
    for (const feature of [contactsRealtime, messagesRealtime]) {
      feature.events?.updateUser?.(
        { user_id: 2, realname: "Robert", name_py: "robert" },
        ctx,
      );
      feature.events?.updateUser?.({ user_id: 3, realname: "Catherine" }, ctx);
      feature.events?.updateUser?.({ user_id: 2, avatar: "/new.png" }, ctx);
    }
    const list = client.getQueryData<Contact[]>(contactsKey) ?? [];
    expect(list[0]).toMatchObject({
      displayName: "Robert",
      realname: "Robert",
      name_py: "robert",
      avatar: "/new.png",
    });
    expect(list[1]).toMatchObject({
      displayName: "My Cat",
      realname: "Catherine",
    });
    const pages = client.getQueryData<{ pages: Message[][] }>(["messages", 2]);
    expect(pages?.pages[0]?.[0]?.fromUser).toMatchObject({
      displayName: "Robert",
      avatar: "/new.png",
    });
    // My own message is not theirs.
    expect(pages?.pages[0]?.[1]?.fromUser.displayName).toBe("X");
  });
});
