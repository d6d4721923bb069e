import { z } from "zod/mini";
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
  id: z.pipe(formString(), z.uuid({ error: "request.invalidField" })),
  type: z._default(
    z.pipe(formString(), z.enum(["image", "voice", "video", "file"])),
    "file",
  ),
  toContactId: ContactIdSchema,
  is_group: optional(formInt()),
  pid: optional(formInt()),
  /** A reply in a thread: the root's `id` (extensions.md §6), as `sendMessage` takes it. */
  thread_id: optional(
    z.pipe(
      formString(),
      z.string().check(z.maxLength(64, { error: "thread.rootNotFound" })),
    ),
  ),
  /** With `thread_id`: 1 also shows the reply in the chat, as `sendMessage` takes it. */
  thread_broadcast: optional(formInt()),
  extends: z.optional(
    z.object({
      duration: z.optional(z.coerce.number().check(z.gte(0), z.lte(86_400))),
    }),
  ),
});
/** The message an upload comes with. */
export type UploadMessage = z.infer<typeof UploadMessageSchema>;

/** The `message` field: JSON text that must hold an upload's message. */
const messageField = z.pipe(
  z.pipe(
    z
      .string({ error: "request.invalidField" })
      .check(z.maxLength(8192, { error: "request.invalidField" })),
    z.transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({
          code: "custom",
          message: "request.invalidField",
          input: text,
        });
        return z.NEVER;
      }
    }),
  ),
  UploadMessageSchema,
);

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
  user_id: z.int(),
  realname: z.string(),
  avatar: z.string(),
});

/**
 * One entry of the file library (SPEC §3 File-library entry; wire-contract.md §2.7): the
 * file, the message that carried it, and its sender.
 */
export const FileEntrySchema = z.object({
  file_id: z.int(),
  /** The message that carried it to me (0 in the console's list of every file). */
  msg_id: z.int(),
  name: z.string(),
  size: z.int(),
  ext: z.string(),
  /** 1 document, 2 image, 3 audio, 4 video, 5 other. */
  cate: z.int(),
  msg_type: z.enum(["image", "voice", "video", "file"]),
  src: z.string(),
  preview: z.string(),
  download: z.string(),
  extUrl: z.string(),
  /** ms */
  create_time: z.number(),
  user_id: z.int(),
  user_id_info: FileOwnerSchema,
  /** How many messages carry it (the console's list of every file only). */
  carriers: z.optional(z.int()),
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
    page: z._default(
      z.pipe(formInt(), z.int().check(z.gte(1), z.lte(100_000))),
      1,
    ),
    limit: z._default(
      z.pipe(
        formInt(),
        z.literal(FILE_PAGE_SIZES, { error: "request.invalidField" }),
      ),
      20,
    ),
    keywords: optional(
      z.pipe(
        formString(),
        z.string().check(z.maxLength(50, { error: "request.invalidField" })),
      ),
    ),
    cate: z._default(
      z.pipe(
        formInt(),
        z.literal([0, 1, 2, 3, 4, 5], { error: "request.invalidField" }),
      ),
      0,
    ),
    is_all: z._default(
      z.pipe(formInt(), z.literal([0, 1], { error: "request.invalidField" })),
      0,
    ),
    role: z._default(
      z.pipe(
        formInt(),
        z.literal([0, 1, 2], { error: "request.invalidField" }),
      ),
      0,
    ),
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
