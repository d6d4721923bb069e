import type { ServerEventMap, ServerEventType } from "@parley/protocol";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeContact, makeMessage } from "../../test/factories";
import { useConnectionStore } from "../stores/connection.store";
import { useSessionStore } from "../stores/session.store";
import {
  HEARTBEAT_MS,
  type RealtimeContext,
  RealtimeClient,
  type RealtimeHandlers,
  RECONNECT_DELAY_MS,
  MAX_RECONNECT_DELAY_MS,
  retryDelayMs,
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

/** The socket the client opened `index`-th (negative from the end). */
function nth(index: number): FakeSocket {
  const socket = sockets.at(index);
  if (!socket) throw new Error(`no socket ${index}`);
  return socket;
}

/** The server's side of a bind: init, then (once the client sent bindUid) the pong. */
async function openAndBind(socket: FakeSocket) {
  socket.serverSends({ type: "init", client_id: "abc" });
  await vi.advanceTimersByTimeAsync(0);
  socket.serverSends({ type: "pong", multiport: false });
}

describe("the realtime client (SPEC §4 Connection)", () => {
  it("sends a typing frame only on a socket whose bind the server confirmed", async () => {
    const typing = { type: "typing", toContactId: 3, is_group: 0 } as const;
    expect(client.send(typing)).toBe(false);
    client.start({ token: "bearer t", userId: 7 });
    const socket = nth(0);
    socket.serverSends({ type: "init", client_id: "abc" });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.send(typing)).toBe(false);
    socket.serverSends({ type: "pong", multiport: false });
    expect(client.send(typing)).toBe(true);
    expect(JSON.parse(socket.sent.at(-1) ?? "{}")).toEqual(typing);
    socket.drop();
    expect(client.send(typing)).toBe(false);
    expect(socket.sent.filter((f) => f.includes('"typing"'))).toHaveLength(1);
  });

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
      // The client sends JSON frames; only their type matters here.
      socket.sent.map((s) => JSON.parse(s) as { type: string }).at(-1),
    ).toEqual({ type: "ping" });
  });

  it("retries twice 5 s apart, then reports the connection down and keeps trying; the button tries at once", async () => {
    client.start({ token: "bearer t", userId: 7 });
    await openAndBind(nth(0));
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

    // Issue 15: not stuck offline. The next try comes after a longer, jittered delay,
    // and the banner stays up, saying a try is under way.
    await vi.advanceTimersByTimeAsync(retryDelayMs(3, 1));
    expect(sockets).toHaveLength(4);
    expect(status()).toBe("down");
    expect(useConnectionStore.getState().attempting).toBe(true);
    sockets[3]?.drop();
    expect(useConnectionStore.getState().attempting).toBe(false);

    const reconnected = vi.fn();
    client.onBound(reconnected);
    client.reconnect();
    expect(sockets).toHaveLength(5);
    expect(status()).toBe("down");
    await openAndBind(nth(4));
    expect(status()).toBe("open");
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it("retries at once when the browser comes back online or the tab comes back", async () => {
    client.start({ token: "bearer t", userId: 7 });
    await openAndBind(nth(0));
    for (const socket of [0, 1, 2]) {
      nth(socket).drop();
      await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    }
    expect(status()).toBe("down");
    const before = sockets.length;
    window.dispatchEvent(new Event("online"));
    expect(sockets).toHaveLength(before + 1);
    // A try under way is left alone.
    window.dispatchEvent(new Event("focus"));
    expect(sockets).toHaveLength(before + 1);
    nth(-1).drop();
    window.dispatchEvent(new Event("focus"));
    expect(sockets).toHaveLength(before + 2);
  });

  it("does not retry when the session ended, and asks the server why at once", async () => {
    client.start({ token: "bearer t", userId: 7 });
    await openAndBind(nth(0));
    const fetched = vi.mocked(fetch);
    fetched.mockClear();
    sockets[0]?.drop(4401);
    expect(status()).toBe("down");
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 3);
    expect(sockets).toHaveLength(1);
    // Its -1 answer opens the session-ended dialog (api/http.ts) while the user watches.
    const paths = fetched.mock.calls.map(([target]) =>
      typeof target === "string" ? target : "",
    );
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(/\/enterprise\/im\/getContacts$/);
  });

  it("hands parsed server events to listeners and ignores malformed ones", async () => {
    const events = vi.fn();
    client.onEvent(events);
    client.start({ token: "bearer t", userId: 7 });
    const socket = nth(0);
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

/** One valid `data` per server event: a new event in the protocol must add its sample here. */
const samples: { [T in ServerEventType]: ServerEventMap[T] } = {
  simple: makeMessage(1, 2),
  isOnline: { id: 3, is_online: 1 },
  updateUser: { user_id: 3, realname: "Renamed", name_py: "renamed" },
  offline: { id: 7, client_id: "other", isMobile: false },
  isRead: [{ id: "m1", msg_id: 1, is_read: 1, toContactId: 2 }],
  readAll: { toContactId: 2 },
  ephemeral: { toContactId: "group-4", is_group: 1, content: "Deployed." },
  group: { ...makeMessage(2, 2), is_group: 1, toContactId: "group-4" },
  addGroup: makeContact(4, { id: "group-4", is_group: 1, role: 3 }),
  reaction: {
    id: "m1",
    toContactId: "group-4",
    is_group: 1,
    reactions: [{ emoji: "👍", count: 1, user_ids: [3] }],
  },
  threadUpdate: {
    id: "m1",
    toContactId: "group-4",
    is_group: 1,
    count: 1,
    lastTime: 1_700_000_000_000,
    unread: 1,
  },
  typing: { user_id: 3, realname: "Ann", toContactId: 3, is_group: 0 },
  undoMessage: {
    id: "m1",
    msg_id: 1,
    from_user: 2,
    type: "event",
    status: "succeed",
    content: "对方撤回了一条消息",
    sendTime: 1,
    toContactId: 2,
    is_last: 1,
    isMobile: 0,
    extends: { event: "undo", user_id: 2, realname: "Ann" },
  },
  delMessage: { id: "m1", msg_id: 1, from_user: 2, toContactId: 2 },
  removeMessage: { id: "m1", msg_id: 1, from_user: 2, toContactId: 2 },
  updateMessage: { id: "m1", type: "text", content: "***" },
  setChatTop: { id: 2, is_top: 1, is_group: 0 },
  setIsNotice: { id: "group-4", is_notice: 0, is_group: 1 },
  draft: { toContactId: 2, draft: "later" },
  chatRead: { toContactId: "group-4" },
  statistics: { onlineCount: 4, clientCount: 6 },
  webrtc: {
    id: "call-1",
    msg_id: 9,
    sendTime: 1,
    toContactId: 2,
    content: "",
    type: "webrtc",
    status: "succeed",
    is_group: 0,
    is_read: 0,
    from_user: 2,
    fromUser: makeMessage(2, 1).fromUser,
    at: [],
    extends: {
      type: 0,
      status: 1,
      event: "calling",
      callTime: 0,
      sdp: "",
      code: 901,
      iceCandidate: "",
      isMobile: 0,
    },
  },
  editGroupName: { id: "group-4", displayName: "Team", editUserName: "Ann" },
  addGroupUser: { group_id: "group-4", user_ids: [5], avatar: "" },
  removeUser: { group_id: "group-4", user_id: 5, avatar: "" },
  setManager: { group_id: "group-4", user_id: 5 },
  changeOwner: { group_id: "group-4", user_id: 5 },
  setNoSpeak: { group_id: "group-4", user_id: 5 },
  removeGroup: { group_id: "group-4" },
  setNotice: { group_id: "group-4", notice: "Standup at 10" },
  clearMessage: { group_id: "group-4" },
  groupSetting: {
    group_id: "group-4",
    setting: {
      manage: "0",
      invite: "1",
      nospeak: "0",
      profile: "1",
      history: "1",
      public: "0",
    },
  },
  groupRead: { group_id: "group-4", user_id: 5, from_seq: 1, to_seq: 3 },
  atMsgList: { list: [], count: 0, toContactId: "group-4" },
  appendContact: makeContact(9),
  updateConfig: {
    sysInfo: {
      name: "Parley",
      logo: "",
      description: "",
      state: "1",
      closeTips: "",
      runMode: "2",
      regtype: "1",
      regauth: "0",
      multipleLogin: "1",
      ipregion: "1",
      diyName: "0",
      sso: [],
      ssoOnly: "0",
    },
    chatInfo: {
      online: "1",
      webrtc: "0",
      videoCall: "1",
      groupChat: "1",
      simpleChat: "1",
      redoTime: "120",
      editTime: "0",
      linkPreview: "1",
      publicGroups: "1",
      groupUserMax: "0",
      dbDelMsg: "1",
      sendInterval: "0",
      stun: "",
      stunUser: "",
      stunPass: "",
      msgClearDay: "0",
    },
    fileUpload: { size: "50", preview: "", fileExt: ["png"] },
    demon_mode: 0,
    version: "9.5.0",
    codeByEmail: false,
    codeBySms: false,
  },
};
const eventTypes = Object.keys(samples) as ServerEventType[]; // the keys of the sample table above

describe("the dispatcher (features' realtime handlers)", () => {
  const ctx: RealtimeContext = {
    client: new QueryClient(),
    me: 7,
    navigate: vi.fn(),
  };
  /** Two features that share some events: each handler is a spy named `feature.event`. */
  const spies = new Map<string, ReturnType<typeof vi.fn>>();
  const spy = (name: string) => {
    const fn = vi.fn();
    spies.set(name, fn);
    return fn;
  };
  const first: RealtimeHandlers = {
    events: {
      simple: spy("first.simple"),
      isOnline: spy("first.isOnline"),
      readAll: spy("first.readAll"),
    },
    onBound: spy("first.onBound"),
    onSessionEnded: spy("first.onSessionEnded"),
  };
  const second: RealtimeHandlers = {
    events: {
      simple: spy("second.simple"),
      offline: spy("second.offline"),
      isRead: spy("second.isRead"),
    },
  };
  const called = () =>
    [...spies].filter(([, fn]) => fn.mock.calls.length > 0).map(([n]) => n);

  let socket: FakeSocket;
  /** The handlers that ran for the first bind of each test, before clearing. */
  let atFirstBind: string[] = [];
  beforeEach(async () => {
    for (const fn of spies.values()) fn.mockClear();
    client.use([first, second], ctx);
    client.start({ token: "bearer t", userId: 7 });
    socket = nth(0);
    await openAndBind(socket);
    atFirstBind = called();
    for (const fn of spies.values()) fn.mockClear();
  });

  const handled: [ServerEventType, string[]][] = [
    ["simple", ["first.simple", "second.simple"]],
    ["isOnline", ["first.isOnline"]],
    ["offline", ["second.offline"]],
    ["isRead", ["second.isRead"]],
    ["readAll", ["first.readAll"]],
  ];
  // Every other event of the protocol parses and reaches no handler of these two features.
  const unhandled = eventTypes.filter(
    (type) => !handled.some(([name]) => name === type),
  );

  it.each([
    ...handled,
    ...unhandled.map((type): [ServerEventType, string[]] => [type, []]),
  ])("hands a %s frame to exactly %j", (type, expected) => {
    socket.serverSends({ type, time: 1, data: samples[type] });
    expect(called()).toEqual(expected);
    for (const name of expected)
      expect(spies.get(name)).toHaveBeenCalledWith(samples[type], ctx);
  });

  it.each<[string, unknown]>([
    [
      "data of the wrong shape",
      { type: "isOnline", time: 1, data: { id: "x" } },
    ],
    ["no data", { type: "simple", time: 1 }],
    ["no time", { type: "readAll", data: { toContactId: 2 } }],
    [
      "a read mark without its chat",
      { type: "isRead", time: 1, data: [{ id: "m1" }] },
    ],
    ["an unknown event", { type: "typed", time: 1, data: { id: 3 } }],
    ["typing without its chat", { type: "typing", time: 1, data: { id: 3 } }],
    ["no type", { time: 1, data: { id: 3, is_online: 1 } }],
    ["an array", [1, 2]],
  ])("hands a frame with %s to no handler", (_, frame) => {
    socket.onmessage?.({ data: JSON.stringify(frame) });
    expect(called()).toEqual([]);
  });

  it("hands text that is not JSON, and binary data, to no handler", () => {
    socket.onmessage?.({ data: "not json" });
    socket.onmessage?.({ data: new ArrayBuffer(4) });
    expect(called()).toEqual([]);
  });

  it("runs the features' onBound when the server confirms each bind, the first and after a reconnect", async () => {
    // beforeEach bound once: what arrived before the socket was bound is fetched again.
    expect(atFirstBind).toEqual(["first.onBound"]);
    socket.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    const next = nth(1);
    next.serverSends({ type: "init", client_id: "abc" });
    await vi.advanceTimersByTimeAsync(0);
    // Sent bindUid, no answer yet: nothing is refetched before the socket is bound.
    expect(called()).toEqual([]);
    next.serverSends({ type: "pong", multiport: false });
    expect(called()).toEqual(["first.onBound"]);
    expect(spies.get("first.onBound")).toHaveBeenCalledWith(ctx);
    // A later pong (the answer to a heartbeat ping) runs nothing again.
    next.serverSends({ type: "pong", multiport: false });
    expect(spies.get("first.onBound")).toHaveBeenCalledTimes(1);
  });

  it("runs the features' onSessionEnded when the server ends the session, and only then", async () => {
    socket.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    // An ordinary drop: a reconnect, not an ended session.
    expect(called()).toEqual([]);
    const next = nth(1);
    await openAndBind(next);
    for (const fn of spies.values()) fn.mockClear();
    next.drop(4401);
    expect(called()).toEqual(["first.onSessionEnded"]);
    expect(spies.get("first.onSessionEnded")).toHaveBeenCalledWith(ctx);
  });

  it("stops handing events over once unregistered", async () => {
    client.stop();
    const off = client.use([first], ctx);
    off();
    client.start({ token: "bearer t", userId: 7 });
    const fresh = nth(-1);
    await openAndBind(fresh);
    fresh.serverSends({ type: "isOnline", time: 1, data: samples.isOnline });
    // Only the registration of beforeEach remains (its catch-up ran for this bind too).
    expect(called()).toEqual(["first.isOnline", "first.onBound"]);
    expect(spies.get("first.isOnline")).toHaveBeenCalledTimes(1);
  });
});

describe("retryDelayMs: the reconnect schedule", () => {
  it("keeps SPEC's two quick retries 5 s apart", () => {
    expect(retryDelayMs(1, 0.7)).toBe(RECONNECT_DELAY_MS);
    expect(retryDelayMs(2, 0.7)).toBe(RECONNECT_DELAY_MS);
  });

  it("then doubles, with jitter between half and all of the delay, capped at a minute", () => {
    expect(retryDelayMs(3, 0)).toBe(5_000);
    expect(retryDelayMs(3, 1)).toBe(10_000);
    expect(retryDelayMs(4, 1)).toBe(20_000);
    expect(retryDelayMs(5, 1)).toBe(40_000);
    expect(retryDelayMs(6, 1)).toBe(MAX_RECONNECT_DELAY_MS);
    expect(retryDelayMs(60, 1)).toBe(MAX_RECONNECT_DELAY_MS);
    expect(retryDelayMs(60, 0)).toBe(MAX_RECONNECT_DELAY_MS / 2);
  });

  it("spreads a thousand clients over the window instead of one instant", () => {
    const delays = new Set(
      Array.from({ length: 1000 }, (_, i) => retryDelayMs(8, i / 1000)),
    );
    expect(delays.size).toBeGreaterThan(900);
  });
});
