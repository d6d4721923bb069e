import { EXTENSION_ICONS, extensionCategory } from "@parley/protocol";
import type { FastifyInstance } from "fastify";
import type Sharp from "sharp";
import { lazyRequire } from "../lib/lazy-require.js";
import { envelope } from "./envelope.js";
import { requestLanguage } from "./language.js";

const sharp = lazyRequire<typeof Sharp>("sharp");

/** Where the icons are (wire-contract.md §5.8: a file message's `extUrl`). */
export const EXT_ICON_PREFIX = "/static/img/ext/";

/** The side of an icon in pixels: twice the size clients draw it, for sharp screens. */
const SIZE = 96;

/** The kinds of file an icon can show, each with its colour and what it draws. */
type Kind =
  | "pdf"
  | "word"
  | "sheet"
  | "slides"
  | "text"
  | "image"
  | "audio"
  | "video"
  | "archive"
  | "code"
  | "folder"
  | "other";

const KIND_OF: Record<string, Kind> = {
  pdf: "pdf",
  doc: "word",
  docx: "word",
  odt: "word",
  rtf: "word",
  pages: "word",
  epub: "word",
  xls: "sheet",
  xlsx: "sheet",
  csv: "sheet",
  ods: "sheet",
  numbers: "sheet",
  ppt: "slides",
  pptx: "slides",
  odp: "slides",
  key: "slides",
  txt: "text",
  md: "text",
  zip: "archive",
  rar: "archive",
  "7z": "archive",
  gz: "archive",
  tar: "archive",
  iso: "archive",
  json: "code",
  xml: "code",
  html: "code",
  sql: "code",
  js: "code",
  ts: "code",
  py: "code",
  java: "code",
  folder: "folder",
};

const COLOUR: Record<Kind, string> = {
  pdf: "#e5484d",
  word: "#2f6fdf",
  sheet: "#2e9e5b",
  slides: "#e8793a",
  text: "#6b7280",
  image: "#a855f7",
  audio: "#e0489a",
  video: "#7c4ddf",
  archive: "#b7791f",
  code: "#0f8b8d",
  folder: "#f2b01e",
  other: "#8a94a6",
};

/** What each kind draws on its page, in white, within the page's lower part. */
const GLYPH: Record<Kind, string> = {
  pdf: `<path d="M30 70h36M30 60h36M30 50h24" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`,
  word: `<path d="M30 48l6 24 6-16 6 16 6-24" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>`,
  sheet: `<path d="M30 48h36v26H30zM30 61h36M48 48v26" fill="none" stroke="#fff" stroke-width="4"/>`,
  slides: `<path d="M30 48h36v22H30zM48 70v8" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`,
  text: `<path d="M30 50h36M30 60h36M30 70h22" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`,
  image: `<path d="M28 74l12-16 9 10 7-8 12 14z" fill="#fff"/><circle cx="58" cy="50" r="5" fill="#fff"/>`,
  audio: `<path d="M44 72V50l20-5v22" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/><circle cx="40" cy="72" r="6" fill="#fff"/><circle cx="60" cy="67" r="6" fill="#fff"/>`,
  video: `<path d="M40 46v28l22-14z" fill="#fff"/>`,
  archive: `<path d="M44 30h8M48 36h8M44 42h8M48 48h8" stroke="#fff" stroke-width="4"/><rect x="42" y="54" width="16" height="18" rx="3" fill="none" stroke="#fff" stroke-width="4"/>`,
  code: `<path d="M40 48l-10 12 10 12M56 48l10 12-10 12" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
  folder: "",
  other: `<path d="M32 54h32M32 66h32" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`,
};

/** A page with a folded corner in the kind's colour and its glyph; a folder is a folder. */
function iconSvg(kind: Kind): string {
  const colour = COLOUR[kind];
  const shape =
    kind === "folder"
      ? `<path d="M8 22a6 6 0 0 1 6-6h22l8 9h38a6 6 0 0 1 6 6v45a6 6 0 0 1-6 6H14a6 6 0 0 1-6-6z" fill="${colour}"/>`
      : `<path d="M18 6h42l22 22v56a6 6 0 0 1-6 6H18a6 6 0 0 1-6-6V12a6 6 0 0 1 6-6z" fill="${colour}"/>` +
        `<path d="M60 6v16a6 6 0 0 0 6 6h16z" fill="#fff" fill-opacity=".45"/>` +
        GLYPH[kind];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 96 96">${shape}</svg>`;
}

/** The kind an icon name shows: a known extension's, a picture, a sound, a clip, else other. */
function kindOf(name: string): Kind {
  const known = KIND_OF[name];
  if (known) return known;
  const kinds: Partial<Record<number, Kind>> = {
    2: "image",
    3: "audio",
    4: "video",
  };
  return (
    kinds[extensionCategory(name)] ??
    (["svg", "psd", "ai"].includes(name) ? "image" : "other")
  );
}

/**
 * Serves the file-type icons a file message's `extUrl` names (wire-contract.md §5.8):
 * `/static/img/ext/<ext>.png` for the extensions of EXTENSION_ICONS, `file.png` and
 * `folder.png`. Drawn once per kind with sharp (no font needed) and held: a dozen small
 * pictures. Any other name answers 404 like any unknown path, so a client cannot make the
 * server draw more.
 */
export function registerExtIcons(app: FastifyInstance): void {
  const drawn = new Map<Kind, Promise<Buffer>>();
  const draw = (kind: Kind): Promise<Buffer> => {
    let png = drawn.get(kind);
    if (!png) {
      png = sharp()(Buffer.from(iconSvg(kind)))
        .png()
        .toBuffer();
      drawn.set(kind, png);
      // A failed draw is not held: the next request tries again.
      png.catch(() => drawn.delete(kind));
    }
    return png;
  };
  app.get<{ Params: { name: string } }>(
    `${EXT_ICON_PREFIX}:name`,
    async (request, reply) => {
      const match = /^([a-z0-9]{1,10})\.png$/.exec(request.params.name);
      const name = match?.[1];
      if (
        name === undefined ||
        !(EXTENSION_ICONS.has(name) || name === "file" || name === "folder")
      )
        return reply
          .code(404)
          .send(envelope(requestLanguage(request), 404, "request.notFound"));
      const png = await draw(kindOf(name));
      return reply
        .header("Content-Type", "image/png")
        .header("Cache-Control", "public, max-age=86400")
        .send(png);
    },
  );
}
