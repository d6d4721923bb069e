import { STORAGE_DISKS, type StorageInfo } from "@parley/protocol";
import { Alert, Form, Input, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { sectionRule, TEXT_MAX } from "./config-rules";
import { FlagField } from "./FlagField";
import { SecretField } from "./SecretField";
import { SectionForm } from "./SectionForm";
import styles from "./settings.module.css";
import { SuperOnlyNotice } from "./SuperOnlyNotice";

/**
 * Where new files are kept (the `storage` section): the server's disk or an S3-compatible
 * bucket, whose settings show when it is chosen. The server checks the bucket before it
 * saves; keys are written, never shown. Files kept before a switch are still served.
 */
export function StorageForm({
  storage,
  mayWrite,
  mayChange,
}: {
  storage: StorageInfo;
  /** Whether this administrator may change settings in the console at all. */
  mayWrite: boolean;
  /** Whether they may change where files are kept: super administrators only. */
  mayChange: boolean;
}) {
  const { t } = useTranslation("console");
  const { hasAccessKey, hasSecretKey, source, ...fields } = storage;
  const stored = { ...fields, accessKey: "", secretKey: "" };

  return (
    <>
      <SuperOnlyNotice mayWrite={mayWrite} mayChange={mayChange} />
      {source === "env" && storage.disk === "s3" && (
        <Alert
          type="info"
          showIcon
          className={styles.conNotice}
          title={t("settings.files.fromEnvironment")}
        />
      )}
      <SectionForm
        section="storage"
        label={t("settings.files.storage")}
        stored={stored}
        mayWrite={mayChange}
      >
        <Form.Item name="disk" label={t("settings.files.disk")}>
          <Radio.Group
            className={styles.conChoices}
            options={STORAGE_DISKS.map((value) => ({
              value,
              label:
                value === "s3"
                  ? t("settings.files.diskS3")
                  : t("settings.files.diskLocal"),
            }))}
          />
        </Form.Item>
        <Form.Item
          noStyle
          shouldUpdate={(before: { disk?: string }, after: { disk?: string }) =>
            before.disk !== after.disk
          }
        >
          {({ getFieldValue }) =>
            getFieldValue("disk") === "s3" && (
              <>
                <Form.Item
                  name="endpoint"
                  label={t("settings.files.endpoint")}
                  extra={t("settings.files.endpointHelp")}
                  rules={[
                    sectionRule(
                      "storage",
                      "endpoint",
                      t("settings.rules.endpoint"),
                    ),
                  ]}
                >
                  <Input
                    maxLength={TEXT_MAX.endpoint}
                    placeholder="https://s3.example.com"
                  />
                </Form.Item>
                <Form.Item
                  name="region"
                  label={t("settings.files.region")}
                  rules={[
                    sectionRule(
                      "storage",
                      "region",
                      t("settings.rules.region"),
                    ),
                  ]}
                >
                  <Input maxLength={32} placeholder="us-east-1" />
                </Form.Item>
                <Form.Item
                  name="bucket"
                  label={t("settings.files.bucket")}
                  rules={[
                    {
                      required: true,
                      message: t("settings.rules.bucket"),
                    },
                    sectionRule(
                      "storage",
                      "bucket",
                      t("settings.rules.bucket"),
                    ),
                  ]}
                >
                  <Input maxLength={63} />
                </Form.Item>
                <SecretField
                  section="storage"
                  name="accessKey"
                  label={t("settings.files.accessKey")}
                  isSet={hasAccessKey}
                />
                <SecretField
                  section="storage"
                  name="secretKey"
                  label={t("settings.files.secretKey")}
                  isSet={hasSecretKey}
                />
                <FlagField
                  name="pathStyle"
                  label={t("settings.files.pathStyle")}
                  help={t("settings.files.pathStyleHelp")}
                />
              </>
            )
          }
        </Form.Item>
      </SectionForm>
    </>
  );
}
