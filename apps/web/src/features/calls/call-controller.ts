import {
  CALL_RING_MS,
  CallCodes,
  type CallSignal,
  ICE_CANDIDATE_DELAY_MS,
  webrtc,
} from "@parley/protocol";
import { call as post } from "../../api/http";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";
import {
  type CallPeer,
  type CallState,
  CallStatus,
  IDLE_CALL,
  useCallStore,
} from "./call.store";
import { callDuration } from "./call-record";
import { ringtone } from "./ringtone";

/** How long the busy state (status 4) shows before the overlay closes. */
const BUSY_SHOWN_MS = 2_500;
/** A connection that stays "disconnected" this long is given up (Chrome often recovers). */
const DISCONNECTED_GRACE_MS = 8_000;
/** How often the quality indicator reads `getStats`. */
const STATS_EVERY_MS = 2_000;

type Step =
  | "calling"
  | "acceptRtc"
  | "offer"
  | "answer"
  | "iceCandidate"
  | "hangup"
  | "busy";

/**
 * This tab's calls (SPEC §4 Call): the steps sent through `sendToMsg` and received as
 * `webrtc` events, the peer connection, the local and remote media, the 40-second ring, the
 * ICE candidates applied 100 ms after they arrive, and the overlay's state in `useCallStore`.
 */
export class CallController {
  private pc: RTCPeerConnection | null = null;
  private candidates: RTCIceCandidateInit[] = [];
  private ringTimer: ReturnType<typeof setTimeout> | undefined;
  private busyTimer: ReturnType<typeof setTimeout> | undefined;
  private dropTimer: ReturnType<typeof setTimeout> | undefined;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private iceServers: RTCIceServer[] = [];
  private camera: MediaStreamTrack | null = null;
  private screen: MediaStreamTrack | null = null;
  /** The chat with this person shows the call's record afresh. */
  onRecord: (peerId: number) => void = () => undefined;

  private get state(): CallState {
    return useCallStore.getState();
  }

  private set(patch: Partial<CallState>): void {
    useCallStore.setState(patch);
  }

  private async media(kind: number): Promise<MediaStream | null> {
    try {
      return await navigator.mediaDevices.getUserMedia({
        audio: true,
        video: kind === 1,
      });
    } catch {
      toast("warning", i18n.t("calls:noDevice"));
      return null;
    }
  }

  private send(
    step: Step,
    extra: { sdp?: string; iceCandidate?: string; code?: number } = {},
  ) {
    const { id, peer, kind, status } = this.state;
    if (!id || !peer) return Promise.reject(new Error("no call"));
    return post(webrtc.sendToMsg, {
      id,
      toContactId: peer.id,
      type: kind === 1 ? 1 : 0,
      event: step,
      status,
      ...extra,
    });
  }

  /** Starts a call to a person: media first (a missing camera or microphone stops it here). */
  async start(
    peer: CallPeer,
    kind: number,
    iceServers: RTCIceServer[],
  ): Promise<void> {
    if (this.state.status !== CallStatus.idle) {
      toast("warning", i18n.t("calls:alreadyInCall"));
      return;
    }
    const local = await this.media(kind);
    if (!local) return;
    const ringUntil = Date.now() + CALL_RING_MS;
    this.iceServers = iceServers;
    this.camera = local.getVideoTracks()[0] ?? null;
    this.set({
      ...IDLE_CALL,
      status: CallStatus.calling,
      id: crypto.randomUUID(),
      peer,
      kind,
      local,
      cameraOn: kind === 1,
      ringUntil,
    });
    let answer: CallSignal;
    try {
      answer = (await this.send("calling")).data;
    } catch {
      // Refused (calls off, already in a call elsewhere…): the toast said why.
      this.clear();
      return;
    }
    // Cancelled while the request was under way.
    if (useCallStore.getState().status !== CallStatus.calling) return;
    if (answer.extends.code === CallCodes.busy) {
      this.showBusy(answer.extends.reason === "offline" ? "offline" : "busy");
      this.onRecord(peer.id);
      return;
    }
    ringtone.play("outgoing");
    this.onRecord(peer.id);
    // SPEC §4: the caller's countdown hangs up at 0: the 0 the overlay shows, counted
    // from the call's start, not from the server's answer (a slow answer, or a machine
    // asleep meanwhile, never keeps a call ringing past it).
    this.ringTimer = setTimeout(
      () => {
        toast("info", i18n.t("calls:noAnswer"));
        void this.hangUp();
      },
      Math.max(0, ringUntil - Date.now()),
    );
  }

  /** The incoming call is answered here: media, then `acceptRtc` (904). */
  async accept(iceServers: RTCIceServer[]): Promise<void> {
    if (this.state.status !== CallStatus.ringing) return;
    ringtone.stop();
    const local = await this.media(this.state.kind);
    if (!local) {
      await this.reject();
      return;
    }
    this.iceServers = iceServers;
    this.camera = local.getVideoTracks()[0] ?? null;
    // In call before the answer is acknowledged: the caller's offer may arrive first.
    this.set({ local, status: CallStatus.inCall });
    this.connect();
    const peer = this.state.peer;
    try {
      await this.send("acceptRtc", { code: CallCodes.accepted });
    } catch {
      // Answered on another device, or the caller gave up meanwhile.
      this.clear();
    }
    if (peer) this.onRecord(peer.id);
  }

  /** Declines the incoming call (the server records 903). */
  async reject(): Promise<void> {
    if (this.state.status !== CallStatus.ringing) return;
    const peer = this.state.peer;
    await this.send("hangup").catch(() => undefined);
    this.clear();
    if (peer) this.onRecord(peer.id);
  }

  /** Cancels the outgoing call (902) or ends the call in progress (906). */
  async hangUp(): Promise<void> {
    const { status, peer } = this.state;
    if (status !== CallStatus.calling && status !== CallStatus.inCall) return;
    await this.send("hangup").catch(() => undefined);
    this.clear();
    if (peer) this.onRecord(peer.id);
  }

  /** Signing out: whatever call this tab holds ends (declined when it was still ringing). */
  async leave(): Promise<void> {
    const { status } = this.state;
    if (status === CallStatus.ringing) await this.reject();
    else if (status === CallStatus.idle) return;
    else if (status === CallStatus.busy) this.clear();
    else await this.hangUp();
  }

  toggleMic(): void {
    const micOn = !this.state.micOn;
    for (const track of this.state.local?.getAudioTracks() ?? [])
      track.enabled = micOn;
    this.set({ micOn });
  }

  toggleCamera(): void {
    const cameraOn = !this.state.cameraOn;
    if (this.camera) this.camera.enabled = cameraOn;
    this.set({ cameraOn });
  }

  /** Beyond SPEC: the screen instead of the camera, for the other side, until stopped. */
  async shareScreen(): Promise<void> {
    const sender = this.videoSender();
    if (!sender || this.screen) return;
    let display: MediaStream;
    try {
      display = await navigator.mediaDevices.getDisplayMedia({ video: true });
    } catch {
      return; // The user chose nothing.
    }
    const track = display.getVideoTracks()[0];
    if (!track) return;
    this.screen = track;
    track.onended = () => void this.stopSharing();
    await sender.replaceTrack(track);
    this.set({ sharing: true });
  }

  async stopSharing(): Promise<void> {
    const screen = this.screen;
    if (!screen) return;
    this.screen = null;
    screen.stop();
    await this.videoSender()?.replaceTrack(this.camera);
    this.set({ sharing: false });
  }

  private videoSender(): RTCRtpSender | undefined {
    return this.pc
      ?.getSenders()
      .find((s) => s.track?.kind === "video" || s.track === this.screen);
  }

  /** A `webrtc` event: a step of the other party, or of another of my devices. */
  onSignal(signal: CallSignal, me: number): void {
    const { event } = signal.extends;
    const state = this.state;
    if (event === "calling") {
      this.incoming(signal, me);
      return;
    }
    if (signal.id !== state.id) return;
    switch (event) {
      case "otherOpt":
        this.elsewhere(signal);
        return;
      case "acceptRtc":
        if (state.status !== CallStatus.calling) return;
        clearTimeout(this.ringTimer);
        ringtone.stop();
        this.set({ status: CallStatus.inCall, ringUntil: null });
        this.connect();
        void this.offer();
        if (state.peer) this.onRecord(state.peer.id);
        return;
      case "offer":
        void this.answerOffer(signal.extends.sdp);
        return;
      case "answer":
        void this.pc
          ?.setRemoteDescription({ type: "answer", sdp: signal.extends.sdp })
          .then(() => this.flushCandidates())
          .catch(() => undefined);
        return;
      case "iceCandidate":
        this.candidate(signal.extends.iceCandidate);
        return;
      case "hangup":
      case "busy":
      case "turndown":
        this.ended(signal);
        return;
    }
  }

  private incoming(signal: CallSignal, me: number): void {
    const state = this.state;
    // My own device's call, heard back: another device of mine is calling someone.
    if (signal.from_user === me) return;
    if (state.status !== CallStatus.idle) {
      // In a call here already: the caller hears this device is busy (SPEC §4, 907).
      if (state.id !== signal.id)
        void post(webrtc.sendToMsg, {
          id: signal.id,
          toContactId: signal.from_user,
          type: signal.extends.type === 1 ? 1 : 0,
          event: "busy",
          code: CallCodes.busy,
          status: CallStatus.busy,
        }).catch(() => undefined);
      return;
    }
    this.set({
      ...IDLE_CALL,
      status: CallStatus.ringing,
      id: signal.id,
      peer: {
        id: signal.from_user,
        name: signal.fromUser.displayName,
        avatar: signal.fromUser.avatar,
      },
      kind: signal.extends.type,
      cameraOn: signal.extends.type === 1,
    });
    ringtone.play("incoming");
    this.onRecord(signal.from_user);
  }

  /** Another device of mine answered, declined or ended this call. */
  private elsewhere(signal: CallSignal): void {
    const { status } = this.state;
    // My own answer, heard back while I am in the call here.
    if (
      status === CallStatus.inCall &&
      signal.extends.code === CallCodes.accepted
    )
      return;
    if (
      status === CallStatus.ringing &&
      signal.extends.code === CallCodes.accepted
    )
      toast("info", i18n.t("calls:answeredElsewhere"));
    const peer = this.state.peer;
    this.clear();
    if (peer) this.onRecord(peer.id);
  }

  /** The other side ended the call, declined it, cancelled it, or is busy. */
  private ended(signal: CallSignal): void {
    const { code, callTime, reason } = signal.extends;
    const peer = this.state.peer;
    if (code === CallCodes.busy) {
      this.showBusy(reason === "offline" ? "offline" : "busy");
    } else {
      if (code === CallCodes.rejected) toast("info", i18n.t("calls:declined"));
      else if (code === CallCodes.cancelled)
        toast(
          "info",
          i18n.t(
            this.state.status === CallStatus.ringing
              ? "calls:missed"
              : "calls:cancelled",
          ),
        );
      else if (code === CallCodes.ended)
        toast(
          "info",
          i18n.t("calls:ended", { duration: callDuration(callTime) }),
        );
      this.clear();
    }
    if (peer) this.onRecord(peer.id);
  }

  private showBusy(reason: "busy" | "offline"): void {
    this.stopMedia();
    ringtone.stop();
    clearTimeout(this.ringTimer);
    this.set({
      status: CallStatus.busy,
      busyKey: reason === "offline" ? "offline" : "busy",
      ringUntil: null,
      local: null,
      remote: null,
    });
    this.busyTimer = setTimeout(() => {
      this.clear();
    }, BUSY_SHOWN_MS);
  }

  /** The peer connection, with this side's tracks; media and candidates flow through it. */
  private connect(): void {
    if (this.pc) return;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    this.pc = pc;
    const local = this.state.local;
    for (const track of local?.getTracks() ?? [])
      pc.addTrack(track, local as MediaStream);
    pc.onicecandidate = (event) => {
      if (event.candidate)
        void this.send("iceCandidate", {
          iceCandidate: JSON.stringify(event.candidate.toJSON()),
        }).catch(() => undefined);
    };
    pc.ontrack = (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.set({ remote: stream });
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      switch (pc.connectionState) {
        case "connected":
          clearTimeout(this.dropTimer);
          if (this.state.connectedAt === null)
            this.set({ connectedAt: Date.now() });
          this.watchQuality();
          return;
        case "disconnected":
          this.dropTimer = setTimeout(() => {
            if (this.pc === pc && pc.connectionState !== "connected")
              this.lost();
          }, DISCONNECTED_GRACE_MS);
          return;
        case "failed":
          this.lost();
          return;
        case "new":
        case "connecting":
        case "closed":
          return;
      }
    };
  }

  /** The connection dropped: the call ends cleanly on this side, and the server records it. */
  private lost(): void {
    toast("warning", i18n.t("calls:connectionLost"));
    void this.hangUp();
  }

  private async offer(): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    try {
      await pc.setLocalDescription(await pc.createOffer());
      await this.send("offer", { sdp: pc.localDescription?.sdp ?? "" });
    } catch {
      this.lost();
    }
  }

  private async answerOffer(sdp: string): Promise<void> {
    if (this.state.status !== CallStatus.inCall) return;
    this.connect();
    const pc = this.pc;
    if (!pc) return;
    try {
      await pc.setRemoteDescription({ type: "offer", sdp });
      this.flushCandidates();
      await pc.setLocalDescription(await pc.createAnswer());
      await this.send("answer", { sdp: pc.localDescription?.sdp ?? "" });
    } catch {
      this.lost();
    }
  }

  /** SPEC §4: an incoming candidate is applied 100 ms after it arrives. */
  private candidate(raw: string): void {
    let init: RTCIceCandidateInit;
    try {
      init = JSON.parse(raw) as RTCIceCandidateInit; // checked by addIceCandidate itself
    } catch {
      return;
    }
    setTimeout(() => {
      const pc = this.pc;
      if (!pc?.remoteDescription) {
        this.candidates.push(init);
        return;
      }
      void pc.addIceCandidate(init).catch(() => undefined);
    }, ICE_CANDIDATE_DELAY_MS);
  }

  private flushCandidates(): void {
    const pc = this.pc;
    if (!pc) return;
    for (const init of this.candidates.splice(0))
      void pc.addIceCandidate(init).catch(() => undefined);
  }

  /** Beyond SPEC: round-trip time and packet loss, every two seconds while in call. */
  private watchQuality(): void {
    if (this.statsTimer) return;
    this.statsTimer = setInterval(() => {
      void this.pc?.getStats().then((report) => {
        let rttMs: number | null = null;
        let lost = 0;
        let received = 0;
        report.forEach((entry: Record<string, unknown>) => {
          if (
            entry.type === "candidate-pair" &&
            entry.nominated === true &&
            typeof entry.currentRoundTripTime === "number"
          )
            rttMs = Math.round(entry.currentRoundTripTime * 1000);
          if (entry.type === "inbound-rtp") {
            lost += Number(entry.packetsLost ?? 0);
            received += Number(entry.packetsReceived ?? 0);
          }
        });
        const total = lost + received;
        this.set({ quality: { rttMs, loss: total > 0 ? lost / total : 0 } });
      });
    }, STATS_EVERY_MS);
  }

  private stopMedia(): void {
    for (const track of this.state.local?.getTracks() ?? []) track.stop();
    this.screen?.stop();
    this.screen = null;
    this.camera = null;
    this.pc?.close();
    this.pc = null;
    this.candidates = [];
    clearInterval(this.statsTimer);
    this.statsTimer = undefined;
    clearTimeout(this.dropTimer);
  }

  /** Back to idle: media stopped, timers cleared, the overlay gone. */
  private clear(): void {
    this.stopMedia();
    ringtone.stop();
    clearTimeout(this.ringTimer);
    clearTimeout(this.busyTimer);
    useCallStore.setState(IDLE_CALL, true);
  }
}

/** The one call controller of the page. */
export const calls = new CallController();
