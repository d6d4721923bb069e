import { Button, Form, Input, type InputProps } from "antd";
import styles from "./settings.module.css";

/** What a field's rule answers: the protocol's schema of the call's one field. */
interface FieldRule {
  safeParse: (value: unknown) => { success: boolean };
}

/**
 * The "send a test" form under a delivery section (mail, SMS): one address, checked by the
 * call's own rule before it is sent, and a send button. Off when the section is not set
 * up or the administrator may not act in the console.
 */
export function TestSendForm({
  title,
  help,
  label,
  invalid,
  rule,
  input,
  sendLabel,
  disabled,
  pending,
  onSend,
}: {
  title: string;
  help: string;
  /** The address field's label, and what it says of an address it refuses. */
  label: string;
  invalid: string;
  rule: FieldRule;
  input: Pick<InputProps, "type" | "maxLength" | "autoComplete">;
  sendLabel: string;
  disabled: boolean;
  pending: boolean;
  onSend: (address: string) => void;
}) {
  const [form] = Form.useForm<{ address: string }>();
  return (
    <>
      <h3 className={styles.conGroup}>{title}</h3>
      <p className={styles.conHint}>{help}</p>
      <Form
        form={form}
        aria-label={title}
        layout="vertical"
        requiredMark={false}
        disabled={disabled}
        onFinish={({ address }) => onSend(address.trim())}
        className={styles.conForm}
      >
        <Form.Item
          name="address"
          label={label}
          rules={[
            {
              validator: (_rule: unknown, value: unknown) =>
                rule.safeParse(value ?? "").success
                  ? Promise.resolve()
                  : Promise.reject(new Error(invalid)),
            },
          ]}
        >
          <Input {...input} />
        </Form.Item>
        <div className={styles.conActions}>
          <Button htmlType="submit" loading={pending}>
            {sendLabel}
          </Button>
        </div>
      </Form>
    </>
  );
}
