import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { startTestApp } from "../../test/build-test-app.js";

/*
 * Issue 14: at the default level (info) Fastify wrote two lines for every request, a cost
 * on each call. They are written at debug now, so LOG_LEVEL=debug still shows them.
 */
async function linesOfOneCall(level: "info" | "debug"): Promise<string[]> {
  const lines: string[] = [];
  const api = await startTestApp(
    {},
    { logger: pino({ level }, { write: (line: string) => lines.push(line) }) },
  );
  try {
    const answer = await api.post("/common/pub/getSystemInfo", {});
    expect(answer.code, answer.msg).toBe(0);
    return lines;
  } finally {
    await api.close();
  }
}

describe("the log of each request", () => {
  it("is quiet at info: no line per request or answer", async () => {
    const lines = await linesOfOneCall("info");
    expect(lines.filter((l) => l.includes("incoming request"))).toEqual([]);
    expect(lines.filter((l) => l.includes("request completed"))).toEqual([]);
  });

  it("shows each request and its answer at debug", async () => {
    const lines = await linesOfOneCall("debug");
    const requests = lines.filter((l) => l.includes("incoming request"));
    const answers = lines.filter((l) => l.includes("request completed"));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain("getSystemInfo");
    expect(answers).toHaveLength(1);
    expect(answers[0]).toContain('"statusCode":200');
  });
});
