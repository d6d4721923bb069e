import type { ThreadsRepository } from "./threads.repository.js";
import type {
  Contact,
  GroupSetting,
  Membership,
  Message,
} from "@parley/protocol";
import type { Policy, Publish } from "../../context.js";
import type { Emitter } from "../../events.js";
import { type Clock } from "../../lib/clock.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { SharedKeys } from "../../lib/shared-keys.js";
import type { LinkPreviewRepository } from "./link-preview.repository.js";
import type { MessagesRepository } from "./messages.repository.js";
import type { ActiveUsers } from "../accounts/accounts.ports.js";
import type { NoticeFeed } from "../notices/notices.ports.js";
import type { MessagePush } from "../push/push.ports.js";
import type { MessageEventMap } from "./messages.ports.js";
import type { FileSendInput, SendInput } from "./send-input.js";

/*
 * What the messages feature's services are built from: its repository, the context's
 * parts, and the ports of other features app.ts wires (messages.module.ts hands each
 * service the part it declares). Groups, friends, files and contacts sit above messages
 * (they write into chats): what the chat reads of them is a read interface declared here,
 * which app.ts wires to their services.
 */

/** A member's standing in a group's chat: role and mute, where their history starts, settings. */
export interface ChatStanding {
  member: Membership;
  joinedSeq: number;
  setting: GroupSetting;
}

/** Who is in a group and may chat there (a read interface: groups supplies it). */
export interface GroupMembers {
  /** A member's standing and the group's name; null for a missing group or a non-member. */
  chatStanding(
    groupId: number,
    userId: number,
  ): Promise<
    | (ChatStanding & {
        /** The group's name (a notification's title says it). */
        name: string;
        /** The group as a contact of a member with no chat of it yet (a sent message's `contactInfo`). */
        contact: (publicUrl: string) => Contact;
      })
    | null
  >;
  /** A former member's standing in a disbanded group (issue 51); null for anyone else. */
  formerStanding(groupId: number, userId: number): Promise<ChatStanding | null>;
  /** Every member of a group. */
  memberIds(groupId: number): Promise<readonly number[]>;
  /** The members who see its message of sequence number `seq` (its history setting's). */
  viewerIds(groupId: number, seq: number): Promise<readonly number[]>;
  /** The owner and administrators of a group. */
  managerIds(groupId: number): Promise<number[]>;
  /** How many members a group has, counted no further than `upTo`. */
  memberCountUpTo(groupId: number, upTo: number): Promise<number>;
  /** Which of these users are members of the group. */
  membersAmong(
    groupId: number,
    userIds: readonly number[],
  ): Promise<Set<number>>;
  /** The group roles of those of these users who are members. */
  rolesAmong(
    groupId: number,
    userIds: readonly number[],
  ): Promise<Map<number, number>>;
  /** Which of these groups the user is in. */
  memberOf(userId: number, groupIds: readonly number[]): Promise<Set<number>>;
  /**
   * The groups whose chats a user may read, with the last seq before what they may read
   * (the global search).
   */
  readableGroups(
    userId: number,
  ): Promise<{ groupId: number; afterSeq: number }[]>;
  /** Names and pictures of live groups, by id. */
  faces(
    groupIds: readonly number[],
  ): Promise<Map<number, { name: string; avatar: string; name_py: string }>>;
}

/** Whether two people are each other's friends (a read interface: friends supplies it). */
export interface Friendships {
  areFriends(a: number, b: number): Promise<boolean>;
}

/** Stored files a message carries (a read interface: files supplies it). */
export interface StoredFiles {
  /** A stored file as a message carries it when sent again, if the sender may see it. */
  attachment(
    userId: number,
    fileId: number,
  ): Promise<Omit<FileSendInput, "id" | "toContactId" | "pid">>;
  /** A stored file's name and size; undefined when there is none. */
  stored(fileId: number): Promise<{ name: string; size: number } | undefined>;
}

/** One entry of a user's chat list as it is now (a read interface: contacts supplies it). */
export interface ChatListEntries {
  one(
    userId: number,
    id: number | string,
    publicUrl: string,
  ): Promise<Contact | undefined>;
}

/** Slash commands (a read interface: integrations supplies it, extensions.md §9). */
export interface SlashCommands {
  /**
   * Runs the command a typed text starting with `/` names, answering what the send
   * answers; null when the text names no command (`//`, a path): it is sent as typed.
   */
  runCommand(
    userId: number,
    input: SendInput,
    publicUrl: string,
  ): Promise<Message | null>;
}

export interface MessagesDeps {
  repo: MessagesRepository;
  /** Messages' link previews (their `extends`). */
  previews: LinkPreviewRepository;
  /** Threads' state: summaries and followers (extensions.md §6). */
  threads: ThreadsRepository;
  clock: Clock;
  publish: Publish;
  policy: Policy;
  /** What the feature tells those above it (the service's `events`). */
  events: Emitter<MessageEventMap>;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
  /** Friendships (a read interface: app.ts wires it). */
  friends: Friendships;
  /** Stored files (a read interface: app.ts wires it). */
  files: StoredFiles;
  /** Groups and their members (a read interface: app.ts wires it). */
  groups: GroupMembers;
  /** Web Push (a port: app.ts wires it). */
  push: MessagePush;
  /** System notices (a port: app.ts wires it). */
  notices: NoticeFeed;
  /** Slash commands (a read interface: app.ts wires it). */
  commands: SlashCommands;
  /** Sends per user in a window, every chat together (RATE_SEND_USER). */
  sendsPerUser: Limiter;
  /** When each user last sent to each chat, for `chatInfo.sendInterval`; every process sees it. */
  keys: SharedKeys;
}

/** What this service asks of other features (app.ts wires each one). */
export type MessagesPorts = Pick<
  MessagesDeps,
  "accounts" | "friends" | "files" | "groups" | "push" | "notices" | "commands"
>;

/** A member's standing in a group as the groups feature answers it; null for none. */
export type Standing = Awaited<
  ReturnType<MessagesDeps["groups"]["chatStanding"]>
>;
