import type { Contact } from "@parley/protocol";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { makeContact } from "../../../test/factories";
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
