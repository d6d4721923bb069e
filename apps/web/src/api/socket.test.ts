import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useConnectionStore } from "../stores/connection.store";
import { useSessionStore } from "../stores/session.store";
import {
  HEARTBEAT_MS,
  RealtimeClient,
  RECONNECT_DELAY_MS,
  socketUrl,
} from "./socket";

/** A WebSocket double the test drives: it records what the client sends and opens on cue. */
class FakeSocket {
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  serverSends(frame: object) {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
let client: RealtimeClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ code: 0, msg: "", data: "", count: 0, page: 0 }),
        ),
      ),
    ),
  );
  useSessionStore.setState({ token: "bearer t", sessionId: "1" });
  sockets = [];
  client = new RealtimeClient((url) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket as unknown as WebSocket; // the double implements what the client uses
  });
});
afterEach(() => {
  client.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const status = () => useConnectionStore.getState().status;

async function openAndBind(socket: FakeSocket) {
  socket.serverSends({ type: "init", client_id: "abc" });
  await vi.advanceTimersByTimeAsync(0);
}

describe("the realtime client (SPEC §4 Connection)", () => {
  it("uses /wss on the page's host, secure when the page is", () => {
    expect(socketUrl({ protocol: "http:", host: "chat.example:8080" })).toBe(
      "ws://chat.example:8080/wss",
    );
    expect(socketUrl({ protocol: "https:", host: "chat.example" })).toBe(
      "wss://chat.example/wss",
    );
  });

  it("binds after init: the HTTP bind, then bindUid with the user id and token, then a 30 s heartbeat", async () => {
    client.start({ token: "bearer t", userId: 7 });
    const socket = sockets[0];
    if (!socket) throw new Error("no socket");
    await openAndBind(socket);
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(
      "/common/pub/bindUid",
      expect.anything(),
    );
    expect(JSON.parse(socket.sent[0] ?? "{}")).toEqual({
      type: "bindUid",
      user_id: 7,
      token: "bearer t",
    });
    expect(status()).toBe("open");
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(
      socket.sent.map((s) => JSON.parse(s) as { type: string }).at(-1),
    ).toEqual({ type: "ping" });
  });

  it("retries twice 5 s apart, then reports the connection down; the button starts over", async () => {
    client.start({ token: "bearer t", userId: 7 });
    await openAndBind(sockets[0] as FakeSocket);
    sockets[0]?.drop();
    expect(status()).toBe("connecting");
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(3);
    sockets[2]?.drop();
    expect(status()).toBe("down");
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 3);
    expect(sockets).toHaveLength(3);

    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.reconnect();
    expect(sockets).toHaveLength(4);
    await openAndBind(sockets[3] as FakeSocket);
    expect(status()).toBe("open");
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it("does not retry when the session ended", async () => {
    client.start({ token: "bearer t", userId: 7 });
    await openAndBind(sockets[0] as FakeSocket);
    sockets[0]?.drop(4401);
    expect(status()).toBe("down");
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 3);
    expect(sockets).toHaveLength(1);
  });

  it("hands parsed server events to listeners and ignores malformed ones", async () => {
    const events = vi.fn();
    client.onEvent(events);
    client.start({ token: "bearer t", userId: 7 });
    const socket = sockets[0] as FakeSocket;
    await openAndBind(socket);
    socket.serverSends({
      type: "isOnline",
      time: 1,
      data: { id: 3, is_online: 1 },
    });
    socket.serverSends({ type: "isOnline", time: 1, data: { id: "x" } });
    socket.onmessage?.({ data: "not json" });
    expect(events).toHaveBeenCalledTimes(1);
    expect(events).toHaveBeenCalledWith({
      type: "isOnline",
      time: 1,
      data: { id: 3, is_online: 1 },
    });
  });
});
