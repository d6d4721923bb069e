import { CopyOutlined, LinkOutlined } from "@ant-design/icons";
import { INVITE_LINK_DAYS } from "@parley/protocol";
import { Alert, Button, Input, Space } from "antd";
import { useTranslation } from "react-i18next";
import { LANGUAGE_TAGS, useLanguage } from "../../../../i18n";
import { toast } from "../../../../lib/feedback";
import { useInviteLinkMutation } from "../../console.queries";
import styles from "./settings.module.css";

const DAY_MS = 86_400_000;

/**
 * Invitation links: what registration asks for when it is by invitation (regtype 2). Each
 * link carries a new code valid for INVITE_LINK_DAYS days, for any number of people.
 */
export function InviteTab({
  regtype,
  mayWrite,
}: {
  regtype: string;
  mayWrite: boolean;
}) {
  const { t } = useTranslation("console");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const invite = useInviteLinkMutation();
  const made = invite.data;

  const copy = (link: string) => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      toast("error", t("invite.copyFailed"));
      return;
    }
    clipboard.writeText(link).then(
      () => toast("success", t("invite.copied")),
      () => toast("error", t("invite.copyFailed")),
    );
  };

  const until = made
    ? new Intl.DateTimeFormat(locale, {
        dateStyle: "medium",
        timeStyle: "short",
      }).format(made.createdAt + INVITE_LINK_DAYS * DAY_MS)
    : "";

  return (
    <div className={styles.conForm}>
      <p className={styles.conHint}>
        {t("invite.about", { days: INVITE_LINK_DAYS })}
      </p>
      <Alert
        type={regtype === "2" ? "success" : "warning"}
        showIcon
        className={styles.conNotice}
        title={regtype === "2" ? t("invite.byInvitation") : t("invite.openNow")}
      />
      <Button
        type="primary"
        icon={<LinkOutlined />}
        disabled={!mayWrite}
        loading={invite.isPending}
        onClick={() => invite.mutate()}
      >
        {made ? t("invite.another") : t("invite.create")}
      </Button>
      {made && (
        <div className={styles.conInvite}>
          <Space.Compact className={styles.conInviteRow}>
            <Input
              readOnly
              value={made.link}
              aria-label={t("invite.link")}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => copy(made.link)}>
              {t("invite.copy")}
            </Button>
          </Space.Compact>
          <p className={styles.conHint}>
            {t("invite.validUntil", { days: INVITE_LINK_DAYS, until })}
          </p>
        </div>
      )}
    </div>
  );
}
