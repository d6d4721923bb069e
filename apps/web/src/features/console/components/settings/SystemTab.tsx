import type { SysInfo } from "@parley/protocol";
import { Form, Input, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { sectionRule, TEXT_MAX } from "./config-rules";
import { FlagField } from "./FlagField";
import { LogoField } from "./LogoField";
import { type SaveQuestion, SectionForm } from "./SectionForm";
import styles from "./settings.module.css";

/**
 * The system section (sysInfo): its name, description and logo; open or closed, with the
 * text shown while closed; run mode; how people register; sign-in and display switches.
 * Closing the system is asked first: everyone but administrators is signed out at once.
 */
export function SystemTab({
  stored,
  mayWrite,
}: {
  stored: SysInfo;
  mayWrite: boolean;
}) {
  const { t } = useTranslation("console");
  const address = t("settings.rules.address");

  // Closing, and a change of run mode, are asked first: both change what everyone sees.
  const closing = (changes: Record<string, unknown>): SaveQuestion | null => {
    if (changes.state === "0" && stored.state !== "0")
      return {
        title: t("settings.system.closeTitle"),
        content: t("settings.system.closeText"),
        okText: t("settings.system.closeOk"),
      };
    const mode = changes.runMode;
    if (mode === undefined || mode === stored.runMode) return null;
    // Into friend mode, people who already chatted become friends (issue 51 item 13).
    const into = mode === "2" ? "friendMode" : "everyoneMode";
    return {
      title: t(`settings.system.${into}Title`),
      content: t(`settings.system.${into}Text`),
      okText: t(`settings.system.${into}Ok`),
    };
  };

  return (
    <SectionForm
      section="sysInfo"
      label={t("settings.tabs.system")}
      stored={stored}
      mayWrite={mayWrite}
      question={closing}
    >
      <h3 className={styles.conGroup}>{t("settings.system.identity")}</h3>
      <Form.Item
        name="name"
        label={t("settings.system.name")}
        rules={[
          sectionRule(
            "sysInfo",
            "name",
            t("settings.rules.name", { max: TEXT_MAX.name }),
          ),
        ]}
      >
        <Input maxLength={TEXT_MAX.name} showCount />
      </Form.Item>
      <Form.Item
        name="description"
        label={t("settings.system.description")}
        rules={[
          sectionRule("sysInfo", "description", t("settings.rules.invalid")),
        ]}
      >
        <Input.TextArea
          maxLength={TEXT_MAX.description}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
      <Form.Item
        name="logo"
        label={t("settings.system.logo")}
        extra={t("settings.system.logoHelp")}
        rules={[sectionRule("sysInfo", "logo", address)]}
      >
        <LogoField disabled={!mayWrite} />
      </Form.Item>

      <h3 className={styles.conGroup}>{t("settings.system.access")}</h3>
      <Form.Item
        name="state"
        label={t("settings.system.state")}
        extra={t("settings.system.stateHelp")}
      >
        <Radio.Group
          optionType="button"
          options={[
            { value: "1", label: t("settings.system.open") },
            { value: "0", label: t("settings.system.closed") },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="closeTips"
        label={t("settings.system.closeTips")}
        extra={t("settings.system.closeTipsHelp")}
        rules={[
          sectionRule("sysInfo", "closeTips", t("settings.rules.invalid")),
        ]}
      >
        <Input.TextArea
          maxLength={TEXT_MAX.closeTips}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
      <Form.Item name="runMode" label={t("settings.system.runMode")}>
        <Radio.Group
          className={styles.conChoices}
          options={[
            { value: "1", label: t("settings.system.runMode1") },
            { value: "2", label: t("settings.system.runMode2") },
          ]}
        />
      </Form.Item>
      <Form.Item name="regtype" label={t("settings.system.regtype")}>
        <Radio.Group
          className={styles.conChoices}
          options={[
            { value: "1", label: t("settings.system.regtype1") },
            { value: "2", label: t("settings.system.regtype2") },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="regauth"
        label={t("settings.system.regauth")}
        extra={t("settings.system.regauthHelp")}
      >
        <Select
          className={styles.conSelect}
          options={[
            { value: "0", label: t("settings.system.regauth0") },
            { value: "1", label: t("settings.system.regauth1") },
            { value: "2", label: t("settings.system.regauth2") },
            { value: "3", label: t("settings.system.regauth3") },
          ]}
        />
      </Form.Item>

      <h3 className={styles.conGroup}>{t("settings.system.people")}</h3>
      <FlagField
        name="multipleLogin"
        label={t("settings.system.multipleLogin")}
        help={t("settings.system.multipleLoginHelp")}
      />
      <FlagField
        name="ipregion"
        label={t("settings.system.ipregion")}
        help={t("settings.system.ipregionHelp")}
      />
      <FlagField
        name="diyName"
        label={t("settings.system.diyName")}
        help={t("settings.system.diyNameHelp")}
      />
    </SectionForm>
  );
}
