/**
 * Work done off the request path (the old server's queue, wire-contract.md §5.11): a call
 * schedules a job by key and answers at once. Jobs of one key coalesce — scheduling a key
 * already waiting does nothing, and scheduling one that is running runs it once more after
 * — so a burst of changes to one group costs at most two runs. A failing job is reported to
 * `onError` and never reaches the call that scheduled it.
 */
export interface Jobs {
  /** Runs `run` soon under `key`, unless a run of that key is already waiting. */
  schedule(key: string, run: () => Promise<void>): void;
  /** Resolves once nothing is waiting or running (tests await their jobs with it). */
  whenIdle(): Promise<void>;
}

/** An in-process queue: not durable, so a job lost to a crash is redone by the next change. */
export class JobQueue implements Jobs {
  /** Keys waiting to start, with the run each will make (the latest scheduled). */
  private readonly waiting = new Map<string, () => Promise<void>>();
  private readonly running = new Set<string>();
  /** Keys scheduled again while running: each runs once more when it ends. */
  private readonly again = new Map<string, () => Promise<void>>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly options: {
      /** Jobs running at once; rendering is CPU work on a small machine. */
      concurrency: number;
      /** Keys waiting at most; past it a new key is dropped and reported. */
      maxWaiting: number;
      onError: (key: string, error: unknown) => void;
    },
  ) {}

  schedule(key: string, run: () => Promise<void>): void {
    if (this.closed) return;
    if (this.running.has(key)) {
      this.again.set(key, run);
      return;
    }
    if (this.waiting.has(key)) return;
    if (this.waiting.size >= this.options.maxWaiting) {
      this.options.onError(key, new Error("the job queue is full"));
      return;
    }
    this.waiting.set(key, run);
    // Started on the next turn, so the call that scheduled it answers first.
    setImmediate(() => this.pump());
  }

  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Takes no more jobs, drops those not started, and waits for those running. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    this.again.clear();
    await this.whenIdle();
  }

  private isIdle(): boolean {
    return this.waiting.size === 0 && this.running.size === 0;
  }

  private pump(): void {
    for (const [key, run] of this.waiting) {
      if (this.running.size >= this.options.concurrency) return;
      if (this.running.has(key)) continue;
      this.waiting.delete(key);
      this.start(key, run);
    }
    if (this.isIdle()) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private start(key: string, run: () => Promise<void>): void {
    this.running.add(key);
    const settle = () => {
      this.running.delete(key);
      const next = this.again.get(key);
      this.again.delete(key);
      if (next && !this.closed) this.waiting.set(key, next);
      this.pump();
    };
    Promise.resolve()
      .then(run)
      .then(settle, (error: unknown) => {
        try {
          this.options.onError(key, error);
        } finally {
          settle();
        }
      });
  }
}
