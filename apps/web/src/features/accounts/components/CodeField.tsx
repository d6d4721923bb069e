import { SafetyOutlined } from "@ant-design/icons";
import { Limits } from "@parley/protocol";
import { Form, Input, Space, Typography } from "antd";
import type { Rule } from "antd/es/form";
import { useState } from "react";
import type { CodeType } from "../accounts.queries";
import { SendCodeButton } from "./SendCodeButton";

interface Props {
  /** The form field the code is kept in. */
  name?: string;
  label: string;
  /** A hint under the field (where the code goes), while no sending problem shows. */
  extra?: string;
  rule: Rule;
  /** The account the code is sent to, read when the button is pressed. */
  account: () => string;
  /** What the code is for (SPEC §5): 1 login, 2 register, 3 password, 4 account. */
  type: CodeType;
}

/**
 * A 6-character code field with its send-code button. Why no code was sent stays under the
 * field (a toast of 1.5 s is too short for "ask your administrator to reset your password").
 */
export function CodeField({
  name = "code",
  label,
  extra,
  rule,
  account,
  type,
}: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Form.Item
      label={label}
      required
      extra={
        problem ? (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        ) : (
          extra
        )
      }
    >
      <Space.Compact style={{ width: "100%" }}>
        <Form.Item name={name} noStyle rules={[rule]}>
          <Input
            prefix={<SafetyOutlined />}
            maxLength={Limits.codeLength}
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-label={label}
          />
        </Form.Item>
        <SendCodeButton account={account} type={type} onProblem={setProblem} />
      </Space.Compact>
    </Form.Item>
  );
}
