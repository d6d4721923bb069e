import { type ChatParty, denial } from "@parley/protocol";
import { Alert, Card, Empty } from "antd";
import { type ReactNode, type Ref, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useReducedMotion } from "../../../hooks/useReducedMotion";
import { useWindowWidth } from "../../../hooks/useWindowWidth";
import { LANGUAGE_TAGS, useLanguage } from "../../../i18n";
import { formatFullTime } from "../../../lib/time";
import { useActor } from "../../system";
import { usePartiesQuery } from "../chats.queries";
import { SEARCH_DEBOUNCE_MS } from "../components/groups/use-debounced";
import {
  BackToRecent,
  ConversationPane,
} from "../components/messages/ConversationPane";
import styles from "../components/messages/messages.module.css";
import { PartyList } from "../components/messages/PartyList";
import { RecentPane } from "../components/messages/RecentPane";

/** Below this window width the card's padding shrinks, leaving the lists their room. */
const PHONE_MAX = 600;

/** A list's search: the words typed, those searched (after a pause), and its page. */
function useListSearch() {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState({ keywords: "", page: 1 });
  useEffect(() => {
    const timer = window.setTimeout(
      () =>
        setQuery((q) =>
          q.keywords === search.trim()
            ? q
            : { keywords: search.trim(), page: 1 },
        ),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [search]);
  return {
    search,
    setSearch,
    ...query,
    setPage: (page: number) => setQuery((q) => ({ ...q, page })),
    reset: () => {
      setSearch("");
      setQuery({ keywords: "", page: 1 });
    },
  };
}

/**
 * /manage/message (issue 12): pick a user, then one of their chats, then read and search
 * that conversation; until a user is picked, the newest messages of every chat show. Any
 * message can be masked or deleted for everyone (not in demo mode, which says so).
 */
export function MessageCentrePage() {
  const { t } = useTranslation("consoleChats");
  const actor = useActor();
  const locale = LANGUAGE_TAGS[useLanguage()];
  const phone = useWindowWidth() < PHONE_MAX;
  const reducedMotion = useReducedMotion();
  const readOnly = denial(actor, "console.write");
  const writable = readOnly === null;
  const [user, setUser] = useState<ChatParty | null>(null);
  const [chat, setChat] = useState<ChatParty | null>(null);
  const userList = useListSearch();
  const chatList = useListSearch();
  const messagesPane = useRef<HTMLElement>(null);

  const users = usePartiesQuery({
    keywords: userList.keywords,
    page: userList.page,
  });
  const chats = usePartiesQuery(
    {
      user_id: user?.user_id,
      keywords: chatList.keywords,
      page: chatList.page,
    },
    user !== null,
  );

  // Stacked on a phone: a chosen chat's messages are below the lists, so go to them.
  useEffect(() => {
    if (chat && phone)
      messagesPane.current?.scrollIntoView({
        behavior: reducedMotion ? "auto" : "smooth",
      });
  }, [chat, phone, reducedMotion]);

  const chooseUser = (party: ChatParty) => {
    if (party.user_id === user?.user_id) return;
    setUser(party);
    setChat(null);
    chatList.reset();
  };
  const backToRecent = () => {
    setUser(null);
    setChat(null);
    chatList.reset();
  };

  const userName = user ? user.displayName || user.realname : "";
  const chatName = chat ? chat.displayName || chat.realname : "";

  return (
    <Card
      title={t("centre.title")}
      styles={{ body: { minWidth: 0, padding: phone ? 12 : undefined } }}
    >
      {readOnly !== null && (
        <Alert
          type="info"
          showIcon
          title={t(readOnly === "demo" ? "readOnly.demo" : "readOnly.role")}
          style={{ marginBottom: 16 }}
        />
      )}
      <div className={styles.mcShell}>
        <div className={styles.mcGrid}>
          <Pane
            className={styles.mcUsers}
            step={1}
            title={t("centre.users.title")}
          >
            <PartyList
              label={t("centre.users.list")}
              search={userList.search}
              searchLabel={t("centre.users.search")}
              searchPlaceholder={t("centre.users.placeholder")}
              onSearch={userList.setSearch}
              rows={users.data?.rows}
              total={users.data?.total ?? 0}
              page={userList.page}
              onPage={userList.setPage}
              loading={users.isFetching}
              selected={user?.id ?? null}
              onSelect={chooseUser}
              secondary={(party) => party.account}
              empty={
                <Empty
                  className={styles.mcState}
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t(
                    userList.keywords === ""
                      ? "centre.users.none"
                      : "centre.users.noMatch",
                  )}
                />
              }
            />
          </Pane>
          <Pane
            className={styles.mcChats}
            step={2}
            title={
              user
                ? t("centre.chats.titleOf", { name: userName })
                : t("centre.chats.title")
            }
          >
            {user ? (
              <PartyList
                key={user.user_id}
                label={t("centre.chats.list", { name: userName })}
                search={chatList.search}
                searchLabel={t("centre.chats.search")}
                searchPlaceholder={t("centre.chats.placeholder")}
                onSearch={chatList.setSearch}
                rows={chats.data?.rows}
                total={chats.data?.total ?? 0}
                page={chatList.page}
                onPage={chatList.setPage}
                loading={chats.isFetching}
                selected={chat?.id ?? null}
                onSelect={setChat}
                secondary={(party) =>
                  party.is_group === 1
                    ? t("centre.chats.group")
                    : t("centre.chats.lastAt", {
                        time: formatFullTime(party.lastSendTime, locale),
                      })
                }
                empty={
                  <Empty
                    className={styles.mcState}
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={t(
                      chatList.keywords === ""
                        ? "centre.chats.none"
                        : "centre.chats.noMatch",
                      { name: userName },
                    )}
                  />
                }
              />
            ) : (
              <Empty
                className={styles.mcState}
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t("centre.chats.pickUser")}
              />
            )}
          </Pane>
          <Pane
            ref={messagesPane}
            className={styles.mcMessages}
            step={3}
            title={
              user && chat
                ? t("centre.conversation.title", {
                    user: userName,
                    chat: chatName,
                  })
                : user
                  ? t("centre.conversation.untitled")
                  : t("centre.recent.title")
            }
            extra={user && <BackToRecent onBack={backToRecent} />}
          >
            {user && chat ? (
              <ConversationPane
                // Another conversation starts from its first page, unfiltered.
                key={`${String(user.user_id)}:${String(chat.id)}`}
                user={user}
                chat={chat}
                locale={locale}
                writable={writable}
              />
            ) : user ? (
              <Empty
                className={styles.mcState}
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t("centre.conversation.pickChat", {
                  name: userName,
                })}
              />
            ) : (
              <RecentPane locale={locale} writable={writable} />
            )}
          </Pane>
        </div>
      </div>
    </Card>
  );
}

/** One step of the centre: its number, its title (cut short), what it holds. */
function Pane({
  ref,
  className,
  step,
  title,
  extra,
  children,
}: {
  ref?: Ref<HTMLElement>;
  className: string | undefined;
  step: number;
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section ref={ref} className={className} aria-label={title}>
      <div className={styles.mcPaneHead}>
        <span className={styles.mcStep} aria-hidden>
          {step}
        </span>
        <h2 className={styles.mcPaneTitle} title={title}>
          {title}
        </h2>
        {extra}
      </div>
      {children}
    </section>
  );
}
