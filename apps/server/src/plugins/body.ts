import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import { Blake3Hasher } from "@napi-rs/blake-hash";
import type { FastifyInstance, FastifyRequest } from "fastify";
import qs from "qs";
import { z } from "zod/mini";
import type { MessageKey } from "@parley/protocol";
import { AppError, refuse } from "../lib/errors.js";

/*
 * Existing clients post `qs.stringify` output: bracket notation for nested objects and
 * indexed arrays (wire-contract.md §1.2). qs merges key by key, so its cost grows with the
 * square of the parameters: a body is therefore split first (linear), the fields the call
 * does not read are dropped unparsed, and what is left is parsed only within limits that
 * fit the contract's largest real lists (hundreds of members or messages).
 */

/** The most parameters a call's form body may bring to the parser (≈10 ms of work at most). */
export const MAX_FORM_PARAMETERS = 1000;
/** The most parameters a body may carry at all, counted before anything is parsed. */
const MAX_RAW_PARAMETERS = 50_000;

const QS_OPTIONS: qs.IParseOptions = {
  arrayLimit: MAX_FORM_PARAMETERS,
  parameterLimit: MAX_FORM_PARAMETERS,
  throwOnLimitExceeded: true,
  depth: 6,
  allowPrototypes: false,
  allowDots: false,
  strictDepth: false,
};

/** A form body as received: each call parses only the fields it reads. */
export class RawForm {
  constructor(readonly text: string) {}
}

/** Which top-level fields a call reads; the others are dropped before parsing. */
export interface FieldFilter {
  /** The fields of the call's schema (null: keep every field). */
  readonly keep: ReadonlySet<string> | null;
  /** Fields existing clients send that the server never reads. */
  readonly ignore: ReadonlySet<string>;
}

/** The filter of a call: its schema's own keys, less the ones it ignores. */
export function fieldFilter(
  schema: z.core.$ZodType,
  ignore: readonly string[] = [],
): FieldFilter {
  return {
    keep:
      // Any zod object, classic or mini (the protocol's are mini).
      schema instanceof z.core.$ZodObject
        ? new Set(Object.keys(schema._zod.def.shape))
        : null,
    ignore: new Set(ignore),
  };
}

const KEEP_ALL: FieldFilter = { keep: null, ignore: new Set() };

function topLevelKey(segment: string): string {
  const end = segment.search(/[=[]|%5B/i);
  const raw = end === -1 ? segment : segment.slice(0, end);
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}

/** Parses a form-encoded body exactly as the server does, keeping the fields the filter names. */
export function parseForm(
  body: string,
  filter: FieldFilter = KEEP_ALL,
): Record<string, unknown> {
  const segments = body.split("&");
  if (segments.length > MAX_RAW_PARAMETERS) throw refuse("request.tooLarge");
  const kept = segments.filter((segment) => {
    if (segment === "") return false;
    const key = topLevelKey(segment);
    if (filter.ignore.has(key)) return false;
    return filter.keep === null || filter.keep.has(key);
  });
  try {
    return qs.parse(kept.join("&"), QS_OPTIONS);
  } catch (error) {
    // qs throws a RangeError past its parameter or array limit.
    if (error instanceof RangeError) throw refuse("request.tooLarge");
    throw error;
  }
}

/**
 * Registers the form and multipart parsers; JSON uses Fastify's own (which refuses
 * `__proto__`). A body still arriving when its answer has gone is read to its end within
 * bounds (`drainUnreadBodies`).
 */
export function registerBodyParsers(
  app: FastifyInstance,
  bodyLimit: number,
): void {
  drainUnreadBodies(app);
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit },
    (_request, body, done) => {
      done(
        null,
        new RawForm(typeof body === "string" ? body : body.toString("utf8")),
      );
    },
  );
  void app.register(multipart, {
    limits: {
      fieldSize: bodyLimit,
      fields: MAX_FORM_PARAMETERS,
      files: 0,
      parts: MAX_FORM_PARAMETERS,
    },
  });
}

/**
 * A request body that stops arriving is given up after `idleMs` without a byte: its
 * connection is closed, and whatever was reading it (a file being spooled, a form) fails
 * and cleans up after itself. Without this a client could hold a connection and a part
 * file for as long as it liked by sending half a body and waiting. Only the body is
 * timed: once it has arrived, answering (a download to a slow reader) is not.
 */
export function limitBodyPauses(app: FastifyInstance, idleMs: number): void {
  if (idleMs <= 0) return;
  app.addHook("onRequest", (request, _reply, done) => {
    const raw = request.raw;
    if (hasBody(raw) && !raw.complete) {
      raw.setTimeout(idleMs, () => {
        if (!raw.complete) raw.destroy();
      });
      const stop = () => raw.setTimeout(0);
      raw.once("end", stop);
      raw.once("close", stop);
    }
    done();
  });
}

function hasBody(raw: IncomingMessage): boolean {
  return (
    raw.headers["transfer-encoding"] !== undefined ||
    Number(raw.headers["content-length"] ?? 0) > 0
  );
}

/**
 * What is read of a body still arriving after its answer, at most, before the connection
 * is closed: whichever of the bytes and the time comes first.
 */
export const UNREAD_BODY_DRAIN = { bytes: 8 * 1024 * 1024, ms: 5_000 } as const;

/**
 * A request answered before its body has all arrived (an upload refused at its limit, a
 * call refused before it read its body) has its body read and thrown away after the
 * answer, within `limit`, and its connection closed only then. A client that writes its
 * whole body before it reads (most scripts) would otherwise have its writes refused by a
 * closed connection (EPIPE, ECONNRESET) and never read the answer; and a client sending
 * forever is closed at the bound instead of being read for as long as it likes.
 */
export function drainUnreadBodies(
  app: FastifyInstance,
  limit: { bytes: number; ms: number } = UNREAD_BODY_DRAIN,
): void {
  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    if (hasBody(raw) && !raw.complete) {
      // Before Node's own listener, which would otherwise dump the body unbounded (a
      // kept-alive answer) or close the connection at once (`Connection: close`).
      reply.raw.prependOnceListener("finish", () => {
        drainAfterAnswer(raw, limit);
      });
    }
    done();
  });
}

function drainAfterAnswer(
  raw: IncomingMessage,
  limit: { bytes: number; ms: number },
): void {
  const socket = raw.socket;
  if (raw.complete || raw.destroyed || socket.destroyed) return;
  let closing = false;
  let read = 0;
  const close = () => socket.destroy();
  const timer = setTimeout(close, limit.ms);
  timer.unref();
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > limit.bytes) close();
  };
  // A kept-alive connection goes on to its next request as Node left it.
  const finish = () => {
    clearTimeout(timer);
    raw.off("data", onData);
    socket.off("close", finish);
    Reflect.deleteProperty(socket, "destroySoon");
  };
  raw.once("end", () => {
    finish();
    // The whole body has been read: closing now sends no reset.
    if (closing) close();
  });
  socket.once("close", finish);
  // Whatever was reading the body (a refused upload's parser) reads it no more.
  raw.unpipe();
  raw.on("data", onData);
  raw.resume();
  // Node closes a `Connection: close` answer's socket with destroySoon once the answer is
  // written; with the body still arriving that close is a reset. Only the writing side
  // ends here (the client reads the answer to its end); the reading goes on within the
  // bounds above.
  socket.destroySoon = () => {
    closing = true;
    socket.end();
  };
}

/**
 * The request's fields as one object, whatever the encoding. Multipart fields are read in
 * order and re-parsed with the same bracket notation as forms; calls that take no file
 * refuse one.
 */
export async function readFields(
  request: FastifyRequest,
  bodyLimit: number,
  filter: FieldFilter = KEEP_ALL,
): Promise<unknown> {
  if (request.body instanceof RawForm)
    return parseForm(request.body.text, filter);
  if (!request.isMultipart()) return request.body ?? {};
  const params = new URLSearchParams();
  try {
    await readParts(request, bodyLimit, params);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = error instanceof Error && "code" in error ? error.code : null;
    // Calls take no file (uploads set their own limits): a file is the wrong kind of body.
    if (code === "FST_FILES_LIMIT") throw refuse("request.unsupportedType");
    // Past the parts or fields limit @fastify/multipart throws its own 413 errors.
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw refuse("request.tooLarge");
    // busboy's own failures (no boundary, a cut body) are the client's malformed request.
    throw refuse("request.invalid");
  }
  return parseForm(params.toString(), filter);
}

/** The one file of an upload call, read whole within its limit. */
export interface UploadedFile {
  readonly data: Buffer;
  /** As the client named it: shown, never trusted for the type. */
  readonly filename: string;
}

/** The one file of a large upload, written to a temporary file as it arrived. */
export interface SpooledFile {
  /** The temporary file; deleted when the call ends, whatever the handler did. */
  readonly path: string;
  readonly size: number;
  /** BLAKE3 of the bytes, hex: the content address the file is stored once under. */
  readonly digest: string;
  /** As the client named it: shown, never trusted for the type, never a path. */
  readonly filename: string;
}

/** How an upload call takes its file: the field, and the most bytes it may have. */
export interface UploadRule {
  readonly field: string;
  readonly maxBytes: number;
  /** The refusal when the file is larger. */
  readonly tooLarge: MessageKey;
  /**
   * A folder to stream the file into (chat files, up to many megabytes) instead of
   * reading it into memory (avatars).
   */
  readonly spoolDir?: string | undefined;
}

/** A byte limit in whole megabytes, as refusals state it. */
function megabytes(bytes: number): string {
  return String(Math.floor(bytes / (1024 * 1024)));
}

/** How much of an upload waits in memory for the disk: a bound, never the whole file. */
const SPOOL_BUFFER_BYTES = 1024 * 1024;

/**
 * Streams a file part to a new temporary file, hashing it on the way. BLAKE3, not SHA-256:
 * the hash runs on the event loop for every byte of every upload, and BLAKE3 takes a
 * quarter of SHA-256's time here (4.4 against 17.5 ms for 20 MB), time no other request
 * waits behind.
 */
async function spool(
  source: FilePart,
  dir: string,
  filename: string,
): Promise<SpooledFile> {
  stopAtLimit(source);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.upload`);
  const hash = new Blake3Hasher();
  let size = 0;
  // Chunks that arrive while a write is under way go out together in one writev.
  const out = createWriteStream(file, {
    flags: "wx",
    highWaterMark: SPOOL_BUFFER_BYTES,
  });
  try {
    await pipeline(
      source,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      }),
      out,
    );
  } catch (error) {
    // The pipeline fails at the first error, maybe before the file stream has opened (and
    // so created) the file: removed only once the stream has closed, or it would stay.
    if (!out.closed)
      await new Promise<void>((resolve) => out.once("close", () => resolve()));
    await rm(file, { force: true });
    throw error;
  }
  // busboy cuts a file at the limit when it does not fail it: a cut file is never kept.
  if (source.truncated) {
    await rm(file, { force: true });
    throw fileTooLarge();
  }
  return { path: file, size, digest: hash.digest("hex"), filename };
}

/** A file part as busboy streams it: cut (and `truncated`) at the size limit. */
type FilePart = Readable & { truncated?: boolean };

function fileTooLarge(): Error {
  return Object.assign(new Error("file too large"), {
    code: "FST_REQ_FILE_TOO_LARGE",
  });
}

/**
 * Fails a file part the moment it passes its limit. busboy itself only cuts the file and
 * goes on parsing the rest of the body, so a body without an honest length (chunked)
 * would be read to its end, however long, before the refusal.
 */
function stopAtLimit(part: FilePart): void {
  part.once("limit", () => part.destroy(fileTooLarge()));
}

/** A file part read into memory, failed as soon as it passes its limit. */
async function readWhole(part: FilePart): Promise<Buffer> {
  stopAtLimit(part);
  const chunks: Buffer[] = [];
  for await (const chunk of part) chunks.push(chunk as Buffer);
  if (part.truncated) throw fileTooLarge();
  return Buffer.concat(chunks);
}

/**
 * The fields and the one file of a multipart upload. A file over the limit is refused as
 * soon as the limit is passed, before the rest is read; a second file, a file in another
 * field, or a body that is not multipart are refused too.
 */
export async function readUpload(
  request: FastifyRequest,
  bodyLimit: number,
  filter: FieldFilter,
  rule: UploadRule,
): Promise<{
  fields: unknown;
  file: UploadedFile | null;
  spooled: SpooledFile | null;
}> {
  if (!request.isMultipart()) {
    return {
      fields: await readFields(request, bodyLimit, filter),
      file: null,
      spooled: null,
    };
  }
  // An honest length past the limit is refused before a byte of the body is read.
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > rule.maxBytes + bodyLimit)
    throw refuse(rule.tooLarge, { size: megabytes(rule.maxBytes) });
  const params = new URLSearchParams();
  let file: UploadedFile | null = null;
  let spooled: SpooledFile | null = null;
  let total = 0;
  try {
    for await (const part of request.parts({
      limits: {
        fieldSize: bodyLimit,
        fields: MAX_FORM_PARAMETERS,
        files: 1,
        fileSize: rule.maxBytes,
        parts: MAX_FORM_PARAMETERS,
      },
    })) {
      if (part.type === "file") {
        if (part.fieldname !== rule.field) {
          part.file.resume();
          throw refuse("request.unsupportedType");
        }
        if (rule.spoolDir)
          spooled = await spool(part.file, rule.spoolDir, part.filename);
        else
          file = { data: await readWhole(part.file), filename: part.filename };
        continue;
      }
      if (typeof part.value !== "string") throw refuse("request.invalid");
      if (part.valueTruncated || part.fieldnameTruncated)
        throw refuse("request.tooLarge");
      total +=
        Buffer.byteLength(part.fieldname) + Buffer.byteLength(part.value);
      if (total > bodyLimit) throw refuse("request.tooLarge");
      params.append(part.fieldname, part.value);
    }
  } catch (error) {
    // The rest of the body is not parsed: it is read and dropped after the answer.
    request.raw.unpipe();
    if (spooled) await rm(spooled.path, { force: true });
    if (error instanceof AppError) throw error;
    const code = error instanceof Error && "code" in error ? error.code : null;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw refuse(rule.tooLarge, { size: megabytes(rule.maxBytes) });
    if (code === "FST_FILES_LIMIT") throw refuse("request.unsupportedType");
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw refuse("request.tooLarge");
    throw refuse("request.invalid");
  }
  try {
    return { fields: parseForm(params.toString(), filter), file, spooled };
  } catch (error) {
    if (spooled) await rm(spooled.path, { force: true });
    throw error;
  }
}

async function readParts(
  request: FastifyRequest,
  bodyLimit: number,
  params: URLSearchParams,
): Promise<void> {
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
}
