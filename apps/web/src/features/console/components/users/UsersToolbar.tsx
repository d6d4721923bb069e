import { PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Flex, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import type { UserListParams } from "../../users.queries";
import { ROLES, type SystemRole } from "./user-fields";

/** The search box, the status and role filters, and "Add user" where the actor may write. */
export function UsersToolbar({
  search,
  params,
  onSearchChange,
  onSearch,
  onStatus,
  onRole,
  onAdd,
  onImport,
}: {
  /** The words as typed (searched after a pause, or at once on Enter). */
  search: string;
  params: UserListParams;
  onSearchChange: (search: string) => void;
  onSearch: (search: string) => void;
  onStatus: (status: 0 | 1 | undefined) => void;
  onRole: (role: SystemRole | undefined) => void;
  /** Absent when the actor may not add users. */
  onAdd: (() => void) | undefined;
  /** Users from a CSV file; absent when the actor may not add users. */
  onImport?: (() => void) | undefined;
}) {
  const { t } = useTranslation("consoleUsers");
  return (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        value={search}
        placeholder={t("search.placeholder")}
        aria-label={t("search.label")}
        onChange={(event) => onSearchChange(event.target.value)}
        onSearch={(value) => onSearch(value)}
        style={{ flex: "1 1 220px", maxWidth: 320 }}
      />
      <Select<0 | 1>
        allowClear
        value={params.status}
        placeholder={t("filter.anyStatus")}
        aria-label={t("filter.status")}
        onChange={(value) => onStatus(value)}
        options={[
          { value: 1, label: t("status.enabled") },
          { value: 0, label: t("status.disabled") },
        ]}
        style={{ flex: "1 1 130px", maxWidth: 160 }}
      />
      <Select<SystemRole>
        allowClear
        value={params.role}
        placeholder={t("filter.anyRole")}
        aria-label={t("filter.role")}
        onChange={(value) => onRole(value)}
        options={ROLES.map((r) => ({ value: r.value, label: t(r.key) }))}
        style={{ flex: "1 1 130px", maxWidth: 200 }}
      />
      {onImport && (
        <Button
          icon={<UploadOutlined />}
          onClick={onImport}
          style={{ marginInlineStart: "auto" }}
        >
          {t("import.button")}
        </Button>
      )}
      {onAdd && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={onAdd}
          style={onImport ? undefined : { marginInlineStart: "auto" }}
        >
          {t("add")}
        </Button>
      )}
    </Flex>
  );
}
