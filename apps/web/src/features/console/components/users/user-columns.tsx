import type { Actor, ConsoleUser } from "@parley/protocol";
import { Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import type { UserListParams } from "../../users.queries";
import {
  directionOf,
  type OrderField,
  type SortDirection,
} from "./list-params";
import { SortToggles } from "./SortToggles";
import { formatDate, formatDateTime, mayChange, roleOf } from "./user-fields";
import { UserActions } from "./UserActions";
import { UserNameCell } from "./UserNameCell";
import { UserStatusSwitch } from "./UserStatusSwitch";

/** The columns' widths: below their sum the table scrolls sideways inside the page. */
const WIDTHS = {
  id: 62,
  user: 190,
  email: 170,
  role: 140,
  status: 80,
  logins: 90,
  lastLogin: 150,
  created: 120,
  actions: 140,
} as const;

/**
 * The users table's columns. The sortable ones show the list's sort (it is the server's);
 * name and account share a column, so its title carries a sort button for each.
 */
export function useUserColumns({
  actor,
  locale,
  params,
  writable,
  pinActions,
  onSort,
  onOpen,
  onEdit,
  onPassword,
}: {
  actor: Actor;
  locale: string;
  params: UserListParams;
  writable: boolean;
  /** Keep the actions in view while the table scrolls (wide screens). */
  pinActions: boolean;
  onSort: (field: OrderField, direction: SortDirection) => void;
  onOpen: (user: ConsoleUser) => void;
  onEdit: (user: ConsoleUser) => void;
  onPassword: (user: ConsoleUser) => void;
}): ColumnsType<ConsoleUser> {
  const { t } = useTranslation("consoleUsers");
  const sortable = (field: OrderField) => ({
    key: field,
    sorter: true,
    sortOrder: directionOf(params, field),
  });

  const columns: ColumnsType<ConsoleUser> = [
    {
      ...sortable("user_id"),
      title: t("column.id"),
      dataIndex: "user_id",
      width: WIDTHS.id,
    },
    {
      key: "user",
      title: (
        <SortToggles
          fields={[
            {
              label: t("column.name"),
              direction: directionOf(params, "realname"),
              onChange: (direction) => onSort("realname", direction),
            },
            {
              label: t("column.account"),
              direction: directionOf(params, "account"),
              onChange: (direction) => onSort("account", direction),
            },
          ]}
        />
      ),
      width: WIDTHS.user,
      render: (_, user) => (
        <UserNameCell
          user={user}
          self={user.user_id === actor.userId}
          onOpen={onOpen}
        />
      ),
    },
    {
      key: "email",
      title: t("column.email"),
      dataIndex: "email",
      width: WIDTHS.email,
      ellipsis: { showTitle: true },
      render: (email: string) => email || t("none"),
    },
    {
      key: "role",
      title: t("column.role"),
      width: WIDTHS.role,
      render: (_, user) => {
        const role = roleOf(user.role);
        return <Tag color={role.color}>{t(role.key)}</Tag>;
      },
    },
    {
      key: "status",
      title: t("column.status"),
      width: WIDTHS.status,
      render: (_, user) => (
        <UserStatusSwitch
          user={user}
          editable={mayChange(actor, user, "status")}
        />
      ),
    },
    {
      ...sortable("login_count"),
      title: t("column.logins"),
      dataIndex: "login_count",
      width: WIDTHS.logins,
      align: "right",
    },
    {
      ...sortable("last_login_time"),
      title: t("column.lastLogin"),
      width: WIDTHS.lastLogin,
      render: (_, user) =>
        user.last_login_at === null ? (
          <Typography.Text type="secondary">{t("never")}</Typography.Text>
        ) : (
          <div style={{ minWidth: 0 }}>
            <div style={{ whiteSpace: "nowrap" }}>
              {formatDateTime(user.last_login_at, locale)}
            </div>
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: user.location }}
              style={{ fontSize: 12, display: "block" }}
            >
              {user.location}
            </Typography.Text>
          </div>
        ),
    },
    {
      ...sortable("create_time"),
      title: t("column.created"),
      width: WIDTHS.created,
      render: (_, user) => (
        <span title={formatDateTime(user.created_at, locale)}>
          {formatDate(user.created_at, locale)}
        </span>
      ),
    },
  ];
  if (!writable) return columns;
  return [
    ...columns,
    {
      key: "actions",
      title: t("column.actions"),
      width: WIDTHS.actions,
      fixed: pinActions ? "right" : undefined,
      render: (_, user) => (
        <UserActions
          user={user}
          actor={actor}
          onEdit={onEdit}
          onPassword={onPassword}
        />
      ),
    },
  ];
}
