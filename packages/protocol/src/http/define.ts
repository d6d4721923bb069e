import type { z } from "zod/mini";

/**
 * Who may make a call: anyone; anyone, with the session used when there is one; a
 * signed-in user; an administrator (role above 0, or demo mode).
 */
export type CallAuth = "public" | "optional" | "session" | "admin";

/** One call of the wire: its root path, who may make it, its request and its `data`. */
export interface CallDescriptor<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Res extends z.ZodMiniType = z.ZodMiniType,
> {
  /** The canonical path; the server also matches it case-insensitively. */
  readonly path: `/${string}`;
  readonly auth: CallAuth;
  readonly request: Req;
  readonly response: Res;
  /**
   * Fields existing clients send that the server never reads: dropped before a form body
   * is parsed, so a long one costs nothing.
   */
  readonly ignore?: readonly string[];
  /**
   * A multipart call that carries one file in this field (an upload); other calls refuse
   * a file. The server sets the size limit and reads the file's type from its bytes.
   */
  readonly upload?: { readonly field: string };
}

/** Declares a call descriptor, keeping its exact schema types. */
export function defineCall<
  Req extends z.ZodMiniType,
  Res extends z.ZodMiniType,
>(descriptor: CallDescriptor<Req, Res>): CallDescriptor<Req, Res> {
  return descriptor;
}

/** The parsed request of a call. */
export type CallRequest<C extends CallDescriptor> = z.output<C["request"]>;
/** The `data` a call answers with. */
export type CallResponse<C extends CallDescriptor> = z.output<C["response"]>;

/** The outcome of checking a body against a descriptor: the typed value, or zod's issues. */
export type CallParse<T> = z.core.util.SafeParseResult<T>;

/** Checks a request body against its call's schema: what the server does with every call. */
export function parseCallRequest<C extends CallDescriptor>(
  call: C,
  body: unknown,
): CallParse<CallRequest<C>> {
  // safeParse of a generic C["request"] is typed by its constraint; it is C's own schema.
  return call.request.safeParse(body) as CallParse<CallRequest<C>>;
}

/** Checks an answer's `data` against its call's schema: what the client does with every answer. */
export function parseCallResponse<C extends CallDescriptor>(
  call: C,
  data: unknown,
): CallParse<CallResponse<C>> {
  // As above: C["response"] is C's own response schema.
  return call.response.safeParse(data) as CallParse<CallResponse<C>>;
}
