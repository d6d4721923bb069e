import type { Message } from "@parley/protocol";

/** The small copy of a stored picture (our server's `?thumb=1`; others ignore it). */
export function thumbOf(url: string): string {
  if (url.startsWith("blob:") || url.startsWith("data:")) return url;
  return `${url}${url.includes("?") ? "&" : "?"}thumb=1`;
}

/** The name a file is shown and saved under: its own, else the end of its address. */
export function fileNameOf(
  message: Pick<Message, "fileName" | "content">,
): string {
  return (
    message.fileName || message.content.split("/").pop() || message.content
  );
}
