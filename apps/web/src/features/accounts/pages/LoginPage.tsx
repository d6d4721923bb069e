import { clsx } from "clsx";
import EyeInvisibleOutlined from "@ant-design/icons-svg/es/asn/EyeInvisibleOutlined";
import EyeOutlined from "@ant-design/icons-svg/es/asn/EyeOutlined";
import InfoCircleFilled from "@ant-design/icons-svg/es/asn/InfoCircleFilled";
import LockOutlined from "@ant-design/icons-svg/es/asn/LockOutlined";
import SafetyOutlined from "@ant-design/icons-svg/es/asn/SafetyOutlined";
import UserOutlined from "@ant-design/icons-svg/es/asn/UserOutlined";
import type { IconDefinition } from "@ant-design/icons-svg/es/types";
import { Codes, Limits } from "@parley/protocol";
import {
  type SyntheticEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import light from "../../../components/light/light.module.css";
import { Spinner } from "../../../components/light/Spinner";
import { SvgIcon } from "../../../components/light/SvgIcon";
import { ApiError } from "../../../api/http";
import { i18n } from "../../../i18n";
import { refusalText } from "../../../lib/feedback";
import { StorageKeys, write } from "../../../lib/storage";
import {
  REDIRECT_PARAM,
  redirectQuery,
  safeRedirect,
} from "../../../lib/redirect";
import { useSessionStore } from "../../../stores/session.store";
import { useGlobalConfig } from "../../system";
import { useLoginMutation, useLogoutMutation } from "../accounts.queries";
import { canSendCodes } from "../code-channels";
import { AccountsLayout } from "../components/AccountsLayout";
import { SwitchAccountDialog } from "../components/SwitchAccountDialog";
import {
  addressWithoutTicket,
  SSO_ERROR_PARAM,
  SSO_PARAM,
  TICKET_PARAM,
} from "../login-link";
import { SsoChoices } from "../components/SsoChoices";
import { loginErrors, type LoginMode, type LoginValues } from "../login-rules";
import { useCodeSender } from "../useCodeSender";
import styles from "./LoginPage.module.css";

type Field = keyof LoginValues;

const EMPTY: LoginValues = { account: "", password: "", code: "" };

/** A labelled input with an icon in front, its error (or hint) under it. */
function TextField({
  label,
  icon,
  error,
  after,
  addon,
  ...input
}: {
  label: string;
  icon: IconDefinition;
  error?: string | null | undefined;
  /** Inside the box, after the text (the password's eye). */
  after?: ReactNode;
  /** Joined to the box on its right (the send-code button). */
  addon?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <span className={styles.group}>
        <span className={clsx(styles.box, error && styles.invalid)}>
          <SvgIcon icon={icon} className={styles.prefix} />
          <input
            id={id}
            className={styles.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...input}
          />
          {after}
        </span>
        {addon}
      </span>
      {error && (
        <div id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** The card's wide primary button, with a spinner while the login runs. */
function SubmitButton({
  busy,
  className,
  children,
}: {
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={clsx(
        light.button,
        light.primary,
        light.large,
        light.block,
        className,
      )}
      aria-busy={busy}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}

/**
 * Login (SPEC §2): by password or by code, remember-me, the token and redirect parameters.
 * `token` is a one-time login ticket (a login link): it signs in at once on a browser where
 * nobody is, and only after asking where someone is (issue 51 item 22).
 * Drawn with plain elements and no antd, so the first screen most people see loads little
 * (benchmarks.md F1); it looks like the antd screens around it.
 */
export function LoginPage() {
  const { t } = useTranslation("accounts");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<LoginMode>("password");
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [rememberMe, setRememberMe] = useState(true);
  const [showPassword, setShowPassword] = useState(false);
  // A field's error shows once it was changed, every field's once the form was sent.
  const [changed, setChanged] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const config = useGlobalConfig();
  const regtype = config?.sysInfo.regtype;
  const demoMode = config?.demon_mode === 1;
  // No mail and no SMS: a forgotten password is the administrator's to reset, said up front.
  const codesOff = !canSendCodes(config, "any");
  const [forgotAsked, setForgotAsked] = useState(false);
  const login = useLoginMutation();
  const logout = useLogoutMutation();
  const redirect = safeRedirect(params.get(REDIRECT_PARAM)) ?? "/";
  const signedInAs = useSessionStore((s) => (s.token ? s.user : null));
  // The login link's ticket, read once: the address bar drops it at once (below).
  const [ticket] = useState(() => params.get(TICKET_PARAM));
  const ticketTried = useRef(false);
  // Somebody is signed in on this browser: a link asks before it signs them out.
  const [askingSwitch, setAskingSwitch] = useState(
    () => ticket !== null && signedInAs !== null,
  );
  const [linkProblem, setLinkProblem] = useState<string | null>(() => {
    // Back from single sign-on that did not complete: why, in the reader's language.
    const key = params.get(SSO_ERROR_PARAM);
    return key ? refusalText({ key, msg: t("login.ssoFailed") }) : null;
  });
  const [fromSso] = useState(() => params.get(SSO_PARAM) === "1");
  // The password was right and the account asks for its two-factor code (1001).
  const [secondStep, setSecondStep] = useState(false);
  const [totp, setTotp] = useState("");
  const [totpProblem, setTotpProblem] = useState<string | null>(null);
  const sso = config?.sysInfo.sso ?? [];
  // Only single sign-on: the password form opens for administrators who ask for it.
  const ssoOnly = config?.sysInfo.ssoOnly === "1" && sso.length > 0;
  const [passwordAnyway, setPasswordAnyway] = useState(false);
  const formShown = !ssoOnly || passwordAnyway;
  const formRef = useRef<HTMLFormElement>(null);
  const sender = useCodeSender({
    account: () => values.account,
    type: 1,
    onProblem: setCodeProblem,
  });

  const enter = (session?: { totpSetup?: 1 }) => {
    // The administrators require two-factor and it is not on: set it up first.
    if (session?.totpSetup === 1) {
      void navigate(`/two-factor${redirectQuery(redirect)}`, { replace: true });
      return;
    }
    void navigate(redirect === "/" && demoMode ? "/demo" : redirect, {
      replace: true,
    });
  };

  const signInWithTicket = (value: string) => {
    login.mutate(
      { token: value, lang: i18n.language },
      {
        onSuccess: (session) => {
          // Signed in by single sign-on: logging out leaves the provider too.
          write(StorageKeys.ssoLogin, fromSso ? "1" : null);
          enter(session);
        },
        onError: (error) => {
          // The server's words stay on the card (the toast is gone in a moment).
          setLinkProblem(error.message);
          // The router still holds the ticket (see below): now it lets go of it too.
          void navigate(`/login${redirectQuery(redirect)}`, { replace: true });
        },
      },
    );
  };

  useEffect(() => {
    if (params.has(SSO_ERROR_PARAM))
      window.history.replaceState(
        window.history.state,
        "",
        addressWithoutTicket(window.location.href),
      );
    if (!ticket || ticketTried.current) return;
    ticketTried.current = true;
    // Out of the address bar at once, around the router: the route keeps its `token`, so
    // the guard leaves a signed-in user here until they have chosen.
    window.history.replaceState(
      window.history.state,
      "",
      addressWithoutTicket(window.location.href),
    );
    if (!askingSwitch) signInWithTicket(ticket);
    // Runs once for the ticket in the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticket]);

  const keepAccount = () => {
    setAskingSwitch(false);
    enter();
  };

  const switchAccount = () => {
    setAskingSwitch(false);
    // Signed out as "Log out" does (the server ends the session, this device forgets it),
    // then the link's account signs in.
    logout.mutate(undefined, {
      onSettled: () => {
        if (ticket) signInWithTicket(ticket);
      },
    });
  };

  const errors = loginErrors(values, mode);
  const errorOf = (field: Field) => {
    const key = errors[field];
    return key && (submitted || changed.has(field)) ? t(key) : undefined;
  };
  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    if (!changed.has(field)) setChanged(new Set(changed).add(field));
  };

  const switchMode = (next: LoginMode) => {
    setMode(next);
    setValues({ ...values, password: "", code: "" });
    setChanged(new Set([...changed].filter((field) => field === "account")));
    setSubmitted(false);
    setCodeProblem(null);
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setLinkProblem(null);
    const [firstWrong] = Object.keys(errors);
    if (firstWrong !== undefined) {
      formRef.current
        ?.querySelector<HTMLInputElement>(`[name="${firstWrong}"]`)
        ?.focus();
      return;
    }
    if (login.isPending) return;
    if (secondStep && totp.trim() === "") {
      setTotpProblem(t("validation.codeRequired"));
      return;
    }
    login.mutate(
      {
        account: values.account.trim(),
        ...(mode === "code"
          ? { code: values.code.trim() }
          : { password: values.password }),
        ...(secondStep ? { totp: totp.trim() } : {}),
        rememberMe,
        lang: i18n.language,
      },
      {
        onSuccess: (session) => {
          write(StorageKeys.ssoLogin, null);
          enter(session);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === Codes.totpRequired) {
            setSecondStep(true);
            setTotpProblem(null);
          } else if (secondStep) setTotpProblem(error.message);
        },
      },
    );
  };

  // The step opens on its one field: typing goes straight into it.
  useEffect(() => {
    if (secondStep)
      document.querySelector<HTMLInputElement>('input[name="totp"]')?.focus();
  }, [secondStep]);

  const backToPassword = () => {
    setSecondStep(false);
    setTotp("");
    setTotpProblem(null);
  };

  return (
    <AccountsLayout title={t("login.title")}>
      {!secondStep && (
        <SsoChoices
          providers={sso}
          passwordHidden={!formShown}
          onPassword={() => setPasswordAnyway(true)}
        />
      )}
      {formShown && !secondStep && (
        <div className={styles.modes} role="radiogroup">
          {(["password", "code"] as const).map((value) => (
            <label
              key={value}
              className={clsx(styles.mode, mode === value && styles.chosen)}
            >
              <input
                type="radio"
                name="login-mode"
                className={styles.hidden}
                checked={mode === value}
                onChange={() => switchMode(value)}
              />
              {t(
                value === "password" ? "login.passwordMode" : "login.codeMode",
              )}
            </label>
          ))}
        </div>
      )}
      {askingSwitch && signedInAs && (
        <SwitchAccountDialog
          name={signedInAs.displayName || signedInAs.realname}
          onConfirm={switchAccount}
          onCancel={keepAccount}
        />
      )}
      {linkProblem && (
        <div className={styles.notice} role="alert">
          <SvgIcon icon={InfoCircleFilled} className={styles.noticeIcon} />
          <span>{linkProblem}</span>
        </div>
      )}
      {codesOff && (mode === "code" || forgotAsked) && (
        <div className={styles.notice} role="status">
          <SvgIcon icon={InfoCircleFilled} className={styles.noticeIcon} />
          <span>{t("login.noCodes")}</span>
        </div>
      )}
      {secondStep ? (
        <form onSubmit={submit} noValidate>
          <p className={styles.stepHint}>{t("login.totpHint")}</p>
          <TextField
            label={t("login.totp")}
            icon={SafetyOutlined}
            name="totp"
            value={totp}
            onChange={(event) => {
              setTotp(event.target.value);
              setTotpProblem(null);
            }}
            maxLength={32}
            autoComplete="one-time-code"
            error={totpProblem}
          />
          <SubmitButton busy={login.isPending} className={styles.verify}>
            {t("login.verify")}
          </SubmitButton>
          <p className={styles.register}>
            <button
              type="button"
              className={clsx(light.button, light.link)}
              onClick={backToPassword}
            >
              {t("login.back")}
            </button>
          </p>
        </form>
      ) : (
        formShown && (
          <form ref={formRef} onSubmit={submit} autoComplete="on" noValidate>
            <TextField
              label={t("login.account")}
              icon={UserOutlined}
              name="account"
              value={values.account}
              onChange={change("account")}
              placeholder={t("login.accountPlaceholder")}
              autoComplete="username"
              error={errorOf("account")}
            />
            {mode === "password" ? (
              <TextField
                label={t("login.password")}
                icon={LockOutlined}
                name="password"
                type={showPassword ? "text" : "password"}
                value={values.password}
                onChange={change("password")}
                autoComplete="current-password"
                error={errorOf("password")}
                after={
                  <button
                    type="button"
                    className={styles.eye}
                    aria-label={t("login.showPassword")}
                    aria-pressed={showPassword}
                    onClick={() => setShowPassword(!showPassword)}
                  >
                    <SvgIcon
                      icon={showPassword ? EyeOutlined : EyeInvisibleOutlined}
                    />
                  </button>
                }
              />
            ) : (
              <TextField
                label={t("login.code")}
                icon={SafetyOutlined}
                name="code"
                value={values.code}
                onChange={change("code")}
                maxLength={Limits.codeLength}
                inputMode="numeric"
                autoComplete="one-time-code"
                // Why no code was sent stays under the field (a toast is too short for "ask
                // your administrator to reset your password").
                error={errorOf("code") ?? codeProblem}
                addon={
                  <button
                    type="button"
                    className={clsx(light.button, styles.addon)}
                    onClick={sender.send}
                    disabled={sender.coolingDown || sender.sending}
                  >
                    {sender.sending && <Spinner />}
                    {sender.label}
                  </button>
                }
              />
            )}
            <div className={styles.row}>
              <label className={styles.remember}>
                <input
                  type="checkbox"
                  checked={rememberMe}
                  onChange={(event) => setRememberMe(event.target.checked)}
                />
                {t("login.rememberMe")}
              </label>
              {mode === "password" && (
                <button
                  type="button"
                  className={clsx(light.button, light.link)}
                  onClick={() =>
                    codesOff ? setForgotAsked(true) : switchMode("code")
                  }
                >
                  {t("login.forgot")}
                </button>
              )}
            </div>
            <SubmitButton busy={login.isPending || logout.isPending}>
              {t("login.submit")}
            </SubmitButton>
          </form>
        )
      )}
      {regtype === "1" && (
        <p className={styles.register}>
          {t("login.noAccount")}{" "}
          <Link to={`/register${redirectQuery(redirect)}`}>
            {t("login.register")}
          </Link>
        </p>
      )}
      <p className={styles.register}>
        <Link to="/download">{t("login.downloadClient")}</Link>
      </p>
    </AccountsLayout>
  );
}
