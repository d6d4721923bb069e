import { randomUUID } from "node:crypto";
import { CallCodes, SDP_MAX_CHARS, webrtc } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import {
  type Frame,
  openSocket,
  type TestSocket,
} from "../../../test/ws-client.js";

/*
 * One-to-one calls (issue 13; SPEC §4 Call; wire-contract.md §2.4 `sendToMsg`, §3.6
 * `webrtc`, §5.10): each step relayed to the other party only, the echoes to the sender's
 * own devices, every refusal, every end code decided by the server, the call record in
 * both histories, a call ended by the ring time or by a party's last socket going, and
 * signalling abuse (reliability.md E5) refused with nothing relayed.
 */
let api: TestApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  api = await startTestApp({ RATE_CALL_USER: "40" });
  await saveConfig(api, "chatInfo", { webrtc: "1" });
});
afterAll(async () => {
  for (const socket of sockets) await socket.close();
  await api.close();
});

const en = { "Accept-Language": "en" };

async function online(user: TestUser): Promise<TestSocket> {
  const socket = await openSocket(api.url);
  await socket.bind(user.token);
  sockets.push(socket);
  return socket;
}

async function step(user: TestUser, body: Record<string, unknown>, app = api) {
  return app.post("/enterprise/im/sendToMsg", body, {
    token: user.token,
    headers: en,
  });
}

async function ok(user: TestUser, body: Record<string, unknown>) {
  const res = await step(user, body);
  expect(res.code, res.msg).toBe(0);
  return webrtc.sendToMsg.response.parse(res.data);
}

const signal = (socket: TestSocket, id: string, event: string) =>
  socket.next(
    "webrtc",
    (f) =>
      (f.data as { id: string }).id === id &&
      (f.data as { extends: { event: string } }).extends.event === event,
  );

/** Frames on one socket arrive in order: after its pong, whatever was sent before is here. */
async function settled(socket: TestSocket): Promise<Frame[]> {
  socket.send({ type: "ping" });
  await socket.next("pong");
  return socket.all("webrtc");
}

async function history(user: TestUser, peer: TestUser) {
  const res = await api.post(
    "/enterprise/im/getMessageList",
    { toContactId: peer.userId, limit: 20 },
    { token: user.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as Array<{
    msg_id: number;
    type: string;
    content: string;
    extends: { code: number; callTime: number; type: number };
  }>;
}

describe("a call from start to end", () => {
  it("rings, is answered, relays offer, answer and candidates, and ends with its duration in both histories", async () => {
    const [ann, bob] = await registerMany(api, 2, "Caller");
    const annPhone = await online(ann);
    const annLaptop = await online(ann);
    const bobPhone = await online(bob);
    const bobLaptop = await online(bob);
    const id = randomUUID();

    const calling = await ok(ann, {
      id,
      toContactId: bob.userId,
      type: 1,
      event: "calling",
      status: 1,
    });
    expect(calling).toMatchObject({
      id,
      type: "webrtc",
      toContactId: bob.userId,
      is_group: 0,
      extends: { event: "calling", code: CallCodes.calling, type: 1 },
    });
    expect(calling.msg_id).toBeGreaterThan(0);
    // Both of Bob's devices ring, filed under Ann; Ann's other device hears, with whom.
    for (const socket of [bobPhone, bobLaptop]) {
      const rung = await signal(socket, id, "calling");
      expect(rung.data).toMatchObject({
        toContactId: ann.userId,
        from_user: ann.userId,
        msg_id: calling.msg_id,
        fromUser: { user_id: ann.userId, displayName: "Caller 1" },
      });
    }
    const echo = await signal(annLaptop, id, "calling");
    expect(echo.data).toMatchObject({
      toContactId: bob.userId,
      contactInfo: { id: bob.userId, displayName: "Caller 2" },
    });

    const accepted = await ok(bob, {
      id,
      toContactId: ann.userId,
      event: "acceptRtc",
      code: 904,
    });
    expect(accepted.extends.code).toBe(CallCodes.accepted);
    expect((await signal(annPhone, id, "acceptRtc")).data).toMatchObject({
      toContactId: bob.userId,
      extends: { code: 904 },
    });
    // Bob's other device stops ringing: the call was taken on another device.
    expect((await signal(bobLaptop, id, "otherOpt")).data).toMatchObject({
      extends: { code: 904 },
      contactInfo: { id: ann.userId },
    });

    const sdp = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n";
    await ok(ann, { id, toContactId: bob.userId, event: "offer", sdp });
    expect((await signal(bobPhone, id, "offer")).data).toMatchObject({
      extends: { sdp },
    });
    await ok(bob, { id, toContactId: ann.userId, event: "answer", sdp });
    expect((await signal(annPhone, id, "answer")).data).toMatchObject({
      extends: { sdp },
    });
    const candidate = JSON.stringify({
      candidate: "candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host",
      sdpMLineIndex: 0,
      sdpMid: "0",
    });
    await ok(ann, {
      id,
      toContactId: bob.userId,
      event: "iceCandidate",
      iceCandidate: candidate,
    });
    expect((await signal(bobPhone, id, "iceCandidate")).data).toMatchObject({
      extends: { iceCandidate: candidate, sdp: "" },
    });
    // Relayed steps go to the other party only, never back to the sender's devices.
    expect(
      (await settled(annLaptop)).filter(
        (f) =>
          (f.data as { extends: { event: string } }).extends.event === "offer",
      ),
    ).toEqual([]);

    api.clock.advance(65_000);
    // The client's own call time is not believed: the server counts from the answer.
    const ended = await ok(ann, {
      id,
      toContactId: bob.userId,
      event: "hangup",
      code: 906,
      callTime: 9_999,
    });
    expect(ended.extends).toMatchObject({ code: 906, callTime: 65 });
    expect((await signal(bobPhone, id, "hangup")).data).toMatchObject({
      toContactId: ann.userId,
      extends: { code: 906, callTime: 65 },
      content: "通话时长 00:01:05",
    });
    expect((await signal(annLaptop, id, "otherOpt")).data).toMatchObject({
      extends: { code: 906 },
    });

    for (const [me, peer] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const record = (await history(me, peer)).find(
        (m) => m.msg_id === calling.msg_id,
      );
      expect(record).toMatchObject({
        type: "webrtc",
        content: "通话时长 00:01:05",
        extends: { code: 906, callTime: 65, type: 1 },
      });
    }
    // Ended: a late step answers like a call that never was.
    const late = await step(ann, {
      id,
      toContactId: bob.userId,
      event: "offer",
      sdp,
    });
    expect(late.code).not.toBe(0);
    expect(late.msg).toBe("This call has ended or doesn't exist");
  });

  it.each([
    ["the caller cancels", "caller", "hangup", CallCodes.cancelled],
    ["the callee rejects", "callee", "hangup", CallCodes.rejected],
    ["the callee turns it down", "callee", "turndown", CallCodes.rejected],
    ["the callee's device is busy", "callee", "busy", CallCodes.busy],
  ] as const)(
    "ends while ringing when %s (code %s decided by the server)",
    async (_name, who, event, code) => {
      const [ann, bob] = await registerMany(api, 2, "Ringing");
      const annSocket = await online(ann);
      const bobSocket = await online(bob);
      const id = randomUUID();
      await ok(ann, { id, toContactId: bob.userId, event: "calling" });
      const [ender, other, otherSocket] =
        who === "caller" ? [ann, bob, bobSocket] : [bob, ann, annSocket];
      const ended = await ok(ender, {
        id,
        toContactId: other.userId,
        event,
        code: 906,
      });
      expect(ended.extends.code).toBe(code);
      const heard = await signal(
        otherSocket,
        id,
        event === "busy" ? "busy" : "hangup",
      );
      expect(heard.data).toMatchObject({ extends: { code, callTime: 0 } });
      const record = (await history(ann, bob)).at(-1);
      expect(record).toMatchObject({ type: "webrtc", extends: { code } });
      // Both are free again.
      const next = randomUUID();
      await ok(bob, { id: next, toContactId: ann.userId, event: "calling" });
      await ok(bob, { id: next, toContactId: ann.userId, event: "hangup" });
    },
  );
});

describe("who can be called", () => {
  it("answers busy (907) when the callee is in another call or not online, and keeps the attempt", async () => {
    const [ann, bob, cat, dan] = await registerMany(api, 4, "Busy");
    await online(ann);
    const bobSocket = await online(bob);
    await online(cat);
    const first = randomUUID();
    await ok(ann, { id: first, toContactId: bob.userId, event: "calling" });

    const busy = await ok(cat, {
      id: randomUUID(),
      toContactId: bob.userId,
      event: "calling",
    });
    expect(busy.extends).toMatchObject({
      event: "busy",
      code: CallCodes.busy,
      reason: "busy",
    });
    expect(busy.content).toBe("对方忙线中");
    // Bob, busy with Ann, sees Cat's missed call in their chat at once.
    const missed = await bobSocket.next(
      "simple",
      (f) => (f.data as { msg_id: number }).msg_id === busy.msg_id,
    );
    expect(missed.data).toMatchObject({
      type: "webrtc",
      toContactId: cat.userId,
      extends: { code: 907 },
    });
    // The caller in a call is busy too.
    const callerBusy = await ok(cat, {
      id: randomUUID(),
      toContactId: ann.userId,
      event: "calling",
    });
    expect(callerBusy.extends.reason).toBe("busy");

    const offline = await ok(cat, {
      id: randomUUID(),
      toContactId: dan.userId,
      event: "calling",
    });
    expect(offline.extends).toMatchObject({ code: 907, reason: "offline" });
    expect((await history(dan, cat)).at(-1)).toMatchObject({
      type: "webrtc",
      content: "对方不在线",
    });

    // Ann, ringing Bob, starts another call from another device.
    const again = await step(ann, {
      id: randomUUID(),
      toContactId: cat.userId,
      event: "calling",
    });
    expect(again.code).not.toBe(0);
    expect(again.msg).toBe("You are already in a call on another device");
    await ok(ann, { id: first, toContactId: bob.userId, event: "hangup" });
  });

  it("refuses calls when they are off, when single chat is off, to oneself, to a missing user, and to a stranger in friends-only mode", async () => {
    const [ann, bob] = await registerMany(api, 2, "Refused");
    const bobSocket = await online(bob);
    const call = (to: number) =>
      step(ann, { id: randomUUID(), toContactId: to, event: "calling" });

    await saveConfig(api, "chatInfo", { webrtc: "0" });
    expect((await call(bob.userId)).msg).toBe(
      "Voice and video calls are not enabled",
    );
    // Voice only: a video call is refused with SPEC §8's words, nothing rings; voice still rings.
    await saveConfig(api, "chatInfo", { webrtc: "1", videoCall: "0" });
    const video = await step(ann, {
      id: randomUUID(),
      toContactId: bob.userId,
      event: "calling",
      type: 1,
    });
    expect(video.code).not.toBe(0);
    expect(video.msg).toBe("Video calls are not enabled");
    const voiceId = randomUUID();
    await ok(ann, {
      id: voiceId,
      toContactId: bob.userId,
      event: "calling",
      type: 0,
    });
    await ok(ann, { id: voiceId, toContactId: bob.userId, event: "hangup" });
    const rang = (await settled(bobSocket)).map(
      (f) => (f.data as { id: string }).id,
    );
    expect(rang.length).toBeGreaterThan(0);
    expect(new Set(rang)).toEqual(new Set([voiceId]));
    await saveConfig(api, "chatInfo", { videoCall: "1" });
    await saveConfig(api, "chatInfo", { webrtc: "1", simpleChat: "0" });
    expect((await call(bob.userId)).msg).toBe(
      "One-to-one chats are switched off on this server",
    );
    await saveConfig(api, "chatInfo", { simpleChat: "1" });
    for (const to of [ann.userId, 999_999]) {
      const res = await call(to);
      expect(res.code).toBe(400);
      expect(res.msg).toBe("This contact doesn't exist");
    }
    // Someone Ann never chatted with: moving into friend mode makes friends of people
    // who had (issue 51 item 13), so Bob, whom she called above, would be one.
    const [stranger] = await registerMany(api, 1, "Stranger");
    await saveConfig(api, "sysInfo", { runMode: "2" });
    try {
      const res = await call(stranger.userId);
      expect(res.code).toBe(400);
    } finally {
      await saveConfig(api, "sysInfo", { runMode: "1" });
    }
    const visitor = await api.post("/enterprise/im/sendToMsg", {
      id: randomUUID(),
      toContactId: bob.userId,
      event: "calling",
    });
    expect(visitor.code).toBe(-1);
  });
});

describe("signalling abuse (reliability.md E5)", () => {
  it("relays nothing for a stranger, a forged call id, a step before the answer, or a description too large", async () => {
    const [ann, bob, eve] = await registerMany(api, 3, "Abuse");
    const annSocket = await online(ann);
    const bobSocket = await online(bob);
    await online(eve);
    const id = randomUUID();
    await ok(ann, { id, toContactId: bob.userId, event: "calling" });

    // Before Bob answers, an offer has nowhere to go.
    const early = await step(ann, {
      id,
      toContactId: bob.userId,
      event: "offer",
      sdp: "v=0",
    });
    expect(early.msg).toBe("This call has ended or doesn't exist");
    await ok(bob, { id, toContactId: ann.userId, event: "acceptRtc" });

    const attempts: Array<[TestUser, Record<string, unknown>]> = [
      // Eve injects into their call, as either party's correspondent.
      [eve, { id, toContactId: ann.userId, event: "offer", sdp: "v=0" }],
      [
        eve,
        {
          id,
          toContactId: bob.userId,
          event: "iceCandidate",
          iceCandidate: "{}",
        },
      ],
      [eve, { id, toContactId: ann.userId, event: "hangup" }],
      [eve, { id, toContactId: bob.userId, event: "acceptRtc" }],
      // Ann names the call but the wrong party; a made-up id.
      [ann, { id, toContactId: eve.userId, event: "offer", sdp: "v=0" }],
      [
        ann,
        {
          id: randomUUID(),
          toContactId: bob.userId,
          event: "offer",
          sdp: "v=0",
        },
      ],
      // Ann answers her own call.
      [ann, { id, toContactId: bob.userId, event: "acceptRtc" }],
      // Eve starts a call under their call's id, to either of them.
      [eve, { id, toContactId: ann.userId, event: "calling" }],
      [eve, { id, toContactId: bob.userId, event: "calling" }],
    ];
    for (const [user, body] of attempts) {
      const res = await step(user, body);
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(res.msg).toBe("This call has ended or doesn't exist");
    }
    const huge = await step(ann, {
      id,
      toContactId: bob.userId,
      event: "offer",
      sdp: "a".repeat(SDP_MAX_CHARS + 1),
    });
    expect(huge.code).toBe(400);
    expect(huge.msg).toBe("The call data is too large");
    const bad = await step(ann, {
      id,
      toContactId: bob.userId,
      event: "dance",
    });
    expect(bad.code).toBe(400);
    const notUuid = await step(ann, {
      id: "1 OR 1=1",
      toContactId: bob.userId,
      event: "hangup",
    });
    expect(notUuid.code).toBe(400);

    // Nothing of it reached either party; the call goes on.
    const relayed = (frames: Frame[]) =>
      frames.filter((f) =>
        ["offer", "iceCandidate", "hangup"].includes(
          (f.data as { extends: { event: string } }).extends.event,
        ),
      );
    expect(relayed(await settled(annSocket))).toEqual([]);
    expect(relayed(await settled(bobSocket))).toEqual([]);
    await ok(bob, { id, toContactId: ann.userId, event: "hangup" });
  });

  it("lets only one of the callee's devices answer", async () => {
    const [ann, bob] = await registerMany(api, 2, "Twice");
    await online(ann);
    await online(bob);
    const id = randomUUID();
    await ok(ann, { id, toContactId: bob.userId, event: "calling" });
    const answers = await Promise.all([
      step(bob, { id, toContactId: ann.userId, event: "acceptRtc" }),
      step(bob, { id, toContactId: ann.userId, event: "acceptRtc" }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 400]);
    expect(answers.find((a) => a.code === 400)?.msg).toBe(
      "This call was answered on another device",
    );
    await ok(ann, { id, toContactId: bob.userId, event: "hangup" });
  });

  it("limits how often one user rings", async () => {
    const limited = await startTestApp({ RATE_CALL_USER: "2" });
    try {
      await saveConfig(limited, "chatInfo", { webrtc: "1" });
      const [ann, bob] = await registerMany(limited, 2, "Ringer");
      const codes = [];
      for (let i = 0; i < 3; i += 1) {
        const id = randomUUID();
        const res = await step(
          ann,
          { id, toContactId: bob.userId, event: "calling" },
          limited,
        );
        codes.push(res.code);
      }
      expect(codes).toEqual([0, 0, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("a call nobody ends", () => {
  it("is ended by the server after the ring time, for both sides (902)", async () => {
    // An app of its own whose calls ring for a moment only.
    const short = await startTestApp({ CALL_RING_MS: "300" });
    try {
      await saveConfig(short, "chatInfo", { webrtc: "1" });
      const [ann, bob] = await registerMany(short, 2, "Unanswered");
      const [annSocket, bobSocket] = [
        await openSocket(short.url),
        await openSocket(short.url),
      ];
      await annSocket.bind(ann.token);
      await bobSocket.bind(bob.token);
      const id = randomUUID();
      const res = await step(
        ann,
        { id, toContactId: bob.userId, event: "calling" },
        short,
      );
      expect(res.code, res.msg).toBe(0);
      for (const socket of [annSocket, bobSocket])
        expect((await signal(socket, id, "hangup")).data).toMatchObject({
          extends: { code: CallCodes.cancelled },
        });
      const list = await short.post(
        "/enterprise/im/getMessageList",
        { toContactId: ann.userId },
        { token: bob.token },
      );
      expect((list.data as unknown[]).at(-1)).toMatchObject({
        extends: { code: CallCodes.cancelled },
        content: "已取消",
      });
      await annSocket.close();
      await bobSocket.close();
    } finally {
      await short.close();
    }
  });

  it("ends when a party's last socket goes, with the time in call (906)", async () => {
    const [ann, bob] = await registerMany(api, 2, "Dropped");
    const annSocket = await online(ann);
    const bobSocket = await online(bob);
    const id = randomUUID();
    await ok(ann, { id, toContactId: bob.userId, event: "calling" });
    await ok(bob, { id, toContactId: ann.userId, event: "acceptRtc" });
    api.clock.advance(12_000);
    await annSocket.close();
    expect((await signal(bobSocket, id, "hangup")).data).toMatchObject({
      extends: { code: CallCodes.ended, callTime: 12 },
    });
    // Ann is free again once she is back.
    await online(ann);
    const next = randomUUID();
    await ok(ann, { id: next, toContactId: bob.userId, event: "calling" });
    await ok(ann, { id: next, toContactId: bob.userId, event: "hangup" });
  });
});
