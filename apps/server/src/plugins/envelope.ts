import { Codes, type Language, type MessageKey } from "@parley/protocol";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from "fastify";
import { AppError } from "../lib/errors.js";
import { translate } from "../lib/messages.js";
import { requestLanguage } from "./language.js";
import { type SessionResolver, tokenFromRequest } from "./session.js";

/** The five-key envelope of decisions.md, plus the machine key our own client reads. */
export interface Envelope {
  code: number;
  msg: string;
  key: MessageKey;
  data: unknown;
  count: number;
  page: number;
}

/** Builds an envelope with `msg` in the caller's language. */
export function envelope(
  lang: Language,
  code: number,
  key: MessageKey,
  data: unknown = "",
  extra: {
    count?: number;
    page?: number;
    params?: Record<string, string | number>;
  } = {},
): Envelope {
  return {
    code,
    msg: translate(key, lang, extra.params),
    key,
    data,
    count: extra.count ?? 0,
    page: extra.page ?? 0,
  };
}

/**
 * A working envelope as JSON text around `data` already written as JSON: the same keys in
 * the same order as `envelope` gives them to the serializer.
 */
export function envelopeText(
  lang: Language,
  key: MessageKey,
  dataText: string,
  extra: { count?: number | undefined; page?: number | undefined } = {},
): string {
  return `{"code":${String(Codes.ok)},"msg":${JSON.stringify(translate(key, lang))},"key":${JSON.stringify(key)},"data":${dataText},"count":${String(extra.count ?? 0)},"page":${String(extra.page ?? 0)}}`;
}

/**
 * The answer to a request Fastify refuses before any route (a path it cannot decode): the
 * same clear envelope as any malformed request, which the error handler, set on the routes,
 * never sees.
 */
export function frameworkRefusal(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ err: error }, "refused a malformed request");
  void reply
    .code(200)
    .send(
      envelope(requestLanguage(request), Codes.refused, fastifyErrorKey(error)),
    );
}

function fastifyErrorKey(error: FastifyError): MessageKey {
  // Calls take no file part (uploads set their own limits): a file is the wrong kind of body.
  if (error.code === "FST_FILES_LIMIT") return "request.unsupportedType";
  if (error.statusCode === 413 || error.code === "FST_REQ_FILE_TOO_LARGE")
    return "request.tooLarge";
  if (error.statusCode === 415) return "request.unsupportedType";
  return "request.invalid";
}

/**
 * Every answered call is HTTP 200 with an envelope; a refusal never changes anything and
 * never surfaces as a 500. Only a bug answers 500, and it is logged.
 */
export function registerEnvelope(
  app: FastifyInstance,
  sessions: SessionResolver,
): void {
  app.setErrorHandler(
    async (
      error: FastifyError | AppError,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => {
      // A body refused before the call ran still answers in the signed-in user's language.
      if (!request.userLang) {
        const token = tokenFromRequest(request);
        if (token)
          request.userLang = await sessions.resolve(token).then(
            (s) => s.lang,
            () => null,
          );
      }
      const lang = requestLanguage(request);
      if (error instanceof AppError) {
        if (error.retryAfterSeconds !== undefined)
          void reply.header("Retry-After", String(error.retryAfterSeconds));
        return reply
          .code(200)
          .send(
            envelope(lang, error.code, error.key, "", { params: error.params }),
          );
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, "refused a malformed request");
        return reply
          .code(200)
          .send(envelope(lang, Codes.refused, fastifyErrorKey(error)));
      }
      request.log.error({ err: error }, "unexpected error");
      return reply.code(500).send(envelope(lang, 500, "server.error"));
    },
  );

  app.setNotFoundHandler(async (request, reply) => {
    const lang = requestLanguage(request);
    return reply.code(404).send(envelope(lang, 404, "request.notFound"));
  });
}
