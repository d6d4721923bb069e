import {
  can,
  type CallDescriptor,
  type CallRequest,
  type CallResponse,
  Codes,
  isLanguage,
  type Language,
  MESSAGE_KEYS,
  type MessageKey,
  parseCallRequest,
} from "@parley/protocol";
import { rm } from "node:fs/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod/mini";
import type { Policy } from "../context.js";
import { AppError, noSession, refuse } from "../lib/errors.js";
import { JsonText } from "../lib/json.js";
import {
  fieldFilter,
  readFields,
  readUpload,
  type SpooledFile,
  type UploadedFile,
} from "./body.js";
import { envelope, envelopeText } from "./envelope.js";
import { LANG_COOKIE, requestLanguage } from "./language.js";
import {
  type SessionContext,
  type SessionResolver,
  SETUP_CALLS,
  tokenFromRequest,
} from "./session.js";

/** What a handler knows about the caller. */
export interface CallContext {
  readonly ip: string;
  readonly userAgent: string;
  readonly lang: Language;
  /** Base for links: PUBLIC_URL, else "" (links relative to wherever the client loaded us). */
  readonly publicUrl: string;
  /** The caller's session; null only on public and optional calls. */
  readonly session: SessionContext | null;
  /** The raw token the caller presented, when any. */
  readonly token: string | null;
  /** Keeps a visitor's language in a cookie. */
  rememberLanguage(lang: Language): void;
  /** The file of an upload call (null when none came, and on every other call). */
  readonly file: UploadedFile | null;
  /** The file of a spooled upload (chat files), in a temporary file removed after the call. */
  readonly spooled: SpooledFile | null;
}

/** The session of a call whose auth demands one. */
export function requireSession(ctx: CallContext): SessionContext {
  if (!ctx.session) throw noSession();
  return ctx.session;
}

/** A call's answer: its `data`, and optionally a message key, `count` and `page`. */
export interface Answer<T> {
  data: T | JsonText<T>;
  key?: MessageKey;
  count?: number;
  page?: number;
  /** Answer in this language (after the caller switched it). */
  lang?: Language;
}

type Handler<C extends CallDescriptor> = (
  input: CallRequest<C>,
  ctx: CallContext,
) => Promise<Answer<CallResponse<C>>>;

interface CallsOptions {
  sessions: SessionResolver;
  /** The capability table's view of a caller (the console needs "console.open"). */
  policy: Policy;
  /** Check every answer against its descriptor (tests and development). */
  validateResponses: boolean;
  publicUrl: string | undefined;
  bodyLimit: number;
  /** Where spooled uploads are written while their call runs. */
  spoolDir: string;
}

const KNOWN_KEYS = new Set<string>(MESSAGE_KEYS);

function isMessageKey(value: string): value is MessageKey {
  return KNOWN_KEYS.has(value);
}

/** The first problem of a failed parse, as a message key the user can act on. */
function issueToError(error: z.core.$ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return refuse("request.invalid");
  const field = issue.path.map(String).join(".") || "body";
  if (isMessageKey(issue.message)) return refuse(issue.message, { field });
  return refuse("request.invalidField", { field });
}

/** How an upload call takes its file. */
export interface UploadLimit {
  /** The most bytes, read per request (the console may change it). */
  maxBytes: () => Promise<number>;
  tooLarge: MessageKey;
  /** Stream the file to a temporary file (`ctx.spooled`) rather than memory (`ctx.file`). */
  spool?: boolean;
  /** Refuses a caller before a byte of the body is read (a rate limit). */
  admit?: (session: SessionContext | null) => Promise<void>;
}

/** Registers calls on one app; features receive it from app.ts. */
export interface Calls {
  register<C extends CallDescriptor>(call: C, handler: Handler<C>): void;
  /** Every call registered so far (the API description must list each: openapi.test). */
  registered(): readonly CallDescriptor[];
  /**
   * Registers an upload call (its descriptor names the file's field): the file reaches the
   * handler as `ctx.file`, refused with `tooLarge` past `maxBytes` (read per request, so a
   * limit the console changes applies at once).
   */
  upload<C extends CallDescriptor>(
    call: C,
    limit: UploadLimit,
    handler: Handler<C>,
  ): void;
  /**
   * A link people open in a browser (a QR code's URL), not an API call: GET `path`, ending
   * in a `*` wildcard whose text `to` turns into a page of the web client (a path such as
   * `/#/join/…`). The browser is redirected there, on PUBLIC_URL (else this host), so a
   * link never leads to another site.
   */
  link(path: `${string}/*`, to: (rest: string) => `/${string}`): void;
  /** Where a registered link whose URL cannot be decoded leads (its page for no token). */
  brokenLink(url: string): string | null;
  /**
   * A resource a browser fetches by address (`<img src>`, a download link): GET `path`,
   * with the caller's session from the Authorization header or, since a browser sends no
   * header there, the file cookie every signed-in call from a browser sets. The handler writes the reply;
   * an error answers its envelope like a call's.
   */
  serve(
    path: string,
    handler: (
      request: FastifyRequest,
      reply: FastifyReply,
      session: SessionContext | null,
    ) => Promise<unknown>,
  ): void;
  /**
   * An address other systems POST to, not a call of the wire (a webhook, issue 48): no
   * session, the body parsed as every call's is (JSON, form or multipart fields); the
   * handler writes the reply, an error answers its envelope like a call's.
   */
  receive(
    path: string,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ): void;
}

/**
 * The cookie that carries the session token to file addresses only (wire-contract.md §2.3:
 * a message's file is an address the browser loads without our headers).
 */
export const FILE_COOKIE = "parley_files";
const FILE_COOKIE_PATH = "/files";
/**
 * Which session the file cookie was last set for (its id, not its token), sent on every
 * path: the file cookie itself never comes back to a call, so without this it was set
 * again on every answer.
 */
export const FILE_COOKIE_FOR = "parley_files_for";

/**
 * Registers one call at its root path (POST, matched case-insensitively): parse the body
 * with the descriptor, resolve the session its auth needs, run the handler, answer the
 * envelope.
 */
export function createCalls(app: FastifyInstance, shared: CallsOptions): Calls {
  app.decorateRequest("userLang", null);
  const links: Array<{ prefix: string; to: (rest: string) => string }> = [];
  const registered: CallDescriptor[] = [];
  const publicUrl = shared.publicUrl ?? "";
  return {
    brokenLink: (url) => {
      const lower = url.toLowerCase();
      const link = links.find(
        (l) => lower.startsWith(l.prefix) || lower === l.prefix.slice(0, -1),
      );
      return link ? `${publicUrl}${link.to("")}` : null;
    },
    register: (call, handler) => {
      registered.push(call);
      registerCall(app, shared, call, handler, null);
    },
    upload: (call, limit, handler) => {
      registered.push(call);
      registerCall(app, shared, call, handler, limit);
    },
    registered: () => registered,
    link: (path, to) => {
      links.push({ prefix: path.slice(0, -1).toLowerCase(), to });
      registerLink(app, publicUrl, path, to);
    },
    receive: (path, handler) => {
      app.post(path, (request, reply) => handler(request, reply));
    },
    serve: (path, handler) => {
      app.get(path, async (request, reply) => {
        const token =
          tokenFromRequest(request) ??
          cookieToken(request.cookies[FILE_COOKIE]);
        let session: SessionContext | null = null;
        if (token) {
          try {
            session = await shared.sessions.resolve(token);
          } catch {
            session = null;
          }
        }
        request.userLang = session?.lang ?? null;
        return handler(request, reply, session);
      });
    },
  };
}

/** A token as the file cookie holds it, or null for one no session could have. */
function cookieToken(value: string | undefined): string | null {
  return value && value.length <= 512 ? value : null;
}

/** A path on this site: one slash, not `//host` or `/\host`, which browsers read as a host. */
const SITE_PATH = /^\/(?![/\\])/;

function registerLink(
  app: FastifyInstance,
  publicUrl: string,
  path: string,
  to: (rest: string) => string,
): void {
  const answer = (rest: string, reply: FastifyReply) => {
    const target = to(rest);
    if (!SITE_PATH.test(target))
      throw new Error(`${path} would redirect off the site`);
    return reply
      .header("Cache-Control", "no-store")
      .redirect(`${publicUrl}${target}`, 302);
  };
  // The wildcard, not a named parameter: the router answers 404 for a parameter over 100
  // characters, and a signed token is about that long.
  app.get<{ Params: { "*"?: string } }>(path, async (request, reply) =>
    answer(request.params["*"] ?? "", reply),
  );
  // The link cut short before its last part (with or without the slash).
  app.get(path.slice(0, -2), async (_request, reply) => answer("", reply));
}

function registerCall<C extends CallDescriptor>(
  app: FastifyInstance,
  shared: CallsOptions,
  call: C,
  handler: Handler<C>,
  limit: UploadLimit | null,
): void {
  const filter = fieldFilter(call.request, call.ignore);
  if ((call.upload === undefined) !== (limit === null))
    throw new Error(`${call.path}: an upload call registers with upload()`);
  app.post(call.path, async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenFromRequest(request);
    let session: SessionContext | null = null;
    if (call.auth !== "public" && token) {
      try {
        session = await shared.sessions.resolve(token);
      } catch (error) {
        if (call.auth !== "optional") throw error;
      }
    }
    if ((call.auth === "session" || call.auth === "admin") && !session)
      throw noSession();
    // Two-factor is required and not on yet: nothing but setting it up (issue 46).
    if (session?.setupOnly && !SETUP_CALLS.has(call.path.toLowerCase()))
      throw new AppError("totp.setupRequired", Codes.totpSetupRequired);
    // Exactly what an unknown path answers: the console's calls do not exist for others.
    if (
      call.auth === "admin" &&
      session &&
      !can(shared.policy.actor(session), "console.open")
    ) {
      return reply
        .code(404)
        .send(envelope(requestLanguage(request), 404, "request.notFound"));
    }
    request.userLang = session?.lang ?? null;
    // Keeps the file cookie on this session's token, so the files of its messages load:
    // for a browser only (it sends Origin on every POST, the Fetch standard's rule; other
    // clients send none and keep no cookie, so each answer to them would carry two
    // Set-Cookie headers in vain: a third of a trivial call's time, issue 14).
    const sessionTag = session ? String(session.sessionId) : "";
    if (
      session &&
      token &&
      request.headers.origin !== undefined &&
      request.cookies[FILE_COOKIE_FOR] !== sessionTag
    ) {
      const options = {
        sameSite: "lax",
        httpOnly: true,
        secure: request.protocol === "https",
      } as const;
      void reply.setCookie(FILE_COOKIE, token, {
        ...options,
        path: FILE_COOKIE_PATH,
      });
      void reply.setCookie(FILE_COOKIE_FOR, sessionTag, {
        ...options,
        path: "/",
      });
    }

    let body: unknown;
    let file: UploadedFile | null = null;
    let spooled: SpooledFile | null = null;
    if (call.upload && limit) {
      try {
        await limit.admit?.(session);
        const read = await readUpload(request, shared.bodyLimit, filter, {
          field: call.upload.field,
          maxBytes: await limit.maxBytes(),
          tooLarge: limit.tooLarge,
          spoolDir: limit.spool ? shared.spoolDir : undefined,
        });
        body = read.fields;
        file = read.file;
        spooled = read.spooled;
      } catch (error) {
        // The rest of a refused upload is not worth reading: the connection closes.
        void reply.header("Connection", "close");
        throw error;
      }
    } else {
      body = await readFields(request, shared.bodyLimit, filter);
    }
    let answer: Awaited<ReturnType<Handler<C>>>;
    try {
      const parsed = parseCallRequest(call, body);
      if (!parsed.success) throw issueToError(parsed.error);
      const ctx: CallContext = {
        ip: request.ip,
        userAgent: (request.headers["user-agent"] ?? "").slice(0, 512),
        lang: requestLanguage(request),
        // Never the request's Host: links built here reach other users' sockets.
        publicUrl: shared.publicUrl ?? "",
        session,
        token,
        file,
        spooled,
        rememberLanguage: (lang) => {
          void reply.setCookie(LANG_COOKIE, lang, {
            path: "/",
            sameSite: "lax",
            httpOnly: true,
            maxAge: 365 * 24 * 3600,
          });
        },
      };
      answer = await handler(parsed.data, ctx);
    } finally {
      // A spooled upload's temporary file never outlives its call.
      if (spooled) await rm(spooled.path, { force: true });
    }
    const data = answer.data;
    if (shared.validateResponses) {
      const value = data instanceof JsonText ? data.value : data;
      if (data instanceof JsonText && JSON.stringify(value) !== data.text)
        throw new Error(`${call.path} answered JSON text of another value`);
      const checked = call.response.safeParse(value);
      if (!checked.success) {
        throw new Error(
          `${call.path} answered outside its descriptor: ${checked.error.message}`,
        );
      }
    }
    const lang =
      answer.lang && isLanguage(answer.lang)
        ? answer.lang
        : requestLanguage(request);
    const extra = { count: answer.count, page: answer.page };
    if (data instanceof JsonText)
      return reply
        .type("application/json; charset=utf-8")
        .send(envelopeText(lang, answer.key ?? "ok", data.text, extra));
    return reply.send(
      envelope(lang, Codes.ok, answer.key ?? "ok", data, extra),
    );
  });
}
