import { Limits, regauthOf, type UserInfo } from "@parley/protocol";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { CodeField } from "../../accounts";
import { useNavigate } from "react-router";
import { realtime } from "../../../api/socket";
import { toast } from "../../../lib/feedback";
import { useSessionStore } from "../../../stores/session.store";
import { useGlobalConfig } from "../../system";
import {
  accountErrors,
  type AccountValues,
  newAccountRegauth,
} from "../settings-rules";
import { useEditAccountMutation } from "../settings.queries";
import { FormDialog } from "./FormDialog";
import { useFieldRules } from "./field-rule";

const BLANK: AccountValues = { account: "", newCode: "", code: "" };

/** What a new account may be, in the register form's words. */
const PLACEHOLDER = {
  0: "register.accountPlain",
  1: "register.accountPhone",
  2: "register.accountEmail",
  3: "register.accountPhoneOrEmail",
} as const;

/**
 * Change account (SPEC §5 Settings): the new account and the change-account code sent to
 * it, and for a verified account (`is_auth` 1) a code sent to the current one too. The
 * server ends every session of mine: this one signs out and goes to the login page.
 */
export function AccountDialog({
  user,
  open,
  onClose,
}: {
  user: UserInfo;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("settings");
  const navigate = useNavigate();
  const [form] = Form.useForm<AccountValues>();
  const config = useGlobalConfig();
  const regauth = regauthOf(config?.sysInfo.regauth);
  const verified = user.is_auth === 1;
  const rule = useFieldRules(form, BLANK, (values) =>
    accountErrors(values, { regauth, verified, current: user.account }),
  );
  const change = useEditAccountMutation();

  const submit = (values: AccountValues) => {
    change.mutate(
      {
        account: values.account.trim(),
        newCode: values.newCode.trim(),
        code: verified ? values.code.trim() : "",
      },
      {
        onSuccess: () => {
          // The server has ended this session already: nothing more to tell it.
          realtime.stop();
          useSessionStore.getState().signOut();
          toast("success", t("accountChange.changed"));
          void navigate("/login", { replace: true });
        },
      },
    );
  };

  return (
    <FormDialog<AccountValues>
      open={open}
      title={t("accountChange.title")}
      okText={t("accountChange.submit")}
      notice={{ type: "warning", text: t("accountChange.warning") }}
      width={460}
      pending={change.isPending}
      form={form}
      initialValues={BLANK}
      onFinish={submit}
      onClose={onClose}
    >
      <Form.Item label={t("accountChange.current")}>
        <Input value={user.account} disabled />
      </Form.Item>
      {verified && (
        <CodeField
          name="code"
          label={t("accountChange.code")}
          extra={t("accountChange.codeTo", { account: user.account })}
          rule={rule("code")}
          account={() => user.account}
          type={4}
        />
      )}
      <Form.Item
        name="account"
        label={t("accountChange.new")}
        rules={[rule("account")]}
      >
        <Input
          maxLength={Limits.accountMax}
          placeholder={t(`accounts:${PLACEHOLDER[newAccountRegauth(regauth)]}`)}
          autoComplete="username"
        />
      </Form.Item>
      <CodeField
        name="newCode"
        label={t("accountChange.newCode")}
        rule={rule("newCode")}
        account={() => String(form.getFieldValue("account") ?? "").trim()}
        type={4}
      />
    </FormDialog>
  );
}
