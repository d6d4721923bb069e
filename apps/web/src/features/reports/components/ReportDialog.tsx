import {
  COMPLAINT_REASONS,
  COMPLAINT_TEXT_MAX,
  type ComplaintReason,
} from "@parley/protocol";
import { Form, Input, Modal, Radio } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useReportMutation } from "../reports.queries";
import { useReportStore } from "../../../stores/report.store";

interface Fields {
  reason: ComplaintReason;
  content: string;
}

/**
 * Reports a message, a user or a group to the administrators (issue 12): a reason, and in
 * the reporter's words what happened (at most 500 characters).
 */
export function ReportDialog() {
  const { t } = useTranslation("reports");
  const target = useReportStore((s) => s.target);
  const close = useReportStore((s) => s.close);
  const report = useReportMutation();
  const [form] = Form.useForm<Fields>();

  useEffect(() => {
    if (target) form.resetFields();
  }, [target, form]);

  const submit = (fields: Fields) => {
    if (!target) return;
    report.mutate(
      { target, details: { reason: fields.reason, content: fields.content } },
      { onSuccess: close },
    );
  };

  return (
    <Modal
      open={target !== null}
      title={target ? t(`title.${target.type}`, { name: target.name }) : ""}
      okText={t("send")}
      cancelText={t("cancel")}
      confirmLoading={report.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      forceRender
    >
      <p>{t("about")}</p>
      <Form<Fields>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ content: "" }}
      >
        <Form.Item
          name="reason"
          label={t("reason")}
          rules={[{ required: true, message: t("reasonRequired") }]}
        >
          <Radio.Group
            options={COMPLAINT_REASONS.map((reason) => ({
              value: reason,
              label: t(`reasons.${reason}`),
            }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={t("details")}
          rules={[{ max: COMPLAINT_TEXT_MAX, message: t("detailsRule") }]}
        >
          <Input.TextArea
            maxLength={COMPLAINT_TEXT_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t("detailsPlaceholder")}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
