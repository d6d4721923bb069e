import type { FilesService } from "./files.service.js";

/** Letting files go that no message carries any more (retention, orphaned uploads). */
export type FileRelease = Pick<FilesService, "release">;
