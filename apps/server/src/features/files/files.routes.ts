import { files as calls } from "@parley/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.js";
import { type Calls, requireSession } from "../../plugins/calls.js";
import { envelope } from "../../plugins/envelope.js";
import { requestLanguage } from "../../plugins/language.js";
import type { ByteRange } from "../../storage/storage.js";
import {
  type FilesService,
  showsInline,
  type StoredFile,
} from "./files.service.js";

const MB = 1024 * 1024;

/** Every file answer: never sniffed, never a page, never a script of this origin (C1). */
const FILE_CSP =
  "sandbox; default-src 'none'; media-src 'self'; img-src 'self'";

/**
 * `Content-Disposition` for a name in any language (RFC 6266): an ASCII fallback with
 * nothing that could end the header or the quotes, and the exact name UTF-8 encoded.
 */
export function contentDisposition(
  kind: "inline" | "attachment",
  name: string,
): string {
  const fallback =
    name
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\;]/g, "_")
      .trim() || "file";
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The one byte range asked for, within a file of `size` bytes: null for the whole file,
 * "unsatisfiable" for a range outside it or one the server does not serve (several).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return "unsatisfiable";
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return "unsatisfiable";
  if (from === "") {
    // The last `to` bytes.
    const length = Math.min(Number(to), size);
    if (length === 0) return "unsatisfiable";
    return { start: size - length, end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .header("Cache-Control", "no-store")
    .send(envelope(requestLanguage(request), 404, "request.notFound"));
}

/** The headers every file answer carries: its type and name, and what keeps it inert. */
function fileHeaders(
  reply: FastifyReply,
  type: string,
  disposition: string,
): FastifyReply {
  return (
    reply
      .header("Content-Type", type)
      .header("Content-Disposition", disposition)
      .header("Content-Security-Policy", FILE_CSP)
      .header("X-Content-Type-Options", "nosniff")
      // Access can end (leaving a group): a copy is kept privately, and briefly.
      .header("Cache-Control", "private, max-age=300")
  );
}

/** Sends a file's bytes (or the range asked for) with the headers that keep it inert. */
async function sendFile(
  service: FilesService,
  file: StoredFile,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const query = request.query as { download?: string; thumb?: string };
  const inline = showsInline(file) && query.download === undefined;
  // A picture's small copy for lists and bubbles; the picture itself until one is made.
  if (inline && query.thumb !== undefined && file.thumbKey) {
    const thumb = await service.thumbnail(file);
    if (thumb)
      return fileHeaders(
        reply,
        "image/jpeg",
        contentDisposition("inline", file.name),
      ).send(thumb);
  }
  const range = byteRange(request.headers.range, file.size);
  void fileHeaders(
    reply,
    inline ? file.mime : "application/octet-stream",
    contentDisposition(inline ? "inline" : "attachment", file.name),
  ).header("Accept-Ranges", "bytes");
  if (range === "unsatisfiable")
    return reply
      .code(416)
      .header("Content-Range", `bytes */${String(file.size)}`)
      .send("");
  const body = await service.bytes(file, range ?? undefined);
  if (!body) return notFound(request, reply);
  if (range) {
    return reply
      .code(206)
      .header(
        "Content-Range",
        `bytes ${String(range.start)}-${String(range.end)}/${String(file.size)}`,
      )
      .header("Content-Length", String(range.end - range.start + 1))
      .send(body);
  }
  return reply.header("Content-Length", String(file.size)).send(body);
}

export function registerFilesRoutes(
  registry: Calls,
  files: FilesService,
  maxMegabytes: () => Promise<number>,
): void {
  registry.upload(
    calls.uploadFile,
    {
      maxBytes: async () => (await maxMegabytes()) * MB,
      tooLarge: "file.tooLarge",
      spool: true,
      admit: async (session) => {
        if (session) await files.admitUpload(session.userId);
      },
    },
    async (input, ctx) => ({
      data: await files.upload(
        requireSession(ctx).userId,
        input.message,
        ctx.spooled,
        ctx.publicUrl,
      ),
    }),
  );

  registry.register(calls.index, async (input, ctx) => {
    const session = requireSession(ctx);
    const { entries, total } = await files.library(
      { userId: session.userId, role: session.role },
      input,
      ctx.publicUrl,
    );
    return { data: entries, count: total, page: input.page };
  });

  // A file by its id: to its uploader and to whoever may see a message carrying it.
  registry.serve("/files/:id", async (request, reply, session) => {
    const { id } = request.params as { id: string };
    if (!/^\d{1,15}$/.test(id)) return notFound(request, reply);
    // The document preview service fetches with a signed link, not a session (item 8).
    const { preview } = request.query as { preview?: unknown };
    if (!session && typeof preview === "string" && preview.length < 512) {
      const linked = await files.openByPreviewLink(Number(id), preview);
      return linked
        ? sendFile(files, linked, request, reply)
        : notFound(request, reply);
    }
    if (!session) return notFound(request, reply);
    let file: StoredFile;
    try {
      file = await files.openFor(
        { userId: session.userId, role: session.role },
        Number(id),
        true,
      );
    } catch (error) {
      if (error instanceof AppError) return notFound(request, reply);
      throw error;
    }
    return sendFile(files, file, request, reply);
  });
}
