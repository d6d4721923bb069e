import type { Policy, Publish } from "../../context.js";
import { type Clock } from "../../lib/clock.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { SharedKeys } from "../../lib/shared-keys.js";
import type { MessagesRepository } from "./messages.repository.js";
import type { ActiveUsers } from "../accounts/accounts.ports.js";
import type { ContactChanges } from "../contacts/contacts.ports.js";
import type { Attachments } from "../files/files.ports.js";
import type { Friendship } from "../friends/friends.ports.js";
import type { GroupMembership } from "../groups/groups.ports.js";
import type { NoticeFeed } from "../notices/notices.ports.js";
import type { MessagePush } from "../push/push.ports.js";

/*
 * What the messages feature's services are built from: its repository, the context's
 * parts, and the ports of other features app.ts wires (messages.module.ts hands each
 * service the part it declares).
 */

export interface MessagesDeps {
  repo: MessagesRepository;
  clock: Clock;
  publish: Publish;
  policy: Policy;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
  /** Friendships (a port: app.ts wires it). */
  friends: Friendship;
  /** Stored files (a port: app.ts wires it). */
  files: Attachments;
  /** Groups and their members (a port: app.ts wires it). */
  groups: GroupMembership;
  /** Web Push (a port: app.ts wires it). */
  push: MessagePush;
  /** System notices (a port: app.ts wires it). */
  notices: NoticeFeed;
  /** Chat lists kept current (a port: app.ts wires it). */
  contacts: ContactChanges;
  /** Sends per user in a window, every chat together (RATE_SEND_USER). */
  sendsPerUser: Limiter;
  /** When each user last sent to each chat, for `chatInfo.sendInterval`; every process sees it. */
  keys: SharedKeys;
}

/** What this service asks of other features (app.ts wires each one). */
export type MessagesPorts = Pick<
  MessagesDeps,
  "accounts" | "friends" | "files" | "groups" | "push" | "notices" | "contacts"
>;

/** A member's standing in a group as the groups feature answers it; null for none. */
export type Standing = Awaited<
  ReturnType<MessagesDeps["groups"]["chatStanding"]>
>;
