import { CaretDownOutlined, CaretUpOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";
import { useTranslation } from "react-i18next";
import { nextDirection, type SortDirection } from "./list-params";

/** One field a column sorts by. */
export interface SortField {
  label: string;
  direction: SortDirection;
  onChange: (direction: SortDirection) => void;
}

/*
 * antd draws each column title a second time in a hidden row it measures widths with
 * (aria-hidden, zero height). Buttons there would still take keyboard focus, so that copy
 * is made inert.
 */
function inertWhenHidden(node: HTMLElement | null): void {
  if (node?.closest("[aria-hidden='true']")) node.inert = true;
}

/**
 * Sort buttons in a column title, for a column that shows more than one sortable field
 * (name and account): antd gives a column a single sorter. Each click goes ascending,
 * descending, then back to the server's order, as antd's own sorters do.
 */
export function SortToggles({ fields }: { fields: readonly SortField[] }) {
  const { t } = useTranslation("consoleUsers");
  const dim = { fontSize: 10, opacity: 0.35 };
  const lit = { fontSize: 10, color: "var(--ant-color-primary, #1677ff)" };
  return (
    <Flex ref={inertWhenHidden} gap={4} wrap>
      {fields.map(({ label, direction, onChange }) => (
        <Button
          key={label}
          type="text"
          size="small"
          title={t("sort.by", { field: label })}
          aria-pressed={direction !== null}
          onClick={() => onChange(nextDirection(direction))}
          style={{ paddingInline: 4, fontWeight: 600 }}
        >
          {label}
          <span
            aria-hidden
            style={{
              display: "inline-flex",
              flexDirection: "column",
              lineHeight: 0.8,
              marginInlineStart: 2,
            }}
          >
            <CaretUpOutlined style={direction === "ascend" ? lit : dim} />
            <CaretDownOutlined style={direction === "descend" ? lit : dim} />
          </span>
        </Button>
      ))}
    </Flex>
  );
}
