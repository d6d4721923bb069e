import { z } from "zod/mini";
import { formString } from "../common/form.js";
import { GroupIdSchema, positiveId } from "../common/ids.js";
import {
  HOOK_KINDS,
  HookSchema,
  HookUrlSchema,
  triggerWords,
} from "../entities/hook.js";
import { optional } from "../common/form.js";
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

/** Trigger words, comma-separated (stored trimmed and in lower case). */
const hookTriggers = z.pipe(
  formString(),
  z.string().check(
    z.refine((text) => triggerWords(text) !== null, {
      error: "hook.triggers",
    }),
  ),
);

/** An incoming hook's URL (holding its secret), or an outgoing hook's HMAC key: shown once. */
const hookSecretAnswer = z.union([
  z.object({ hook_id: z.int(), url: z.string() }),
  z.object({ hook_id: z.int(), secret: z.string() }),
]);

/**
 * `enterprise/group/addHook`: a new hook and its bot (a member of the group). An incoming
 * one answers its URL, with the secret, this once; an outgoing one (`url`, `triggers`)
 * answers the key its POSTs are signed with, this once.
 */
export const addHook = defineCall({
  path: "/enterprise/group/addHook",
  auth: "session",
  request: z
    .object({
      id: GroupIdSchema,
      kind: z.pipe(formString(), z.enum(HOOK_KINDS, { error: "hook.kind" })),
      name: hookName,
      url: optional(HookUrlSchema),
      triggers: optional(hookTriggers),
    })
    .check(
      z.refine((body) => body.kind !== "outgoing" || body.url !== undefined, {
        path: ["url"],
        error: "hook.url",
      }),
      z.refine(
        (body) => body.kind !== "outgoing" || body.triggers !== undefined,
        { path: ["triggers"], error: "hook.triggers" },
      ),
    ),
  response: hookSecretAnswer,
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
 * `enterprise/group/rotateHook` (Parley's own, issue 48): a new secret for a hook: an
 * incoming hook's old URL stops at once, an outgoing hook signs with a new key from now.
 * Answers the new URL or key, this once.
 */
export const rotateHook = defineCall({
  path: "/enterprise/group/rotateHook",
  auth: "session",
  request: z.object({ hook_id: positiveId("hook.notFound") }),
  response: hookSecretAnswer,
});
