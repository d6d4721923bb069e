import { SearchOutlined } from "@ant-design/icons";
import { AUDIT_ACTIONS, type AuditAction } from "@parley/protocol";
import {
  Button,
  DatePicker,
  Form,
  type GetProps,
  Input,
  InputNumber,
  Select,
} from "antd";
import { useTranslation } from "react-i18next";
import type { AuditFilter } from "../../console.queries";
import styles from "./audit.module.css";

type RangeValue = GetProps<typeof DatePicker.RangePicker>["value"];

interface FilterValues {
  action?: AuditAction | null;
  actor_id?: number | null;
  target_id?: string;
  range?: RangeValue;
}

/** A control as wide as its field (the field's class sets the width, per screen). */
const FILL = { width: "100%" };

/** The largest id the server takes (a 32-bit signed integer). */
const ID_MAX = 2 ** 31 - 1;

/** The filter a form's values stand for: days from the first's start to the last's end. */
function filterOf(values: FilterValues): AuditFilter {
  const [first, last] = values.range ?? [];
  const target = values.target_id?.trim();
  return {
    action: values.action ?? undefined,
    actor_id: values.actor_id ?? undefined,
    target_id: target ? target : undefined,
    from: first ? first.startOf("day").valueOf() : undefined,
    to: last ? last.add(1, "day").startOf("day").valueOf() : undefined,
  };
}

/**
 * The audit log's filters: kind of change (by its translated name), administrator id,
 * target id and a range of days. Searching hands the filter up; clearing hands up none.
 */
export function AuditFilters({
  onSearch,
}: {
  onSearch: (filter: AuditFilter) => void;
}) {
  const { t } = useTranslation("console");
  const [form] = Form.useForm<FilterValues>();

  return (
    <Form<FilterValues>
      form={form}
      aria-label={t("audit.filters")}
      layout="vertical"
      className={styles.conFilters}
      onFinish={(values) => onSearch(filterOf(values))}
    >
      <Form.Item
        name="action"
        label={t("audit.action")}
        className={styles.conAction}
      >
        <Select
          allowClear
          placeholder={t("audit.anyAction")}
          style={FILL}
          options={AUDIT_ACTIONS.map((action) => ({
            value: action,
            label: t(`audit.actions.${action}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="actor_id"
        label={t("audit.actorId")}
        className={styles.conId}
      >
        <InputNumber
          min={1}
          max={ID_MAX}
          precision={0}
          controls={false}
          style={FILL}
        />
      </Form.Item>
      <Form.Item
        name="target_id"
        label={t("audit.targetId")}
        className={styles.conId}
      >
        <Input maxLength={64} allowClear />
      </Form.Item>
      <Form.Item
        name="range"
        label={t("audit.dates")}
        className={styles.conRange}
      >
        <DatePicker.RangePicker allowEmpty={[true, true]} style={FILL} />
      </Form.Item>
      <Form.Item label=" " className={styles.conButtons}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t("audit.search")}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t("audit.clear")}
        </Button>
      </Form.Item>
    </Form>
  );
}
