import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ManualClock } from "./clock.js";
import { Held } from "./held.js";

/** A load that resolves (or fails) when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Row {
  id: string;
  owner: number;
  version: number;
}

function held(clock = new ManualClock(0), maxWeight = 100) {
  return new Held<string, Row, number>({
    clock,
    readAgainMs: 2_000,
    maxWeight,
    groupOf: (row) => row.owner,
  });
}

const row = (id: string, owner = 1, version = 1): Row => ({
  id,
  owner,
  version,
});

describe("Held", () => {
  it("answers a read for its time, then reads again", async () => {
    const clock = new ManualClock(0);
    const rows = held(clock);
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve(row("a", 1, loads));
    };
    expect((await rows.get("a", load)).version).toBe(1);
    clock.advance(1_999);
    expect((await rows.get("a", load)).version).toBe(1);
    clock.advance(1);
    expect((await rows.get("a", load)).version).toBe(2);
    // A clock set back never makes an old read look new.
    clock.advance(-10_000);
    expect((await rows.get("a", load)).version).toBe(3);
    expect(loads).toBe(3);
  });

  it("holds only what `keep` accepts, and a refused read drops what was held", async () => {
    const rows = held();
    await rows.read("a", () => Promise.resolve(row("a", 1, 1)));
    expect(rows.fresh("a")?.version).toBe(1);
    const refused = await rows.read(
      "a",
      () => Promise.resolve(row("a", 1, 2)),
      () => false,
    );
    expect(refused.version).toBe(2);
    expect(rows.fresh("a")).toBeUndefined();
    await rows.read("b", () => Promise.resolve(undefined));
    expect(rows.size).toBe(0);
  });

  it("does not hold a read that a drop of its key, its group or everything overtook", async () => {
    for (const dropIt of [
      (rows: Held<string, Row, number>) => rows.drop("a"),
      (rows: Held<string, Row, number>) => rows.dropMany(["z", "a"]),
      (rows: Held<string, Row, number>) => rows.dropGroup(1),
      (rows: Held<string, Row, number>) => rows.dropAll(),
    ]) {
      const rows = held();
      const slow = deferred<Row>();
      const reading = rows.read("a", () => slow.promise);
      dropIt(rows);
      slow.resolve(row("a"));
      expect((await reading).id).toBe("a");
      expect(rows.fresh("a")).toBeUndefined();
    }
  });

  it("holds the later of two reads of one key", async () => {
    const rows = held();
    const first = deferred<Row>();
    const second = deferred<Row>();
    const one = rows.read("a", () => first.promise);
    const two = rows.read("a", () => second.promise);
    second.resolve(row("a", 1, 2));
    await two;
    first.resolve(row("a", 1, 1));
    await one;
    expect(rows.fresh("a")?.version).toBe(2);
  });

  it("leaves nothing of a failed read, and the next read holds", async () => {
    const rows = held();
    const failing = deferred<Row>();
    const reading = rows.read("a", () => failing.promise);
    failing.reject(new Error("database gone"));
    await expect(reading).rejects.toThrow("database gone");
    expect(rows.fresh("a")).toBeUndefined();
    await rows.read("a", () => Promise.resolve(row("a")));
    expect(rows.fresh("a")?.id).toBe("a");
  });

  it("drops a group's values together, and no one else's", async () => {
    const rows = held();
    await rows.read("a", () => Promise.resolve(row("a", 1)));
    await rows.read("b", () => Promise.resolve(row("b", 1)));
    await rows.read("c", () => Promise.resolve(row("c", 2)));
    rows.dropGroup(1);
    expect([rows.fresh("a"), rows.fresh("b")]).toEqual([undefined, undefined]);
    expect(rows.fresh("c")?.id).toBe("c");
    // Dropped one by one, the group forgets them: dropping it again drops nothing else.
    await rows.read("d", () => Promise.resolve(row("d", 1)));
    rows.drop("d");
    rows.dropGroup(1);
    expect(rows.size).toBe(1);
  });

  it("drops many keys whether the list is shorter or longer than what is held", async () => {
    const rows = held();
    for (const id of ["a", "b", "c"])
      await rows.read(id, () => Promise.resolve(row(id)));
    rows.dropMany(["a"]);
    expect(rows.size).toBe(2);
    rows.dropMany(Array.from({ length: 1_000 }, (_, i) => `x${i}`).concat("c"));
    expect(rows.fresh("b")?.id).toBe("b");
    expect(rows.fresh("c")).toBeUndefined();
  });

  it("keeps within its weight, the values held longest going first", async () => {
    const clock = new ManualClock(0);
    const rows = new Held<string, { id: string; size: number }>({
      clock,
      readAgainMs: 2_000,
      maxWeight: 10,
      weigh: (value) => value.size,
    });
    const put = (id: string, size: number) =>
      rows.read(id, () => Promise.resolve({ id, size }));
    await put("a", 4);
    await put("b", 4);
    await put("c", 4);
    expect([rows.fresh("a"), rows.fresh("b")?.id, rows.fresh("c")?.id]).toEqual(
      [undefined, "b", "c"],
    );
    // Read again, a value is the newest: the other goes first.
    await put("b", 4);
    await put("d", 4);
    expect(rows.fresh("c")).toBeUndefined();
    expect(rows.fresh("b")?.id).toBe("b");
    // Heavier than the whole allowance: answered, not held.
    expect((await put("e", 11)).id).toBe("e");
    expect(rows.size).toBe(0);
    // A replaced value's weight counts (and it is still the one held longest).
    await put("f", 2);
    await put("g", 2);
    rows.replace("f", { id: "f", size: 9 });
    expect([rows.fresh("f"), rows.fresh("g")?.id]).toEqual([undefined, "g"]);
  });

  it("replaces a held value keeping its age, and holds nothing new by it", async () => {
    const clock = new ManualClock(0);
    const rows = held(clock);
    await rows.read("a", () => Promise.resolve(row("a", 1, 1)));
    clock.advance(1_500);
    rows.replace("a", row("a", 1, 2));
    rows.replace("b", row("b"));
    expect(rows.fresh("a")?.version).toBe(2);
    expect(rows.fresh("b")).toBeUndefined();
    clock.advance(500);
    expect(rows.fresh("a")).toBeUndefined();
  });

  it("verifies a held value against a fresh read, unless a drop came meanwhile", async () => {
    const rows = held();
    await rows.read("a", () => Promise.resolve(row("a", 1, 1)));
    const same = (was: Row, fresh: Row | undefined) =>
      was.version === fresh?.version;
    await rows.verify("a", () => Promise.resolve(row("a", 1, 1)), same, "a");
    await expect(
      rows.verify("a", () => Promise.resolve(row("a", 1, 2)), same, "row a"),
    ).rejects.toThrow("row a as held is stale");
    const slow = deferred<Row>();
    const checking = rows.verify("a", () => slow.promise, same, "a");
    rows.drop("a");
    slow.resolve(row("a", 1, 3));
    await checking;
  });

  it("waits for work off the request path before it calls a held value stale", async () => {
    const rows = held();
    const same = (was: Row, fresh: Row | undefined) =>
      was.version === fresh?.version;
    await rows.read("a", () => Promise.resolve(row("a", 1, 1)));
    // The change was written, and its drop is still on the way (a job about to send its
    // event): no failure once the drop has come.
    const job = deferred<undefined>();
    const checking = rows.verify(
      "a",
      () => Promise.resolve(row("a", 1, 2)),
      same,
      "row a",
      () => job.promise,
    );
    await Promise.resolve();
    rows.drop("a");
    job.resolve(undefined);
    await checking;
    // Work that ends with no drop leaves the held value stale.
    await rows.read("a", () => Promise.resolve(row("a", 1, 2)));
    await expect(
      rows.verify(
        "a",
        () => Promise.resolve(row("a", 1, 3)),
        same,
        "row a",
        () => Promise.resolve(),
      ),
    ).rejects.toThrow("row a as held is stale");
  });

  /*
   * The promise that makes holding safe: if every change of a row is followed by a drop of
   * its key (the announcement after its commit), what is held is never older than the row,
   * however reads, changes and drops interleave. A read here sees the row as it was when
   * the read began (the worst a database read can do).
   */
  it("never holds a row older than the source when every change is dropped", async () => {
    type Step =
      | { kind: "start"; key: number }
      | { kind: "finish"; which: number }
      | { kind: "change"; key: number }
      | { kind: "dropAll" }
      | { kind: "dropGroup"; group: number };
    const key = fc.integer({ min: 0, max: 3 });
    const step: fc.Arbitrary<Step> = fc.oneof(
      key.map((k) => ({ kind: "start" as const, key: k })),
      fc.nat(10).map((w) => ({ kind: "finish" as const, which: w })),
      key.map((k) => ({ kind: "change" as const, key: k })),
      fc.constant({ kind: "dropAll" as const }),
      fc.integer({ min: 0, max: 1 }).map((g) => ({
        kind: "dropGroup" as const,
        group: g,
      })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
        const rows = held();
        const source = new Map<string, number>();
        const pending: { finish: () => void; done: Promise<unknown> }[] = [];
        for (const s of steps) {
          if (s.kind === "start") {
            const id = `k${s.key}`;
            const seen = source.get(id) ?? 0;
            const gate = deferred<Row>();
            const done = rows.read(id, () => gate.promise);
            pending.push({
              finish: () => gate.resolve(row(id, s.key % 2, seen)),
              done,
            });
          } else if (s.kind === "finish" && pending.length > 0) {
            const [one] = pending.splice(s.which % pending.length, 1);
            one?.finish();
            await one?.done;
          } else if (s.kind === "change") {
            const id = `k${s.key}`;
            source.set(id, (source.get(id) ?? 0) + 1);
            rows.drop(id);
          } else if (s.kind === "dropAll") rows.dropAll();
          else if (s.kind === "dropGroup") rows.dropGroup(s.group);
          for (let k = 0; k < 4; k += 1) {
            const now = rows.fresh(`k${k}`);
            if (now) expect(now.version).toBe(source.get(`k${k}`) ?? 0);
          }
        }
      }),
    );
  });
});
