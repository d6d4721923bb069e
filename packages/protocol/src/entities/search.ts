import { z } from "zod/mini";
import { DirectoryGroupSchema } from "./group.js";
import { MessageSchema } from "./message.js";
import { FoundUserSchema } from "./person.js";

/*
 * The global search (issue 45, Parley's own: docs/EXTENSIONS.md "Search"): one search over
 * every chat a person can see, and the people and groups whose names match.
 */

/** The message types the search's `type` filter names, as the history panel's tabs do. */
export const SEARCH_TYPES = ["text", "image", "file", "video"] as const;
/** A search's `type` filter. */
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The chat a found message is in, as the results list shows it. */
export const SearchChatSchema = z.object({
  /** The contact id the chat is opened with: a user id, `group-N`, or -1 (oneself). */
  id: z.union([z.int(), z.string()]),
  /** The chat's name as the searcher sees it (a friend's remark, a group's name). */
  name: z.string(),
  avatar: z.string(),
  /** 0 one-to-one, 1 group, 3 the chat with oneself. */
  is_group: z.int(),
});
/** The chat a found message is in. */
export type SearchChat = z.infer<typeof SearchChatSchema>;

/** A found message: the message as the chat shows it, its chat, and where the words are. */
export const SearchHitSchema = z.object({
  message: MessageSchema,
  chat: SearchChatSchema,
  /**
   * Plain text around the first match (a text's words without markup, a file's name), at
   * most `SearchLimits.snippetMax` characters: shown as text, never as markup.
   */
  snippet: z.string(),
  /**
   * Where the search's words are in `snippet`: pairs [start, end) in UTF-16 code units.
   * (Arrays, not zod's tuple: a tuple's parser would be one more part of every screen's
   * first download.)
   */
  marks: z.array(z.array(z.int())),
});
/** A found message. */
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** What `enterprise/im/search` answers. */
export const SearchResultSchema = z.object({
  messages: z.array(SearchHitSchema),
  /** Passed back as `cursor` for the next, older page; "" when there is none. */
  cursor: z.string(),
  /** People by name, pinyin or exact account (the first page of a search by words only). */
  people: z.array(FoundUserSchema),
  /** My groups and public groups by name or pinyin (as `people`). */
  groups: z.array(DirectoryGroupSchema),
});
/** What `enterprise/im/search` answers. */
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** The global search's sizes. */
export const SearchLimits = {
  /** The longest search, in characters. */
  keywordsMax: 100,
  /** Found messages a page holds at most, and by default. */
  pageMax: 50,
  pageSize: 20,
  /** People and groups the first page lists at most, each. */
  namesMax: 8,
  /** A snippet's length, in characters. */
  snippetMax: 120,
} as const;
