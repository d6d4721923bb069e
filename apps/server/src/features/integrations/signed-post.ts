import { createHmac } from "node:crypto";
import {
  fetchPublic,
  type PublicFetchOptions,
} from "../../lib/public-fetch.js";

/*
 * What outgoing webhooks and slash commands share (issue 48, extensions.md §9): a body
 * POSTed signed, under link previews' address rules (§5), and the answer read back.
 */

/** The most of an answer read. */
const ANSWER_MAX_BYTES = 64 * 1024;

/** The signature header of a body: `sha256=` and the hex HMAC-SHA256 under `key`. */
export function signature(key: string, body: string): string {
  return `sha256=${createHmac("sha256", key).update(body).digest("hex")}`;
}

/** Where a tool may be reached: the allowed intranet hosts (and the tests' resolver). */
export type ToolReach = Pick<PublicFetchOptions, "allowHosts" | "lookup">;

/**
 * POSTs `body` to a tool's address with `X-Parley-Signature` under `key`: no redirect
 * followed, only public addresses (or those `reach` allows), at most `timeoutMs`. Answers
 * the answer's type and bytes; throws FetchRefused (a status other than 2xx among them).
 */
export async function postSigned(
  url: string,
  body: { text: string; contentType: string },
  key: string,
  options: ToolReach & { timeoutMs: number; userAgent: string },
): Promise<{ contentType: string; body: Buffer }> {
  const { timeoutMs, userAgent, ...reach } = options;
  const answer = await fetchPublic(url, {
    ...reach,
    maxBytes: ANSWER_MAX_BYTES,
    timeoutMs,
    maxRedirects: 0,
    accept: "application/json, text/plain;q=0.5",
    userAgent,
    post: {
      body: Buffer.from(body.text, "utf8"),
      contentType: body.contentType,
    },
    headers: { "x-parley-signature": signature(key, body.text) },
  });
  return { contentType: answer.contentType, body: answer.body };
}

/**
 * What a tool answered: JSON `{text, response_type?}`, or a `text/plain` body (a plain
 * text answer, as Slack takes it); null for an empty or unreadable answer or no text.
 */
export function toolAnswer(
  contentType: string,
  body: Buffer,
): { text: string; responseType: string } | null {
  const raw = body.toString("utf8").trim();
  if (raw === "") return null;
  if (contentType.includes("json") || raw.startsWith("{")) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (typeof parsed !== "object" || parsed === null) return null;
      const answer = parsed as Record<string, unknown>;
      if (typeof answer.text !== "string" || answer.text.trim() === "")
        return null;
      return {
        text: answer.text,
        responseType:
          typeof answer.response_type === "string" ? answer.response_type : "",
      };
    } catch {
      return null;
    }
  }
  return contentType.startsWith("text/plain")
    ? { text: raw, responseType: "" }
    : null;
}
