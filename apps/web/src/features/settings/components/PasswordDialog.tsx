import { PeopleLimits, type UserInfo } from "@parley/protocol";
import { Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CodeField, NewPasswordFields } from "../../accounts";
import { toast } from "../../../lib/feedback";
import { useSessionStore } from "../../../stores/session.store";
import { passwordErrors, type PasswordValues } from "../settings-rules";
import { useEditPasswordMutation } from "../settings.queries";
import { FormDialog } from "./FormDialog";
import { useFieldRules } from "./field-rule";

const BLANK: PasswordValues = {
  originalPassword: "",
  password: "",
  repassword: "",
  code: "",
};

/**
 * Change password (SPEC §5 Settings): the current password and, for a verified account
 * (`is_auth` 1), a change-password code sent to the account; just after a login by code
 * (a forgotten password) only the new one. The server logs my other devices out; this one
 * stays signed in.
 */
export function PasswordDialog({
  user,
  open,
  onClose,
}: {
  user: UserInfo;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("settings");
  const [form] = Form.useForm<PasswordValues>();
  const verified = user.is_auth === 1;
  const byCodeAt = useSessionStore((s) => s.byCodeAt);
  // Decided when the dialog opens: the server's window is counted from the login.
  const [recovering] = useState(
    () =>
      byCodeAt !== null &&
      Date.now() - byCodeAt < PeopleLimits.passwordRecoveryMs,
  );
  const rule = useFieldRules(form, BLANK, (values) =>
    passwordErrors(values, verified, recovering),
  );
  const change = useEditPasswordMutation();

  const submit = (values: PasswordValues) => {
    change.mutate(
      {
        password: values.password,
        code: verified && !recovering ? values.code.trim() : "",
        originalPassword: recovering ? "" : values.originalPassword,
      },
      {
        onSuccess: () => {
          toast("success", t("password.changed"));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog<PasswordValues>
      open={open}
      title={t("password.title")}
      okText={t("password.submit")}
      notice={{
        type: "info",
        text: recovering
          ? `${t("password.recovering")} ${t("password.otherDevices")}`
          : t("password.otherDevices"),
      }}
      width={440}
      pending={change.isPending}
      form={form}
      initialValues={BLANK}
      onFinish={submit}
      onClose={onClose}
    >
      {!recovering && (
        <Form.Item
          name="originalPassword"
          label={t("password.old")}
          rules={[rule("originalPassword")]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      {!recovering && verified && (
        <CodeField
          name="code"
          label={t("password.code")}
          extra={t("password.codeTo", { account: user.account })}
          rule={rule("code")}
          account={() => user.account}
          type={3}
        />
      )}
      <NewPasswordFields
        labels={{ password: t("password.new"), repeat: t("password.repeat") }}
        rule={rule}
      />
    </FormDialog>
  );
}
