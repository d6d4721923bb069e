import type { Redis } from "ioredis";
import type { Clock } from "./clock.js";

/**
 * Short-lived keys every server process sees (Redis when configured, else this process's
 * memory): who is in a call, and the call itself. Each write carries its time to live, so a
 * process that dies leaves nothing behind for long.
 */
export interface SharedKeys {
  /** Sets the key unless it exists; answers whether it was set. */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | null>;
  /** Sets the key, whatever it held. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Replaces the key's value only while it exists; answers whether it did. */
  replace(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Gives the key a new time to live only while it holds this value. */
  extend(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes the key only while it holds this value; answers whether it did. */
  release(key: string, value: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** How many writes a sweep of expired keys waits for. */
const SWEEP_EVERY_WRITES = 1024;

/** In one process: a map with expiry times. */
export class MemoryKeys implements SharedKeys {
  private readonly entries = new Map<
    string,
    { value: string; until: number }
  >();

  /** Writes since expired keys were last swept out. */
  private writes = 0;

  constructor(private readonly clock: Clock) {}

  /** How many keys are held, expired ones not yet swept included. */
  get held(): number {
    return this.entries.size;
  }

  /**
   * Stores a key; every so many writes the expired ones are dropped, so keys written once
   * and never read again (a send's pace) do not pile up. The sweep's cost is spread over
   * the writes that made the keys: constant per write on average.
   */
  private put(key: string, value: string, ttlMs: number): void {
    const now = this.clock.now();
    this.entries.set(key, { value, until: now + ttlMs });
    this.writes += 1;
    if (this.writes < SWEEP_EVERY_WRITES) return;
    this.writes = 0;
    for (const [held, entry] of this.entries)
      if (entry.until <= now) this.entries.delete(held);
  }

  private live(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until > this.clock.now()) return entry.value;
    this.entries.delete(key);
    return null;
  }

  claim(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.live(key) !== null) return Promise.resolve(false);
    this.put(key, value, ttlMs);
    return Promise.resolve(true);
  }

  get(key: string): Promise<string | null> {
    return Promise.resolve(this.live(key));
  }

  set(key: string, value: string, ttlMs: number): Promise<void> {
    this.put(key, value, ttlMs);
    return Promise.resolve();
  }

  replace(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.live(key) === null) return Promise.resolve(false);
    this.put(key, value, ttlMs);
    return Promise.resolve(true);
  }

  extend(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.live(key) !== value) return Promise.resolve(false);
    this.put(key, value, ttlMs);
    return Promise.resolve(true);
  }

  release(key: string, value: string): Promise<boolean> {
    if (this.live(key) !== value) return Promise.resolve(false);
    this.entries.delete(key);
    return Promise.resolve(true);
  }

  delete(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }
}

/** Deletes KEYS[1] only while it holds ARGV[1] (one atomic step in Redis). */
const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;
/** Gives KEYS[1] ARGV[2] ms to live only while it holds ARGV[1]. */
const EXTEND_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;

/** Shared by every process through Redis; its keys are under the deployment's prefix. */
export class RedisKeys implements SharedKeys {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(key: string): string {
    return `${this.prefix}:k:${key}`;
  }

  async claim(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (
      (await this.redis.set(this.key(key), value, "PX", ttlMs, "NX")) === "OK"
    );
  }

  get(key: string): Promise<string | null> {
    return this.redis.get(this.key(key));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(key), value, "PX", ttlMs);
  }

  async replace(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (
      (await this.redis.set(this.key(key), value, "PX", ttlMs, "XX")) === "OK"
    );
  }

  async extend(key: string, value: string, ttlMs: number): Promise<boolean> {
    const extended = await this.redis.eval(
      EXTEND_SCRIPT,
      1,
      this.key(key),
      value,
      String(ttlMs),
    );
    return extended === 1;
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }

  async release(key: string, value: string): Promise<boolean> {
    const deleted = await this.redis.eval(
      RELEASE_SCRIPT,
      1,
      this.key(key),
      value,
    );
    return deleted === 1;
  }
}
