import { BOT_DESCRIPTION_MAX, Limits } from "@parley/protocol";
import { Form, Input, Modal } from "antd";
import { useTranslation } from "react-i18next";

interface BotValues {
  name: string;
  description: string;
}

/** Add bot: a name and what it is for. */
export function AddBotDialog({
  open,
  busy,
  onCancel,
  onAdd,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onAdd: (values: BotValues) => void;
}) {
  const { t } = useTranslation("console");
  const [form] = Form.useForm<BotValues>();
  return (
    <Modal
      open={open}
      title={t("bots.addTitle")}
      okText={t("bots.add")}
      onCancel={onCancel}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form<BotValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: "", description: "" }}
        onFinish={(values) =>
          onAdd({
            name: values.name.trim(),
            description: values.description.trim(),
          })
        }
      >
        <Form.Item
          name="name"
          label={t("bots.name")}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t("bots.nameRequired"),
            },
          ]}
        >
          <Input
            maxLength={Limits.realnameMax}
            placeholder={t("bots.namePlaceholder")}
          />
        </Form.Item>
        <Form.Item name="description" label={t("bots.description")}>
          <Input.TextArea
            maxLength={BOT_DESCRIPTION_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t("bots.descriptionPlaceholder")}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
