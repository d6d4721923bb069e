import { z } from "zod/mini";
import { formString } from "../common/form.js";
import { GroupIdSchema, positiveId } from "../common/ids.js";
import { HOOK_KINDS, HookSchema } from "../entities/hook.js";
import { defineCall } from "./define.js";

/*
 * A group's webhooks (extensions.md §9, issue 48), managed by its owner and administrators
 * (an administrator of the installation for any group). An incoming hook's URL,
 * `/hooks/<secret>`, takes Slack's payload and posts it in the group as the hook's bot.
 */

/** The most hooks one group has. */
export const HOOKS_PER_GROUP_MAX = 20;

const hookName = z.pipe(
  formString(),
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: "hook.nameRequired" }),
      z.maxLength(16, { error: "hook.nameLength" }),
    ),
);

/**
 * `enterprise/group/addHook`: a new incoming hook and its bot (a member of the group):
 * answers its URL, with the secret, this once.
 */
export const addHook = defineCall({
  path: "/enterprise/group/addHook",
  auth: "session",
  request: z.object({
    id: GroupIdSchema,
    kind: z.pipe(formString(), z.enum(HOOK_KINDS, { error: "hook.kind" })),
    name: hookName,
  }),
  response: z.object({ hook_id: z.int(), url: z.string() }),
});

/** `enterprise/group/hooks`: the group's hooks, with each one's latest deliveries. */
export const hooks = defineCall({
  path: "/enterprise/group/hooks",
  auth: "session",
  request: z.object({ id: GroupIdSchema }),
  response: z.array(HookSchema),
});

/** `enterprise/group/delHook`: deletes a hook and its bot; its URL stops at once. */
export const delHook = defineCall({
  path: "/enterprise/group/delHook",
  auth: "session",
  request: z.object({ hook_id: positiveId("hook.notFound") }),
  response: z.literal(""),
});

/**
 * `enterprise/group/rotateHook` (Parley's own, issue 48): a new secret for an incoming
 * hook; the old URL stops at once. Answers the new URL, this once.
 */
export const rotateHook = defineCall({
  path: "/enterprise/group/rotateHook",
  auth: "session",
  request: z.object({ hook_id: positiveId("hook.notFound") }),
  response: z.object({ hook_id: z.int(), url: z.string() }),
});
