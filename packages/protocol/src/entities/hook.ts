import { z } from "zod/mini";

/** The kinds of hook built so far (outgoing hooks come with a later slice). */
export const HOOK_KINDS = ["incoming"] as const;
/** The deliveries each hook's log keeps. */
export const HOOK_LOG_SIZE = 20;

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
  /** Its newest deliveries first (HOOK_LOG_SIZE at most). */
  deliveries: z.array(HookDeliverySchema),
});
/** A group's hook. */
export type Hook = z.infer<typeof HookSchema>;
