import type { Contact } from "@parley/protocol";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { makeContact } from "../../../test/factories";
import type { RealtimeContext } from "../../api/socket";
import { eventLine } from "../../lib/event-line";
import { messagesRealtime } from "../messages";
import { useChatUiStore } from "../../stores/chat-ui.store";
import { contactsKey } from "./contacts.queries";
import { contactsRealtime } from "./contacts.realtime";

/* Issue 51, item 17: a disbanded group stays in the list, marked, with its chat open. */
describe("a disbanded group, from the socket", () => {
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

  it("keeps the chat, marked disbanded, and leaves it open", () => {
    const { ctx, group } = withGroup();
    useChatUiStore.getState().open(GROUP);
    const data = { group_id: GROUP, disbanded: 1 };
    contactsRealtime.events?.removeGroup?.(data, ctx);
    messagesRealtime.events?.removeGroup?.(data, ctx);
    expect(group()).toMatchObject({ id: GROUP, disbanded: 1 });
    expect(useChatUiStore.getState().openContactId).toBe(GROUP);
  });

  it("drops it as before without the flag (removed, or an old server)", () => {
    const { ctx, group } = withGroup();
    useChatUiStore.getState().open(GROUP);
    contactsRealtime.events?.removeGroup?.({ group_id: GROUP }, ctx);
    messagesRealtime.events?.removeGroup?.({ group_id: GROUP }, ctx);
    expect(group()).toBeUndefined();
    expect(useChatUiStore.getState().openContactId).toBeNull();
  });

  it("translates the disbanded line", () => {
    const t = (key: string, options: Record<string, string>) =>
      `${key}|${options.actor ?? ""}`;
    expect(
      eventLine({ event: "disbanded", actor: "Ann" }, "", "Ann 解散了群聊", t),
    ).toBe("messages:events.disbanded|Ann");
  });
});
