import { z } from "zod";
import { formInt, formString, optional } from "../common/form.js";
import { ContactIdSchema } from "../common/ids.js";
import { MessageSchema } from "../entities/message.js";
import { Limits } from "../rules/limits.js";
import { defineCall } from "./define.js";

/**
 * `enterprise/im/sendMessage`: acknowledged only after the commit; a repeat of the same
 * client `id` answers the stored message. A file already stored is sent again (forwarded,
 * SPEC §3 "Message to send when forwarding a file") by its `file_id`: the server checks the
 * sender may see it and takes its type, name and size from what it stored.
 */
export const sendMessage = defineCall({
  path: "/enterprise/im/sendMessage",
  auth: "session",
  request: z
    .object({
      id: formString().pipe(z.uuid({ error: "request.invalidField" })),
      type: formString()
        .pipe(
          z.enum(["text", "image", "video", "file"], {
            error: "request.invalidField",
          }),
        )
        .default("text"),
      content: formString().pipe(
        z.string().max(Limits.fieldMax * 4, { error: "message.tooLong" }),
      ),
      toContactId: ContactIdSchema,
      is_group: optional(formInt()),
      at: optional(z.array(formString()).max(1000)),
      pid: optional(formInt()),
      // Clients send 0 with a text message: no file.
      file_id: optional(
        formInt()
          .pipe(z.number().int().min(0, { error: "request.invalidField" }))
          .transform((id) => (id === 0 ? undefined : id)),
      ),
    })
    // Only text is typed; every other type is a stored file's.
    .refine((body) => body.type === "text" || body.file_id !== undefined, {
      path: ["type"],
      error: "request.invalidField",
    }),
  response: MessageSchema,
});

/**
 * `enterprise/im/getMessageList`: with no `type`, the newest `limit` messages before
 * `last_id`, oldest first within the page (decisions.md).
 */
export const getMessageList = defineCall({
  path: "/enterprise/im/getMessageList",
  auth: "session",
  request: z.object({
    toContactId: ContactIdSchema,
    is_group: optional(formInt()),
    page: optional(formInt().pipe(z.number().int().min(1).max(100_000))),
    limit: optional(formInt().pipe(z.number().int().min(1).max(100))),
    last_id: optional(formInt().pipe(z.number().int().min(0))),
    type: optional(
      formString().pipe(z.enum(["all", "text", "image", "video", "file"])),
    ),
    keywords: optional(formString().pipe(z.string().max(255))),
  }),
  response: z.array(MessageSchema),
});

/** `enterprise/im/setMsgIsRead`: marks the conversation read and tells the other party. */
export const setMsgIsRead = defineCall({
  path: "/enterprise/im/setMsgIsRead",
  auth: "session",
  // The full message objects the client holds as unread: the server marks the whole chat.
  ignore: ["messages"],
  request: z.object({
    toContactId: ContactIdSchema,
    is_group: optional(formInt()),
    fromUser: optional(formInt()),
    messages: optional(z.array(z.unknown()).max(10_000)),
  }),
  response: z.literal(""),
});
