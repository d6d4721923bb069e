import { Form, Switch } from "antd";

/** A switch for a config flag, which the wire carries as "1" (on) or "0" (off). */
export function FlagField({
  name,
  label,
  help,
}: {
  name: string;
  label: string;
  help?: string;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={help}
      getValueProps={(value: unknown) => ({ checked: value === "1" })}
      normalize={(checked: boolean) => (checked ? "1" : "0")}
    >
      <Switch />
    </Form.Item>
  );
}
