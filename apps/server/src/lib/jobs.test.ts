import { describe, expect, it } from "vitest";
import { JobQueue } from "./jobs.js";

/** A job a test finishes by hand, counting its runs. */
function gate() {
  const runs: (() => void)[] = [];
  return {
    runs,
    job: () =>
      new Promise<void>((resolve) => {
        runs.push(resolve);
      }),
    /** Lets the queue start what it will (it starts jobs on the next turn). */
    settle: () => new Promise((resolve) => setImmediate(resolve)),
  };
}

function queue(options: { concurrency?: number; maxWaiting?: number } = {}) {
  const errors: [string, unknown][] = [];
  const jobs = new JobQueue({
    concurrency: options.concurrency ?? 1,
    maxWaiting: options.maxWaiting ?? 100,
    onError: (key, error) => errors.push([key, error]),
  });
  return { jobs, errors };
}

describe("the job queue", () => {
  it("coalesces a burst for one key into the run under way and one more", async () => {
    const { jobs } = queue();
    const g = gate();
    jobs.schedule("a", g.job);
    await g.settle();
    expect(g.runs).toHaveLength(1);
    for (let i = 0; i < 5; i += 1) jobs.schedule("a", g.job);
    g.runs[0]?.();
    await g.settle();
    expect(g.runs).toHaveLength(2);
    g.runs[1]?.();
    await jobs.whenIdle();
    expect(g.runs).toHaveLength(2);
  });

  it("runs a key once however often it is scheduled before it starts", async () => {
    const { jobs } = queue();
    let runs = 0;
    for (let i = 0; i < 10; i += 1)
      jobs.schedule("b", () => {
        runs += 1;
        return Promise.resolve();
      });
    await jobs.whenIdle();
    expect(runs).toBe(1);
  });

  it("runs no more than its concurrency at once, and every key in the end", async () => {
    const { jobs } = queue({ concurrency: 1 });
    const g = gate();
    jobs.schedule("a", g.job);
    jobs.schedule("b", g.job);
    await g.settle();
    expect(g.runs).toHaveLength(1);
    g.runs[0]?.();
    await g.settle();
    expect(g.runs).toHaveLength(2);
    g.runs[1]?.();
    await jobs.whenIdle();
  });

  it("reports a failure and goes on with the next job", async () => {
    const { jobs, errors } = queue();
    const boom = new Error("boom");
    let ran = false;
    jobs.schedule("bad", () => Promise.reject(boom));
    jobs.schedule("good", () => {
      ran = true;
      return Promise.resolve();
    });
    await jobs.whenIdle();
    expect(errors).toEqual([["bad", boom]]);
    expect(ran).toBe(true);
  });

  it("refuses keys past its limit, reporting each", async () => {
    const { jobs, errors } = queue({ maxWaiting: 2 });
    let runs = 0;
    const job = () => {
      runs += 1;
      return Promise.resolve();
    };
    for (const key of ["a", "b", "c"]) jobs.schedule(key, job);
    await jobs.whenIdle();
    expect(runs).toBe(2);
    expect(errors.map(([key]) => key)).toEqual(["c"]);
  });

  it("is idle at once with nothing to do; closing waits for the running job and drops the rest", async () => {
    const { jobs } = queue();
    await jobs.whenIdle();
    const g = gate();
    let dropped = true;
    jobs.schedule("a", g.job);
    await g.settle();
    jobs.schedule("b", () => {
      dropped = false;
      return Promise.resolve();
    });
    const closing = jobs.close();
    g.runs[0]?.();
    await closing;
    jobs.schedule("c", () => {
      dropped = false;
      return Promise.resolve();
    });
    await jobs.whenIdle();
    expect(dropped).toBe(true);
  });
});
