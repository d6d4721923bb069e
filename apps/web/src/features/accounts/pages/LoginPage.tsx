import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { Alert, Button, Checkbox, Form, Input, Segmented } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { i18n } from "../../../i18n";
import {
  REDIRECT_PARAM,
  redirectQuery,
  safeRedirect,
} from "../../../lib/redirect";
import { useGlobalConfig } from "../../system";
import { useLoginMutation } from "../accounts.queries";
import { canSendCodes } from "../code-channels";
import { AccountsLayout } from "../components/AccountsLayout";
import { CodeField } from "../components/CodeField";
import { loginErrors, type LoginMode } from "../login-rules";

interface FormValues {
  account: string;
  password: string;
  code: string;
  rememberMe: boolean;
}

/** Login (SPEC §2): by password or by code, remember-me, the token and redirect parameters. */
export function LoginPage() {
  const { t } = useTranslation("accounts");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<FormValues>();
  const [mode, setMode] = useState<LoginMode>("password");
  const config = useGlobalConfig();
  const regtype = config?.sysInfo.regtype;
  const demoMode = config?.demon_mode === 1;
  // No mail and no SMS: a forgotten password is the administrator's to reset, said up front.
  const codesOff = !canSendCodes(config, "any");
  const [forgotAsked, setForgotAsked] = useState(false);
  const login = useLoginMutation();
  const redirect = safeRedirect(params.get(REDIRECT_PARAM)) ?? "/";
  const token = params.get("token");
  const tokenTried = useRef(false);

  const enter = () => {
    void navigate(redirect === "/" && demoMode ? "/demo" : redirect, {
      replace: true,
    });
  };

  useEffect(() => {
    if (!token || tokenTried.current) return;
    tokenTried.current = true;
    login.mutate({ token, lang: i18n.language }, { onSuccess: enter });
    // Runs once for the token in the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const submit = (values: FormValues) => {
    login.mutate(
      mode === "code"
        ? {
            account: values.account.trim(),
            code: values.code.trim(),
            rememberMe: values.rememberMe,
            lang: i18n.language,
          }
        : {
            account: values.account.trim(),
            password: values.password,
            rememberMe: values.rememberMe,
            lang: i18n.language,
          },
      { onSuccess: enter },
    );
  };

  const rule = (field: "account" | "password" | "code") => ({
    validator: (_: unknown, value: string | undefined) => {
      // The form may hold only some fields (password and code swap with the mode).
      const held = form.getFieldsValue() as Partial<FormValues>;
      const values = {
        account: held.account ?? "",
        password: held.password ?? "",
        code: held.code ?? "",
        [field]: value ?? "",
      };
      const error = loginErrors(values, mode)[field];
      return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
    },
  });

  return (
    <AccountsLayout title={t("login.title")}>
      <Segmented<LoginMode>
        block
        value={mode}
        onChange={(value) => {
          setMode(value);
          form.resetFields(["password", "code"]);
        }}
        options={[
          { label: t("login.passwordMode"), value: "password" },
          { label: t("login.codeMode"), value: "code" },
        ]}
        style={{ marginBottom: 24 }}
      />
      {codesOff && (mode === "code" || forgotAsked) && (
        <Alert
          type="info"
          showIcon
          title={t("login.noCodes")}
          style={{ marginBottom: 24 }}
        />
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          account: "",
          password: "",
          code: "",
          rememberMe: true,
        }}
        onFinish={submit}
        autoComplete="on"
      >
        <Form.Item
          name="account"
          label={t("login.account")}
          rules={[rule("account")]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t("login.accountPlaceholder")}
            autoComplete="username"
          />
        </Form.Item>
        {mode === "password" ? (
          <Form.Item
            name="password"
            label={t("login.password")}
            rules={[rule("password")]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
            />
          </Form.Item>
        ) : (
          <CodeField
            label={t("login.code")}
            rule={rule("code")}
            account={() => String(form.getFieldValue("account") ?? "")}
            type={1}
          />
        )}
        <div
          style={{
            display: "flex",
            justifyContent: "space-between",
            alignItems: "center",
            marginBottom: 16,
          }}
        >
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox>{t("login.rememberMe")}</Checkbox>
          </Form.Item>
          {mode === "password" && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                codesOff ? setForgotAsked(true) : setMode("code")
              }
            >
              {t("login.forgot")}
            </Button>
          )}
        </div>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={login.isPending}
        >
          {t("login.submit")}
        </Button>
      </Form>
      {regtype === "1" && (
        <p style={{ textAlign: "center", marginTop: 16, marginBottom: 0 }}>
          {t("login.noAccount")}{" "}
          <Link to={`/register${redirectQuery(redirect)}`}>
            {t("login.register")}
          </Link>
        </p>
      )}
    </AccountsLayout>
  );
}
