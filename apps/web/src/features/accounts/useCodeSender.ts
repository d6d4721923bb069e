import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/feedback";
import { type CodeType, useSendCodeMutation } from "./accounts.queries";

const COOLDOWN_SECONDS = 60;

/**
 * Sends a verification code to the account in the form, then counts down 60 s. Why a code
 * was not sent (no account typed, no mail on this server, too soon) goes to `onProblem`,
 * to stay on screen. The button's words, state and action for both send-code buttons (the
 * login screen's, drawn without antd, and antd's in the other forms).
 */
export function useCodeSender({
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

  return {
    send,
    sending: sendCode.isPending,
    coolingDown: left > 0,
    label:
      left > 0
        ? t("accounts:code.resendIn", { seconds: left })
        : t("accounts:code.send"),
  };
}
