import type { ConfigSection } from "@parley/protocol";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { LANGUAGE_TAGS, useLanguage } from "../../../../i18n";
import { NUMBER_BOUNDS, sectionRule } from "./config-rules";
import styles from "./settings.module.css";

/**
 * A whole number of a config section, kept as the decimal string the wire carries and
 * checked by the section's schema; the refusal gives the bounds.
 */
export function NumberField({
  section,
  name,
  label,
  unit,
  help,
}: {
  section: ConfigSection;
  name: keyof typeof NUMBER_BOUNDS;
  label: string;
  unit?: string;
  help?: string;
}) {
  const { t } = useTranslation("console");
  const { min, max } = NUMBER_BOUNDS[name];
  const number = new Intl.NumberFormat(LANGUAGE_TAGS[useLanguage()]);
  return (
    <Form.Item
      name={name}
      label={label}
      extra={help}
      rules={[
        sectionRule(
          section,
          name,
          t("settings.rules.between", {
            min: number.format(min),
            max: number.format(max),
          }),
        ),
      ]}
    >
      <Input
        inputMode="numeric"
        maxLength={9}
        suffix={unit}
        className={styles.conNumber}
      />
    </Form.Item>
  );
}
