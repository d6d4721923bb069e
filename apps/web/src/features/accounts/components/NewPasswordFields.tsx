import { Limits } from "@parley/protocol";
import { Form, Input } from "antd";
import type { Rule } from "antd/es/form";

/**
 * A new password and its repetition (`password`, `repassword`), the repetition checked
 * again whenever the first changes.
 */
export function NewPasswordFields({
  labels,
  rule,
}: {
  labels: { password: string; repeat: string };
  rule: (field: "password" | "repassword") => Rule;
}) {
  return (
    <>
      <Form.Item
        name="password"
        label={labels.password}
        rules={[rule("password")]}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={Limits.passwordMax}
        />
      </Form.Item>
      <Form.Item
        name="repassword"
        label={labels.repeat}
        dependencies={["password"]}
        rules={[rule("repassword")]}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={Limits.passwordMax}
        />
      </Form.Item>
    </>
  );
}
