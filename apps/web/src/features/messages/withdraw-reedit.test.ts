import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeMessage } from "../../../test/factories";
import { withdrawMessage, withdrawnText } from "./message-actions";

/** The undoMessage call, answered when the test says. */
const pending = vi.hoisted(() => ({
  settle: null as null | ((ok: boolean) => void),
}));

vi.mock("../../api/http", () => ({
  call: () =>
    new Promise((resolve, reject) => {
      pending.settle = (ok) => {
        if (ok) resolve({ data: "", msg: "" });
        else reject(new Error("refused"));
      };
    }),
}));

describe("re-edit of a withdrawn text", () => {
  beforeEach(() => {
    pending.settle = null;
  });

  it("is there as soon as the socket's event may redraw the chat, before the answer", async () => {
    const mine = makeMessage(7, 1, { id: "m-reedit" });
    const done = withdrawMessage(new QueryClient(), mine, 1, "see you at 10");
    // The undoMessage event can come before the call's answer: the text is kept already.
    expect(withdrawnText("m-reedit")).toBe("see you at 10");
    pending.settle?.(true);
    await done;
    expect(withdrawnText("m-reedit")).toBe("see you at 10");
  });

  it("is dropped when the withdrawal is refused, and never kept for someone else's message", async () => {
    const mine = makeMessage(8, 1, { id: "m-refused" });
    const done = withdrawMessage(new QueryClient(), mine, 1, "too late");
    pending.settle?.(false);
    await expect(done).rejects.toThrow("refused");
    expect(withdrawnText("m-refused")).toBeUndefined();

    const theirs = makeMessage(9, 2, { id: "m-theirs" });
    const other = withdrawMessage(new QueryClient(), theirs, 1, "not mine");
    expect(withdrawnText("m-theirs")).toBeUndefined();
    pending.settle?.(true);
    await other;
    expect(withdrawnText("m-theirs")).toBeUndefined();
  });
});
