import { TeamOutlined } from "@ant-design/icons";
import { isGroupQrToken } from "@parley/protocol";
import { Alert, Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../../api/http";
import { useGlobalConfig } from "../../system";
import { useJoinGroupMutation } from "../groups.queries";
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
  const brand = useGlobalConfig()?.sysInfo.name ?? "";
  const wellFormed = isGroupQrToken(token);

  const join = useJoinGroupMutation();
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
          onClick={() => join.mutate(token, { onSuccess: backToChats })}
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
