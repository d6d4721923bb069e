import "fake-indexeddb/auto";
import { QueryClient } from "@tanstack/react-query";
import { IDBFactory } from "fake-indexeddb";
import { createStore, entries } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeMessage } from "../../../test/factories";
import { useSessionStore } from "../../stores/session.store";
import { flushOutbox, resendText, sendText, startOutbox } from "./outbox";
import { useOutboxStore } from "./outbox.store";

/*
 * Issue 51 item 1: typed messages are kept until the server has stored them, sent again by
 * themselves in order with the same client id, and survive a reload; a refusal stays
 * failed with its reason. The network is a fetch double the tests switch on and off; the
 * outbox is kept in an IndexedDB of the test's own (fake-indexeddb).
 */

type Body = Record<string, unknown>;
type Answer =
  "down" | { code: number; msg: string; retryAfter?: number } | "store";

let bodies: Body[];
/** What the server answers next; "store" answers the message as stored. */
let answer: (body: Body) => Answer;
let stops: Array<(options?: { forget?: boolean }) => void>;

function start(client = new QueryClient()) {
  const stop = startOutbox(client, 1);
  stops.push(stop);
  return stop;
}

const entriesNow = () => useOutboxStore.getState().entries;

/** The texts kept in IndexedDB, by content. */
async function keptTexts(): Promise<string[]> {
  const rows = await entries(createStore("parley-outbox", "texts"));
  return rows.map(([, value]) => (value as { content: string }).content);
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  bodies = [];
  stops = [];
  answer = () => "store";
  useSessionStore.setState({ token: "bearer t", sessionId: "1" });
  vi.stubGlobal(
    "fetch",
    vi.fn((_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as Body;
      bodies.push(body);
      const reply = answer(body);
      if (reply === "down")
        return Promise.reject(new TypeError("Failed to fetch"));
      if (reply === "store") {
        const stored = makeMessage(bodies.length, 1, {
          id: String(body.id),
          content: String(body.content),
        });
        return Promise.resolve(
          new Response(
            JSON.stringify({
              code: 0,
              msg: "",
              data: stored,
              count: 0,
              page: 0,
            }),
          ),
        );
      }
      return Promise.resolve(
        new Response(
          JSON.stringify({
            code: reply.code,
            msg: reply.msg,
            data: "",
            count: 0,
            page: 0,
          }),
          {
            headers: reply.retryAfter
              ? { "Retry-After": String(reply.retryAfter) }
              : {},
          },
        ),
      );
    }),
  );
});
afterEach(() => {
  for (const stop of stops) stop();
  vi.unstubAllGlobals();
  useOutboxStore.setState({ entries: [] });
});

describe("the outbox", () => {
  it("keeps texts typed while the network is down, waiting, and sends them in order with their ids once it is back", async () => {
    start();
    answer = () => "down";
    sendText({ id: "id-1", contactId: 2, content: "one" });
    sendText({ id: "id-2", contactId: 2, content: "two" });
    sendText({ id: "id-3", contactId: 2, content: "three" });
    await vi.waitFor(() =>
      expect(entriesNow().find((e) => e.id === "id-1")?.waiting).toBe(true),
    );
    // The first waits; those behind it are not sent past it, and wait with it.
    expect(bodies.map((b) => b.id)).toEqual(["id-1"]);
    expect(entriesNow().map((e) => [e.status, e.waiting])).toEqual([
      ["going", true],
      ["going", true],
      ["going", true],
    ]);

    bodies = [];
    answer = () => "store";
    flushOutbox();
    await vi.waitFor(() => expect(entriesNow()).toHaveLength(0));
    expect(bodies.map((b) => [b.id, b.content])).toEqual([
      ["id-1", "one"],
      ["id-2", "two"],
      ["id-3", "three"],
    ]);
  });

  it("survives a reload: what was kept is shown again, waiting, and sent when the page starts", async () => {
    const stopFirst = start();
    answer = () => "down";
    sendText({ id: "id-a", contactId: 2, content: "kept a" });
    sendText({
      id: "id-b",
      contactId: "group-4",
      content: "kept b",
      at: ["0"],
    });
    await vi.waitFor(async () =>
      expect((await keptTexts()).sort()).toEqual(["kept a", "kept b"]),
    );
    // The page goes (not a sign-out): the memory is lost, IndexedDB is not.
    stopFirst();
    expect(entriesNow()).toHaveLength(0);

    bodies = [];
    answer = () => "store";
    const client = new QueryClient();
    start(client);
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    await vi.waitFor(() => expect(entriesNow()).toHaveLength(0));
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "id-a", toContactId: 2, is_group: 0 }),
        expect.objectContaining({
          id: "id-b",
          toContactId: "group-4",
          is_group: 1,
          at: ["0"],
        }),
      ]),
    );
    await vi.waitFor(async () => expect(await keptTexts()).toEqual([]));
  });

  it("leaves a refused text failed with its reason, sends the next, and resends it when asked", async () => {
    start();
    answer = (body) =>
      body.content === "refused"
        ? { code: 400, msg: "You are not in this group" }
        : "store";
    sendText({ id: "id-r", contactId: 2, content: "refused" });
    sendText({ id: "id-n", contactId: 2, content: "next" });
    await vi.waitFor(() =>
      expect(entriesNow()).toEqual([
        expect.objectContaining({
          id: "id-r",
          status: "failed",
          reason: "You are not in this group",
        }),
      ]),
    );
    expect(bodies.map((b) => b.id)).toEqual(["id-r", "id-n"]);
    // A failed text stays kept (a reload shows it again), with its reason.
    await vi.waitFor(async () =>
      expect(await keptTexts()).toEqual(["refused"]),
    );

    answer = () => "store";
    resendText("id-r");
    await vi.waitFor(() => expect(entriesNow()).toHaveLength(0));
    expect(bodies.map((b) => b.id)).toEqual(["id-r", "id-n", "id-r"]);
  });

  it("waits as long as the server asks when it spaces messages out, then sends", async () => {
    start();
    let refusals = 0;
    answer = (body) => {
      if (body.id === "id-2" && refusals === 0) {
        refusals += 1;
        return { code: 429, msg: "spaced out", retryAfter: 1 };
      }
      return "store";
    };
    sendText({ id: "id-1", contactId: 2, content: "one" });
    sendText({ id: "id-2", contactId: 2, content: "two" });
    await vi.waitFor(() => expect(entriesNow()).toHaveLength(0), {
      timeout: 5_000,
    });
    expect(bodies.map((b) => b.id)).toEqual(["id-1", "id-2", "id-2"]);
  });

  it("forgets the user's unsent texts on sign-out, here and in IndexedDB", async () => {
    const stop = start();
    answer = () => "down";
    sendText({ id: "id-x", contactId: 2, content: "private" });
    await vi.waitFor(async () =>
      expect(await keptTexts()).toEqual(["private"]),
    );
    stop({ forget: true });
    expect(entriesNow()).toHaveLength(0);
    await vi.waitFor(async () => expect(await keptTexts()).toEqual([]));
  });

  it("keeps each chat's order but lets one chat's wait not hold another's", async () => {
    start();
    answer = (body) => (body.toContactId === 2 ? "down" : "store");
    sendText({ id: "id-1", contactId: 2, content: "to two" });
    sendText({ id: "id-2", contactId: 3, content: "to three" });
    await vi.waitFor(() =>
      expect(entriesNow().map((e) => e.id)).toEqual(["id-1"]),
    );
    expect(entriesNow()[0]?.waiting).toBe(true);
  });
});
