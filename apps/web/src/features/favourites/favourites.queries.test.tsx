import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeMessage } from "../../../test/factories";
import { resetFeedbackDebounce, setFeedback } from "../../lib/feedback";
import { favouriteBody } from "./favourite-content";
import { favouritesKey, useSaveFavouriteMutation } from "./favourites.queries";

/* Saving a message from the chat's menu, and how a saved message is drawn. */
const toast = vi.fn();
beforeEach(() => {
  toast.mockClear();
  resetFeedbackDebounce();
  setFeedback({
    message: { open: toast } as unknown as MessageInstance,
    modal: {} as unknown as HookAPI,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setFeedback(null);
});

describe("saving a favourite", () => {
  it("asks collect/add, shows the server's words and refreshes the list", async () => {
    const calls: Array<{ path: string; body: unknown }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((path: string, init?: RequestInit) => {
        calls.push({
          path,
          body: JSON.parse(typeof init?.body === "string" ? init.body : "{}"),
        });
        return Promise.resolve(
          new Response(
            JSON.stringify({
              code: 0,
              msg: "Added to favourites",
              data: { id: 1, saved_at: 5, message: makeMessage(7, 2) },
              count: 0,
              page: 1,
            }),
          ),
        );
      }),
    );
    const client = new QueryClient();
    client.setQueryData([...favouritesKey, 1], {
      favourites: [],
      total: 0,
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSaveFavouriteMutation(), {
      wrapper,
    });
    await act(async () => {
      await result.current.mutateAsync(7);
    });
    expect(calls).toEqual([
      { path: "/enterprise/collect/add", body: { msg_id: 7 } },
    ]);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        type: "success",
        content: "Added to favourites",
      }),
    );
    expect(client.getQueryState([...favouritesKey, 1])?.isInvalidated).toBe(
      true,
    );
  });

  it("shows nothing more when the server refuses (the API layer said why)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              code: 400,
              msg: "Not saveable",
              data: null,
              count: 0,
              page: 1,
            }),
          ),
        ),
      ),
    );
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSaveFavouriteMutation(), {
      wrapper,
    });
    await act(async () => {
      await expect(result.current.mutateAsync(7)).rejects.toMatchObject({
        code: 400,
      });
    });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ type: "warning", content: "Not saveable" }),
    );
  });
});

describe("a saved message on its card", () => {
  const message = makeMessage(1, 2);

  it("shows text from its stored HTML", () => {
    expect(favouriteBody({ ...message, content: "a &amp; b<br>c" })).toEqual({
      kind: "text",
      text: "a & b\nc",
    });
  });

  it("shows pictures and stickers by their thumbnail", () => {
    expect(
      favouriteBody({ ...message, type: "emoji", content: "/files/s.gif" }),
    ).toEqual({
      kind: "picture",
      url: "/files/s.gif",
      thumb: "/files/s.gif?thumb=1",
      name: "",
    });
  });

  it("names an attachment, falling back to its address", () => {
    expect(
      favouriteBody({
        ...message,
        type: "voice",
        content: "/files/ab12.wav",
        fileSize: 900,
      }),
    ).toEqual({
      kind: "attachment",
      type: "voice",
      name: "ab12.wav",
      size: 900,
      download: "/files/ab12.wav",
    });
  });

  it("marks a type it does not know", () => {
    expect(favouriteBody({ ...message, type: "poll" })).toEqual({
      kind: "unsupported",
    });
  });
});
