import type { ConfigSection } from "@parley/protocol";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { sectionRule, TEXT_MAX } from "./config-rules";

/**
 * A password or key of a config section: written, never shown — the server does not send
 * it back. Left empty, the stored one is kept; the placeholder says whether one is set.
 */
export function SecretField({
  section,
  name,
  label,
  isSet,
}: {
  section: ConfigSection;
  name:
    | "pass"
    | "accessKey"
    | "secretKey"
    | "authHeader"
    | "oidcSecret"
    | "ldapBindPassword";
  label: string;
  /** Whether a value is stored now. */
  isSet: boolean;
}) {
  const { t } = useTranslation("console");
  return (
    <Form.Item
      name={name}
      label={label}
      extra={isSet ? t("settings.secretKept") : t("settings.secretUnset")}
      rules={[sectionRule(section, name, t("settings.rules.invalid"))]}
    >
      <Input.Password
        maxLength={TEXT_MAX[name]}
        autoComplete="new-password"
        placeholder={isSet ? t("settings.secretPlaceholder") : ""}
        visibilityToggle
      />
    </Form.Item>
  );
}
