import {
  DeleteOutlined,
  EditOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
} from "@ant-design/icons";
import type { Actor, ConsoleUser } from "@parley/protocol";
import { Button, Dropdown, Popconfirm, Space, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import {
  useDeleteUserMutation,
  useSetUserRoleMutation,
} from "../../users.queries";
import { mayChange, ROLES } from "./user-fields";

/**
 * A row's actions, each shown only where the capability table allows it: edit, reset the
 * password, change the role (super administrators, never on their own account) and delete
 * (after a yes; never one's own account).
 */
export function UserActions({
  user,
  actor,
  onEdit,
  onPassword,
}: {
  user: ConsoleUser;
  actor: Actor;
  onEdit: (user: ConsoleUser) => void;
  onPassword: (user: ConsoleUser) => void;
}) {
  const { t } = useTranslation("consoleUsers");
  const remove = useDeleteUserMutation();
  const setRole = useSetUserRoleMutation();
  const name = user.realname;

  return (
    <Space size={4}>
      {mayChange(actor, user, "edit") && (
        <Tooltip title={t("action.edit", { name })}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t("action.edit", { name })}
            onClick={() => onEdit(user)}
          />
        </Tooltip>
      )}
      {mayChange(actor, user, "password") && (
        <Tooltip title={t("action.password", { name })}>
          <Button
            type="text"
            size="small"
            icon={<LockOutlined />}
            aria-label={t("action.password", { name })}
            onClick={() => onPassword(user)}
          />
        </Tooltip>
      )}
      {mayChange(actor, user, "role") && (
        <Dropdown
          trigger={["click"]}
          menu={{
            selectable: true,
            selectedKeys: [String(user.role)],
            items: ROLES.map((role) => ({
              key: String(role.value),
              label: t(role.key),
            })),
            onClick: ({ key }) => {
              const role = ROLES.find((r) => String(r.value) === key);
              if (role && role.value !== user.role)
                setRole.mutate({ user, role: role.value });
            },
          }}
        >
          <Button
            type="text"
            size="small"
            icon={<SafetyCertificateOutlined />}
            loading={setRole.isPending}
            aria-label={t("action.role", { name })}
            title={t("action.role", { name })}
          />
        </Dropdown>
      )}
      {mayChange(actor, user, "delete") && (
        <Popconfirm
          title={t("remove.title", { name })}
          description={t("remove.text")}
          okText={t("remove.ok")}
          cancelText={t("cancel")}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutate(user)}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={remove.isPending}
            aria-label={t("action.delete", { name })}
            title={t("action.delete", { name })}
          />
        </Popconfirm>
      )}
    </Space>
  );
}
