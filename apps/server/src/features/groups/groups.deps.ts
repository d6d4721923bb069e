import type { Policy, Publish } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { type ActiveUser } from "../accounts/accounts.service.js";
import {
  type GroupRow,
  type GroupsRepository,
  type MemberState,
} from "./groups.repository.js";
import type { AccountEvents, ActiveUsers } from "../accounts/accounts.ports.js";
import type { Friendship } from "../friends/friends.ports.js";
import type { GroupChatLog } from "../messages/messages.ports.js";
import type { LiveConfig, SigningKeys } from "../system/system.ports.js";

export interface GroupsDeps {
  repo: GroupsRepository;
  /** Rebuilds a group's avatar off the request path after its members change. */
  avatars: { schedule(groupId: number): void };
  clock: Clock;
  publish: Publish;
  policy: Policy;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
  /** The system settings (a port: app.ts wires it). */
  system: LiveConfig & SigningKeys;
  /** Chat histories (a port: app.ts wires it). */
  messages: GroupChatLog;
  /** Friendships (a port: app.ts wires it). */
  friends: Friendship;
}

/** What this service asks of other features (app.ts wires each one). */
export type GroupsPorts = Pick<
  GroupsDeps,
  "system" | "messages" | "friends"
> & {
  /** Who the users are, and their events (the module listens). */
  accounts: ActiveUsers & AccountEvents;
};

/** The caller inside a group: the group, their membership, and who they are. */
export interface Standing {
  group: GroupRow;
  member: MemberState;
  me: ActiveUser;
}

/**
 * Who changes a group: a member through the chat (their user id), or a system
 * administrator through the console, who acts with the owner's powers on any group (issue
 * 12) and whose changes reach the members with the same events and lines.
 */
export type GroupCaller = number | { console: number };
