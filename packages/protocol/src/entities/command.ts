import { z } from "zod/mini";

/*
 * Slash commands (extensions.md §9): `/name text` typed in any chat runs the command an
 * administrator registered under that name.
 */

/** A command's name as typed after `/`: lower-case letters, digits, `-` and `_`. */
export const COMMAND_NAME = /^[a-z0-9_-]{1,32}$/;
/** The most commands an installation has. */
export const COMMANDS_MAX = 100;
/** The longest description of a command. */
export const COMMAND_DESCRIPTION_MAX = 200;

/** A command as the console lists it (never its token). */
export const ConsoleCommandSchema = z.object({
  command_id: z.int(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  /** The bot its `in_channel` answers are posted as. */
  bot_user_id: z.int(),
  created_at: z.number(),
});
/** A command as the console lists it. */
export type ConsoleCommand = z.infer<typeof ConsoleCommandSchema>;

/** A command as the editor offers it after `/`. */
export const ChatCommandSchema = z.object({
  name: z.string(),
  description: z.string(),
});
/** A command as the editor offers it. */
export type ChatCommand = z.infer<typeof ChatCommandSchema>;

/**
 * The command a typed message runs, if it starts with `/name` (then a space, a line break
 * or its end): the name in lower case and the text after it. Null for other text, `//`
 * included, and for a path such as `/usr/bin`.
 */
export function commandOf(text: string): { name: string; text: string } | null {
  const match = /^\/([A-Za-z0-9_-]{1,32})(?:[ \t\n]+([\s\S]*))?$/.exec(text);
  if (!match?.[1]) return null;
  return { name: match[1].toLowerCase(), text: (match[2] ?? "").trim() };
}
