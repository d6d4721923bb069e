import {
  type CallRequest,
  groupContactId,
  type SearchChat,
  type SearchHit,
  SearchLimits,
  type search as calls,
  SELF_CHAT_ID,
  SELF_CHAT_KIND,
} from "@parley/protocol";
import { avatarUrl } from "../accounts/accounts.mapper.js";
import { directConversationId } from "../../db/conversation-ids.js";
import { shownText } from "../../lib/message-html.js";
import type { MessageRow } from "./message-store.repository.js";
import type { MessagesDeps } from "./messages.deps.js";
import { type ChatRules, groupIdOf } from "./chat-rules.js";
import type { HistoryService } from "./history.service.js";
import type { ReadableChat } from "./global-search.repository.js";
import type { SearchPlaces } from "./search-engine.js";
import { snippetOf } from "./search-snippet.js";

/** A global search as the call parsed it. */
export type GlobalSearchInput = CallRequest<typeof calls.search>;

/** Where a `type` filter looks for words, and which types it lists without words. */
const TYPE_FILTERS: Record<
  NonNullable<GlobalSearchInput["type"]> | "all",
  { places: SearchPlaces; types: string[] }
> = {
  all: {
    places: { body: true, name: true },
    types: ["text", "image", "voice", "video", "file", "emoji", "webrtc"],
  },
  text: { places: { body: true, name: false }, types: ["text"] },
  file: { places: { body: false, name: true }, types: ["file"] },
  // Pictures and videos carry no words: found by a filter alone.
  image: { places: { body: false, name: false }, types: ["image", "emoji"] },
  video: { places: { body: false, name: false }, types: ["video"] },
};

/**
 * The global search's messages (issue 45): every chat the user can read (their one-to-one
 * chats, the groups they are in or were in when disbanded, from where their history
 * starts), what they hid left out, newest first below a cursor; each found message with
 * its chat and a snippet with the words marked. People and groups are the search
 * feature's.
 */
export class GlobalSearchService {
  constructor(
    private readonly deps: Pick<MessagesDeps, "repo" | "groups">,
    private readonly rules: ChatRules,
    private readonly history: HistoryService,
  ) {}

  async search(
    userId: number,
    input: GlobalSearchInput,
    publicUrl: string,
  ): Promise<{ hits: SearchHit[]; cursor: string }> {
    const me = await this.rules.activeUser(userId);
    const words = input.keywords ?? "";
    const filtered =
      input.from !== undefined ||
      input.in !== undefined ||
      input.type !== undefined ||
      input.after !== undefined ||
      input.before !== undefined;
    const none = { hits: [], cursor: "" };
    // Nothing but an empty box: nothing to list.
    if (words === "" && !filtered) return none;
    const chats = await this.readableChats(userId, input.in);
    if (chats.length === 0) return none;
    const { repo } = this.deps;
    const cursor = input.cursor ? Number(input.cursor) : 0;
    const [before, after] = await Promise.all([
      input.before === undefined ? null : repo.firstMsgIdAt(input.before),
      input.after === undefined ? 0 : repo.firstMsgIdAt(input.after),
    ]);
    const uppers = [cursor || null, before].filter((n) => n !== null);
    const limit = input.limit ?? SearchLimits.pageSize;
    const filter = TYPE_FILTERS[input.type ?? "all"];
    const rows = await repo.searchEverywhere({
      chats,
      words,
      places: filter.places,
      types: filter.types,
      from: input.from,
      reader: userId,
      lowerMsgId: after,
      upperMsgId: uppers.length > 0 ? Math.min(...uppers) : null,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      hits: await this.present(me, page, words, publicUrl),
      cursor: rows.length > limit && last ? String(last.msg_id) : "",
    };
  }

  /**
   * The chats the user may search: every one, or only `only` (a contact id) when it is
   * one of them; a chat they cannot read is no chat at all, as a missing one.
   */
  private async readableChats(
    userId: number,
    only: number | string | undefined,
  ): Promise<ReadableChat[]> {
    const [direct, groups] = await Promise.all([
      this.deps.repo.listDirectChats(userId),
      this.deps.groups.readableGroups(userId),
    ]);
    const chats: ReadableChat[] = [
      ...direct.map((row) => ({
        conversationId: row.conversation_id,
        afterSeq: 0,
      })),
      ...groups.map((group) => ({
        conversationId: groupContactId(group.groupId),
        afterSeq: group.afterSeq,
      })),
    ];
    if (only === undefined) return chats;
    const groupId = groupIdOf(only);
    const wanted =
      groupId !== null
        ? groupContactId(groupId)
        : Number(only) === SELF_CHAT_ID
          ? directConversationId(userId, userId)
          : directConversationId(userId, Number(only));
    return chats.filter((chat) => chat.conversationId === wanted);
  }

  /** Found rows as the results list shows them: message, chat, snippet and marks. */
  private async present(
    me: { user_id: number; realname: string; avatar: string },
    rows: readonly MessageRow[],
    words: string,
    publicUrl: string,
  ): Promise<SearchHit[]> {
    const peerOf = (row: MessageRow) =>
      row.from_user === me.user_id ? row.to_user : row.from_user;
    const [messages, people, groups] = await Promise.all([
      this.history.presentFor(me.user_id, rows, publicUrl),
      this.rules.senders(
        rows.filter((row) => row.is_group !== 1).map(peerOf),
        publicUrl,
      ),
      this.deps.groups.faces(
        rows.filter((row) => row.is_group === 1).map((row) => row.to_user),
      ),
    ]);
    return rows.flatMap((row, i) => {
      const message = messages[i];
      if (!message) return [];
      let chat: SearchChat;
      if (row.is_group === 1) {
        const group = groups.get(row.to_user);
        chat = {
          id: groupContactId(row.to_user),
          name: group?.name ?? "",
          avatar: group ? avatarUrl(group.avatar, publicUrl) : "",
          is_group: 1,
        };
      } else if (row.from_user === row.to_user) {
        const self = people.get(me.user_id);
        chat = {
          id: SELF_CHAT_ID,
          name: self?.realname ?? me.realname,
          avatar: self?.avatar ?? "",
          is_group: SELF_CHAT_KIND,
        };
      } else {
        const peer = people.get(peerOf(row));
        chat = {
          id: peerOf(row),
          name: peer?.displayName ?? peer?.realname ?? "",
          avatar: peer?.avatar ?? "",
          is_group: 0,
        };
      }
      const text =
        row.type === "text"
          ? shownText(row.content)
          : row.type === "file"
            ? message.fileName
            : "";
      return [{ message, chat, ...snippetOf(text, words) }];
    });
  }
}
