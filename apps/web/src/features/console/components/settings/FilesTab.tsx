import type { AllConfig } from "@parley/protocol";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FILE_EXT_COUNT, sectionRule, TEXT_MAX } from "./config-rules";
import { NumberField } from "./NumberField";
import { SectionForm } from "./SectionForm";
import { StorageForm } from "./StorageForm";
import styles from "./settings.module.css";

/**
 * The files section (fileUpload): the largest file in MB, the document preview service
 * and the extensions people may send; then where files are kept (the `storage` section).
 */
export function FilesTab({
  stored,
  storage,
  mayWrite,
  mayChangeStorage,
}: {
  stored: AllConfig["fileUpload"];
  storage: AllConfig["storage"];
  mayWrite: boolean;
  /** Where files are kept: super administrators only. */
  mayChangeStorage: boolean;
}) {
  const { t } = useTranslation("console");

  return (
    <>
      <SectionForm
        section="fileUpload"
        label={t("settings.tabs.files")}
        stored={stored}
        mayWrite={mayWrite}
      >
        <NumberField
          section="fileUpload"
          name="size"
          label={t("settings.files.size")}
          unit={t("settings.units.mb")}
          help={t("settings.files.sizeHelp")}
        />
        <Form.Item
          name="preview"
          label={t("settings.files.preview")}
          extra={t("settings.files.previewHelp")}
          rules={[
            sectionRule("fileUpload", "preview", t("settings.rules.address")),
          ]}
        >
          <Input maxLength={TEXT_MAX.preview} placeholder="https://" />
        </Form.Item>
        <Form.Item
          name="fileExt"
          label={t("settings.files.fileExt")}
          extra={t("settings.files.fileExtHelp")}
          // Stored lower-case and once each, as the server keeps them.
          normalize={(list: string[]) => [
            ...new Set(list.map((ext) => ext.trim().toLowerCase())),
          ]}
          rules={[
            sectionRule(
              "fileUpload",
              "fileExt",
              t("settings.rules.fileExt", {
                min: FILE_EXT_COUNT.min,
                max: FILE_EXT_COUNT.max,
              }),
            ),
          ]}
        >
          <Select
            mode="tags"
            tokenSeparators={[",", " ", "，"]}
            open={false}
            suffix={null}
            className={styles.conTags}
          />
        </Form.Item>
      </SectionForm>

      <h3 className={styles.conGroup}>{t("settings.files.storage")}</h3>
      <p className={styles.conHint}>{t("settings.files.storageHelp")}</p>
      <StorageForm
        key={JSON.stringify(storage)}
        storage={storage}
        mayWrite={mayWrite}
        mayChange={mayChangeStorage}
      />
    </>
  );
}
