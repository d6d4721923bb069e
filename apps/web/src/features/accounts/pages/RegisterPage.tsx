import { ArrowLeftOutlined } from "@ant-design/icons";
import { Limits, type RegAuth, regauthOf } from "@parley/protocol";
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { i18n } from "../../../i18n";
import { toast } from "../../../lib/feedback";
import {
  REDIRECT_PARAM,
  redirectQuery,
  safeRedirect,
} from "../../../lib/redirect";
import { useGlobalConfig } from "../../system";
import { useLoginMutation, useRegisterMutation } from "../accounts.queries";
import { canSendCodes } from "../code-channels";
import { AccountsLayout } from "../components/AccountsLayout";
import { CodeField } from "../components/CodeField";
import { NewPasswordFields } from "../components/NewPasswordFields";
import {
  normaliseAccount,
  registerErrors,
  type RegisterValues,
} from "../register-rules";

const ACCOUNT_PLACEHOLDER: Record<RegAuth, string> = {
  0: "register.accountPlain",
  1: "register.accountPhone",
  2: "register.accountEmail",
  3: "register.accountPhoneOrEmail",
};

/**
 * Register (SPEC §2, §5): the same rules as the server, the code only when regauth is set.
 * A new account is signed in at once and lands in the chat, as Slack does.
 */
export function RegisterPage() {
  const { t } = useTranslation(["accounts", "errors"]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RegisterValues>();
  const config = useGlobalConfig();
  const regauth = regauthOf(config?.sysInfo.regauth);
  const register = useRegisterMutation();
  const login = useLoginMutation();
  const [stripped, setStripped] = useState(false);
  // Where the visitor was going before the login page sent them here (a join link).
  const next = safeRedirect(params.get(REDIRECT_PARAM)) ?? "/";

  const rule = (field: keyof RegisterValues) => ({
    validator: (_: unknown, value: string | undefined) => {
      // The code field exists only when regauth asks for it.
      const held = form.getFieldsValue() as Partial<RegisterValues>;
      const values: RegisterValues = {
        account: held.account ?? "",
        realname: held.realname ?? "",
        code: held.code ?? "",
        password: held.password ?? "",
        repassword: held.repassword ?? "",
        [field]: value ?? "",
      };
      const problem = registerErrors(values, regauth)[field];
      if (!problem) return Promise.resolve();
      const text =
        "key" in problem
          ? t(`errors:keys.${problem.key}`)
          : t(`accounts:${problem.authKey}`);
      return Promise.reject(new Error(text));
    },
  });

  const submit = (values: RegisterValues) => {
    const account = values.account.trim();
    register.mutate(
      {
        account,
        realname: values.realname.trim(),
        password: values.password,
        ...(regauth !== 0 ? { code: values.code.trim() } : {}),
        ...(params.get("inviteCode")
          ? { inviteCode: params.get("inviteCode") ?? "" }
          : {}),
      },
      {
        // The same credentials sign in (remember-me on, the login form's default); a code
        // was used up by the registration, so the password is what signs in either way.
        onSuccess: (user) => {
          // A promise, not the mutation's callbacks: signing in sends the guard from
          // /register to the chat, unmounting this page before callbacks would run.
          login
            .mutateAsync({
              account,
              password: values.password,
              rememberMe: true,
              lang: i18n.language,
            })
            .then(
              () => {
                toast(
                  "success",
                  t("accounts:register.success", { name: user.realname }),
                );
                void navigate(next, { replace: true });
              },
              () =>
                void navigate(`/login${redirectQuery(next)}`, {
                  replace: true,
                }),
            );
        },
      },
    );
  };

  return (
    <AccountsLayout title={t("accounts:register.title")}>
      <Link
        to={`/login${redirectQuery(next)}`}
        style={{ display: "inline-block", marginBottom: 16 }}
      >
        <ArrowLeftOutlined /> {t("accounts:register.back")}
      </Link>
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          account: "",
          realname: "",
          code: "",
          password: "",
          repassword: "",
        }}
        onFinish={submit}
        onFinishFailed={() =>
          toast("warning", t("accounts:validation.checkInputs"))
        }
      >
        <Form.Item
          name="account"
          label={t("accounts:register.account")}
          rules={[rule("account")]}
          // SPEC strips Chinese characters as they are typed: say so, never silently.
          extra={stripped ? t("accounts:register.chineseRemoved") : undefined}
          normalize={(value: string) => {
            const kept = normaliseAccount(value);
            setStripped(kept !== value);
            return kept;
          }}
        >
          <Input
            placeholder={t(`accounts:${ACCOUNT_PLACEHOLDER[regauth]}`)}
            maxLength={Limits.accountMax}
          />
        </Form.Item>
        <Form.Item
          name="realname"
          label={t("accounts:register.realname")}
          rules={[rule("realname")]}
        >
          <Input maxLength={Limits.realnameMax} showCount />
        </Form.Item>
        {regauth !== 0 && !canSendCodes(config, regauth) && (
          <Alert
            type="warning"
            showIcon
            title={t("accounts:register.noCodes")}
            style={{ marginBottom: 24 }}
          />
        )}
        {regauth !== 0 && (
          <CodeField
            label={t("accounts:register.code")}
            rule={rule("code")}
            account={() => String(form.getFieldValue("account") ?? "")}
            type={2}
          />
        )}
        <NewPasswordFields
          labels={{
            password: t("accounts:register.password"),
            repeat: t("accounts:register.repeat"),
          }}
          rule={rule}
        />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={register.isPending || login.isPending}
        >
          {t("accounts:register.submit")}
        </Button>
      </Form>
    </AccountsLayout>
  );
}
