import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger as Logger } from "fastify";
import type * as IORedis from "ioredis";
import type { Redis } from "ioredis";
import type { Hub, HubEvent, OnlineTotals } from "./hub.js";
import { lazyRequire } from "../lib/lazy-require.js";

const ioredis = lazyRequire<typeof IORedis>("ioredis");

const PROCESS_TTL_MS = 30_000;
/**
 * How long any Redis command may take. A hung Redis (stopped, not closed) answers nothing;
 * past this a command fails and the process goes on with what it has locally (issue 7).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
const HEARTBEAT_MS = 10_000;

interface Envelope {
  origin: string;
  event: HubEvent;
}

/**
 * Redis pub/sub between processes. Redis is an accelerator, never the record: each event
 * is delivered to this process's own sockets first, then published; with Redis down, each
 * process keeps serving its own sockets and clients catch up from the database.
 *
 * Presence: each process keeps its set of online users under its own key and a heartbeat
 * in a sorted set; a process that died stops counting once its heartbeat is 30 s old.
 */
export class RedisHub implements Hub {
  private readonly processId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers: Array<(event: HubEvent) => void> = [];
  private readonly localOnline = new Set<number>();
  private localSockets = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    const options = {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    };
    const { Redis: Client } = ioredis();
    this.pub = new Client(url, options);
    this.sub = new Client(url, { ...options, enableOfflineQueue: true });
    for (const client of [this.pub, this.sub]) {
      client.on("error", (error: Error) => {
        this.logger.warn(
          { err: error.message },
          "redis unavailable; serving local sockets only",
        );
      });
    }
    this.sub.on("message", (_channel: string, raw: string) => {
      this.receive(raw);
    });
    this.sub.subscribe(this.channel).catch((error: unknown) => {
      this.logger.warn({ err: String(error) }, "redis subscribe failed");
    });
    // The subscriber re-subscribes by itself after a reconnect (ioredis autoResubscribe).
    // Presence is written on every (re)connect and every beat, so a Redis restart heals.
    this.pub.on("ready", () => void this.beat());
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private get channel(): string {
    return `${this.prefix}:hub`;
  }

  private get processesKey(): string {
    return `${this.prefix}:processes`;
  }

  /** A hash: each process's count of bound sockets, written on every beat. */
  private get socketsKey(): string {
    return `${this.prefix}:sockets`;
  }

  private usersKey(processId: string): string {
    return `${this.prefix}:online:${processId}`;
  }

  private receive(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope; // written only by this class
    } catch {
      return;
    }
    if (envelope.origin === this.processId) return;
    this.deliver(envelope.event);
  }

  private deliver(event: HubEvent): void {
    for (const handler of this.handlers) handler(event);
  }

  /**
   * Delivers to this process's sockets at once, then hands the event to Redis without
   * waiting: an answer after a commit never waits for Redis (ioredis keeps the order).
   */
  publish(event: HubEvent): Promise<void> {
    this.deliver(event);
    this.pub
      .publish(
        this.channel,
        JSON.stringify({ origin: this.processId, event } satisfies Envelope),
      )
      .catch((error: unknown) => {
        this.logger.warn(
          { err: String(error) },
          "redis publish failed; event delivered locally only",
        );
      });
    return Promise.resolve();
  }

  onEvent(handler: (event: HubEvent) => void): void {
    this.handlers.push(handler);
  }

  private async beat(): Promise<void> {
    try {
      const key = this.usersKey(this.processId);
      const multi = this.pub
        .multi()
        .zadd(this.processesKey, Date.now(), this.processId)
        .hset(this.socketsKey, this.processId, String(this.localSockets))
        .del(key);
      if (this.localOnline.size > 0)
        multi.sadd(key, ...[...this.localOnline].map(String));
      await multi.pexpire(key, PROCESS_TTL_MS * 2).exec();
    } catch {
      // Redis is down: presence falls back to this process alone until it returns.
    }
  }

  /** Records presence here at once; Redis learns it in the background (a bind never waits). */
  setLocalPresence(userId: number, online: boolean): Promise<void> {
    if (online) this.localOnline.add(userId);
    else this.localOnline.delete(userId);
    const key = this.usersKey(this.processId);
    const write = online
      ? this.pub
          .multi()
          .sadd(key, String(userId))
          .pexpire(key, PROCESS_TTL_MS * 2)
          .exec()
      : this.pub.srem(key, String(userId));
    write.catch(() => {
      // Written again on the next heartbeat.
    });
    return Promise.resolve();
  }

  async onlineAmong(userIds: readonly number[]): Promise<Set<number>> {
    const online = new Set(userIds.filter((id) => this.localOnline.has(id)));
    // Everyone asked about is here: no other process can add to that.
    if (online.size === new Set(userIds).size) return online;
    try {
      const cutoff = Date.now() - PROCESS_TTL_MS;
      const processes = (
        await this.pub.zrangebyscore(this.processesKey, cutoff, "+inf")
      ).filter((id) => id !== this.processId);
      if (processes.length === 0) return online;
      const members = userIds.map(String);
      const pipeline = this.pub.pipeline();
      for (const processId of processes)
        pipeline.smismember(this.usersKey(processId), ...members);
      const results = (await pipeline.exec()) ?? [];
      for (const [error, flags] of results) {
        if (error || !Array.isArray(flags)) continue;
        flags.forEach((flag, index) => {
          const userId = userIds[index];
          if (flag === 1 && userId !== undefined) online.add(userId);
        });
      }
    } catch {
      // Without Redis, presence is what this process sees.
    }
    return online;
  }

  /** Records the count here at once; Redis learns it in the background (other processes' totals). */
  setLocalSockets(count: number): void {
    this.localSockets = count;
    this.pub.hset(this.socketsKey, this.processId, String(count)).catch(() => {
      // Written again on the next heartbeat.
    });
  }

  /**
   * Users online over every live process (the union of their sets, so a user on two
   * processes counts once) and sockets (each process's count, written as it changes).
   */
  async onlineTotals(): Promise<OnlineTotals> {
    const here = { users: this.localOnline.size, sockets: this.localSockets };
    try {
      const cutoff = Date.now() - PROCESS_TTL_MS;
      const processes = (
        await this.pub.zrangebyscore(this.processesKey, cutoff, "+inf")
      ).filter((id) => id !== this.processId);
      if (processes.length === 0) return here;
      const [others, counts] = await Promise.all([
        this.pub.sunion(...processes.map((id) => this.usersKey(id))),
        this.pub.hmget(this.socketsKey, ...processes),
      ]);
      const users = new Set([...others, ...[...this.localOnline].map(String)]);
      const sockets = counts.reduce((sum, n) => sum + (Number(n) || 0), 0);
      return { users: users.size, sockets: here.sockets + sockets };
    } catch {
      // Without Redis, the figures are this process's own.
      return here;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    try {
      await this.pub
        .multi()
        .zrem(this.processesKey, this.processId)
        .del(this.usersKey(this.processId))
        .hdel(this.socketsKey, this.processId)
        .exec();
    } catch {
      // The entry expires by itself.
    }
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
