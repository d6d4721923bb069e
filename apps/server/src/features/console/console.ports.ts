import type { ConsoleService } from "./console.service.js";

/** Whether an invitation link still lets someone register. */
export type Invitations = Pick<ConsoleService, "inviteValid">;
/** Invitations past their end, forgotten by the scheduler. */
export type InvitationUpkeep = Pick<ConsoleService, "forgetExpiredInvites">;
