import { manage, type SmtpInfo } from "@parley/protocol";
import { Alert, Button, Descriptions, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useSendTestEmailMutation } from "../../console.queries";
import styles from "./settings.module.css";

const emailRule = manage.sendTestEmail.request.shape.email;

/**
 * How the server sends mail (verification codes): set by its environment (SMTP_*), so only
 * shown here, never the password. A test message checks it end to end.
 */
export function MailTab({
  smtp,
  mayWrite,
}: {
  smtp: SmtpInfo;
  mayWrite: boolean;
}) {
  const { t } = useTranslation("console");
  const [form] = Form.useForm<{ email: string }>();
  const send = useSendTestEmailMutation();
  const configured = smtp.host !== "";
  const none = t("settings.none");

  return (
    <div className={styles.conForm}>
      <Alert
        type="info"
        showIcon
        className={styles.conNotice}
        title={t("mail.fromEnvironment")}
        description={t("mail.fromEnvironmentHelp")}
      />
      {!configured && (
        <Alert
          type="warning"
          showIcon
          className={styles.conNotice}
          title={t("mail.notConfigured")}
          description={t("mail.notConfiguredHelp")}
        />
      )}
      <Descriptions
        bordered
        size="small"
        column={1}
        className={styles.conFacts}
        items={[
          { key: "host", label: t("mail.host"), children: smtp.host || none },
          {
            key: "port",
            label: t("mail.port"),
            children: configured ? smtp.port : none,
          },
          {
            key: "secure",
            label: t("mail.secure"),
            children: smtp.secure ? t("mail.secureYes") : t("mail.secureNo"),
          },
          { key: "user", label: t("mail.user"), children: smtp.user || none },
          { key: "from", label: t("mail.from"), children: smtp.from || none },
          {
            key: "password",
            label: t("mail.password"),
            children: smtp.hasPassword
              ? t("mail.passwordSet")
              : t("mail.passwordUnset"),
          },
        ]}
      />

      <h3 className={styles.conGroup}>{t("mail.test")}</h3>
      <p className={styles.conHint}>{t("mail.testHelp")}</p>
      <Form
        form={form}
        aria-label={t("mail.test")}
        layout="vertical"
        requiredMark={false}
        disabled={!mayWrite || !configured}
        onFinish={({ email }) => send.mutate(email.trim())}
      >
        <Form.Item
          name="email"
          label={t("mail.testAddress")}
          rules={[
            {
              validator: (_rule: unknown, value: unknown) =>
                emailRule.safeParse(value ?? "").success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("mail.testAddressInvalid"))),
            },
          ]}
        >
          <Input type="email" maxLength={128} autoComplete="email" />
        </Form.Item>
        <div className={styles.conActions}>
          <Button htmlType="submit" loading={send.isPending}>
            {t("mail.testSend")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
