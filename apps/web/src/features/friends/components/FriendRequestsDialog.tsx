import { UserAddOutlined } from "@ant-design/icons";
import { Badge, Button, Modal, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useWindowWidth } from "../../../hooks/useWindowWidth";
import { isSystemEntry, useContactsQuery } from "../../contacts";
import { useFriendsUiStore } from "../../../stores/friends-ui.store";
import styles from "./friends.module.css";
import { NoticeList } from "./NoticeList";
import { RequestList } from "./RequestList";

type Tab = "received" | "sent" | "system";

/** Below this width the tabs need the whole bar (the empty lists still offer add friend). */
const ADD_BESIDE_TABS_MIN_PX = 640;

/**
 * The friend-request panel (SPEC §2), opened from the system entry: requests I received and
 * sent, each a paged list, and the system's lines; adding a friend is one click away.
 */
export function FriendRequestsDialog() {
  const { t } = useTranslation("friends");
  const open = useFriendsUiStore((s) => s.requestsOpen);
  const close = useFriendsUiStore((s) => s.closeRequests);
  const openAddFriend = useFriendsUiStore((s) => s.openAddFriend);
  const [tab, setTab] = useState<Tab>("received");
  const wide = useWindowWidth() >= ADD_BESIDE_TABS_MIN_PX;
  const waiting = useContactsQuery().data?.find(isSystemEntry)?.unread ?? 0;

  return (
    <Modal
      open={open}
      centered
      width={612}
      title={t("requests.title")}
      footer={null}
      destroyOnHidden
      onCancel={close}
      afterClose={() => setTab("received")}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        tabBarExtraContent={
          wide && (
            <Button
              size="small"
              icon={<UserAddOutlined />}
              onClick={openAddFriend}
            >
              {t("add.open")}
            </Button>
          )
        }
        items={[
          {
            key: "received",
            label: (
              <span>
                {t("tabs.received")}
                {waiting > 0 && (
                  <Badge
                    count={waiting}
                    size="small"
                    overflowCount={99}
                    className={styles.tabBadge}
                  />
                )}
              </span>
            ),
            children: <RequestList box="received" />,
          },
          {
            key: "sent",
            label: t("tabs.sent"),
            children: <RequestList box="sent" />,
          },
          {
            key: "system",
            label: t("tabs.system"),
            children: <NoticeList />,
          },
        ]}
      />
    </Modal>
  );
}
