import { Button, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { REDIRECT_PARAM, safeRedirect } from "../../../lib/redirect";
import { useSessionStore } from "../../../stores/session.store";
import { TwoFactorSetup } from "../../signin";
import { useLogoutMutation } from "../accounts.queries";
import { AccountsLayout } from "../components/AccountsLayout";

/**
 * /two-factor: the administrators require two-factor and it is not on (the login answered
 * `totpSetup`, or a call 1002): the session may only set it up, so this page is all there
 * is until it is on; then on to where the user was going.
 */
export function TwoFactorRequiredPage() {
  const { t } = useTranslation("signin");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useSessionStore((s) => s.user);
  const logout = useLogoutMutation();
  const redirect = safeRedirect(params.get(REDIRECT_PARAM)) ?? "/";
  if (!user) return null;
  return (
    <AccountsLayout title={t("required.title")}>
      <Typography.Paragraph>{t("required.text")}</Typography.Paragraph>
      <TwoFactorSetup
        userId={user.user_id}
        onDone={() => void navigate(redirect, { replace: true })}
      />
      <Button
        type="link"
        block
        loading={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, {
            onSettled: () => void navigate("/login", { replace: true }),
          })
        }
        style={{ marginTop: 16 }}
      >
        {t("required.logout")}
      </Button>
    </AccountsLayout>
  );
}
