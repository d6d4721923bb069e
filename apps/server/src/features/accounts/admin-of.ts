import { type CallContext, requireSession } from "../../plugins/calls.js";
import type { Admin } from "./admin-acts.js";

/** The administrator behind a console call (its auth made sure of the role). */
export function adminOf(ctx: CallContext): Admin {
  const session = requireSession(ctx);
  return {
    userId: session.userId,
    role: session.role,
    ip: ctx.ip,
    publicUrl: ctx.publicUrl,
  };
}
