import { SearchOutlined } from "@ant-design/icons";
import { PeopleLimits } from "@parley/protocol";
import { Avatar, Input, Modal, Spin, Tag } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchUsersQuery } from "../../people";
import { UserCardButton } from "./UserCardButton";
import { useFriendsUiStore } from "../../../stores/friends-ui.store";
import styles from "./friends.module.css";

/** Typing pauses this long before the search is asked. */
const SEARCH_DELAY_MS = 300;

/**
 * Add friend (SPEC §2 dialogs): a search by exact account, or by name or pinyin; each
 * result shows avatar, real name and account, and opens the person's card, where the
 * application is made.
 */
export function AddFriendDialog() {
  const { t } = useTranslation("friends");
  const open = useFriendsUiStore((s) => s.addFriendOpen);
  const close = useFriendsUiStore((s) => s.closeAddFriend);
  const [text, setText] = useState("");
  const [keywords, setKeywords] = useState("");
  const search = useSearchUsersQuery(keywords);

  useEffect(() => {
    const timer = setTimeout(() => setKeywords(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const found = search.data ?? [];
  let body;
  if (keywords === "")
    body = <p className={styles.searchHint}>{t("add.hint")}</p>;
  else if (search.isLoading)
    body = (
      <div className={styles.loading}>
        <Spin />
      </div>
    );
  else if (found.length === 0)
    body = (
      <p className={styles.searchHint} role="status">
        {t("add.none", { query: keywords })}
      </p>
    );
  else
    body = (
      <ul className={styles.results} aria-label={t("add.results")}>
        {found.map((person) => (
          <li key={person.user_id} className={styles.result}>
            <UserCardButton
              row
              userId={person.user_id}
              name={person.realname}
              avatar={person.avatar}
            >
              <Avatar src={person.avatar || undefined} size={40}>
                {person.realname.slice(0, 1)}
              </Avatar>
              <span className={styles.resultText}>
                <span className={styles.name}>{person.realname}</span>
                <span className={styles.resultAccount}>{person.account}</span>
              </span>
              {person.friend !== "" ? (
                <Tag color="green">{t("add.isFriend")}</Tag>
              ) : person.applied === 2 ? (
                <Tag color="gold">{t("add.applied")}</Tag>
              ) : null}
            </UserCardButton>
          </li>
        ))}
      </ul>
    );

  return (
    <Modal
      open={open}
      centered
      width={480}
      title={t("add.title")}
      footer={null}
      destroyOnHidden
      onCancel={close}
      afterClose={() => {
        setText("");
        setKeywords("");
      }}
    >
      <Input
        autoFocus
        allowClear
        size="large"
        prefix={<SearchOutlined />}
        maxLength={PeopleLimits.keywordsMax}
        placeholder={t("add.placeholder")}
        aria-label={t("add.placeholder")}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => setKeywords(text.trim())}
      />
      {body}
    </Modal>
  );
}
