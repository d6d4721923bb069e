import { z } from "zod/mini";
import { formString } from "../common/form.js";

/**
 * The kinds of hook: `incoming` (a tool posts into the group), `outgoing` (a message
 * starting with a trigger word is POSTed to a tool, whose answer the hook's bot posts).
 */
export const HOOK_KINDS = ["incoming", "outgoing"] as const;
/** The deliveries each hook's log keeps. */
export const HOOK_LOG_SIZE = 20;
/** The most trigger words one outgoing hook has. */
export const HOOK_TRIGGERS_MAX = 10;
/** The longest trigger word. */
export const HOOK_TRIGGER_LENGTH_MAX = 32;
/** The longest address a hook or a command is POSTed to. */
export const HOOK_URL_MAX = 1000;

/** One call of a hook: when, whether it posted, and what happened. */
export const HookDeliverySchema = z.object({
  at: z.number(),
  ok: z.int(),
  detail: z.string(),
});

/** A group's hook as its managers see it (never its secret). */
export const HookSchema = z.object({
  hook_id: z.int(),
  group_id: z.int(),
  kind: z.enum(HOOK_KINDS),
  name: z.string(),
  /** The bot it posts as. */
  bot_user_id: z.int(),
  created_at: z.number(),
  /** Outgoing: the address messages are POSTed to. */
  url: z.optional(z.string()),
  /** Outgoing: its trigger words, comma-separated. */
  triggers: z.optional(z.string()),
  /** Outgoing: the `token` each POST carries (it names the hook; the signature proves it). */
  token: z.optional(z.string()),
  /** Its newest deliveries first (HOOK_LOG_SIZE at most). */
  deliveries: z.array(HookDeliverySchema),
});
/** A group's hook. */
export type Hook = z.infer<typeof HookSchema>;

/**
 * Trigger words as typed ("deploy, Build") made into the list a hook keeps: trimmed,
 * lower-case, without repeats; null when there are none, too many, or one is too long or
 * holds a space.
 */
export function triggerWords(text: string): string[] | null {
  const words = [
    ...new Set(
      text
        .split(",")
        .map((word) => word.trim().toLowerCase())
        .filter((word) => word !== ""),
    ),
  ];
  if (words.length === 0 || words.length > HOOK_TRIGGERS_MAX) return null;
  for (const word of words)
    if (word.length > HOOK_TRIGGER_LENGTH_MAX || /\s/.test(word)) return null;
  return words;
}

/** Whether an address may be given to a hook or a command: http(s), a host, no credentials. */
export function isHookUrl(text: string): boolean {
  return (
    text.length <= HOOK_URL_MAX &&
    /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(
      text,
    )
  );
}

/** An address a hook or a command is POSTed to (http or https), as a form sends it. */
export const HookUrlSchema = z.pipe(
  formString(),
  z.string().check(z.trim(), z.refine(isHookUrl, { error: "hook.url" })),
);
