import { z } from "zod/mini";
import { formInt, formString, optional } from "../common/form.js";
import { GroupIdSchema } from "../common/ids.js";
import { defineCall } from "./define.js";

const clientId = z.pipe(
  formString(),
  z
    .string()
    .check(z.minLength(1, { error: "request.invalidField" }), z.maxLength(64)),
);

/**
 * `common/pub/bindUid`: binds the caller's socket (by its `client_id`) to the caller's own
 * session. `user_id` is never trusted: it must be the session's user or absent.
 */
export const bindUid = defineCall({
  path: "/common/pub/bindUid",
  auth: "session",
  request: z.object({ client_id: clientId, user_id: optional(formInt()) }),
  response: z.literal(""),
});

/** `common/pub/bindClientId`: the same binding under the other name clients use. */
export const bindClientId = defineCall({
  path: "/common/pub/bindClientId",
  auth: "session",
  request: z.object({ client_id: clientId, user_id: optional(formInt()) }),
  response: z.literal(""),
});

/** `common/pub/offline`: the caller's own sockets go offline; another user's id is ignored. */
export const offline = defineCall({
  path: "/common/pub/offline",
  auth: "session",
  request: z.object({ user_id: optional(formInt()) }),
  response: z.literal(""),
});

/**
 * `common/pub/bindGroup`: after `addGroup`, a client asks for the group's events on its
 * socket. Events reach every member's sockets already, so this checks the caller is a
 * member and binds nothing; a group they are not in answers like a missing one.
 */
export const bindGroup = defineCall({
  path: "/common/pub/bindGroup",
  auth: "session",
  request: z.object({ client_id: optional(clientId), group_id: GroupIdSchema }),
  response: z.literal(""),
});
