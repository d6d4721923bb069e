import { defineModule } from "../../context.js";
import { registerCallRoutes } from "./calls.routes.js";
import { CallsService } from "./calls.service.js";
import type { CallsPorts } from "./calls.service.js";

/** One-to-one voice and video calls (issue 13): signalling relayed, records kept. */
export const callsModule = defineModule("calls", (ctx, ports: CallsPorts) => {
  const service = new CallsService({
    keys: ctx.keys,
    clock: ctx.clock,
    publish: ctx.publish,
    presence: ctx.presence,
    policy: ctx.policy,
    ...ports,
    logger: ctx.logger,
    ringMs: ctx.config.CALL_RING_MS,
    callsPerUser: ctx.limiter(
      "call-user",
      ctx.config.RATE_CALL_USER,
      ctx.config.RATE_CALL_WINDOW_S,
    ),
    signalsPerUser: ctx.limiter(
      "signal-user",
      ctx.config.RATE_SIGNAL_USER,
      ctx.config.RATE_SIGNAL_WINDOW_S,
    ),
  });
  return {
    service,
    register: (calls) => {
      registerCallRoutes(calls, service);
    },
  };
});
