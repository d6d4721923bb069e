import { denial } from "@parley/protocol";
import type { Policy } from "../../context.js";
import { refuse } from "../../lib/errors.js";
import type { AuditActor } from "../audit/audit.service.js";
import type { ActiveUsers } from "./accounts.ports.js";

/*
 * What every console change starts with, whichever feature makes it (users, groups,
 * messages, settings): the administrator, whether they may write, and how the audit log
 * names them.
 */

/** The administrator making a console call, as the routes know them. */
export interface Admin {
  userId: number;
  role: number;
  ip: string;
  publicUrl: string;
}

/** Refuses any console change in demo mode, or by someone who is not an administrator. */
export function mayWriteConsole(
  policy: Policy,
  admin: { userId: number; role: number },
): void {
  const reason = denial(policy.actor(admin), "console.write");
  if (reason === "demo") throw refuse("demo.readOnly");
  if (reason !== null) throw refuse("request.notFound");
}

/** The administrator as the audit log names them. */
export async function auditActorOf(
  users: Pick<ActiveUsers, "activeUser">,
  admin: { userId: number; ip: string },
): Promise<AuditActor> {
  const me = await users.activeUser(admin.userId);
  return { userId: admin.userId, realname: me?.realname ?? "", ip: admin.ip };
}
