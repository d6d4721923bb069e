import {
  AnyEnvelopeSchema,
  Codes,
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
    /** A refusal for now (a rate): the seconds the server asked to wait (Retry-After). */
    readonly retryAfterSeconds?: number,
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

/** What an upload may be told: how far it got, and when to give up. */
export interface UploadOptions extends CallOptions {
  /** Bytes sent so far of the whole request body. */
  onProgress?: (sent: number, total: number) => void;
  /** Aborting cancels the upload; the promise rejects with an ApiError marked `cancelled`. */
  signal?: AbortSignal;
}

/** An upload the user cancelled: nothing to show, nothing was stored. */
export class UploadCancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "UploadCancelled";
  }
}

/**
 * Posts an upload call as multipart (wire-contract.md §1.2): the file in the descriptor's
 * field beside the other fields. The browser writes the Content-Type with its boundary.
 * XMLHttpRequest, not fetch: only it reports how much of the body has been sent.
 */
export async function upload<C extends CallDescriptor>(
  descriptor: C,
  file: Blob,
  fields: CallRequest<C>,
  options: UploadOptions = {},
): Promise<Answer<CallResponse<C>>> {
  if (!descriptor.upload) throw new Error(`${descriptor.path} takes no file`);
  const form = new FormData();
  // A request schema is a z.object: what it parses to is a record of its fields.
  for (const [name, value] of Object.entries(fields as object))
    if (value !== undefined)
      form.append(
        name,
        typeof value === "object" ? JSON.stringify(value) : String(value),
      );
  form.append(
    descriptor.upload.field,
    file,
    file instanceof File ? file.name : "blob",
  );
  const reply = await new Promise<Reply>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", descriptor.path);
    for (const [name, value] of Object.entries(sessionHeaders()))
      xhr.setRequestHeader(name, value);
    xhr.timeout = 0;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      resolve({
        status: xhr.status,
        payload,
        retryAfter: Number(xhr.getResponseHeader("Retry-After")),
      });
    };
    const failed = () => reject(new ApiError(0, "", undefined, true));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = () => reject(new UploadCancelled());
    if (options.signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    options.signal?.addEventListener("abort", () => xhr.abort(), {
      once: true,
    });
    xhr.send(form);
  }).catch((error: unknown) => {
    if (error instanceof ApiError) throw networkFailure(options);
    throw error;
  });
  return answer(descriptor, reply, options);
}

/** The headers that carry the session. */
function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const { token, sessionId } = useSessionStore.getState();
  if (token) headers.Authorization = token;
  if (sessionId) headers.sessionId = sessionId;
  return headers;
}

/** The request never got an answer: shown (unless silent) and returned to throw. */
function networkFailure(options: CallOptions): ApiError {
  const text = i18n.t("errors:network");
  if (!options.silent) toast("error", text);
  return new ApiError(0, text, undefined, true);
}

/** What came back: the HTTP status, the parsed body (null if not JSON), Retry-After. */
interface Reply {
  status: number;
  payload: unknown;
  retryAfter: number;
}

async function send<C extends CallDescriptor>(
  descriptor: C,
  headers: Record<string, string>,
  body: BodyInit,
  options: CallOptions,
): Promise<Answer<CallResponse<C>>> {
  let response: Response;
  try {
    response = await fetch(descriptor.path, {
      method: "POST",
      headers: { ...headers, ...sessionHeaders() },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw networkFailure(options);
  }
  const payload: unknown = await response.json().catch(() => null);
  return answer(
    descriptor,
    {
      status: response.status,
      payload,
      retryAfter: Number(response.headers.get("Retry-After")),
    },
    options,
  );
}

/** Reads an envelope: its checked data, or every failure of SPEC §8 shown once and thrown. */
function answer<C extends CallDescriptor>(
  descriptor: C,
  reply: Reply,
  options: CallOptions,
): Answer<CallResponse<C>> {
  const envelope = AnyEnvelopeSchema.safeParse(reply.payload);

  // No envelope: SPEC §8's own text for a server error, a generic one otherwise.
  if (!envelope.success) {
    const text =
      reply.status >= 500 ? i18n.t("errors:http500") : i18n.t("errors:unknown");
    if (!options.silent) toast("error", text);
    throw new ApiError(reply.status, text);
  }

  const { code, msg, key, data, count, page } = envelope.data;
  if (code === 0) {
    const parsed = parseCallResponse(descriptor, data);
    if (!parsed.success) throw new ApiError(0, i18n.t("errors:unknown"));
    return { data: parsed.data, count, page, msg };
  }
  const text = refusalText({
    key,
    msg,
    retryAfterSeconds: reply.retryAfter > 0 ? reply.retryAfter : undefined,
  });
  if (code === -1) {
    if (useSessionStore.getState().token) sessionEnded(text);
  } else if (code === Codes.totpSetupRequired) {
    // The administrators require two-factor and this session may only set it up.
    if (!window.location.hash.startsWith("#/two-factor"))
      window.location.hash = "#/two-factor";
  } else if (code === Codes.totpRequired) {
    // The login screen asks for the code in place: nothing to toast.
  } else if (!options.silent) {
    toast(WARNING_CODES.has(code) ? "warning" : "error", text);
  }
  throw new ApiError(
    code,
    text,
    key,
    false,
    reply.retryAfter > 0 ? reply.retryAfter : undefined,
  );
}
