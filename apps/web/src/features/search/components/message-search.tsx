import {
  type Contact,
  type ContactId,
  type FoundUser,
  type SearchHit,
  type SearchType,
} from "@parley/protocol";
import { Button, Select, Spin } from "antd";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../hooks/useNow";
import { showStoredMessage } from "../../../stores/chat-ui.store";
import { useJoinGroupMutation } from "../../groups";
import {
  SEARCH_DELAY_MS,
  type SearchFilters,
  useGlobalSearch,
  useSettled,
} from "../search.queries";
import { PublicGroupRow, SearchHitRow } from "./SearchHitRow";
import styles from "./Search.module.css";

/** A result the search box lists and the arrow keys reach. */
export interface SearchItem {
  key: string;
  render: () => ReactNode;
  choose: () => void;
}

/** A titled list of results. */
export interface SearchSection {
  title: string;
  items: SearchItem[];
}

/** What the search box shows of the global search. */
export interface MessageSearch {
  /** The chips and filters, above the results. */
  bar: ReactNode;
  /** Whether the box's own chats, people and groups are shown (no chip, no filter). */
  showNames: boolean;
  sections: SearchSection[];
  /** People the server found by name (the directory). */
  people: FoundUser[];
  /** Below the results: more, searching, or nothing found. */
  footer: ReactNode;
}

/** A filter that picks one of many (a person, a chat), found by typing, cleared by ×. */
function PickFilter<V extends number | string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  options: { value: V; label: string }[];
}) {
  return (
    <Select<V>
      size="small"
      allowClear
      showSearch={{ optionFilterProp: "label" }}
      popupMatchSelectWidth={false}
      className={styles.filter}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(next: V | undefined) => onChange(next)}
      options={options}
    />
  );
}

/** The chips: every kind, or one type. */
const CHIPS = ["all", "text", "file", "image", "video"] as const;
type Chip = (typeof CHIPS)[number];

/** The date filter's choices, in days back (0: any time). */
const SINCE_DAYS = [0, 7, 30, 365] as const;

/** Found messages the overview shows per section before "Show all". */
const OVERVIEW = 5;

const DAY_MS = 86_400_000;

/**
 * The global search behind the search box (issue 45): the words as typed, once they rest,
 * with the chips (all, messages, files, pictures, videos) and the filters (from, in,
 * since); the messages and files found, public groups to join, and the people the
 * directory found. Choosing a message jumps to it in its chat.
 */
export function useMessageSearch(
  query: string,
  contacts: readonly Contact[],
  onOpenChat: (contact: Contact) => void,
  onDone: () => void,
): MessageSearch {
  const { t } = useTranslation("search");
  const [chip, setChip] = useState<Chip>("all");
  const [from, setFrom] = useState<number | undefined>();
  const [chat, setChat] = useState<ContactId | undefined>();
  const [since, setSince] = useState<(typeof SINCE_DAYS)[number]>(0);
  const now = useNow(60_000);
  const keywords = useSettled(query.trim(), SEARCH_DELAY_MS);
  const filters: SearchFilters = useMemo(
    () => ({
      type: chip === "all" ? undefined : (chip satisfies SearchType),
      from,
      in: chat,
      // A day's start, so the key holds still while the box is open.
      after:
        since === 0
          ? undefined
          : Math.floor((now - since * DAY_MS) / DAY_MS) * DAY_MS,
    }),
    [chip, from, chat, since, now],
  );
  const filtered =
    chip !== "all" || from !== undefined || chat !== undefined || since !== 0;
  const found = useGlobalSearch(keywords, filters);
  const join = useJoinGroupMutation();
  const pages = found.data?.pages ?? [];
  const hits = pages.flatMap((page) => page.messages);
  const first = pages[0];

  const hitItem = (hit: SearchHit): SearchItem => ({
    key: `m${String(hit.message.msg_id)}`,
    render: () => <SearchHitRow hit={hit} now={now} />,
    choose: () => {
      onDone();
      showStoredMessage(hit.chat.id, hit.message);
    },
  });

  const sections: SearchSection[] = [];
  if (filtered) {
    sections.push({ title: t("sections.messages"), items: hits.map(hitItem) });
  } else if (first) {
    const publicGroups = first.groups.filter((group) => group.isJoin === 0);
    if (publicGroups.length > 0)
      sections.push({
        title: t("sections.publicGroups"),
        items: publicGroups.map((group) => ({
          key: `g${group.id}`,
          render: () => (
            <PublicGroupRow
              group={group}
              joining={join.isPending && join.variables === group.group_id}
              onJoin={() => {
                join.mutate(group.group_id, {
                  onSuccess: (contact) => {
                    onDone();
                    onOpenChat(contact);
                  },
                });
              }}
            />
          ),
          choose: () =>
            join.mutate(group.group_id, {
              onSuccess: (contact) => {
                onDone();
                onOpenChat(contact);
              },
            }),
        })),
      });
    const texts = first.messages.filter((hit) => hit.message.type !== "file");
    const files = first.messages.filter((hit) => hit.message.type === "file");
    const more = (next: Chip, label: string): SearchItem => ({
      key: `more-${next}`,
      render: () => <div className={styles.more}>{label}</div>,
      choose: () => setChip(next),
    });
    if (texts.length > 0)
      sections.push({
        title: t("sections.messages"),
        items: [
          ...texts.slice(0, OVERVIEW).map(hitItem),
          ...(texts.length > OVERVIEW || first.cursor
            ? [more("text", t("showAllMessages"))]
            : []),
        ],
      });
    if (files.length > 0)
      sections.push({
        title: t("sections.files"),
        items: [
          ...files.slice(0, OVERVIEW).map(hitItem),
          ...(files.length > OVERVIEW || first.cursor
            ? [more("file", t("showAllFiles"))]
            : []),
        ],
      });
  }

  const people = contacts.filter((c) => c.is_group === 0 && Number(c.id) > 0);
  const chats = contacts.filter(
    (c) => c.is_group === 1 || c.is_group === 0 || c.is_group === 3,
  );
  const bar = (
    <div className={styles.bar}>
      <div className={styles.chips} role="radiogroup" aria-label={t("kind")}>
        {CHIPS.map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={chip === value}
            className={chip === value ? styles.chipOn : styles.chip}
            onClick={() => setChip(value)}
          >
            {t(`chips.${value}`)}
          </button>
        ))}
      </div>
      <div className={styles.filters}>
        <PickFilter
          label={t("filters.from")}
          value={from}
          onChange={setFrom}
          options={people.map((c) => ({
            value: Number(c.id),
            label: c.displayName,
          }))}
        />
        <PickFilter<ContactId>
          label={t("filters.in")}
          value={chat}
          onChange={setChat}
          options={chats.map((c) => ({ value: c.id, label: c.displayName }))}
        />
        <Select
          size="small"
          className={styles.filter}
          aria-label={t("filters.since")}
          value={since}
          onChange={(value: (typeof SINCE_DAYS)[number]) => setSince(value)}
          popupMatchSelectWidth={false}
          options={SINCE_DAYS.map((days) => ({
            value: days,
            label:
              days === 0
                ? t("filters.anyTime")
                : t("filters.days", { count: days }),
          }))}
        />
      </div>
    </div>
  );

  let footer: ReactNode = null;
  const asked = keywords !== "" || filtered;
  if (found.isFetching && !found.isFetchingNextPage && hits.length === 0)
    footer = (
      <div className={styles.status}>
        <Spin size="small" /> {t("searching")}
      </div>
    );
  else if (found.isError)
    footer = <div className={styles.status}>{t("failed")}</div>;
  else if (filtered && asked && found.isSuccess && hits.length === 0)
    footer = <div className={styles.status}>{t("noMessages")}</div>;
  else if (filtered && found.hasNextPage)
    footer = (
      <div className={styles.status}>
        <Button
          size="small"
          loading={found.isFetchingNextPage}
          onClick={() => void found.fetchNextPage()}
        >
          {t("loadMore")}
        </Button>
      </div>
    );

  return {
    bar,
    showNames: !filtered,
    sections: sections.filter((section) => section.items.length > 0),
    people: !filtered && first ? first.people : [],
    footer,
  };
}
