import { Button } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/feedback";
import { type CodeType, useSendCodeMutation } from "../accounts.queries";

const COOLDOWN_SECONDS = 60;

/** Sends a verification code to the account in the form, then counts down 60 s. */
export function SendCodeButton({
  account,
  type,
}: {
  account: () => string;
  type: CodeType;
}) {
  const { t } = useTranslation("accounts");
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
      toast("warning", t("validation.accountForCode"));
      return;
    }
    sendCode.mutate(
      { account: value, type },
      {
        onSuccess: (msg) => {
          toast("success", msg);
          setLeft(COOLDOWN_SECONDS);
        },
      },
    );
  };

  return (
    <Button onClick={send} loading={sendCode.isPending} disabled={left > 0}>
      {left > 0 ? t("code.resendIn", { seconds: left }) : t("code.send")}
    </Button>
  );
}
