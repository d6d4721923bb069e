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

  /** Milliseconds until the key may try again; 0 when it may now. */
  async blockedFor(key: string): Promise<number> {
    if (this.off) return 0;
    const state = await this.limiter.get(key);
    return state && state.consumedPoints >= this.spec.points
      ? Math.max(state.msBeforeNext, 1)
      : 0;
  }

  /** Counts one attempt. */
  async hit(key: string): Promise<void> {
    if (this.off) return;
    try {
      await this.limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
    }
  }

  /** Forgets the key's attempts. */
  async reset(key: string): Promise<void> {
    if (this.off) return;
    await this.limiter.delete(key);
  }
}
