import {
  AnyEnvelopeSchema,
  type CallDescriptor,
  type CallRequest,
  type CallResponse,
  parseCallResponse,
} from "@parley/protocol";
import { dialog, refusalText, toast } from "../lib/feedback";
import { i18n } from "../i18n";
import { useSessionStore } from "../stores/session.store";

/** SPEC §9: a request gives up after 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Codes SPEC §8 shows as a warning toast; other non-zero codes are error toasts. */
const WARNING_CODES = new Set([400, 402, 403, 404, 405, 500, 502]);

/** A call that answered with a non-zero code, or did not answer. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly key?: string,
    /** The request never got an answer (network down, timeout). */
    readonly network = false,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface CallOptions {
  /** Show nothing on failure (the user card ignores non-zero codes, SPEC §8). */
  silent?: boolean;
}

export interface Answer<T> {
  data: T;
  count: number;
  page: number;
  msg: string;
}

let onSessionEnded: () => void = () => {
  window.location.reload();
};

/** Lets the app decide what a -1 does after the dialog (tests replace the reload). */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

function sessionEnded(text: string): void {
  dialog({
    title: i18n.t("common:sessionEnded.title"),
    content: text,
    okText: i18n.t("common:sessionEnded.logIn"),
    onOk: () => {
      useSessionStore.getState().signOut();
      onSessionEnded();
    },
  });
}

/** A call's body and options: the body may be left out when every field is optional. */
export type CallArgs<C extends CallDescriptor> =
  Record<string, never> extends CallRequest<C>
    ? [body?: CallRequest<C>, options?: CallOptions]
    : [body: CallRequest<C>, options?: CallOptions];

/**
 * Posts one call as JSON with the session headers, and answers its checked `data`. Every
 * failure of SPEC §8 is shown here, once, and thrown as an ApiError for the caller's state.
 */
export async function call<C extends CallDescriptor>(
  descriptor: C,
  ...[body, options = {}]: CallArgs<C>
): Promise<Answer<CallResponse<C>>> {
  return send(
    descriptor,
    { "Content-Type": "application/json" },
    JSON.stringify(body ?? {}),
    options,
  );
}

/**
 * Posts an upload call as multipart (wire-contract.md §1.2): the file in the descriptor's
 * field beside the other fields. The browser writes the Content-Type with its boundary.
 */
export async function upload<C extends CallDescriptor>(
  descriptor: C,
  file: Blob,
  fields: CallRequest<C>,
  options: CallOptions = {},
): Promise<Answer<CallResponse<C>>> {
  if (!descriptor.upload) throw new Error(`${descriptor.path} takes no file`);
  const form = new FormData();
  // A request schema is a z.object: what it parses to is a record of its fields.
  for (const [name, value] of Object.entries(fields as object))
    if (value !== undefined) form.append(name, String(value));
  form.append(
    descriptor.upload.field,
    file,
    file instanceof File ? file.name : "blob",
  );
  return send(descriptor, {}, form, options);
}

async function send<C extends CallDescriptor>(
  descriptor: C,
  headers: Record<string, string>,
  body: BodyInit,
  options: CallOptions,
): Promise<Answer<CallResponse<C>>> {
  const { token, sessionId } = useSessionStore.getState();
  if (token) headers.Authorization = token;
  if (sessionId) headers.sessionId = sessionId;

  let response: Response;
  try {
    response = await fetch(descriptor.path, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    const text = i18n.t("errors:network");
    if (!options.silent) toast("error", text);
    throw new ApiError(0, text, undefined, true);
  }

  const payload: unknown = await response.json().catch(() => null);
  const envelope = AnyEnvelopeSchema.safeParse(payload);

  // No envelope: SPEC §8's own text for a server error, a generic one otherwise.
  if (!envelope.success) {
    const text =
      response.status >= 500
        ? i18n.t("errors:http500")
        : i18n.t("errors:unknown");
    if (!options.silent) toast("error", text);
    throw new ApiError(response.status, text);
  }

  const { code, msg, key, data, count, page } = envelope.data;
  if (code === 0) {
    const parsed = parseCallResponse(descriptor, data);
    if (!parsed.success) throw new ApiError(0, i18n.t("errors:unknown"));
    return { data: parsed.data, count, page, msg };
  }
  const retryAfter = Number(response.headers.get("Retry-After"));
  const text = refusalText({
    key,
    msg,
    retryAfterSeconds: retryAfter > 0 ? retryAfter : undefined,
  });
  if (code === -1) {
    if (useSessionStore.getState().token) sessionEnded(text);
  } else if (!options.silent) {
    toast(WARNING_CODES.has(code) ? "warning" : "error", text);
  }
  throw new ApiError(code, text, key);
}
