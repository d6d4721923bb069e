import { checkPassword } from "@parley/protocol";
import { Alert, Button, Form, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useWelcomeMutation } from "../accounts.queries";
import { AccountsLayout } from "../components/AccountsLayout";
import { NewPasswordFields } from "../components/NewPasswordFields";

interface WelcomeValues {
  password: string;
  repassword: string;
}

/**
 * /welcome?account=…&token=… (issue 47): an invitation link an administrator gave. The
 * invited user chooses their password (the register rule), the link is used up, and the
 * ticket it answers signs them in through the login page (which asks first when someone
 * else is signed in on this browser).
 */
export function WelcomePage() {
  const { t } = useTranslation(["accounts", "errors"]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<WelcomeValues>();
  // The link's account and token, read once.
  const [link] = useState(() => ({
    account: params.get("account") ?? "",
    token: params.get("token") ?? "",
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const welcome = useWelcomeMutation();

  const rule = (field: "password" | "repassword") => ({
    validator: (_: unknown, value: string | undefined) => {
      const given = value ?? "";
      if (field === "password") {
        const key = checkPassword(given);
        return key
          ? Promise.reject(new Error(t(`errors:keys.${key}`)))
          : Promise.resolve();
      }
      return given === form.getFieldValue("password")
        ? Promise.resolve()
        : Promise.reject(new Error(t("accounts:validation.passwordMismatch")));
    },
  });

  const submit = (values: WelcomeValues) => {
    setProblem(null);
    welcome.mutate(
      { ...link, password: values.password },
      {
        onSuccess: ({ ticket }) =>
          void navigate(`/login?token=${encodeURIComponent(ticket)}`, {
            replace: true,
          }),
        onError: (error) => setProblem(error.message),
      },
    );
  };

  const broken = link.account === "" || link.token === "";
  return (
    <AccountsLayout title={t("accounts:welcome.title")}>
      {broken ? (
        <Alert
          type="warning"
          showIcon
          title={t("errors:keys.welcome.invalid")}
        />
      ) : (
        <>
          <Typography.Paragraph>
            {t("accounts:welcome.text", { account: link.account })}
          </Typography.Paragraph>
          {problem !== null && (
            <Alert
              type="error"
              showIcon
              title={problem}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form<WelcomeValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ password: "", repassword: "" }}
            onFinish={submit}
          >
            <NewPasswordFields
              labels={{
                password: t("accounts:welcome.password"),
                repeat: t("accounts:register.repeat"),
              }}
              rule={rule}
            />
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={welcome.isPending}
            >
              {t("accounts:welcome.submit")}
            </Button>
          </Form>
        </>
      )}
      <Link to="/login" style={{ display: "inline-block", marginTop: 16 }}>
        {t("accounts:register.back")}
      </Link>
    </AccountsLayout>
  );
}
