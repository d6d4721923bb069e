import { TeamOutlined } from "@ant-design/icons";
import type { Contact, DirectoryGroup } from "@parley/protocol";
import { Avatar, Button, Input, Modal } from "antd";
import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/light/Spinner";
import { useGlobalConfig } from "../../system";
import { useDirectoryQuery, useJoinGroupMutation } from "../directory.queries";
import styles from "./browse-groups.module.css";

export interface BrowseGroupsDialogProps {
  open: boolean;
  onClose: () => void;
  /** Opens a group's chat: one I am in, or one I just joined (its contact). */
  onOpen: (id: string, joined?: Contact) => void;
}

/**
 * The directory of public groups (issue 45): found by name or pinyin, in pinyin order,
 * each with what it is for and its notice; Join puts me in it and opens its chat, Open
 * opens one I am in already.
 */
export function BrowseGroupsDialog({
  open,
  onClose,
  onOpen,
}: BrowseGroupsDialogProps) {
  const { t } = useTranslation("groups");
  const config = useGlobalConfig();
  const [typed, setTyped] = useState("");
  const keywords = useDeferredValue(typed.trim());
  const directory = useDirectoryQuery(keywords);
  const join = useJoinGroupMutation();
  const off = config?.chatInfo.publicGroups === "0";
  const found = (directory.data?.pages ?? []).flatMap((page) => page.groups);

  const enter = (group: DirectoryGroup) => {
    if (group.isJoin > 0) {
      onOpen(group.id);
      onClose();
      return;
    }
    join.mutate(group.group_id, {
      onSuccess: (contact) => {
        onOpen(group.id, contact);
        onClose();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t("browse.title")}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Input.Search
        allowClear
        autoFocus
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={t("browse.search")}
        aria-label={t("browse.search")}
        disabled={off}
      />
      <div className={styles.list} data-testid="group-directory">
        {off ? (
          <p className={styles.state}>{t("browse.off")}</p>
        ) : !directory.data ? (
          <div className={styles.state} role="status">
            {directory.isError ? t("browse.failed") : <Spinner />}
          </div>
        ) : found.length === 0 ? (
          <div className={styles.state}>
            <TeamOutlined className={styles.stateIcon} />
            <p>{keywords ? t("browse.noMatch") : t("browse.empty")}</p>
          </div>
        ) : (
          <ul className={styles.rows}>
            {found.map((group) => (
              <li
                key={group.id}
                className={styles.row}
                data-testid="public-group"
              >
                <Avatar
                  src={group.avatar || undefined}
                  size={40}
                  shape="square"
                >
                  {group.name.slice(0, 1)}
                </Avatar>
                <div className={styles.body}>
                  <span className={styles.name} title={group.name}>
                    {group.name}
                  </span>
                  <span className={styles.meta}>
                    {t("browse.members", { count: group.groupUserCount })}
                  </span>
                  {group.description && (
                    <span className={styles.description}>
                      {group.description}
                    </span>
                  )}
                </div>
                {group.isJoin > 0 ? (
                  <Button onClick={() => enter(group)}>
                    {t("browse.open")}
                  </Button>
                ) : (
                  <Button
                    type="primary"
                    loading={
                      join.isPending && join.variables === group.group_id
                    }
                    onClick={() => enter(group)}
                    aria-label={t("browse.joinNamed", { name: group.name })}
                  >
                    {t("browse.join")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {directory.hasNextPage && (
          <div className={styles.more}>
            <Button
              loading={directory.isFetchingNextPage}
              onClick={() => void directory.fetchNextPage()}
            >
              {t("browse.more")}
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
