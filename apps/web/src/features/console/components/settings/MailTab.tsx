import { manage, SMTP_SECURITY, type SmtpInfo } from "@parley/protocol";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useSendTestEmailMutation } from "../../console.queries";
import { sectionRule, TEXT_MAX } from "./config-rules";
import { FlagField } from "./FlagField";
import { NumberField } from "./NumberField";
import { SecretField } from "./SecretField";
import { DeliveryNotices } from "./DeliveryNotices";
import { SectionForm } from "./SectionForm";
import styles from "./settings.module.css";
import { TestSendForm } from "./TestSendForm";

const emailRule = manage.sendTestEmail.request.shape.email;

/**
 * How the server sends mail (verification codes, the test message): the `smtp` section,
 * saved here and used at once; until it is saved, the server's environment (SMTP_*) stands.
 * The password is written, never shown. A test message checks the saved settings.
 */
export function MailTab({
  smtp,
  mayWrite,
  mayChange,
}: {
  smtp: SmtpInfo;
  /** Whether this administrator may act in the console (the test message). */
  mayWrite: boolean;
  /** Whether they may change these settings: super administrators only. */
  mayChange: boolean;
}) {
  const { t } = useTranslation("console");
  const send = useSendTestEmailMutation();
  const configured = smtp.host !== "";
  const { hasPassword, source, ...fields } = smtp;
  const stored = { ...fields, pass: "", clearPass: "0" };

  return (
    <>
      <DeliveryNotices
        section="mail"
        fromEnvironment={source === "env"}
        configured={configured}
        mayWrite={mayWrite}
        mayChange={mayChange}
      />
      <SectionForm
        section="smtp"
        label={t("settings.tabs.mail")}
        stored={stored}
        mayWrite={mayChange}
      >
        <Form.Item
          name="host"
          label={t("mail.host")}
          extra={t("mail.hostHelp")}
          rules={[sectionRule("smtp", "host", t("settings.rules.host"))]}
        >
          <Input maxLength={TEXT_MAX.host} placeholder="smtp.example.com" />
        </Form.Item>
        <NumberField section="smtp" name="port" label={t("mail.port")} />
        <Form.Item name="security" label={t("mail.security")}>
          <Select
            className={styles.conSelect}
            options={SMTP_SECURITY.map((value) => ({
              value,
              label: t(`mail.securities.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="addr"
          label={t("mail.addr")}
          rules={[sectionRule("smtp", "addr", t("mail.testAddressInvalid"))]}
        >
          <Input
            type="email"
            maxLength={TEXT_MAX.addr}
            placeholder="no-reply@example.com"
          />
        </Form.Item>
        <Form.Item
          name="sign"
          label={t("mail.sign")}
          extra={t("mail.signHelp")}
          rules={[
            sectionRule(
              "smtp",
              "sign",
              t("settings.rules.name", { max: TEXT_MAX.sign }),
            ),
          ]}
        >
          <Input maxLength={TEXT_MAX.sign} />
        </Form.Item>
        <Form.Item
          name="user"
          label={t("mail.user")}
          extra={t("mail.userHelp")}
          rules={[sectionRule("smtp", "user", t("settings.rules.invalid"))]}
        >
          <Input maxLength={TEXT_MAX.user} autoComplete="off" />
        </Form.Item>
        <SecretField
          section="smtp"
          name="pass"
          label={t("mail.password")}
          isSet={hasPassword}
        />
        {hasPassword && (
          <FlagField name="clearPass" label={t("mail.clearPass")} />
        )}
      </SectionForm>

      <TestSendForm
        title={t("mail.test")}
        help={t("mail.testHelp")}
        label={t("mail.testAddress")}
        invalid={t("mail.testAddressInvalid")}
        rule={emailRule}
        input={{ type: "email", maxLength: 128, autoComplete: "email" }}
        sendLabel={t("mail.testSend")}
        disabled={!mayWrite || !configured}
        pending={send.isPending}
        onSend={(address) => send.mutate(address)}
      />
    </>
  );
}
