import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import qs from "qs";
import { refuse } from "../lib/errors.js";

/*
 * Existing clients post `qs.stringify` output: bracket notation for nested objects and
 * indexed arrays (wire-contract.md §1.2). The array limit is raised so long lists stay
 * arrays; prototype keys are never honoured.
 */
const QS_OPTIONS: qs.IParseOptions = {
  arrayLimit: 10_000,
  parameterLimit: 20_000,
  depth: 6,
  allowPrototypes: false,
  allowDots: false,
  strictDepth: false,
};

/** Parses a form-encoded body exactly as the server does. */
export function parseForm(body: string): Record<string, unknown> {
  return qs.parse(body, QS_OPTIONS);
}

/** Registers the form and multipart parsers; JSON uses Fastify's own (which refuses `__proto__`). */
export function registerBodyParsers(
  app: FastifyInstance,
  bodyLimit: number,
): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit },
    (_request, body, done) => {
      try {
        done(
          null,
          parseForm(typeof body === "string" ? body : body.toString("utf8")),
        );
      } catch (error) {
        done(
          error instanceof Error ? error : new Error(String(error)),
          undefined,
        );
      }
    },
  );
  void app.register(multipart, {
    limits: { fieldSize: bodyLimit, fields: 2_000, files: 0, parts: 2_000 },
  });
}

/**
 * The request's fields as one object, whatever the encoding. Multipart fields are read in
 * order and re-parsed with the same bracket notation as forms; calls that take no file
 * refuse one.
 */
export async function readFields(
  request: FastifyRequest,
  bodyLimit: number,
): Promise<unknown> {
  if (!request.isMultipart()) return request.body ?? {};
  const params = new URLSearchParams();
  let total = 0;
  for await (const part of request.parts()) {
    if (part.type === "file") {
      part.file.resume();
      throw refuse("request.unsupportedType");
    }
    if (typeof part.value !== "string") throw refuse("request.invalid");
    // busboy cuts a field at the size limit instead of failing; a cut value is refused.
    if (part.valueTruncated || part.fieldnameTruncated) {
      throw refuse("request.tooLarge");
    }
    total += Buffer.byteLength(part.fieldname) + Buffer.byteLength(part.value);
    if (total > bodyLimit) throw refuse("request.tooLarge");
    params.append(part.fieldname, part.value);
  }
  return parseForm(params.toString());
}
