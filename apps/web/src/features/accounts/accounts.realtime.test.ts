import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeConfig } from "../../../test/factories";
import { realtime, type RealtimeContext } from "../../api/socket";
import { useConnectionStore } from "../../stores/connection.store";
import { useSessionStore } from "../../stores/session.store";
import { systemInfoQuery } from "../system";
import { accountsRealtime } from "./accounts.realtime";

/*
 * Eviction (SPEC §4): an `offline` for me from another socket of mine ends this session,
 * unless the system allows several logins. The config comes from the query cache.
 */
const offline = accountsRealtime.events?.offline;
let ctx: RealtimeContext;
let stop: ReturnType<typeof vi.spyOn>;

const configWith = (multipleLogin: string) =>
  makeConfig({ sysInfo: { ...makeConfig().sysInfo, multipleLogin } });

beforeEach(() => {
  const client = new QueryClient();
  client.setQueryData(systemInfoQuery.queryKey, configWith("0"));
  ctx = { client, me: 7, navigate: vi.fn() };
  useSessionStore.setState({ token: "bearer t", sessionId: "1" });
  useConnectionStore.setState({ clientId: "mine" });
  stop = vi.spyOn(realtime, "stop");
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the forced logout (accounts' offline handler)", () => {
  it("signs out and goes to /login when another login of mine took over", () => {
    offline?.({ id: 7, client_id: "other", isMobile: false }, ctx);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().token).toBeNull();
    expect(ctx.navigate).toHaveBeenCalledWith("/login", { replace: true });
  });

  it.each([
    ["several logins are allowed", { id: 7, client_id: "other" }, "1"],
    ["it is about someone else", { id: 8, client_id: "other" }, "0"],
    ["it is about this very socket", { id: 7, client_id: "mine" }, "0"],
  ])("does nothing when %s", (_, data, multipleLogin) => {
    ctx.client.setQueryData(
      systemInfoQuery.queryKey,
      configWith(multipleLogin),
    );
    offline?.({ ...data, isMobile: false }, ctx);
    expect(stop).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe("bearer t");
    expect(ctx.navigate).not.toHaveBeenCalled();
  });
});
