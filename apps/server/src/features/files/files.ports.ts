import type { FilesService } from "./files.service.js";

/** A message's file: what it is, whether it is stored, and letting it go. */
export type Attachments = Pick<
  FilesService,
  "attachment" | "release" | "stored"
>;
