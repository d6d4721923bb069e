import { Button } from "antd";
import type { CodeType } from "../accounts.queries";
import { useCodeSender } from "../useCodeSender";

/**
 * Sends a verification code to the account in the form, then counts down 60 s. Why a code
 * was not sent (no mail on this server, too soon) goes to `onProblem`, to stay on screen.
 */
export function SendCodeButton(props: {
  account: () => string;
  type: CodeType;
  onProblem: (text: string | null) => void;
}) {
  const sender = useCodeSender(props);
  return (
    <Button
      onClick={sender.send}
      loading={sender.sending}
      disabled={sender.coolingDown}
    >
      {sender.label}
    </Button>
  );
}
