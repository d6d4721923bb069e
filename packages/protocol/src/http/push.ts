import { z } from "zod/mini";
import { formString } from "../common/form.js";
import { defineCall } from "./define.js";

/*
 * Web Push (issue 11, beyond the wire contract): with every tab closed, a new message still
 * reaches the user's device as a notification the server sends itself over the standard
 * protocol (RFC 8030, encrypted per RFC 8291, signed per RFC 8292 with the server's own
 * VAPID key). A browser subscribes once per device; the push service's address and the
 * device's keys are all the server keeps.
 */

/** The most a push endpoint address may be. */
const ENDPOINT_MAX = 2048;

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionSchema = z.object({
  endpoint: z.pipe(
    formString(),
    z.url({ error: "push.badEndpoint" }).check(
      z.maxLength(ENDPOINT_MAX, {
        error: "push.badEndpoint",
      }),
    ),
  ),
  keys: z.object({
    /** The device's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: z.pipe(
      formString(),
      z.string().check(
        z.regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, {
          error: "push.badEndpoint",
        }),
      ),
    ),
    /** The device's 16-byte authentication secret, base64url. */
    auth: z.pipe(
      formString(),
      z.string().check(
        z.regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, {
          error: "push.badEndpoint",
        }),
      ),
    ),
  }),
});
/** A browser's push subscription. */
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** `enterprise/push/publicKey`: the server's VAPID public key (base64url) to subscribe with. */
export const publicKey = defineCall({
  path: "/enterprise/push/publicKey",
  auth: "session",
  request: z.object({}),
  response: z.object({ publicKey: z.string() }),
});

/** `enterprise/push/subscribe`: this device wants pushes (again: the same one is kept once). */
export const subscribe = defineCall({
  path: "/enterprise/push/subscribe",
  auth: "session",
  request: PushSubscriptionSchema,
  response: z.literal(""),
});

/** `enterprise/push/unsubscribe`: this device wants no more pushes. */
export const unsubscribe = defineCall({
  path: "/enterprise/push/unsubscribe",
  auth: "session",
  request: z.object({
    endpoint: z.pipe(formString(), z.string().check(z.maxLength(ENDPOINT_MAX))),
  }),
  response: z.literal(""),
});

/** What a push carries: the browser's service worker shows it as a notification. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The chat to open on a click: a user id or `group-N`. */
  chat: z.union([z.int(), z.string()]),
  /** One notification per chat at a time: a newer one replaces it. */
  tag: z.string(),
  icon: z.string(),
});
/** What a push carries. */
export type PushPayload = z.infer<typeof PushPayloadSchema>;
