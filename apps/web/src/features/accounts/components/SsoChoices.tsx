import type { SsoProvider } from "@parley/protocol";
import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import light from "../../../components/light/light.module.css";
import styles from "../pages/LoginPage.module.css";

/**
 * Single sign-on on the login screen (extensions.md §7): a button per provider (a plain
 * link: the server answers it with a redirect to the provider), then "or" and the
 * password form; with only single sign-on, a link that opens the form for administrators.
 */
export function SsoChoices({
  providers,
  passwordHidden,
  onPassword,
}: {
  providers: readonly SsoProvider[];
  passwordHidden: boolean;
  onPassword: () => void;
}) {
  const { t } = useTranslation("accounts");
  if (providers.length === 0) return null;
  return (
    <div className={styles.sso}>
      {providers.map((provider) => (
        <a
          key={provider.id}
          href={provider.url}
          className={clsx(
            light.button,
            light.primary,
            light.large,
            light.block,
            styles.ssoButton,
          )}
        >
          {t("login.ssoWith", { name: provider.name })}
        </a>
      ))}
      {passwordHidden ? (
        <p className={styles.register}>
          <button
            type="button"
            className={clsx(light.button, light.link)}
            onClick={onPassword}
          >
            {t("login.adminPassword")}
          </button>
        </p>
      ) : (
        <div className={styles.or}>
          <span>{t("login.or")}</span>
        </div>
      )}
    </div>
  );
}
