import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

/** A window of `points` attempts per `windowSeconds`. */
export interface LimitSpec {
  points: number;
  windowSeconds: number;
}

/**
 * Counts attempts per key in a fixed window. Kept in memory on one process, in Redis
 * when several processes share the load.
 */
export class Limiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    name: string,
    private readonly spec: LimitSpec,
    redis?: Redis,
    prefix = "parley",
  ) {
    const options = {
      keyPrefix: `${prefix}:rl:${name}`,
      points: Math.max(spec.points, 1),
      duration: spec.windowSeconds,
    };
    // With Redis down the limits fall back to this process's memory rather than fail.
    this.limiter = redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  }

  /** Whether the limit is off (0 points means unlimited). */
  private get off(): boolean {
    return this.spec.points <= 0;
  }

  /**
   * Takes one attempt atomically (one process in memory, every process through Redis)
   * before the work it guards: answers 0 when taken, else the milliseconds to wait. Parallel
   * attempts can therefore never do more work than the limit allows.
   */
  async take(key: string): Promise<number> {
    if (this.off) return 0;
    try {
      await this.limiter.consume(key);
      return 0;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      return Math.max(error.msBeforeNext, 1);
    }
  }

  /** Gives back an attempt taken for work that did not count (a success, say). */
  async refund(key: string): Promise<void> {
    if (this.off) return;
    await this.limiter.reward(key, 1);
  }

  /** Forgets the key's attempts. */
  async reset(key: string): Promise<void> {
    if (this.off) return;
    await this.limiter.delete(key);
  }
}
