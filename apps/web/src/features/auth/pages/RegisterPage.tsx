import { ArrowLeftOutlined } from "@ant-design/icons";
import { Limits, type RegAuth } from "@parley/protocol";
import { Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../../lib/feedback";
import { useSessionStore } from "../../../stores/session.store";
import { useRegisterMutation } from "../auth.queries";
import { AuthLayout } from "../components/AuthLayout";
import { CodeField } from "../components/CodeField";
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

function regauthOf(value: string | undefined): RegAuth {
  return value === "1" || value === "2" || value === "3"
    ? (Number(value) as RegAuth)
    : 0;
}

/** Register (SPEC §2, §5): the same rules as the server, the code only when regauth is set. */
export function RegisterPage() {
  const { t } = useTranslation(["auth", "errors"]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RegisterValues>();
  const regauth = regauthOf(useSessionStore((s) => s.config?.sysInfo.regauth));
  const register = useRegisterMutation();

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
          : t(`auth:${problem.authKey}`);
      return Promise.reject(new Error(text));
    },
  });

  const submit = (values: RegisterValues) => {
    register.mutate(
      {
        account: values.account.trim(),
        realname: values.realname.trim(),
        password: values.password,
        ...(regauth !== 0 ? { code: values.code.trim() } : {}),
        ...(params.get("inviteCode")
          ? { inviteCode: params.get("inviteCode") ?? "" }
          : {}),
      },
      {
        onSuccess: () => {
          toast("success", t("auth:register.success"));
          void navigate(`/login`, { replace: true });
        },
      },
    );
  };

  return (
    <AuthLayout title={t("auth:register.title")}>
      <Link to="/login" style={{ display: "inline-block", marginBottom: 16 }}>
        <ArrowLeftOutlined /> {t("auth:register.back")}
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
          toast("warning", t("auth:validation.checkInputs"))
        }
      >
        <Form.Item
          name="account"
          label={t("auth:register.account")}
          rules={[rule("account")]}
          normalize={(value: string) => normaliseAccount(value)}
        >
          <Input
            placeholder={t(`auth:${ACCOUNT_PLACEHOLDER[regauth]}`)}
            maxLength={Limits.accountMax}
          />
        </Form.Item>
        <Form.Item
          name="realname"
          label={t("auth:register.realname")}
          rules={[rule("realname")]}
        >
          <Input maxLength={Limits.realnameMax} showCount />
        </Form.Item>
        {regauth !== 0 && (
          <CodeField
            label={t("auth:register.code")}
            rule={rule("code")}
            account={() => String(form.getFieldValue("account") ?? "")}
            type={2}
          />
        )}
        <Form.Item
          name="password"
          label={t("auth:register.password")}
          rules={[rule("password")]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={Limits.passwordMax}
          />
        </Form.Item>
        <Form.Item
          name="repassword"
          label={t("auth:register.repeat")}
          dependencies={["password"]}
          rules={[rule("repassword")]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={Limits.passwordMax}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={register.isPending}
        >
          {t("auth:register.submit")}
        </Button>
      </Form>
    </AuthLayout>
  );
}
