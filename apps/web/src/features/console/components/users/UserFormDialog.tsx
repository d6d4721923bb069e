import {
  type Actor,
  type ConsoleUser,
  Limits,
  stripChinese,
} from "@parley/protocol";
import {
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Switch,
} from "antd";
import { useTranslation } from "react-i18next";
import { useAddUserMutation, useEditUserMutation } from "../../users.queries";
import { useCheckRule } from "./check-rule";
import {
  accountProblem,
  emailProblem,
  mayChange,
  passwordProblem,
  realnameProblem,
  ROLES,
  SEXES,
  type SystemRole,
} from "./user-fields";

/** What the form holds; the password only when adding. */
interface UserFormValues {
  account: string;
  realname: string;
  password: string;
  email: string;
  sex: 0 | 1 | 2;
  role: SystemRole;
  friend_limit: number | null;
  group_limit: number | null;
  remark: string;
  status: boolean;
}

/** The wire's bounds for a limit and a remark (manage-users.ts). */
const LIMIT_MAX = 100_000;
const REMARK_MAX = 255;
const EMAIL_MAX = 128;

function initialValues(user: ConsoleUser | null): UserFormValues {
  return {
    account: user?.account ?? "",
    realname: user?.realname ?? "",
    password: "",
    email: user?.email ?? "",
    sex: user?.sex === 0 || user?.sex === 1 ? user.sex : 2,
    role: ROLES.find((r) => r.value === user?.role)?.value ?? 0,
    friend_limit: user?.friend_limit ?? 0,
    group_limit: user?.group_limit ?? 0,
    remark: user?.remark ?? "",
    status: user ? user.status === 1 : true,
  };
}

/**
 * Adds a user (`user` null) or edits one. The checks are the server's own rules; the role
 * is offered only to whoever may change it, the status not on one's own account.
 */
export function UserFormDialog({
  open,
  user,
  actor,
  onClose,
}: {
  open: boolean;
  user: ConsoleUser | null;
  actor: Actor;
  onClose: () => void;
}) {
  const { t } = useTranslation("consoleUsers");
  const [form] = Form.useForm<UserFormValues>();
  const rule = useCheckRule();
  const add = useAddUserMutation();
  const edit = useEditUserMutation();
  const adding = user === null;
  const mayRole = mayChange(actor, user, "role");
  const mayStatus = adding || mayChange(actor, user, "status");

  const submit = (values: UserFormValues) => {
    const profile = {
      account: values.account.trim(),
      realname: values.realname.trim(),
      email: values.email.trim(),
      sex: values.sex,
      remark: values.remark.trim(),
      friend_limit: values.friend_limit ?? 0,
      group_limit: values.group_limit ?? 0,
    };
    const status = values.status ? 1 : 0;
    if (user === null) {
      add.mutate(
        {
          ...profile,
          password: values.password,
          status,
          role: mayRole ? values.role : 0,
        },
        { onSuccess: onClose },
      );
      return;
    }
    edit.mutate(
      {
        ...profile,
        user_id: user.user_id,
        // Edit sets every field it is sent; the assigned customer-service user stays.
        ...(user.cs_uid !== null && user.cs_uid > 0
          ? { cs_uid: user.cs_uid }
          : {}),
        ...(mayStatus ? { status } : {}),
        ...(mayRole ? { role: values.role } : {}),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open={open}
      title={
        adding
          ? t("form.addTitle")
          : t("form.editTitle", { name: user.realname })
      }
      okText={adding ? t("form.add") : t("form.save")}
      cancelText={t("cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || edit.isPending}
      destroyOnHidden
      centered
      width={560}
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues(user)}
        onFinish={submit}
        scrollToFirstError={{ block: "center" }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="account"
              label={t("form.account")}
              extra={
                adding ? t("form.accountHint") : t("form.accountChangeHint")
              }
              // SPEC §5: Chinese characters are stripped as typed.
              normalize={(value: string) => stripChinese(value)}
              rules={[rule(accountProblem)]}
            >
              <Input autoComplete="off" maxLength={Limits.accountMax} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="realname"
              label={t("form.realname")}
              rules={[rule(realnameProblem)]}
            >
              <Input autoComplete="off" maxLength={Limits.realnameMax} />
            </Form.Item>
          </Col>
          {adding && (
            <Col xs={24} sm={12}>
              <Form.Item
                name="password"
                label={t("form.password")}
                extra={t("form.passwordHint")}
                rules={[rule(passwordProblem)]}
              >
                <Input.Password
                  autoComplete="new-password"
                  maxLength={Limits.passwordMax}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item
              name="email"
              label={t("form.email")}
              rules={[rule(emailProblem)]}
            >
              <Input type="email" autoComplete="off" maxLength={EMAIL_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="sex" label={t("form.sex")}>
              <Select
                options={SEXES.map((s) => ({
                  value: s.value,
                  label: t(s.key),
                }))}
              />
            </Form.Item>
          </Col>
          {mayRole && (
            <Col xs={24} sm={12}>
              <Form.Item name="role" label={t("form.role")}>
                <Select
                  options={ROLES.map((r) => ({
                    value: r.value,
                    label: t(r.key),
                  }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={12}>
            <Form.Item
              name="friend_limit"
              label={t("form.friendLimit")}
              extra={t("form.limitHint")}
            >
              <InputNumber
                min={0}
                max={LIMIT_MAX}
                precision={0}
                style={{ width: "100%" }}
              />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item
              name="group_limit"
              label={t("form.groupLimit")}
              extra={t("form.limitHint")}
            >
              <InputNumber
                min={0}
                max={LIMIT_MAX}
                precision={0}
                style={{ width: "100%" }}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t("form.remark")}>
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 4 }}
                maxLength={REMARK_MAX}
                showCount
              />
            </Form.Item>
          </Col>
          {mayStatus && (
            <Col xs={24}>
              <Form.Item
                name="status"
                label={t("form.status")}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
          )}
        </Row>
        {/* Enter submits from any field. */}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
