import { z } from "zod/mini";
import { formString } from "../common/form.js";
import { positiveId } from "../common/ids.js";
import {
  ChatCommandSchema,
  COMMAND_DESCRIPTION_MAX,
  COMMAND_NAME,
  ConsoleCommandSchema,
} from "../entities/command.js";
import { HookUrlSchema } from "../entities/hook.js";
import { defineCall } from "./define.js";

/*
 * Slash commands (extensions.md §9, issue 48): registered by administrators, offered in
 * every chat's editor after `/`, run by sending `/name text` through sendMessage.
 */

/** `manage/Command/add`: a new command and its bot; answers the token its POSTs carry, once. */
export const commandAdd = defineCall({
  path: "/manage/Command/add",
  auth: "admin",
  request: z.object({
    name: z.pipe(
      formString(),
      z
        .string()
        .check(
          z.trim(),
          z.toLowerCase(),
          z.regex(COMMAND_NAME, { error: "command.name" }),
        ),
    ),
    url: HookUrlSchema,
    description: z._default(
      z.pipe(
        formString(),
        z.string().check(
          z.trim(),
          z.maxLength(COMMAND_DESCRIPTION_MAX, {
            error: "request.invalidField",
          }),
        ),
      ),
      "",
    ),
  }),
  response: z.object({ command_id: z.int(), token: z.string() }),
});

/** `manage/Command/index` (Parley's own): every command, by name. */
export const commandIndex = defineCall({
  path: "/manage/Command/index",
  auth: "admin",
  request: z.object({}),
  response: z.array(ConsoleCommandSchema),
});

/** `manage/Command/del` (Parley's own): deletes a command and its bot. */
export const commandDel = defineCall({
  path: "/manage/Command/del",
  auth: "admin",
  request: z.object({ command_id: positiveId("command.notFound") }),
  response: z.literal(""),
});

/** `enterprise/im/commands` (Parley's own): the commands the editor offers after `/`. */
export const chatCommands = defineCall({
  path: "/enterprise/im/commands",
  auth: "session",
  request: z.object({}),
  response: z.array(ChatCommandSchema),
});
