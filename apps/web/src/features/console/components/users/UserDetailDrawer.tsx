import { UserOutlined } from "@ant-design/icons";
import type { ConsoleUser } from "@parley/protocol";
import { Avatar, Descriptions, Drawer, Spin, Tag } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useWindowWidth } from "../../../../hooks/useWindowWidth";
import { LANGUAGE_TAGS, useLanguage } from "../../../../i18n";
import { useUserDetailQuery } from "../../users.queries";
import { formatDateTime, roleOf, sexKey } from "./user-fields";

const DRAWER_WIDTH = 480;

/**
 * Everything the console knows of a user, as the server has it now (`manage/User/detail`);
 * the row from the list shows until the answer comes.
 */
export function UserDetailDrawer({
  open,
  user,
  onClose,
}: {
  open: boolean;
  /** The row clicked (kept while the drawer closes). */
  user: ConsoleUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("consoleUsers");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const width = useWindowWidth();
  const detail = useUserDetailQuery(open && user ? user.user_id : null);
  const shown = detail.data ?? user;

  const time = (ms: number | null) =>
    ms === null ? t("never") : formatDateTime(ms, locale);
  const text = (value: string) => (value === "" ? t("none") : value);
  const limit = (value: number) =>
    value === 0 ? t("detail.unlimited") : String(value);

  const rows = (u: ConsoleUser): Array<[string, ReactNode]> => {
    const role = roleOf(u.role);
    return [
      [
        t("detail.avatar"),
        <Avatar
          key="avatar"
          src={u.avatar || undefined}
          icon={<UserOutlined />}
        />,
      ],
      [t("detail.userId"), u.user_id],
      [t("detail.account"), u.account],
      [t("detail.realname"), u.realname],
      [t("detail.namePy"), text(u.name_py)],
      [t("detail.email"), text(u.email)],
      [t("detail.sex"), t(sexKey(u.sex))],
      [t("detail.motto"), text(u.motto)],
      [t("detail.remark"), text(u.remark)],
      [
        t("detail.role"),
        <Tag key="role" color={role.color}>
          {t(role.key)}
        </Tag>,
      ],
      [
        t("detail.status"),
        <Tag key="status" color={u.status === 1 ? "green" : "default"}>
          {t(u.status === 1 ? "status.enabled" : "status.disabled")}
        </Tag>,
      ],
      [t("detail.isAuth"), t(u.is_auth === 1 ? "detail.yes" : "detail.no")],
      [t("detail.friendLimit"), limit(u.friend_limit)],
      [t("detail.groupLimit"), limit(u.group_limit)],
      [t("detail.csUid"), u.cs_uid && u.cs_uid > 0 ? u.cs_uid : t("none")],
      [t("detail.loginCount"), u.login_count],
      [t("detail.lastLogin"), time(u.last_login_at)],
      [t("detail.lastLoginIp"), text(u.last_login_ip)],
      [t("detail.location"), text(u.location)],
      [t("detail.registerIp"), text(u.register_ip)],
      [t("detail.regLocation"), text(u.reg_location)],
      [t("detail.created"), time(u.created_at)],
      [t("detail.updated"), text(u.update_time)],
    ];
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={shown?.realname ?? t("detail.title")}
      size={Math.min(DRAWER_WIDTH, width)}
      destroyOnHidden
    >
      {shown ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          styles={{ label: { width: 150 } }}
          items={rows(shown).map(([label, value]) => ({
            key: label,
            label,
            children: <span style={{ wordBreak: "break-word" }}>{value}</span>,
          }))}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
