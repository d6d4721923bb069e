import {
  type FriendRequest,
  FriendRequestStatus,
  isLanguage,
  LANGUAGE_TAGS,
} from "@parley/protocol";
import { Avatar, Button, Tag } from "antd";
import { appModal } from "../../../components/AppModal";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../hooks/useNow";
import { formatChatTime, formatFullTime } from "../../../lib/time";
import { UserCardButton } from "./UserCardButton";
import { type RequestBox, useAnswerMutation } from "../friends.queries";
import styles from "./friends.module.css";

const STATUS = {
  [FriendRequestStatus.waiting]: { key: "status.waiting", color: "gold" },
  [FriendRequestStatus.agreed]: { key: "status.agreed", color: "green" },
  [FriendRequestStatus.refused]: { key: "status.refused", color: "default" },
} as const;

/**
 * One request: the other person (their card on a click), their message, when, and its
 * state; a request waiting for my answer offers accept and refuse, each confirmed first
 * (SPEC §4).
 */
export function RequestRow({
  request,
  box,
}: {
  request: FriendRequest;
  box: RequestBox;
}) {
  const { t, i18n } = useTranslation("friends");
  const answer = useAnswerMutation();
  const row = useRef<HTMLLIElement>(null);
  const now = useNow();
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const other =
    box === "received" ? request.create_user_info : request.user_id_info;
  const name = other.displayName || other.realname;
  const status = STATUS[request.status as keyof typeof STATUS] as
    (typeof STATUS)[keyof typeof STATUS] | undefined;
  const mayAnswer =
    box === "received" && request.status === FriendRequestStatus.waiting;

  const confirm = (agree: boolean) => {
    appModal.confirm({
      title: t(agree ? "answer.acceptTitle" : "answer.refuseTitle", { name }),
      content: request.remark
        ? t("answer.theirMessage", { message: request.remark })
        : undefined,
      okText: t(agree ? "answer.accept" : "answer.refuse"),
      cancelText: t("answer.cancel"),
      okButtonProps: agree ? {} : { danger: true },
      centered: true,
      onOk: () => answer.mutateAsync({ request, agree }),
      // The button that opened it is gone once answered: focus stays in the panel, so
      // Escape still closes it.
      afterClose: () => row.current?.focus({ preventScroll: true }),
    });
  };

  return (
    <li
      ref={row}
      tabIndex={-1}
      className={styles.row}
      data-testid="friend-request"
    >
      <UserCardButton userId={other.user_id} name={name} avatar={other.avatar}>
        <Avatar src={other.avatar || undefined} size={44}>
          {name.slice(0, 1)}
        </Avatar>
      </UserCardButton>
      <div className={styles.text}>
        <div className={styles.top}>
          <span className={styles.name} title={name}>
            {name}
          </span>
          <time
            className={styles.time}
            dateTime={new Date(request.createTime).toISOString()}
            title={formatFullTime(request.createTime, locale)}
          >
            {formatChatTime(request.createTime, now, locale, {
              yesterday: t("common:time.yesterday"),
            })}
          </time>
        </div>
        <div className={request.remark ? styles.message : styles.messageEmpty}>
          {request.remark || t("requests.noMessage")}
        </div>
      </div>
      <div className={styles.side}>
        {mayAnswer ? (
          <>
            <Button
              onClick={() => confirm(false)}
              disabled={answer.isPending}
              aria-label={t("answer.refuseLabel", { name })}
            >
              {t("answer.refuse")}
            </Button>
            <Button
              type="primary"
              onClick={() => confirm(true)}
              disabled={answer.isPending}
              aria-label={t("answer.acceptLabel", { name })}
            >
              {t("answer.accept")}
            </Button>
          </>
        ) : (
          status && <Tag color={status.color}>{t(status.key)}</Tag>
        )}
      </div>
    </li>
  );
}
