import type { FileEntry } from "@parley/protocol";

/** How a card draws a file without a picture of it: by what kind of file it is. */
export type FileKind =
  | "pdf"
  | "word"
  | "excel"
  | "powerpoint"
  | "text"
  | "markdown"
  | "archive"
  | "image"
  | "audio"
  | "video"
  | "other";

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: "pdf",
  doc: "word",
  docx: "word",
  wps: "word",
  rtf: "word",
  xls: "excel",
  xlsx: "excel",
  csv: "excel",
  ppt: "powerpoint",
  pptx: "powerpoint",
  txt: "text",
  log: "text",
  md: "markdown",
  zip: "archive",
  rar: "archive",
  "7z": "archive",
  gz: "archive",
  tar: "archive",
};

/** The kind of a library entry: its extension first, then its category, then its message type. */
export function fileKind(
  entry: Pick<FileEntry, "ext" | "cate" | "msg_type">,
): FileKind {
  const byExt = BY_EXTENSION[entry.ext.toLowerCase()];
  if (byExt) return byExt;
  if (entry.cate === 2 || entry.msg_type === "image") return "image";
  if (entry.cate === 3 || entry.msg_type === "voice") return "audio";
  if (entry.cate === 4 || entry.msg_type === "video") return "video";
  if (entry.cate === 1) return "text";
  return "other";
}

/** A picture's small copy (the server makes one for every inline picture). */
export function thumbUrl(src: string): string {
  return `${src}${src.includes("?") ? "&" : "?"}thumb=1`;
}
