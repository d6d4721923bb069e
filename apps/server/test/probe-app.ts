import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { registerBodyParsers } from "../src/plugins/body.js";
import { type Calls, createCalls } from "../src/plugins/calls.js";
import { registerEnvelope } from "../src/plugins/envelope.js";
import type { SessionResolver } from "../src/plugins/session.js";

/** A listening app of the real plugins alone, with the calls a test registers. */
export interface ProbeApp {
  app: FastifyInstance;
  url: string;
}

/**
 * Builds an app from the same plugins as the product (body parsers, envelope, calls) with
 * the real sessions, so call registration and auth are checked apart from any feature.
 */
export async function startProbeApp(
  sessions: SessionResolver,
  register: (calls: Calls) => void,
  options: { demoMode?: boolean } = {},
): Promise<ProbeApp> {
  const app = Fastify();
  await app.register(cookie);
  registerBodyParsers(app, 1024 * 1024);
  registerEnvelope(app, sessions);
  const calls = createCalls(app, {
    sessions,
    validateResponses: true,
    policy: {
      config: () => Promise.reject(new Error("the probe reads no config")),
      actor: (user) => ({ ...user, demoMode: options.demoMode ?? false }),
    },
    publicUrl: undefined,
    spoolDir: path.join(os.tmpdir(), "parley-probe-uploads"),
    bodyLimit: 1024 * 1024,
  });
  register(calls);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
  };
}
