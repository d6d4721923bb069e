import * as protocol from "@parley/protocol";
import { type CallDescriptor, PRODUCT_VERSION } from "@parley/protocol";
import { z } from "zod";

/*
 * The OpenAPI 3.1 description of every call (issue 48, extensions.md §9): generated from
 * the protocol's descriptors with zod's own JSON Schema output (never a copy written by
 * hand), each call a `post` at its canonical path with its request as JSON, form or
 * multipart, its answer inside the envelope, and who may make it.
 */

type Json = Record<string, unknown>;

function isCall(value: unknown): value is CallDescriptor {
  return (
    typeof value === "object" &&
    value !== null &&
    "path" in value &&
    "request" in value &&
    "response" in value
  );
}

/** Every call the protocol describes, once each, by path. */
export function protocolCalls(): CallDescriptor[] {
  const found = new Map<string, CallDescriptor>();
  const visit = (value: unknown) => {
    if (isCall(value)) found.set(value.path, value);
  };
  const exports: unknown[] = Object.values(protocol);
  for (const exported of exports) {
    visit(exported);
    // The namespaces (accounts, groups, manage…): one level down.
    if (typeof exported === "object" && exported !== null && !isCall(exported))
      for (const inner of Object.values(exported)) visit(inner);
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}

/** A schema as JSON Schema (2020-12, OpenAPI 3.1's), as the side `io` sees it. */
function jsonSchema(schema: z.core.$ZodType, io: "input" | "output"): Json {
  const made = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    // Transforms and refinements have no JSON Schema: their input side stands for them.
    unrepresentable: "any",
  }) as Json;
  delete made.$schema;
  return made;
}

const AUTH_TEXT: Record<CallDescriptor["auth"], string> = {
  public: "Anyone.",
  optional: "Anyone; the session is used when one is given.",
  session: "A signed-in user (a person's session or a bot's token).",
  admin: "An administrator.",
};

function operation(call: CallDescriptor): Json {
  const request = jsonSchema(call.request, "input");
  const body: Json = call.upload
    ? { "multipart/form-data": { schema: request } }
    : {
        "application/json": { schema: request },
        "application/x-www-form-urlencoded": { schema: request },
      };
  const security =
    call.auth === "public"
      ? []
      : call.auth === "optional"
        ? [{}, { token: [] }]
        : [{ token: [] }];
  return {
    operationId: call.path.slice(1).replaceAll("/", "_"),
    tags: [call.path.split("/")[1] ?? "api"],
    description: `${AUTH_TEXT[call.auth]} Bodies may be JSON, form-encoded (bracket notation) or multipart.`,
    security,
    requestBody: { required: true, content: body },
    responses: {
      "200": {
        description:
          "The envelope: `code` 0 and `data` on success; another code and a readable `msg` when refused.",
        content: {
          "application/json": {
            schema: {
              allOf: [
                { $ref: "#/components/schemas/Envelope" },
                {
                  type: "object",
                  properties: { data: jsonSchema(call.response, "output") },
                },
              ],
            },
          },
        },
      },
    },
  };
}

/** The whole document. */
export function openApiDocument(
  calls: readonly CallDescriptor[] = protocolCalls(),
): Json {
  const paths: Json = {};
  for (const call of calls) paths[call.path] = { post: operation(call) };
  return {
    openapi: "3.1.0",
    info: {
      title: "Parley API",
      version: PRODUCT_VERSION,
      description:
        "Every call of Parley's wire: POST at its root path, answered by the envelope. Sign calls with `Authorization: Bearer <token>` (a session's token from `login`, or a bot's from the console).",
    },
    paths,
    components: {
      securitySchemes: {
        token: {
          type: "http",
          scheme: "bearer",
          description:
            "A session's token (`login` answers it as `authToken`) or a bot's token.",
        },
      },
      schemas: {
        Envelope: {
          type: "object",
          required: ["code", "msg", "data"],
          properties: {
            code: {
              type: "integer",
              description: "0 success; anything else a refusal.",
            },
            msg: {
              type: "string",
              description: "What happened, in the caller's language.",
            },
            key: {
              type: "string",
              description: "The message's stable key, for clients' own texts.",
            },
            data: {},
            count: { type: "integer", description: "A list's total." },
            page: { type: "integer", description: "A list's page." },
          },
        },
      },
    },
  };
}
