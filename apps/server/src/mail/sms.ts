import type { SmsContentType, SmsMethod } from "@parley/protocol";

/*
 * Text messages through an HTTP SMS gateway (README: SMS_*, or the console's `sms`
 * settings): one request per message to a URL template the administrator sets, with an
 * optional body template. The address is the administrator's own, not a user's, so a
 * loopback or private host is allowed (a gateway on the same machine or network is common).
 * The code and the Authorization header are never logged, and no redirect is followed: the
 * header goes to the configured address only.
 */

/** How to reach the SMS gateway. */
export interface SmsSettings {
  /** The URL template: `{phone}`, `{code}`, `{text}` are put in URL-encoded. */
  url: string;
  method: SmsMethod;
  /** The POST body template: placeholders escaped for `contentType` ("" sends no body). */
  body: string;
  contentType: SmsContentType;
  /** The Authorization header's value, or "". */
  authHeader: string;
}

/** What a message's placeholders stand for. */
export interface SmsValues {
  phone: string;
  code: string;
  text: string;
}

/** The gateway did not take the message; the reason is safe to show an administrator. */
export class SmsFailed extends Error {}

/** No SMS gateway is configured: nothing can be texted. */
export class SmsNotConfigured extends Error {
  constructor() {
    super("no SMS gateway is configured");
  }
}

const PLACEHOLDER = /\{(phone|code|text)\}/g;

/**
 * A template with its placeholders replaced in one pass (a value holding "{code}" is not
 * read again), each value escaped by `escape`.
 */
export function fillTemplate(
  template: string,
  values: SmsValues,
  escape: (value: string) => string,
): string {
  return template.replace(PLACEHOLDER, (_whole, name: keyof SmsValues) =>
    escape(values[name]),
  );
}

/** A value inside a JSON string literal of the body template (the quotes are the template's). */
const jsonEscape = (value: string): string =>
  JSON.stringify(value).slice(1, -1);

/** The request a message makes: where, how, and with what body. */
export function smsRequest(
  settings: SmsSettings,
  values: SmsValues,
): { url: string; init: RequestInit } {
  const url = fillTemplate(settings.url, values, encodeURIComponent);
  const headers: Record<string, string> = { "User-Agent": "Parley" };
  if (settings.authHeader) headers.Authorization = settings.authHeader;
  if (settings.method === "GET")
    return { url, init: { method: "GET", headers } };
  headers["Content-Type"] = settings.contentType;
  const escape =
    settings.contentType === "application/json"
      ? jsonEscape
      : encodeURIComponent;
  return {
    url,
    init: {
      method: "POST",
      headers,
      body: fillTemplate(settings.body, values, escape),
    },
  };
}

/** Why a request failed, in words that hold neither the URL (it carries the code) nor a header. */
function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === "TimeoutError")
    return `the SMS gateway did not answer within ${String(timeoutMs / 1000)} s`;
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === "object" && cause !== null && "code" in cause
      ? String(cause.code)
      : "";
  return `the SMS gateway could not be reached${code ? ` (${code})` : ""}`;
}

/** Sends text messages through the configured gateway, read at each send. */
export class SmsGateway {
  constructor(
    /** The settings in force, or null when no gateway is set up. */
    private readonly settings: () => Promise<SmsSettings | null>,
    /** How long the gateway may take to answer. */
    private readonly timeoutMs: number,
  ) {}

  async configured(): Promise<boolean> {
    return (await this.settings()) !== null;
  }

  /**
   * Sends one message; throws SmsNotConfigured without a gateway, and SmsFailed when the
   * gateway answers other than 2xx, cannot be reached, or does not answer in time.
   */
  async send(values: SmsValues): Promise<void> {
    const settings = await this.settings();
    if (!settings) throw new SmsNotConfigured();
    const { url, init } = smsRequest(settings, values);
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new SmsFailed(failureReason(error, this.timeoutMs));
    }
    // The answer's body is not needed; it is let go so the connection is freed.
    await response.body?.cancel().catch(() => undefined);
    if (response.status < 200 || response.status > 299)
      throw new SmsFailed(
        `the SMS gateway answered HTTP ${String(response.status)}`,
      );
  }
}
