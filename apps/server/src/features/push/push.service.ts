import { type Message, namesMe, type PushPayload } from "@parley/protocol";
import type https from "node:https";
import type { FastifyBaseLogger as Logger } from "fastify";
import type WebPush from "web-push";
import type { Presence } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import type { KeptValues } from "../system/system.ports.js";
import type { Jobs } from "../../lib/jobs.js";
import { oneLineText } from "../../lib/message-html.js";
import { publicOnlyAgent } from "../../lib/outbound.js";
import type { PushRepository } from "./push.repository.js";
import { lazyRequire } from "../../lib/lazy-require.js";

const webpush = lazyRequire<typeof WebPush>("web-push");

/** The server's VAPID key pair, kept in `config` under this name. */
const KEYS_ROW = "webPushKeys";

/** The server's VAPID key pair (Web Push's signature). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushDeps {
  repo: PushRepository;
  /** Values kept for the installation, the system's (a port: app.ts wires it). */
  system: KeptValues;
  clock: Clock;
  presence: Presence;
  jobs: Jobs;
  logger: Logger;
  /** The VAPID signature's contact (WEB_PUSH_SUBJECT). */
  subject: string;
  /** host:port of push services allowed besides public https ones (WEB_PUSH_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /**
   * The connection to the push services the installation named (WEB_PUSH_ALLOW_HOSTS),
   * which may be private: trusts their certificate authority (WEB_PUSH_CA_FILE). Any
   * other endpoint gets an agent that connects only to public addresses.
   */
  namedHostsAgent?: https.Agent;
  /** Messages waiting for their presence check at most (UNCHECKED_MAX; tests set fewer). */
  maxUnchecked?: number;
}

/** How long a push service keeps a message for an offline device (s). */
const TTL_SECONDS = 24 * 60 * 60;
/** How long one delivery to a push service may take. */
const SEND_TIMEOUT_MS = 10_000;
/** The most characters of a message a notification shows. */
const BODY_MAX = 120;

/** What a file message says in a notification: no words to translate, a sign of its kind. */
const FILE_SIGNS: Record<string, string> = {
  image: "🖼",
  emoji: "🖼",
  voice: "🎤",
  video: "🎬",
  file: "📎",
};

/** A notification's text for a message: its words, or a sign and the file's name. */
export function pushBody(message: Message): string {
  const sign = FILE_SIGNS[message.type];
  const text = sign
    ? `${sign} ${message.fileName}`.trim()
    : oneLineText(message.content);
  return text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
}

/** Whether the installation named this push service (WEB_PUSH_ALLOW_HOSTS, `host:port`). */
function namedHost(url: URL, allowHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowHosts.includes(`${url.hostname.toLowerCase()}:${port}`);
}

/**
 * Whether a push endpoint is worth keeping: a public https service, or one the
 * installation named (WEB_PUSH_ALLOW_HOSTS). An early refusal of the obviously internal
 * (an IP address, localhost, a bare or local name), read from the text; what a name
 * resolves to is checked when the push is sent, on the address connected to
 * (lib/outbound.ts), and that check is the one that keeps the server off its own network.
 */
export function endpointAllowed(
  endpoint: string,
  allowHosts: readonly string[],
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (namedHost(url, allowHosts)) return true;
  if (url.protocol !== "https:") return false;
  // `localhost.` is localhost: a name's final dot only says it is complete.
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const ipLiteral =
    /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[");
  const local =
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host.endsWith(".internal") ||
    !host.includes(".");
  return !ipLiteral && !local;
}

/** The largest group whose members' presence is asked before its devices are read. */
const PRESENCE_FIRST_MAX = 500;
/** Messages waiting for their presence check at most (far more than a moment's sends). */
const UNCHECKED_MAX = 50_000;

/**
 * Who of a message's recipients presence is asked about before any device is read: the
 * receiver, or a small group's members but the sender; null for a large group (its devices
 * are read first).
 */
function askFirst(sent: SentMessage): readonly number[] | null {
  if ("userId" in sent.to) return [sent.to.userId];
  if (sent.to.memberIds.length > PRESENCE_FIRST_MAX) return null;
  return sent.to.memberIds.filter((id) => id !== sent.message.from_user);
}

/** A message just stored, and who of its chat should hear of it while away. */
export interface SentMessage {
  message: Message;
  /** The chat's key: do-not-disturb is looked up on it. */
  conversationId: string;
  /**
   * Who may be told: the receiver of a one-to-one message, or a group's members (their
   * ids as the send read them, for a small group's presence).
   */
  to: { userId: number } | { groupId: number; memberIds: readonly number[] };
  /** The chat as each recipient files it (a user id, or `group-N`). */
  chatOf: (userId: number) => number | string;
  /** The notification's title: the sender, with the group's name in a group. */
  title: string;
}

/** What this service asks of other features (app.ts wires each one). */
export type PushPorts = Pick<PushDeps, "system">;

/**
 * Web Push (issue 11, beyond SPEC): a device subscribes with the server's own VAPID key;
 * a message reaches the devices of recipients with no socket open anywhere, from a job off
 * the send's path, with do-not-disturb kept (a mention gets through). An endpoint the push
 * service calls gone (404, 410) is forgotten.
 */
export class PushService {
  private keys: Promise<VapidKeys> | null = null;
  /** The connection to public push services, made at the first delivery. */
  private publicAgent: https.Agent | null = null;
  /** The messages waiting for the presence check, and who of each chat it asks about. */
  private unchecked: { sent: SentMessage; others: readonly number[] }[] = [];
  /** Messages left unchecked since the last report, the waiting list being full. */
  private dropped = 0;

  constructor(private readonly deps: PushDeps) {}

  /** The key pair: made and stored at the first start, read by every process after. */
  vapidKeys(): Promise<VapidKeys> {
    this.keys ??= this.deps.system
      .keptValue<VapidKeys>(KEYS_ROW, () => webpush().generateVAPIDKeys())
      .catch((error: unknown) => {
        this.keys = null;
        throw error;
      });
    return this.keys;
  }

  async publicKey(): Promise<string> {
    return (await this.vapidKeys()).publicKey;
  }

  async subscribe(
    userId: number,
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  ): Promise<void> {
    if (!endpointAllowed(subscription.endpoint, this.deps.allowHosts))
      throw refuse("push.badEndpoint");
    const saved = await this.deps.repo.saveSubscription(
      {
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      },
      this.deps.clock.now(),
    );
    if (!saved) throw refuse("push.endpointTaken");
  }

  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.deps.repo.deleteSubscription(userId, endpoint);
  }

  /**
   * After a send's commit: tells the recipients who are away, in the background. Whether
   * anyone is away is asked for the messages of a moment together, in one presence query
   * (issue 14, W8: a query per message, each a Redis round trip on a queue that also draws
   * group avatars, fell behind the sends and filled the queue).
   */
  messageSent(sent: SentMessage): void {
    if (sent.message.type === "event" || sent.message.type === "webrtc") return;
    const others = askFirst(sent);
    if (others === null) {
      this.schedule(sent);
      return;
    }
    if (this.unchecked.length >= (this.deps.maxUnchecked ?? UNCHECKED_MAX)) {
      // Presence has not answered for a long while: these notifications are lost, never
      // the messages; said once per batch, not once per message.
      this.dropped += 1;
      return;
    }
    this.unchecked.push({ sent, others });
    this.deps.jobs.schedule("push:presence", () => this.checkPresence());
  }

  /**
   * One presence query for every message waiting (the job queue runs one check at a time
   * and coalesces the checks asked for meanwhile): a message whose recipients all have a
   * socket open is done; the others go on to their devices. Should presence fail, the
   * job fails once for the batch (reported), and those notifications are lost.
   */
  private async checkPresence(): Promise<void> {
    const batch = this.unchecked;
    this.unchecked = [];
    if (this.dropped > 0) {
      this.deps.logger.warn(
        { dropped: this.dropped },
        "push notifications dropped: too many messages waited for presence",
      );
      this.dropped = 0;
    }
    if (batch.length === 0) return;
    const asked = new Set<number>();
    for (const { others } of batch) for (const id of others) asked.add(id);
    const here = await this.deps.presence.onlineAmong([...asked]);
    for (const { sent, others } of batch)
      if (!others.every((id) => here.has(id))) this.schedule(sent);
  }

  private schedule(sent: SentMessage): void {
    this.deps.jobs.schedule(`push:${String(sent.message.msg_id)}`, () =>
      this.deliver(sent),
    );
  }

  /**
   * To the devices of the recipients away: first the devices (few), then who of their
   * users is away, so that in a large group the cost follows the subscriptions, not the
   * size of the group.
   */
  private async deliver(sent: SentMessage): Promise<void> {
    const { repo, presence } = this.deps;
    const all =
      "groupId" in sent.to
        ? await repo.listGroupSubscriptions(sent.to.groupId)
        : await repo.listSubscriptions(sent.to.userId);
    const devices = all.filter((s) => s.user_id !== sent.message.from_user);
    if (devices.length === 0) return;
    const owners = [...new Set(devices.map((s) => s.user_id))];
    const online = await presence.onlineAmong(owners);
    const away = owners.filter((id) => !online.has(id));
    if (away.length === 0) return;
    const muted = await repo.listMuted(sent.conversationId, away);
    const subscriptions = devices.filter((s) => !online.has(s.user_id));
    const keys = await this.vapidKeys();
    const body = pushBody(sent.message);
    for (const subscription of subscriptions) {
      const userId = subscription.user_id;
      const named = namesMe(sent.message.at, userId);
      if (muted.has(userId) && !named) continue;
      const chat = sent.chatOf(userId);
      const payload: PushPayload = {
        title: sent.title,
        body,
        chat,
        tag: `chat-${String(chat)}`,
        icon: sent.message.fromUser.avatar,
      };
      await this.send(subscription, payload, keys);
    }
  }

  private async send(
    subscription: { endpoint: string; p256dh: string; auth: string },
    payload: PushPayload,
    keys: VapidKeys,
  ): Promise<void> {
    // Checked again: the allowed hosts may have changed since it subscribed.
    if (!endpointAllowed(subscription.endpoint, this.deps.allowHosts)) {
      await this.deps.repo.dropEndpoint(subscription.endpoint);
      return;
    }
    // A public service only ever on a public address, whatever its name resolves to when
    // it is sent to; a named one as the installation said.
    const agent = namedHost(
      new URL(subscription.endpoint),
      this.deps.allowHosts,
    )
      ? this.deps.namedHostsAgent
      : (this.publicAgent ??= publicOnlyAgent());
    try {
      await webpush().sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.deps.subject, ...keys },
          TTL: TTL_SECONDS,
          urgency: "high",
          timeout: SEND_TIMEOUT_MS,
          contentEncoding: "aes128gcm",
          ...(agent ? { agent } : {}),
        },
      );
    } catch (error) {
      const status =
        error instanceof webpush().WebPushError ? error.statusCode : 0;
      if (status === 404 || status === 410) {
        await this.deps.repo.dropEndpoint(subscription.endpoint);
        return;
      }
      // A push service down or slow, or an endpoint whose name now resolves to an address
      // the agent refuses: this notification is lost, the message is not. The device is
      // kept: a DNS filter answering 0.0.0.0 for a name it blocks for a while must not
      // cost every user their devices, and nothing reaches the address either way.
      this.deps.logger.warn(
        { err: error, status },
        "a push notification could not be delivered",
      );
    }
  }
}
