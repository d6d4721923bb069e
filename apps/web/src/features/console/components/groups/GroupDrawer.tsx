import { TeamOutlined, UserAddOutlined } from "@ant-design/icons";
import type { ConsoleGroup } from "@parley/protocol";
import { Button, Drawer, Empty, Pagination, Spin, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../../hooks/useNow";
import { useWindowWidth } from "../../../../hooks/useWindowWidth";
import { formatFullTime } from "../../../../lib/time";
import { MEMBER_PAGE_SIZE, useGroupMembersQuery } from "../../chats.queries";
import { AddMembersDialog } from "./AddMembersDialog";
import { AvatarName } from "./AvatarName";
import { DisbandButton } from "./DisbandButton";
import styles from "./groups.module.css";
import { MemberRow } from "./MemberRow";

/** The drawer's width on a screen wide enough for it. */
const DRAWER_WIDTH = 560;

interface Props {
  group: ConsoleGroup | null;
  open: boolean;
  locale: string;
  writable: boolean;
  onClose: () => void;
}

/** A group's members, by page, and what the console does to the group and to them. */
export function GroupDrawer({ group, open, locale, writable, onClose }: Props) {
  const { t } = useTranslation("consoleChats");
  const width = useWindowWidth();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={
        group && (
          <Typography.Text ellipsis={{ tooltip: group.name }}>
            {group.name}
          </Typography.Text>
        )
      }
      size={Math.min(DRAWER_WIDTH, width)}
      closable={{ "aria-label": t("close") }}
      extra={
        group && (
          <DisbandButton
            group={group}
            disabled={!writable}
            withText
            onDisbanded={onClose}
          />
        )
      }
      destroyOnHidden
    >
      {group && (
        // Another group starts at its first page.
        <Members
          key={group.group_id}
          group={group}
          locale={locale}
          writable={writable}
        />
      )}
    </Drawer>
  );
}

function Members({
  group,
  locale,
  writable,
}: {
  group: ConsoleGroup;
  locale: string;
  writable: boolean;
}) {
  const { t } = useTranslation("consoleChats");
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const members = useGroupMembersQuery(group.group_id, page);
  const now = useNow();
  const rows = members.data?.rows ?? [];
  const total = members.data?.total ?? group.members;

  return (
    <>
      <div className={styles.gSummary}>
        <AvatarName
          avatar={group.avatar}
          name={group.name}
          icon={<TeamOutlined />}
          secondary={t("groups.createdAt", {
            time: formatFullTime(group.created_at, locale),
          })}
          size={40}
        />
        <span>
          {t("groups.ownedBy", { name: group.owner_id_info.realname })}
        </span>
      </div>
      <div className={styles.gMemberHead}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("members.title", { total })}
        </Typography.Title>
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          disabled={!writable}
          onClick={() => setAdding(true)}
        >
          {t("members.add")}
        </Button>
      </div>
      {members.isPending ? (
        <div className={styles.gState}>
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <Empty
          className={styles.gState}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t("members.empty")}
        />
      ) : (
        <Spin spinning={members.isFetching}>
          <ul
            aria-label={t("members.list", { name: group.name })}
            style={{ listStyle: "none", margin: 0, padding: 0 }}
          >
            {rows.map((member) => (
              <MemberRow
                key={member.user_id}
                group={group}
                member={member}
                now={now}
                locale={locale}
                disabled={!writable}
              />
            ))}
          </ul>
        </Spin>
      )}
      <Pagination
        className={styles.gPager}
        size="small"
        current={page}
        pageSize={MEMBER_PAGE_SIZE}
        total={total}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={setPage}
      />
      <AddMembersDialog
        group={group}
        open={adding}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
