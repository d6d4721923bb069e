import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { RealtimeContext } from "../../api/socket";
import { groupsRealtime } from "./groups.realtime";

describe("group cards and members, from the socket", () => {
  function withGroups() {
    const client = new QueryClient();
    client.setQueryData(["groups", 4, "info"], { name: "Team" });
    client.setQueryData(["groups", 4, "members"], []);
    client.setQueryData(["groups", 5, "members"], []);
    client.setQueryData(["contacts"], []);
    const ctx: RealtimeContext = { client, me: 1, navigate: vi.fn() };
    const stale = () =>
      client
        .getQueryCache()
        .findAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey);
    return { ctx, stale };
  }

  it("fetches afresh only the group an event names", () => {
    const { ctx, stale } = withGroups();
    groupsRealtime.events?.setNoSpeak?.({ group_id: "group-4" } as never, ctx);
    expect(stale()).toEqual([
      ["groups", 4, "info"],
      ["groups", 4, "members"],
    ]);
  });

  it("fetches every loaded group afresh after a (re)bind: events missed meanwhile are lost", () => {
    const { ctx, stale } = withGroups();
    groupsRealtime.onBound?.(ctx);
    expect(stale()).toEqual([
      ["groups", 4, "info"],
      ["groups", 4, "members"],
      ["groups", 5, "members"],
    ]);
  });
});
