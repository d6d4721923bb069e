import {
  type Notice,
  NOTICE_TEXT_MAX,
  NOTICE_TITLE_MAX,
} from "@parley/protocol";
import { Form, Input, Modal } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePublishNoticeMutation } from "../../notices.queries";

interface Fields {
  title: string;
  content: string;
}

/**
 * Writes a new notice, or changes one: a title of 1 to 100 characters and a text of at
 * most 5,000 (the protocol's limits, checked before anything is sent).
 */
export function NoticeFormDialog({
  open,
  notice,
  onClose,
}: {
  open: boolean;
  /** The notice to change; null for a new one. */
  notice: Notice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("console");
  const [form] = Form.useForm<Fields>();
  const publish = usePublishNoticeMutation();

  useEffect(() => {
    if (open)
      form.setFieldsValue({
        title: notice?.title ?? "",
        content: notice?.notice ?? "",
      });
  }, [open, notice, form]);

  const submit = (fields: Fields) =>
    publish.mutate(
      {
        msgId: notice?.msg_id ?? 0,
        title: fields.title.trim(),
        content: fields.content.trim(),
      },
      { onSuccess: onClose },
    );

  return (
    <Modal
      open={open}
      title={notice ? t("notices.editTitle") : t("notices.newTitle")}
      okText={notice ? t("notices.save") : t("notices.publish")}
      cancelText={t("notices.cancel")}
      confirmLoading={publish.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      {!notice && <p>{t("notices.reach")}</p>}
      <Form<Fields> form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="title"
          label={t("notices.titleLabel")}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t("notices.titleRule"),
            },
            { max: NOTICE_TITLE_MAX, message: t("notices.titleRule") },
          ]}
        >
          <Input maxLength={NOTICE_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={t("notices.textLabel")}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t("notices.textRule"),
            },
            { max: NOTICE_TEXT_MAX, message: t("notices.textRule") },
          ]}
        >
          <Input.TextArea
            maxLength={NOTICE_TEXT_MAX}
            showCount
            autoSize={{ minRows: 5, maxRows: 14 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
