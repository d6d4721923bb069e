import { TeamOutlined } from "@ant-design/icons";
import {
  type Contact,
  groups as groupCalls,
  isGroupQrToken,
} from "@parley/protocol";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ApiError, call } from "../../../api/http";
import { toast } from "../../../lib/feedback";
import { contactsKey } from "../../contacts";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import { useGlobalConfig } from "../../system";
import styles from "./JoinGroupPage.module.css";

/**
 * Where a group QR leads (`/scan/g/<token>` redirects to `/join/<token>`): what the link is,
 * and a button to join. The group's name is not shown before joining: the link carries only
 * a signed number, and only members may read a group's card. Joining opens the group's chat;
 * a refusal (expired or altered link, full or disbanded group) says why, with a way back.
 */
export function JoinGroupPage() {
  const { t } = useTranslation("groups");
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const openChat = useChatUiStore((s) => s.open);
  const brand = useGlobalConfig()?.sysInfo.name ?? "";
  const wellFormed = isGroupQrToken(token);

  const join = useMutation({
    mutationFn: async () =>
      (await call(groupCalls.joinGroup, { token }, { silent: true })).data,
    onSuccess: (contact) => {
      const list = client.getQueryData<Contact[]>(contactsKey);
      const already = list?.some((c) => c.id === contact.id) ?? false;
      client.setQueryData<Contact[]>(contactsKey, (old) =>
        old ? [contact, ...old.filter((c) => c.id !== contact.id)] : old,
      );
      void client.invalidateQueries({ queryKey: contactsKey });
      openChat(contact.id);
      toast(
        "success",
        t(already ? "join.already" : "join.joined", {
          name: contact.displayName,
        }),
      );
      void navigate("/", { replace: true });
    },
  });
  const backToChats = () => void navigate("/", { replace: true });
  const error = join.error instanceof ApiError ? join.error : null;
  // A refusal is final for this link; a request that never got an answer may be tried again.
  const refused = error !== null && !error.network;

  let body;
  if (!wellFormed)
    body = (
      <Result
        className={styles.result}
        status="warning"
        title={t("join.broken")}
        subTitle={t("join.brokenBody")}
        extra={
          <Button type="primary" onClick={backToChats}>
            {t("join.back")}
          </Button>
        }
      />
    );
  else if (refused)
    body = (
      <Result
        className={styles.result}
        status="warning"
        title={t("join.refused")}
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={backToChats}>
            {t("join.back")}
          </Button>
        }
      />
    );
  else
    body = (
      <div className={styles.invite}>
        <span className={styles.icon} aria-hidden>
          <TeamOutlined />
        </span>
        <h1 className={styles.title}>{t("join.title")}</h1>
        <p className={styles.text}>{t("join.body")}</p>
        {error && (
          <Alert
            type="error"
            showIcon
            title={error.message}
            className={styles.alert}
          />
        )}
        <Button
          type="primary"
          size="large"
          block
          loading={join.isPending || join.isSuccess}
          onClick={() => join.mutate()}
        >
          {t("join.submit")}
        </Button>
        <Button type="link" block onClick={backToChats}>
          {t("join.back")}
        </Button>
      </div>
    );

  return (
    <div className={styles.page}>
      <header className={styles.header}>{brand}</header>
      <main className={styles.card}>{body}</main>
    </div>
  );
}
