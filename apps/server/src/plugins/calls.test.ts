import { defineCall } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import { registerAndLogin, type TestUser } from "../../test/factories.js";
import { type ProbeApp, startProbeApp } from "../../test/probe-app.js";
import type { SessionResolver } from "./session.js";

/** A console-only call: what every manage/* call will be. */
const adminProbe = defineCall({
  path: "/manage/test/probe",
  auth: "admin",
  request: z.object({}),
  response: z.literal("ok"),
});

/** The real plugins with the real sessions, in or out of demo mode. */
function startProbe(sessions: SessionResolver, demoMode: boolean) {
  return startProbeApp(
    sessions,
    (calls) =>
      calls.register(adminProbe, () =>
        Promise.resolve({ data: "ok" as const }),
      ),
    { demoMode },
  );
}

async function post(url: string, token?: string) {
  const response = await fetch(`${url}/manage/test/probe`, {
    method: "POST",
    headers: token ? { Authorization: token } : {},
  });
  return (await response.json()) as {
    code: number;
    key: string;
    data: unknown;
  };
}

let api: TestApp;
let user: TestUser;
let adminToken: string;
let normal: ProbeApp;
let demo: ProbeApp;

beforeAll(async () => {
  api = await startTestApp();
  user = await registerAndLogin(api);
  const login = await api.post("/common/pub/login", {
    account: "admin",
    password: "admin-pass1",
  });
  adminToken = (login.data as { authToken: string }).authToken;
  normal = await startProbe(api.services.sessions, false);
  demo = await startProbe(api.services.sessions, true);
});

afterAll(async () => {
  await normal.app.close();
  await demo.app.close();
  await api.close();
});

describe("admin calls go through can(actor, 'console.open')", () => {
  it("a system administrator may", async () => {
    const answer = await post(normal.url, adminToken);
    expect(answer.code).toBe(0);
    expect(answer.data).toBe("ok");
  });

  it("a normal user gets the same answer as an unknown path", async () => {
    const answer = await post(normal.url, user.token);
    const unknown = await fetch(`${normal.url}/manage/no/such/call`, {
      method: "POST",
      headers: { Authorization: user.token },
    });
    expect(answer).toEqual(await unknown.json());
    expect(answer.code).toBe(404);
    expect(answer.key).toBe("request.notFound");
  });

  it("a visitor is asked to sign in", async () => {
    expect((await post(normal.url)).code).toBe(-1);
  });

  it("in demo mode a normal user may look, a visitor still may not", async () => {
    expect((await post(demo.url, user.token)).code).toBe(0);
    expect((await post(demo.url)).code).toBe(-1);
  });
});
