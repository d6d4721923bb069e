import { type SigninInfo, TOTP_REQUIRED } from "@parley/protocol";
import { Alert, Form, Input, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { sectionRule, TEXT_MAX } from "./config-rules";
import { FlagField } from "./FlagField";
import { SecretField } from "./SecretField";
import { SectionForm } from "./SectionForm";
import styles from "./settings.module.css";
import { SuperOnlyNotice } from "./SuperOnlyNotice";

/**
 * Settings → Sign-in (issue 46, extensions.md §7): who must use two-factor, single sign-on
 * with an OpenID provider (its client secret written, never shown), and a directory
 * (LDAP) for password logins no local password matches (its bind password likewise).
 * Until saved here, the server's environment (OIDC_*, LDAP_*) stands. Super
 * administrators only: these say where passwords are checked.
 */
export function SigninTab({
  signin,
  mayWrite,
  mayChange,
}: {
  signin: SigninInfo;
  mayWrite: boolean;
  mayChange: boolean;
}) {
  const { t } = useTranslation("console");
  const { hasOidcSecret, hasLdapBindPassword, source, callbackUrl, ...fields } =
    signin;
  const stored = {
    ...fields,
    oidcSecret: "",
    clearOidcSecret: "0",
    ldapBindPassword: "",
    clearLdapBindPassword: "0",
  };
  // A relative callback (no PUBLIC_URL): the address this console is served from.
  const callback = callbackUrl.startsWith("/")
    ? `${window.location.origin}${callbackUrl}`
    : callbackUrl;
  const invalid = t("settings.rules.invalid");

  return (
    <>
      <SuperOnlyNotice mayWrite={mayWrite} mayChange={mayChange} />
      {source === "env" && (
        <Alert
          type="info"
          showIcon
          className={styles.conNotice}
          title={t("signin.fromEnvironment")}
        />
      )}
      <SectionForm
        key={JSON.stringify(signin)}
        section="signin"
        label={t("settings.tabs.signin")}
        stored={stored}
        mayWrite={mayChange}
      >
        <Typography.Title level={5}>{t("signin.totpHeading")}</Typography.Title>
        <Form.Item
          name="totpRequired"
          label={t("signin.totpRequired")}
          extra={t("signin.totpRequiredHelp")}
        >
          <Select
            className={styles.conSelect}
            options={TOTP_REQUIRED.map((value) => ({
              value,
              label: t(`signin.totpRequiredOptions.${value}`),
            }))}
          />
        </Form.Item>

        <Typography.Title level={5}>{t("signin.oidcHeading")}</Typography.Title>
        <Typography.Paragraph type="secondary">
          {t("signin.oidcHelp")}{" "}
          <Typography.Text code copyable>
            {callback}
          </Typography.Text>
        </Typography.Paragraph>
        <Form.Item
          name="oidcIssuer"
          label={t("signin.oidcIssuer")}
          extra={t("signin.oidcIssuerHelp")}
          rules={[
            sectionRule("signin", "oidcIssuer", t("signin.issuerInvalid")),
          ]}
        >
          <Input
            maxLength={500}
            placeholder="https://id.example.com/realms/staff"
          />
        </Form.Item>
        <Form.Item
          name="oidcClientId"
          label={t("signin.oidcClientId")}
          rules={[sectionRule("signin", "oidcClientId", invalid)]}
        >
          <Input maxLength={TEXT_MAX.oidcClientId} />
        </Form.Item>
        <SecretField
          section="signin"
          name="oidcSecret"
          label={t("signin.oidcSecret")}
          isSet={hasOidcSecret}
        />
        {hasOidcSecret && (
          <FlagField
            name="clearOidcSecret"
            label={t("signin.clearOidcSecret")}
          />
        )}
        <Form.Item
          name="oidcName"
          label={t("signin.oidcName")}
          extra={t("signin.oidcNameHelp")}
          rules={[sectionRule("signin", "oidcName", invalid)]}
        >
          <Input maxLength={TEXT_MAX.oidcName} placeholder="Okta" />
        </Form.Item>
        <FlagField
          name="oidcCreateUsers"
          label={t("signin.oidcCreateUsers")}
          help={t("signin.oidcCreateUsersHelp")}
        />
        <FlagField
          name="ssoOnly"
          label={t("signin.ssoOnly")}
          help={t("signin.ssoOnlyHelp")}
        />

        <Typography.Title level={5}>{t("signin.ldapHeading")}</Typography.Title>
        <Typography.Paragraph type="secondary">
          {t("signin.ldapHelp")}
        </Typography.Paragraph>
        <Form.Item
          name="ldapUrl"
          label={t("signin.ldapUrl")}
          rules={[sectionRule("signin", "ldapUrl", t("signin.ldapUrlInvalid"))]}
        >
          <Input maxLength={500} placeholder="ldaps://ldap.example.com" />
        </Form.Item>
        <Form.Item
          name="ldapBindDn"
          label={t("signin.ldapBindDn")}
          extra={t("signin.ldapBindDnHelp")}
          rules={[sectionRule("signin", "ldapBindDn", invalid)]}
        >
          <Input
            maxLength={TEXT_MAX.ldapBindDn}
            placeholder="cn=parley,ou=services,dc=example,dc=com"
          />
        </Form.Item>
        <SecretField
          section="signin"
          name="ldapBindPassword"
          label={t("signin.ldapBindPassword")}
          isSet={hasLdapBindPassword}
        />
        {hasLdapBindPassword && (
          <FlagField
            name="clearLdapBindPassword"
            label={t("signin.clearLdapBindPassword")}
          />
        )}
        <Form.Item
          name="ldapBaseDn"
          label={t("signin.ldapBaseDn")}
          rules={[sectionRule("signin", "ldapBaseDn", invalid)]}
        >
          <Input
            maxLength={TEXT_MAX.ldapBaseDn}
            placeholder="ou=people,dc=example,dc=com"
          />
        </Form.Item>
        <Form.Item
          name="ldapFilter"
          label={t("signin.ldapFilter")}
          extra={t("signin.ldapFilterHelp")}
          rules={[
            sectionRule("signin", "ldapFilter", t("signin.ldapFilterInvalid")),
          ]}
        >
          <Input
            maxLength={500}
            placeholder="(|(uid={account})(mail={account}))"
          />
        </Form.Item>
        <FlagField
          name="ldapStartTls"
          label={t("signin.ldapStartTls")}
          help={t("signin.ldapStartTlsHelp")}
        />
        <Form.Item
          name="ldapCa"
          label={t("signin.ldapCa")}
          extra={t("signin.ldapCaHelp")}
          rules={[sectionRule("signin", "ldapCa", t("signin.ldapCaInvalid"))]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder="-----BEGIN CERTIFICATE-----"
          />
        </Form.Item>
      </SectionForm>
    </>
  );
}
