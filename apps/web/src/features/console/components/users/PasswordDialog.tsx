import { type ConsoleUser, Limits } from "@parley/protocol";
import { Alert, Form, Input, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { useSetUserPasswordMutation } from "../../users.queries";
import { useCheckRule } from "./check-rule";
import { passwordProblem } from "./user-fields";

interface PasswordValues {
  password: string;
  repeat: string;
}

/** Sets a user's password (the server's 6–16 rule, typed twice); their sessions end. */
export function PasswordDialog({
  open,
  user,
  onClose,
}: {
  open: boolean;
  /** Whose password (kept while the dialog closes). */
  user: ConsoleUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("consoleUsers");
  const [form] = Form.useForm<PasswordValues>();
  const rule = useCheckRule();
  const setPassword = useSetUserPasswordMutation();

  return (
    <Modal
      open={open}
      title={t("password.title", { name: user?.realname ?? "" })}
      okText={t("password.ok")}
      cancelText={t("cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={setPassword.isPending}
      destroyOnHidden
      centered
      width={440}
    >
      <Alert
        type="warning"
        showIcon
        title={t("password.notice")}
        style={{ marginBottom: 16 }}
      />
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ password: "", repeat: "" }}
        onFinish={(values) => {
          if (user)
            setPassword.mutate(
              { user, password: values.password },
              { onSuccess: onClose },
            );
        }}
      >
        <Form.Item
          name="password"
          label={t("password.new")}
          rules={[rule(passwordProblem)]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={Limits.passwordMax}
          />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t("password.repeat")}
          dependencies={["password"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_: unknown, value: unknown) =>
                value === getFieldValue("password")
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("password.mismatch"))),
            }),
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={Limits.passwordMax}
          />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
