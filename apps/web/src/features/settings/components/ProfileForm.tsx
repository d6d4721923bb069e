import {
  can,
  PeopleLimits,
  type ProfileFields,
  type UserInfo,
} from "@parley/protocol";
import { Button, Form, Input, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/feedback";
import { useActor, useGlobalConfig } from "../../system";
import { profileErrors } from "../settings-rules";
import { useUpdateProfileMutation } from "../settings.queries";
import { useFieldRules } from "./field-rule";
import styles from "./settings.module.css";

const BLANK: ProfileFields = { realname: "", email: "", sex: 2, motto: "" };

/**
 * My profile (SPEC §5 Settings): nickname 2–16 (20 may be typed), email, sex, and a motto
 * of at most 100 with its counter. The protocol's rule checks it here and on the server.
 */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation("settings");
  const [form] = Form.useForm<ProfileFields>();
  const rule = useFieldRules(form, BLANK, profileErrors);
  const save = useUpdateProfileMutation();
  const config = useGlobalConfig();
  const actor = useActor();
  // Run mode 1 with diyName off: the organisation names people (the server refuses too).
  const mayRename = !config || can(actor, "user.rename", { config });

  const submit = (values: ProfileFields) => {
    save.mutate(
      {
        realname: values.realname.trim(),
        email: values.email.trim(),
        sex: values.sex,
        motto: values.motto.trim(),
      },
      { onSuccess: () => toast("success", t("profile.saved")) },
    );
  };

  return (
    <Form<ProfileFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      scrollToFirstError={{ block: "center" }}
      initialValues={{
        realname: user.realname,
        email: user.email,
        sex: user.sex,
        motto: user.motto,
      }}
      onFinish={submit}
      className={styles.form}
    >
      <Form.Item
        name="realname"
        label={t("profile.realname")}
        rules={mayRename ? [rule("realname")] : []}
        extra={mayRename ? undefined : t("profile.nameManaged")}
      >
        <Input
          maxLength={PeopleLimits.nicknameInputMax}
          autoComplete="nickname"
          readOnly={!mayRename}
          variant={mayRename ? "outlined" : "filled"}
        />
      </Form.Item>
      <Form.Item
        name="email"
        label={t("profile.email")}
        rules={[rule("email")]}
      >
        <Input
          type="email"
          maxLength={PeopleLimits.emailMax}
          autoComplete="email"
        />
      </Form.Item>
      <Form.Item name="sex" label={t("profile.sex")} rules={[rule("sex")]}>
        <Radio.Group
          options={[
            { value: 0, label: t("profile.female") },
            { value: 1, label: t("profile.male") },
            { value: 2, label: t("profile.unknown") },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="motto"
        label={t("profile.motto")}
        rules={[rule("motto")]}
      >
        <Input.TextArea
          maxLength={PeopleLimits.mottoMax}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t("profile.mottoPlaceholder")}
        />
      </Form.Item>
      <div className={styles.actions}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t("profile.save")}
        </Button>
      </div>
    </Form>
  );
}
