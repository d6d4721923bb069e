import { withReactions } from "./reactions.service.js";
import type { ConsoleMessage } from "@parley/protocol";
import { type ContactId, groupContactId } from "@parley/protocol";
import { formatDateTime } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import { toMessage } from "./messages.mapper.js";
import { directConversationId } from "../../db/conversation-ids.js";
import type { MessageRow } from "./message-store.repository.js";
import type { MessagesRepository } from "./messages.repository.js";

import type { MessagesDeps } from "./messages.deps.js";
import { type ChatRules, groupIdOf, unknownSender } from "./chat-rules.js";

/** Messages as the console shows them (issue 12): nothing hidden from the administrator. */
export class ConsoleViewService {
  private readonly repo: MessagesRepository;

  constructor(
    private readonly deps: Pick<MessagesDeps, "repo" | "groups">,
    private readonly rules: ChatRules,
  ) {
    this.repo = deps.repo;
  }

  /**
   * The console's message centre (issue 12), one conversation: a user's one-to-one chat
   * with another (either may have left since) or a group's, newest first, searched as the
   * history panel searches, nothing hidden from the administrator.
   */
  async conversationForConsole(
    userId: number,
    toContactId: ContactId,
    query: {
      types: readonly string[] | null;
      keywords: string;
      page: number;
      limit: number;
    },
    publicUrl: string,
  ): Promise<{ messages: ConsoleMessage[]; count: number }> {
    const groupId = groupIdOf(toContactId);
    let conversationId: string;
    if (groupId === null) {
      const peer = Number(toContactId);
      if (!Number.isInteger(peer) || peer <= 0 || peer === userId)
        throw refuse("contact.notFound");
      conversationId = directConversationId(userId, peer);
    } else {
      if ((await this.deps.groups.faces([groupId])).size === 0)
        throw refuse("group.notFound");
      conversationId = groupContactId(groupId);
    }
    const { rows, total } = await this.repo.searchMessages(conversationId, {
      types: query.types === null ? null : [...query.types],
      keywords: query.keywords,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      messages: await this.forConsole(rows, userId, publicUrl),
      count: total,
    };
  }

  /** The newest messages of the whole system, for the console, before a cursor. */
  async recentForConsole(
    query: {
      isGroup: 0 | 1 | null;
      types: readonly string[] | null;
      lastId: number | undefined;
      limit: number;
    },
    publicUrl: string,
  ): Promise<ConsoleMessage[]> {
    const rows = await this.repo.pageAllMessages({
      isGroup: query.isGroup,
      types: query.types,
      beforeMsgId: query.lastId,
      limit: query.limit,
    });
    return this.forConsole(rows, undefined, publicUrl);
  }

  /** Stored rows as the console shows them (its favourites page). */
  consoleView(
    rows: readonly MessageRow[],
    publicUrl: string,
  ): Promise<ConsoleMessage[]> {
    return this.forConsole(rows, undefined, publicUrl);
  }

  /** Rows as the console shows them: filed under their receiver, with its name. */
  private async forConsole(
    rows: readonly MessageRow[],
    viewer: number | undefined,
    publicUrl: string,
  ): Promise<ConsoleMessage[]> {
    const people = rows.flatMap((row) =>
      row.is_group === 1 ? [row.from_user] : [row.from_user, row.to_user],
    );
    const [senders, groups] = await Promise.all([
      this.rules.senders(people, publicUrl),
      this.deps.groups.faces(
        rows.filter((row) => row.is_group === 1).map((row) => row.to_user),
      ),
    ]);
    return withReactions(
      this.repo.reactionsOf,
      rows.map((row) => {
        const to =
          row.is_group === 1 ? groupContactId(row.to_user) : row.to_user;
        const message = toMessage(
          row,
          senders.get(row.from_user) ?? unknownSender(row.from_user),
          {
            toContactId: to,
            toUser: to,
            ...(viewer === undefined ? {} : { viewer }),
          },
          publicUrl,
        );
        return {
          ...message,
          toName:
            row.is_group === 1
              ? (groups.get(row.to_user)?.name ?? "")
              : (senders.get(row.to_user)?.realname ?? ""),
          create_time: formatDateTime(row.created_at),
        };
      }),
    );
  }
}
