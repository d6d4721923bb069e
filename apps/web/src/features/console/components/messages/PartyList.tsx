import { SearchOutlined, TeamOutlined, UserOutlined } from "@ant-design/icons";
import type { ChatParty } from "@parley/protocol";
import { Avatar, Input, Pagination, Spin } from "antd";
import type { ReactNode } from "react";
import { CHAT_PAGE_SIZE } from "../../chats.queries";
import styles from "./messages.module.css";

interface Props {
  /** The list's accessible name. */
  label: string;
  search: string;
  searchLabel: string;
  searchPlaceholder: string;
  onSearch: (value: string) => void;
  rows: ChatParty[] | undefined;
  total: number;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
  selected: ChatParty["id"] | null;
  onSelect: (party: ChatParty) => void;
  /** The line under a name. */
  secondary: (party: ChatParty) => string;
  /** What an empty list says (after loading). */
  empty: ReactNode;
}

/** A searchable, paged list of people or chats; the chosen one is marked. */
export function PartyList({
  label,
  search,
  searchLabel,
  searchPlaceholder,
  onSearch,
  rows,
  total,
  page,
  onPage,
  loading,
  selected,
  onSelect,
  secondary,
  empty,
}: Props) {
  return (
    <div className={styles.mcPaneBody}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        value={search}
        placeholder={searchPlaceholder}
        aria-label={searchLabel}
        onChange={(event) => onSearch(event.target.value)}
        style={{ marginBottom: 8 }}
      />
      {rows === undefined ? (
        <div className={styles.mcState}>
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        empty
      ) : (
        <Spin spinning={loading}>
          <ul className={styles.mcParties} aria-label={label}>
            {rows.map((party) => {
              const name = party.displayName || party.realname;
              return (
                <li key={String(party.id)}>
                  <button
                    type="button"
                    className={styles.mcParty}
                    aria-current={party.id === selected}
                    onClick={() => onSelect(party)}
                  >
                    <Avatar
                      src={party.avatar || undefined}
                      icon={
                        party.is_group === 1 ? (
                          <TeamOutlined />
                        ) : (
                          <UserOutlined />
                        )
                      }
                      size={32}
                    />
                    <span className={styles.mcPartyText}>
                      <span className={styles.mcEllipsis} title={name}>
                        {name}
                      </span>
                      <span className={styles.mcMuted}>{secondary(party)}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </Spin>
      )}
      <Pagination
        simple
        size="small"
        current={page}
        pageSize={CHAT_PAGE_SIZE}
        total={total}
        hideOnSinglePage
        onChange={onPage}
        style={{ marginTop: 8, textAlign: "center" }}
      />
    </div>
  );
}
