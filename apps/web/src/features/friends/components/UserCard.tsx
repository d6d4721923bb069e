import { BotTag } from "../../../components/BotTag";
import type { UserDetail } from "@parley/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { Avatar, Button, Modal, Spin, Tag } from "antd";
import { appModal } from "../../../components/AppModal";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../api/http";
import { cachedContacts, fetchPersonContact } from "../../contacts";
import { ApplyFriendDialog } from "../dialogs";
import { useRemoveFriendMutation } from "../friends.queries";
import { useFriendsUiStore } from "../../../stores/friends-ui.store";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import { useReportStore } from "../../../stores/report.store";
import { useActor, useGlobalConfig } from "../../system";
import { cardControls } from "../card-rules";
import { useUserCardQuery } from "../../people";
import styles from "./user-card.module.css";
import { RemarkField } from "./RemarkField";

/** What the opener already shows of the person: the card falls back on it when refused. */
export interface KnownPerson {
  name: string;
  avatar: string;
}

/** SPEC §3 User detail: 0 female, 1 male, 2 unknown. */
const SEX_KEYS = { 0: "sex.female", 1: "sex.male" } as const;

/**
 * The user card (SPEC §2), opened by user id: who they are, what the reader may see of
 * them, and what they may do (send a message, add or delete a friend, a remark). Opened
 * from a group's member list it carries the group, whose profile setting may refuse; a
 * refusal is said quietly in the card, never as a toast (SPEC §8).
 */
export function UserCard({
  userId,
  groupId,
  known,
  onClose,
}: {
  userId: number;
  groupId?: number | undefined;
  known?: KnownPerson | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation("people");
  const card = useUserCardQuery(userId, groupId);
  const person = card.data;
  const [applying, setApplying] = useState(false);

  let body;
  if (person) body = <CardBody person={person} />;
  else if (card.isError) {
    const privacy =
      card.error instanceof ApiError && card.error.key === "people.privacy";
    body = (
      <div className={styles.state}>
        {known && (
          <>
            <Avatar src={known.avatar || undefined} size={64}>
              {known.name.slice(0, 1)}
            </Avatar>
            <h3 className={styles.name}>{known.name}</h3>
          </>
        )}
        <p className={styles.stateText} role="status">
          {t(privacy ? "privacy" : "unavailable")}
        </p>
      </div>
    );
  } else
    body = (
      <div className={styles.state}>
        <Spin />
      </div>
    );

  return (
    <>
      <Modal
        open
        centered
        width={400}
        title={t("card.title")}
        onCancel={onClose}
        footer={
          person ? (
            <CardButtons
              person={person}
              onApply={() => setApplying(true)}
              onChatOpened={onClose}
            />
          ) : null
        }
      >
        {body}
      </Modal>
      {person && applying && (
        <ApplyFriendDialog
          person={{
            userId: person.user_id,
            name: person.realname,
            avatar: person.avatar,
          }}
          onClose={() => setApplying(false)}
        />
      )}
    </>
  );
}

function CardBody({ person }: { person: UserDetail }) {
  const { t } = useTranslation("people");
  const actor = useActor();
  const config = useGlobalConfig();
  if (!config) return null;
  const controls = cardControls(actor, config, person);
  const sexKey = SEX_KEYS[person.sex as keyof typeof SEX_KEYS] as
    (typeof SEX_KEYS)[keyof typeof SEX_KEYS] | undefined;
  return (
    <>
      <div className={styles.head}>
        <Avatar src={person.avatar || undefined} size={64}>
          {person.displayName.slice(0, 1)}
        </Avatar>
        <div className={styles.headText}>
          <h3 className={styles.name}>
            {person.displayName}
            {person.is_bot === 1 && (
              <>
                {" "}
                <BotTag />
              </>
            )}
            {controls.self && (
              <Tag color="blue" className={styles.you}>
                {t("card.you")}
              </Tag>
            )}
          </h3>
          <div className={person.motto ? styles.motto : styles.mottoEmpty}>
            {person.motto || t("card.noMotto")}
          </div>
        </div>
      </div>
      <dl className={styles.fields}>
        <dt>{t("fields.account")}</dt>
        <dd>{person.account}</dd>
        <dt>{t(`fields.${controls.nameLabel}`)}</dt>
        <dd>{person.realname}</dd>
        {controls.remark && (
          <>
            <dt>{t("fields.remark")}</dt>
            <dd>
              <RemarkField
                userId={person.user_id}
                remark={person.friend === "" ? "" : person.friend.nickname}
              />
            </dd>
          </>
        )}
        <dt>{t("fields.sex")}</dt>
        <dd className={sexKey ? undefined : styles.muted}>
          {t(sexKey ?? "sex.unknown")}
        </dd>
        {person.email !== "" && (
          <>
            <dt>{t("fields.email")}</dt>
            <dd>{person.email}</dd>
          </>
        )}
        {person.last_login_ip !== "" && (
          <>
            <dt>{t("fields.ip")}</dt>
            <dd>
              {person.location
                ? t("ipWithLocation", {
                    ip: person.last_login_ip,
                    location: person.location,
                  })
                : person.last_login_ip}
            </dd>
          </>
        )}
      </dl>
    </>
  );
}

function CardButtons({
  person,
  onApply,
  onChatOpened,
}: {
  person: UserDetail;
  onApply: () => void;
  onChatOpened: () => void;
}) {
  const { t } = useTranslation("people");
  const client = useQueryClient();
  const actor = useActor();
  const config = useGlobalConfig();
  const remove = useRemoveFriendMutation();
  const [opening, setOpening] = useState(false);
  const navigate = useNavigate();
  if (!config) return null;
  const controls = cardControls(actor, config, person);

  const sendMessage = async () => {
    const id = person.user_id;
    const list = cachedContacts(client);
    // Not in my list yet (someone new): the server gives their contact row.
    if (!list?.some((c) => c.id === id)) {
      setOpening(true);
      try {
        await fetchPersonContact(client, id);
      } catch {
        return;
      } finally {
        setOpening(false);
      }
    }
    useChatUiStore.getState().open(id);
    useFriendsUiStore.getState().closeAll();
    onChatOpened();
  };

  const confirmRemove = () => {
    appModal.confirm({
      title: t("remove.title", { name: person.displayName }),
      content: t("remove.body"),
      okText: t("remove.ok"),
      cancelText: t("remove.cancel"),
      okButtonProps: { danger: true },
      centered: true,
      onOk: () => remove.mutateAsync(person.user_id),
    });
  };

  return (
    <div className={styles.footer}>
      {person.user_id !== actor.userId && (
        <Button
          type="text"
          onClick={() => {
            useReportStore.getState().open({
              type: "user",
              id: person.user_id,
              name: person.displayName,
            });
          }}
        >
          {t("actions.report")}
        </Button>
      )}
      {controls.editInfo && (
        <Button
          onClick={() => {
            onChatOpened();
            void navigate(`/manage/user?edit=${String(person.user_id)}`);
          }}
        >
          {t("actions.editInfo")}
        </Button>
      )}
      {controls.deleteFriend && (
        <Button danger onClick={confirmRemove} loading={remove.isPending}>
          {t("actions.deleteFriend")}
        </Button>
      )}
      {controls.addFriend !== "hidden" && (
        <Button
          type={controls.sendMessage ? "default" : "primary"}
          disabled={controls.addFriend === "applied"}
          onClick={onApply}
        >
          {t(
            controls.addFriend === "applied"
              ? "actions.applied"
              : "actions.addFriend",
          )}
        </Button>
      )}
      {controls.sendMessage && (
        <Button
          type="primary"
          loading={opening}
          onClick={() => void sendMessage()}
        >
          {t("actions.sendMessage")}
        </Button>
      )}
    </div>
  );
}
