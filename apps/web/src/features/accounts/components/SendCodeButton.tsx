import { Button } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/feedback";
import { type CodeType, useSendCodeMutation } from "../accounts.queries";

const COOLDOWN_SECONDS = 60;

/**
 * Sends a verification code to the account in the form, then counts down 60 s. Why a code
 * was not sent (no mail on this server, too soon) goes to `onProblem`, to stay on screen.
 */
export function SendCodeButton({
  account,
  type,
  onProblem,
}: {
  account: () => string;
  type: CodeType;
  onProblem: (text: string | null) => void;
}) {
  const { t } = useTranslation(["accounts", "errors"]);
  const sendCode = useSendCodeMutation();
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = () => {
    const value = account().trim();
    if (!value) {
      onProblem(t("accounts:validation.accountForCode"));
      return;
    }
    onProblem(null);
    sendCode.mutate(
      { account: value, type },
      {
        onSuccess: () => {
          toast("success", t("errors:keys.code.sent"));
          setLeft(COOLDOWN_SECONDS);
        },
        onError: (error) => onProblem(error.message),
      },
    );
  };

  return (
    <Button onClick={send} loading={sendCode.isPending} disabled={left > 0}>
      {left > 0
        ? t("accounts:code.resendIn", { seconds: left })
        : t("accounts:code.send")}
    </Button>
  );
}
