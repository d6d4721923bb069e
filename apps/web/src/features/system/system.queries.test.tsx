import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeConfig } from "../../../test/factories";
import {
  readGlobalConfig,
  useGlobalConfig,
  useSystemInfoQuery,
} from "./system.queries";
import { systemRealtime } from "./system.realtime";

/*
 * SPEC §4 start-up: the app reads the saved config, then fetches system info; the answer
 * is saved for the next start. The server is a fetch double the test answers when it likes.
 */
const saved = makeConfig({
  sysInfo: { ...makeConfig().sysInfo, name: "Saved" },
});
const fetched = makeConfig({
  sysInfo: { ...makeConfig().sysInfo, name: "Fetched" },
});

let answer: (config: unknown) => void;
let client: QueryClient;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Startup's query and a reader, as the app mounts them. */
const renderStart = () =>
  renderHook(
    () => ({ startup: useSystemInfoQuery(), config: useGlobalConfig() }),
    { wrapper },
  );

beforeEach(() => {
  client = new QueryClient();
  vi.stubGlobal(
    "fetch",
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = (config) =>
            resolve(
              new Response(
                JSON.stringify({
                  code: 0,
                  msg: "",
                  data: config,
                  count: 0,
                  page: 0,
                }),
              ),
            );
        }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
});

describe("the global config (useGlobalConfig)", () => {
  it("is the saved config at once, before the server answers", () => {
    localStorage.setItem("globalConfig", JSON.stringify(saved));
    const { result } = renderStart();
    expect(result.current.config).toEqual(saved);
    // The saved copy is not a fetched answer: it may not switch the language.
    expect(result.current.startup.dataUpdatedAt).toBe(0);
    expect(fetch).toHaveBeenCalledWith(
      "/common/pub/getSystemInfo",
      expect.anything(),
    );
  });

  it("becomes the fetched config, which is written back for the next start", async () => {
    localStorage.setItem("globalConfig", JSON.stringify(saved));
    const { result } = renderStart();
    answer(fetched);
    await waitFor(() => expect(result.current.config).toEqual(fetched));
    expect(result.current.startup.dataUpdatedAt).toBeGreaterThan(0);
    expect(JSON.parse(localStorage.getItem("globalConfig") ?? "null")).toEqual(
      fetched,
    );
    expect(readGlobalConfig(client)).toEqual(fetched);
  });

  it("is nothing on a first visit until the server answers", async () => {
    const { result } = renderStart();
    expect(result.current.config).toBeUndefined();
    answer(fetched);
    await waitFor(() => expect(result.current.config).toEqual(fetched));
  });

  it("ignores a saved config that no longer parses", () => {
    localStorage.setItem("globalConfig", JSON.stringify({ sysInfo: 1 }));
    const { result } = renderStart();
    expect(result.current.config).toBeUndefined();
  });

  it("is fetched once: readers mounted later ask the server nothing", async () => {
    const first = renderStart();
    answer(fetched);
    await waitFor(() => expect(first.result.current.config).toEqual(fetched));
    const reader = renderHook(() => useGlobalConfig(), { wrapper });
    expect(reader.result.current).toEqual(fetched);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("the config read again when an update may have been missed", () => {
  const closed = makeConfig({
    sysInfo: { ...makeConfig().sysInfo, state: "0", closeTips: "Back soon" },
  });
  const ctx = () => ({ client, me: 7, navigate: vi.fn() });

  it.each([
    ["the socket is bound (again)", () => systemRealtime.onBound?.(ctx())],
    [
      "the server ends the session (the system closing)",
      () => systemRealtime.onSessionEnded?.(ctx()),
    ],
  ])("asks the server again when %s", async (_, happen) => {
    const { result } = renderStart();
    answer(fetched);
    await waitFor(() => expect(result.current.config).toEqual(fetched));
    happen();
    expect(fetch).toHaveBeenCalledTimes(2);
    answer(closed);
    await waitFor(() => expect(result.current.config).toEqual(closed));
    expect(readGlobalConfig(client)?.sysInfo.state).toBe("0");
  });
});
