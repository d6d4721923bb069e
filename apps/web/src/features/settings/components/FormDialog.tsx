import { Alert, Form, type FormInstance, Modal } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A settings dialog holding one form: a notice above it, OK submits it (Enter too, from any
 * field), and the form is dropped when the dialog closes, so it opens blank again.
 */
export function FormDialog<Values extends object>({
  open,
  title,
  okText,
  notice,
  width,
  pending,
  form,
  initialValues,
  onFinish,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  okText: string;
  notice: { type: "info" | "warning"; text: string };
  width: number;
  pending: boolean;
  form: FormInstance<Values>;
  initialValues: Values;
  onFinish: (values: Values) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("settings");
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t("cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
      centered
      width={width}
    >
      <Alert
        type={notice.type}
        showIcon
        title={notice.text}
        style={{ marginBottom: 16 }}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        scrollToFirstError={{ block: "center" }}
        initialValues={initialValues}
        onFinish={onFinish}
      >
        {children}
        {/* Enter submits from any field. */}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
