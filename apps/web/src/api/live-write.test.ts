import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { writeLive } from "./live-write";

describe("a change from the socket while the query is being read", () => {
  it("is not undone by the read that started before it", async () => {
    const client = new QueryClient();
    const key = ["list"];
    let reads = 0;
    let answerFirst: (rows: string[]) => void = () => {};
    const observer = new QueryObserver<string[]>(client, {
      queryKey: key,
      queryFn: () => {
        reads += 1;
        // The first read answers late, with what the server held before the change.
        if (reads === 1)
          return new Promise<string[]>((resolve) => {
            answerFirst = resolve;
          });
        return Promise.resolve(["old", "new"]);
      },
    });
    const off = observer.subscribe(() => undefined);
    client.setQueryData(key, ["old"]);

    writeLive<string[]>(client, key, (rows) => [...(rows ?? []), "new"]);
    answerFirst(["old"]);
    await expect.poll(() => client.getQueryData(key)).toEqual(["old", "new"]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.getQueryData(key)).toEqual(["old", "new"]);
    expect(reads).toBe(2);
    off();
  });

  it("reads nothing again when no read is under way", () => {
    const client = new QueryClient();
    client.setQueryData(["list"], ["old"]);
    writeLive<string[]>(client, ["list"], (rows) => [...(rows ?? []), "new"]);
    expect(client.getQueryData(["list"])).toEqual(["old", "new"]);
    expect(client.isFetching()).toBe(0);
  });
});

describe("changes from a busy socket while the query is read again", () => {
  it("keep one read at a time, and end with one more read after the last", async () => {
    const client = new QueryClient();
    const key = ["busy"];
    let reads = 0;
    let inFlight = 0;
    let most = 0;
    const answers: Array<() => void> = [];
    const observer = new QueryObserver<number>(client, {
      queryKey: key,
      queryFn: () => {
        reads += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        const read = reads;
        return new Promise<number>((resolve) => {
          answers.push(() => {
            inFlight -= 1;
            resolve(read);
          });
        });
      },
    });
    const off = observer.subscribe(() => undefined);
    // Ten changes while the first read (then the second) is under way.
    for (let i = 0; i < 10; i += 1)
      writeLive<number>(client, key, (n) => (n ?? 0) + 100);
    expect(reads).toBe(2);
    for (const answer of answers.splice(0)) answer();
    await expect.poll(() => reads).toBe(3);
    for (const answer of answers.splice(0)) answer();
    await expect.poll(() => client.getQueryData(key)).toBe(3);
    expect(most).toBeLessThanOrEqual(2);
    off();
  });
});
