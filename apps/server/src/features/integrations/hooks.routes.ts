import { Codes, integrations } from "@parley/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.js";
import { type Calls, requireSession } from "../../plugins/calls.js";
import { type FieldFilter, parseForm, RawForm } from "../../plugins/body.js";
import { envelope } from "../../plugins/envelope.js";
import { requestLanguage } from "../../plugins/language.js";
import type { HooksService } from "./hooks.service.js";

/** The one field a form-encoded delivery brings (Slack's `payload`). */
const PAYLOAD_FIELD: FieldFilter = {
  keep: new Set(["payload"]),
  ignore: new Set(),
};

/** A group's webhooks (issue 48): the managers' calls, and the address hooks POST to. */
export function registerHookRoutes(
  registry: Calls,
  hooks: HooksService,
  publicUrl: string,
): void {
  registry.register(integrations.addHook, async (input, ctx) => ({
    data: await hooks.add(requireSession(ctx).userId, input, ctx.publicUrl),
    key: "ok",
  }));
  registry.register(integrations.hooks, async (input, ctx) => ({
    data: await hooks.list(requireSession(ctx).userId, input.id),
  }));
  registry.register(integrations.rotateHook, async (input, ctx) => ({
    data: await hooks.rotate(
      requireSession(ctx).userId,
      input.hook_id,
      ctx.publicUrl,
    ),
    key: "ok",
  }));
  registry.register(integrations.delHook, async (input, ctx) => {
    await hooks.remove(
      requireSession(ctx).userId,
      input.hook_id,
      ctx.publicUrl,
    );
    return { data: "" as const, key: "ok" };
  });
  // Slack's incoming webhooks answer `ok`; a refusal answers the envelope with its status.
  registry.receive("/hooks/:secret", async (request, reply) => {
    const { secret } = request.params as { secret: string };
    return receiving(request, reply, () =>
      hooks.deliver(secret, payloadBody(request.body), publicUrl),
    );
  });
}

/** A request's body as a hook reads it: JSON, or a form's `payload` field only. */
export function payloadBody(body: unknown): unknown {
  return body instanceof RawForm ? parseForm(body.text, PAYLOAD_FIELD) : body;
}

/**
 * What a tool's POST to one of our addresses answers: `ok` once `work` is done; a refusal
 * its envelope, with 404 for an unknown address, 429 (and Retry-After) past a limit, 400
 * otherwise.
 */
export async function receiving(
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<void>,
): Promise<FastifyReply> {
  try {
    await work();
    return await reply.type("text/plain; charset=utf-8").send("ok");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const status =
      error.key === "hook.notFound"
        ? 404
        : error.code === Codes.rateLimited
          ? 429
          : 400;
    if (error.retryAfterSeconds !== undefined)
      void reply.header("Retry-After", String(error.retryAfterSeconds));
    return reply.code(status).send(
      envelope(requestLanguage(request), error.code, error.key, "", {
        params: error.params,
      }),
    );
  }
}
