import { TeamOutlined } from "@ant-design/icons";
import type { ConsoleGroup } from "@parley/protocol";
import { Button, Space } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { formatFullTime } from "../../../../lib/time";
import type { GroupListParams } from "../../chats.queries";
import { AvatarName } from "./AvatarName";
import { DisbandButton } from "./DisbandButton";
import { directionOf, type GroupOrderField } from "./group-list-params";

/** The columns' widths: below their sum the table scrolls sideways inside the page. */
const WIDTHS = {
  id: 90,
  group: 260,
  owner: 220,
  members: 110,
  created: 190,
  actions: 130,
} as const;

/**
 * The group table's columns: id, name and creation sort on the server (the list's sort
 * is shown as the server's); a row's actions open its members or disband it.
 */
export function useGroupColumns({
  params,
  locale,
  writable,
  pinActions,
  showId,
  onOpen,
}: {
  params: GroupListParams;
  locale: string;
  writable: boolean;
  /** Keep the actions in view while the table scrolls (wide screens). */
  pinActions: boolean;
  /** The id column (left out on a phone, where the name needs the room). */
  showId: boolean;
  onOpen: (group: ConsoleGroup) => void;
}): ColumnsType<ConsoleGroup> {
  const { t } = useTranslation("consoleChats");
  const sortable = (field: GroupOrderField) => ({
    key: field,
    sorter: true,
    sortOrder: directionOf(params, field),
  });
  const id: ColumnsType<ConsoleGroup> = [
    {
      ...sortable("group_id"),
      title: t("groups.column.id"),
      dataIndex: "group_id",
      width: WIDTHS.id,
    },
  ];
  return [
    ...(showId ? id : []),
    {
      ...sortable("name"),
      title: t("groups.column.group"),
      width: WIDTHS.group,
      render: (_, group) => (
        <AvatarName
          avatar={group.avatar}
          name={group.name}
          icon={<TeamOutlined />}
          secondary={group.id}
          onOpen={() => onOpen(group)}
          openLabel={t("groups.open", { name: group.name })}
        />
      ),
    },
    {
      key: "owner",
      title: t("groups.column.owner"),
      width: WIDTHS.owner,
      render: (_, group) => (
        <AvatarName
          avatar={group.owner_id_info.avatar}
          name={group.owner_id_info.realname}
          secondary={group.owner_id_info.account}
          size={24}
        />
      ),
    },
    {
      key: "members",
      title: t("groups.column.members"),
      dataIndex: "members",
      width: WIDTHS.members,
      align: "right",
    },
    {
      ...sortable("create_time"),
      title: t("groups.column.created"),
      width: WIDTHS.created,
      render: (_, group) => formatFullTime(group.created_at, locale),
    },
    {
      key: "actions",
      title: t("groups.column.actions"),
      width: WIDTHS.actions,
      fixed: pinActions ? "right" : undefined,
      render: (_, group) => (
        // The row opens the members: a click meant for an action (or its pop-up) stops here.
        <span onClick={(event) => event.stopPropagation()}>
          <Space size={4}>
            <Button
              type="text"
              icon={<TeamOutlined />}
              aria-label={t("groups.members", { name: group.name })}
              title={t("groups.members", { name: group.name })}
              onClick={() => onOpen(group)}
            />
            <DisbandButton group={group} disabled={!writable} />
          </Space>
        </span>
      ),
    },
  ];
}
