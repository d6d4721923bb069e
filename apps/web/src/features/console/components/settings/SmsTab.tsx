import {
  manage,
  SMS_CONTENT_TYPES,
  SMS_METHODS,
  type SmsInfo,
} from "@parley/protocol";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useSendTestSmsMutation } from "../../console.queries";
import { sectionRule, TEXT_MAX } from "./config-rules";
import { FlagField } from "./FlagField";
import { SecretField } from "./SecretField";
import { DeliveryNotices } from "./DeliveryNotices";
import { SectionForm } from "./SectionForm";
import styles from "./settings.module.css";
import { TestSendForm } from "./TestSendForm";

const phoneRule = manage.sendTestSms.request.shape.phone;

/**
 * How the server texts verification codes to phone accounts: an HTTP SMS gateway (the `sms`
 * section), saved here and used at once; until it is saved, the server's environment
 * (SMS_*) stands. The Authorization header is written, never shown. A test message checks
 * the saved settings.
 */
export function SmsTab({
  sms,
  mayWrite,
  mayChange,
}: {
  sms: SmsInfo;
  /** Whether this administrator may act in the console (the test message). */
  mayWrite: boolean;
  /** Whether they may change these settings: super administrators only. */
  mayChange: boolean;
}) {
  const { t } = useTranslation("console");
  const send = useSendTestSmsMutation();
  const configured = sms.url !== "";
  const { hasAuthHeader, source, ...fields } = sms;
  const stored = { ...fields, authHeader: "", clearAuthHeader: "0" };

  return (
    <>
      <DeliveryNotices
        section="sms"
        fromEnvironment={source === "env"}
        configured={configured}
        mayWrite={mayWrite}
        mayChange={mayChange}
      />
      <SectionForm
        // A save that changes what is stored starts the form again from it.
        key={JSON.stringify(sms)}
        section="sms"
        label={t("settings.tabs.sms")}
        stored={stored}
        mayWrite={mayChange}
      >
        <Form.Item
          name="url"
          label={t("sms.url")}
          extra={t("sms.urlHelp")}
          rules={[sectionRule("sms", "url", t("sms.urlInvalid"))]}
        >
          <Input
            maxLength={TEXT_MAX.url}
            placeholder="https://sms.example.com/send?to={phone}"
          />
        </Form.Item>
        <Form.Item name="method" label={t("sms.method")}>
          <Select
            className={styles.conSelect}
            options={SMS_METHODS.map((value) => ({
              value,
              label: t(`sms.methods.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="contentType" label={t("sms.contentType")}>
          <Select
            className={styles.conSelect}
            options={SMS_CONTENT_TYPES.map((value) => ({
              value,
              label:
                value === "application/json"
                  ? t("sms.contentTypes.json")
                  : t("sms.contentTypes.form"),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="body"
          label={t("sms.body")}
          extra={t("sms.bodyHelp")}
          rules={[sectionRule("sms", "body", t("settings.rules.invalid"))]}
        >
          <Input.TextArea
            maxLength={TEXT_MAX.body}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={'{"to":"{phone}","message":"{text}"}'}
          />
        </Form.Item>
        <SecretField
          section="sms"
          name="authHeader"
          label={t("sms.authHeader")}
          isSet={hasAuthHeader}
        />
        {hasAuthHeader && (
          <FlagField name="clearAuthHeader" label={t("sms.clearAuthHeader")} />
        )}
      </SectionForm>

      <TestSendForm
        title={t("sms.test")}
        help={t("sms.testHelp")}
        label={t("sms.testPhone")}
        invalid={t("sms.testPhoneInvalid")}
        rule={phoneRule}
        input={{ type: "tel", maxLength: 11, autoComplete: "tel" }}
        sendLabel={t("sms.testSend")}
        disabled={!mayWrite || !configured}
        pending={send.isPending}
        onSend={(address) => send.mutate(address)}
      />
    </>
  );
}
