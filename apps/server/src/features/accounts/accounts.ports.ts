import type { Events } from "../../events.js";
import type { AccountsService } from "./accounts.service.js";

/*
 * What other features may ask of accounts, each port named for what it asks. A feature
 * declares the ports it needs in its service's constructor type; app.ts wires them.
 */

/** Who the active users are: one by id, or a directory of many. */
export type ActiveUsers = Pick<AccountsService, "activeUser" | "directory">;
/** A user's sessions: look them up, end them, say the user changed. */
export type AccountSessions = Pick<AccountsService, "sessions">;
/** Verification codes sent to a user's account or a new one. */
export type AccountCodes = Pick<AccountsService, "codes">;
/** A user's own settings and language. */
export type UserSettings = Pick<
  AccountsService,
  "setLang" | "setting" | "storeSetting"
>;
/** User administration, as the console's other pages use it (its message centre). */
export type UserAdminLookup = Pick<AccountsService, "admin">;
/** What the users page searches, filters and sorts by. */
export type { UserQuery } from "./user-admin.repository.js";
/** A user's own account row changed (profile, password, account, picture): people's calls. */
export type ProfileWrites = Pick<AccountsService, "profile">;
/** Invitations to register: made by the console, forgotten by the scheduler. */
export type AccountInvitations = Pick<AccountsService, "invitations">;

/**
 * What accounts tells the features above it once a change is stored; a listening module
 * subscribes when app.ts builds it (docs/ARCHITECTURE.md lists who listens).
 */
export interface AccountEventMap {
  /** Accounts were made (sign-up, the console, the demo accounts). */
  created: undefined;
  /** A deleted account's memberships went with it: the groups it was in. */
  membershipsErased: { userId: number; groupIds: number[]; publicUrl: string };
  /** A deleted account's friendships went with it: its former friends. */
  friendshipsErased: { userId: number; friendIds: number[] };
}
/** Accounts' events, as a feature above it listens to them. */
export interface AccountEvents {
  readonly events: Events<AccountEventMap>;
}
