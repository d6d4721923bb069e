import { type UserInfo } from "@parley/protocol";
import { Avatar, Button, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageMenu } from "../../../components/LanguageMenu";
import { useLogoutMutation } from "../../accounts";
import { SuggestionDialog } from "../../reports";
import { TwoFactorRow } from "../../signin";
import { AccountDialog } from "./AccountDialog";
import { AvatarUpload } from "./AvatarUpload";
import { PasswordDialog } from "./PasswordDialog";
import { ProfileForm } from "./ProfileForm";
import styles from "./settings.module.css";

/**
 * Account settings (SPEC §2): my photo, my profile, password and account changes (each in
 * its own dialog), the interface language, and logging out.
 */
export function AccountTab({ user }: { user: UserInfo }) {
  const { t } = useTranslation("settings");
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  const [dialog, setDialog] = useState<
    "password" | "account" | "suggestion" | null
  >(null);

  return (
    <div>
      <div className={styles.identity}>
        <Avatar
          src={user.avatar || undefined}
          size={64}
          className={styles.identityAvatar}
        >
          {user.realname.slice(0, 1)}
        </Avatar>
        <div className={styles.identityText}>
          <Typography.Text
            strong
            className={styles.identityName}
            title={user.realname}
          >
            {user.realname}
          </Typography.Text>
          <Typography.Text
            type="secondary"
            className={styles.identityAccount}
            title={user.account}
          >
            {user.account}
          </Typography.Text>
          <AvatarUpload />
          <Typography.Text type="secondary" className={styles.rowHint}>
            {t("avatar.hint")}
          </Typography.Text>
        </div>
      </div>
      <Typography.Title level={5} className={styles.heading}>
        {t("profile.heading")}
      </Typography.Title>
      <ProfileForm user={user} />
      <Typography.Title level={5} className={styles.heading}>
        {t("security.heading")}
      </Typography.Title>
      <div className={styles.rows}>
        <div className={styles.row}>
          <div className={styles.rowText}>
            <span className={styles.rowLabel}>{t("security.password")}</span>
            <Typography.Text type="secondary" className={styles.rowHint}>
              {t("security.passwordHint")}
            </Typography.Text>
          </div>
          <Button onClick={() => setDialog("password")}>
            {t("security.changePassword")}
          </Button>
        </div>
        <TwoFactorRow
          userId={user.user_id}
          rowClass={styles.row ?? ""}
          textClass={styles.rowText ?? ""}
          labelClass={styles.rowLabel ?? ""}
          hintClass={styles.rowHint ?? ""}
        />
        <div className={styles.row}>
          <div className={styles.rowText}>
            <span className={styles.rowLabel}>{t("security.account")}</span>
            <Typography.Text
              type="secondary"
              className={styles.rowHint}
              ellipsis
            >
              {user.account}
            </Typography.Text>
          </div>
          <Button onClick={() => setDialog("account")}>
            {t("security.changeAccount")}
          </Button>
        </div>
        <div className={styles.row}>
          <span className={styles.rowLabel}>{t("language")}</span>
          <LanguageMenu />
        </div>
        <div className={styles.row}>
          <span className={styles.rowLabel}>
            {t("reports:suggestion.label")}
          </span>
          <Button onClick={() => setDialog("suggestion")}>
            {t("reports:suggestion.open")}
          </Button>
        </div>
      </div>
      <div className={styles.logout}>
        <Button
          danger
          block
          loading={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: () => void navigate("/login", { replace: true }),
            })
          }
        >
          {t("logout")}
        </Button>
      </div>
      <SuggestionDialog
        open={dialog === "suggestion"}
        onClose={() => setDialog(null)}
      />
      <PasswordDialog
        user={user}
        open={dialog === "password"}
        onClose={() => setDialog(null)}
      />
      <AccountDialog
        user={user}
        open={dialog === "account"}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
