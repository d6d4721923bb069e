import { z } from "zod/mini";

/**
 * The response envelope every call answers with, always with the five keys
 * (decisions.md): `code` 0 is success, `msg` is human text in the caller's language,
 * `key` is a stable machine key for our own client's i18n.
 */
export function envelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({
    code: z.int(),
    msg: z.string(),
    key: z.optional(z.string()),
    data,
    count: z.number(),
    page: z.number(),
  });
}

/** The envelope with any payload; what an error answer parses as. */
export const AnyEnvelopeSchema = envelopeSchema(z.unknown());
/** An envelope whose payload has not been checked. */
export type AnyEnvelope = z.infer<typeof AnyEnvelopeSchema>;
