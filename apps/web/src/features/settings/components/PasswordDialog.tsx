import type { UserInfo } from "@parley/protocol";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { CodeField, NewPasswordFields } from "../../accounts";
import { toast } from "../../../lib/feedback";
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
 * Change password (SPEC §5 Settings): the current password, or — for a verified account
 * (`is_auth` 1), which the server asks for it — a change-password code sent to the account.
 * The server logs my other devices out; this one stays signed in.
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
  const rule = useFieldRules(form, BLANK, (values) =>
    passwordErrors(values, verified),
  );
  const change = useEditPasswordMutation();

  const submit = (values: PasswordValues) => {
    change.mutate(
      {
        password: values.password,
        // The server checks the code when one is sent, else the current password.
        code: verified ? values.code.trim() : "",
        originalPassword: verified ? "" : values.originalPassword,
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
      notice={{ type: "info", text: t("password.otherDevices") }}
      width={440}
      pending={change.isPending}
      form={form}
      initialValues={BLANK}
      onFinish={submit}
      onClose={onClose}
    >
      {verified ? (
        <CodeField
          name="code"
          label={t("password.code")}
          extra={t("password.codeTo", { account: user.account })}
          rule={rule("code")}
          account={() => user.account}
          type={3}
        />
      ) : (
        <Form.Item
          name="originalPassword"
          label={t("password.old")}
          rules={[rule("originalPassword")]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <NewPasswordFields
        labels={{ password: t("password.new"), repeat: t("password.repeat") }}
        rule={rule}
      />
    </FormDialog>
  );
}
