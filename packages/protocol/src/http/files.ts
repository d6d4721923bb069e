import { z } from "zod";
import { formInt, formString, optional } from "../common/form.js";
import { ContactIdSchema, positiveId } from "../common/ids.js";
import { MessageSchema } from "../entities/message.js";
import { FILE_PAGE_SIZES } from "../rules/files.js";
import { defineCall } from "./define.js";

/**
 * The chat message an upload comes with, as a JSON text in the `message` field
 * (wire-contract.md §2.3). The sender, status and time are the server's own; a voice or
 * video clip may say its duration.
 */
export const UploadMessageSchema = z.object({
  id: formString().pipe(z.uuid({ error: "request.invalidField" })),
  type: formString()
    .pipe(z.enum(["image", "voice", "video", "file"]))
    .default("file"),
  toContactId: ContactIdSchema,
  is_group: optional(formInt()),
  pid: optional(formInt()),
  extends: z
    .object({
      duration: z.coerce.number().min(0).max(86_400).optional(),
    })
    .optional(),
});
/** The message an upload comes with. */
export type UploadMessage = z.infer<typeof UploadMessageSchema>;

/** The `message` field: JSON text that must hold an upload's message. */
const messageField = z
  .string({ error: "request.invalidField" })
  .max(8192, { error: "request.invalidField" })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "request.invalidField" });
      return z.NEVER;
    }
  })
  .pipe(UploadMessageSchema);

/**
 * `common/upload/uploadFile` (multipart `file` and `message`): stores the file and sends it
 * to the chat as an image, voice, video or file message, answering the sent message with
 * its file fields.
 */
export const uploadFile = defineCall({
  path: "/common/upload/uploadFile",
  auth: "session",
  upload: { field: "file" },
  request: z.object({ message: messageField }),
  response: MessageSchema,
});

/** Who a library entry came from, as the wire names it (`user_id_info`). */
export const FileOwnerSchema = z.object({
  user_id: z.number().int(),
  realname: z.string(),
  avatar: z.string(),
});

/**
 * One entry of the file library (SPEC §3 File-library entry; wire-contract.md §2.7): the
 * file, the message that carried it, and its sender.
 */
export const FileEntrySchema = z.object({
  file_id: z.number().int(),
  /** The message that carried it to me (0 in the console's list of every file). */
  msg_id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  ext: z.string(),
  /** 1 document, 2 image, 3 audio, 4 video, 5 other. */
  cate: z.number().int(),
  msg_type: z.enum(["image", "voice", "video", "file"]),
  src: z.string(),
  preview: z.string(),
  download: z.string(),
  extUrl: z.string(),
  /** ms */
  create_time: z.number(),
  user_id: z.number().int(),
  user_id_info: FileOwnerSchema,
  /** How many messages carry it (the console's list of every file only). */
  carriers: z.number().int().optional(),
});
/** One entry of the file library. */
export type FileEntry = z.infer<typeof FileEntrySchema>;

/**
 * `enterprise/files/index`: the files of my one-to-one chats, newest first, by page;
 * `count` is the total. `cate` 0 is every category; `role` 1 what I sent, 2 what I received;
 * `keywords` match the name. `is_all` 1 lists every stored file, for system
 * administrators only (wire-contract.md §7.5 closed): anyone else gets their own list.
 */
export const index = defineCall({
  path: "/enterprise/files/index",
  auth: "session",
  request: z.object({
    page: formInt().pipe(z.number().int().min(1).max(100_000)).default(1),
    limit: formInt()
      .pipe(z.literal(FILE_PAGE_SIZES, { error: "request.invalidField" }))
      .default(20),
    keywords: optional(
      formString().pipe(z.string().max(50, { error: "request.invalidField" })),
    ),
    cate: formInt()
      .pipe(z.literal([0, 1, 2, 3, 4, 5], { error: "request.invalidField" }))
      .default(0),
    is_all: formInt()
      .pipe(z.literal([0, 1], { error: "request.invalidField" }))
      .default(0),
    role: formInt()
      .pipe(z.literal([0, 1, 2], { error: "request.invalidField" }))
      .default(0),
  }),
  response: z.array(FileEntrySchema),
});

/**
 * `manage/files/del` (beyond the wire; issue 12): an administrator removes an uploaded file.
 * Every message carrying it is masked for everyone (as `dealMsg` masks), and the file goes;
 * its bytes leave storage once no other upload shares them.
 */
export const fileDel = defineCall({
  path: "/manage/files/del",
  auth: "admin",
  request: z.object({ file_id: positiveId("file.notFound") }),
  response: z.literal(""),
});
