import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { makeMessage } from "../../../test/factories";
import { withdrawMessage, withdrawnText } from "./message-actions";

/** The server's undoMessage, answered (code 0, or a refusal) when the test says. */
function serveUndo() {
  const answers: Array<(code: number) => void> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answers.push((code) => {
            resolve(
              new Response(
                JSON.stringify({
                  code,
                  msg: code === 0 ? "" : "Too late to withdraw",
                  data: "",
                  count: 0,
                  page: 1,
                }),
              ),
            );
          });
        }),
    ),
  );
  return {
    answer: async (code: number) => {
      await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
      answers.shift()?.(code);
    },
  };
}

describe("re-edit of a withdrawn text", () => {
  it("is there as soon as the socket's event may redraw the chat, before the answer", async () => {
    const server = serveUndo();
    const mine = makeMessage(7, 1, { id: "m-reedit" });
    const done = withdrawMessage(new QueryClient(), mine, 1, "see you at 10");
    // The undoMessage event can come before the call's answer: the text is kept already.
    expect(withdrawnText("m-reedit")).toBe("see you at 10");
    await server.answer(0);
    await done;
    expect(withdrawnText("m-reedit")).toBe("see you at 10");
  });

  it("is dropped when the withdrawal is refused, and never kept for someone else's message", async () => {
    const server = serveUndo();
    const mine = makeMessage(8, 1, { id: "m-refused" });
    const refused = withdrawMessage(new QueryClient(), mine, 1, "too late");
    await server.answer(500);
    await expect(refused).rejects.toThrow();
    expect(withdrawnText("m-refused")).toBeUndefined();

    const theirs = makeMessage(9, 2, { id: "m-theirs" });
    const other = withdrawMessage(new QueryClient(), theirs, 1, "not mine");
    expect(withdrawnText("m-theirs")).toBeUndefined();
    await server.answer(0);
    await other;
    expect(withdrawnText("m-theirs")).toBeUndefined();
  });
});
