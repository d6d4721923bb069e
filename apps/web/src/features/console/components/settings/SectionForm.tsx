import type { ConfigSection } from "@parley/protocol";
import { Button, Form } from "antd";
import { appModal } from "../../../../components/AppModal";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../../lib/feedback";
import { useSetConfigMutation } from "../../console.queries";
import { changedFields, type SectionValues } from "./config-rules";
import styles from "./settings.module.css";

/** A question to answer before some changes are saved. */
export interface SaveQuestion {
  title: string;
  content: string;
  okText: string;
}

/**
 * One editable section of the config: a form of its fields and its own Save, which sends
 * setConfig only this section's changed fields, after the page's question when it asks
 * one. In demo mode every field and the Save are disabled. The page remounts it (a key of
 * the stored values) when the section changes, so the form starts from what is stored.
 */
export function SectionForm({
  section,
  label,
  stored,
  mayWrite,
  question,
  children,
}: {
  section: ConfigSection;
  /** The form's name, for assistive technology: its tab's title. */
  label: string;
  stored: Record<string, string | string[]>;
  mayWrite: boolean;
  /** What to ask before saving these changes, or null to save at once. */
  question?: (
    changes: Record<string, string | string[]>,
  ) => SaveQuestion | null;
  children: ReactNode;
}) {
  const { t } = useTranslation("console");
  const [form] = Form.useForm<SectionValues>();
  const save = useSetConfigMutation();

  const submit = (values: SectionValues) => {
    const changes = changedFields(stored, values);
    if (Object.keys(changes).length === 0) {
      toast("info", t("settings.nothingChanged"));
      return;
    }
    // A refusal was shown already (the server names the field); the form stays as typed.
    const send = () =>
      save
        .mutateAsync({ name: section, value: changes })
        .catch(() => undefined);
    const ask = question?.(changes) ?? null;
    if (!ask) {
      void send();
      return;
    }
    appModal.confirm({
      ...ask,
      cancelText: t("settings.cancel"),
      okButtonProps: { danger: true },
      centered: true,
      onOk: send,
    });
  };

  return (
    <Form<SectionValues>
      form={form}
      aria-label={label}
      layout="vertical"
      requiredMark={false}
      initialValues={stored}
      disabled={!mayWrite}
      scrollToFirstError={{ block: "center" }}
      onFinish={submit}
      className={styles.conForm}
    >
      {children}
      <div className={styles.conActions}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t("settings.save")}
        </Button>
      </div>
    </Form>
  );
}
