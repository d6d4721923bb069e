import { sql } from "kysely";
import { containing } from "../../db/like.js";
import {
  codePoints,
  type HitFilter,
  type Hits,
  SEARCH_CAP,
  type SearchEngine,
  type SearchPlaces,
} from "./search-engine.js";

/**
 * PostgreSQL: the GIN indexes of migration 0008 over the shown text, lowered. Three
 * characters and more: pg_trgm serves a LIKE (its wildcards escaped). One or two: the
 * exact key "<conversation> <characters>" of the pieces index. The matches are gathered
 * first (a materialized CTE) so the planner cannot trade the index for a walk of the
 * conversation newest first that finds nothing when the words are rare (measured: 4 s on
 * 200k rows); then the newest, up to the cap.
 */
function postgresHits(
  filter: HitFilter,
  words: string,
  where: SearchPlaces,
): Hits {
  const kinds = [
    ...(where.body ? ["text"] : []),
    ...(where.name ? ["file"] : []),
  ];
  const short = codePoints(words).length < 3;
  const hides = filter.reader !== undefined;
  return {
    key: `trgm|${String(short)}|${kinds.join(",")}|${String(hides)}`,
    args: [
      filter.conversationId,
      filter.afterSeq,
      short ? words : containing(words),
      ...(hides ? [filter.reader ?? 0] : []),
    ],
    build: (_db, [conversationId, afterSeq, pattern, reader]) => {
      const matching = short
        ? sql`message_search_grams(m.conversation_id, m.type, m.content, m.extends)
            @> array[cast(${conversationId} as text) || ' ' || lower(${pattern})]`
        : sql`message_search_text(m.type, m.content, m.extends)
            like lower(${pattern}) escape '\\'`;
      const hidden = hides
        ? sql`and not exists (select 1 from message_hides h
            where h.msg_id = m.msg_id and h.user_id = ${reader})`
        : sql``;
      // The literal type list is what lets the planner use the partial indexes.
      return sql<{ seq: number }>`with matches as materialized (
          select m.seq from messages m
          where m.conversation_id = ${conversationId}
            and m.type in ('text', 'file')
            and m.type in (${sql.join(kinds.map((kind) => sql.lit(kind)))})
            and m.seq > ${afterSeq}
            and ${matching}
            ${hidden}
        )
        select seq from matches order by seq desc limit ${SEARCH_CAP}`;
    },
  };
}

/** PostgreSQL's engine. */
export const postgresSearch: SearchEngine = {
  hits: (_db, filter, words, where) =>
    Promise.resolve(postgresHits(filter, words, where)),
};
