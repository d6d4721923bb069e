import {
  SearchOutlined,
  PlusOutlined,
  TeamOutlined,
  UserAddOutlined,
} from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { LazyDropdown } from "../../../components/LazyDropdown";
import { useFriendsUiStore } from "../../../stores/friends-ui.store";

type PlusAction = "group" | "friend" | "browse";

/**
 * The list's plus menu (SPEC §2): create group when group chat is on, add friend in run
 * mode 2; not shown when it would be empty.
 */
export function PlusMenu({
  onCreateGroup,
  onBrowseGroups,
  friendMode,
  phone,
}: {
  onCreateGroup?: (() => void) | undefined;
  /** The directory of public groups (issue 45), unless the console turned them off. */
  onBrowseGroups?: (() => void) | undefined;
  friendMode: boolean;
  phone: boolean;
}) {
  const { t } = useTranslation("contacts");
  const openAddFriend = useFriendsUiStore((s) => s.openAddFriend);
  const items = [
    ...(onCreateGroup
      ? [
          {
            key: "group" satisfies PlusAction,
            icon: <TeamOutlined />,
            label: t("plus.createGroup"),
          },
        ]
      : []),
    ...(onBrowseGroups
      ? [
          {
            key: "browse" satisfies PlusAction,
            icon: <SearchOutlined />,
            label: t("plus.browseGroups"),
          },
        ]
      : []),
    ...(friendMode
      ? [
          {
            key: "friend" satisfies PlusAction,
            icon: <UserAddOutlined />,
            label: t("plus.addFriend"),
          },
        ]
      : []),
  ];
  if (items.length === 0) return null;
  return (
    <LazyDropdown
      trigger={["click"]}
      menu={{
        items,
        onClick: ({ key }) => {
          const action = key as PlusAction;
          if (action === "friend") openAddFriend();
          else if (action === "browse") onBrowseGroups?.();
          else onCreateGroup?.();
        },
      }}
    >
      <Button
        icon={<PlusOutlined />}
        size={phone ? "large" : "middle"}
        aria-label={t("plus.label")}
      />
    </LazyDropdown>
  );
}
