import type { ConsoleGroup } from "@parley/protocol";
import { Empty, Modal, Select, Spin } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAddMembersMutation, useUserSearchQuery } from "../../chats.queries";
import { AvatarName } from "./AvatarName";
import { useDebounced } from "./use-debounced";

interface Props {
  group: ConsoleGroup;
  open: boolean;
  onClose: () => void;
}

/** A chosen user: their id, and the name shown on its tag after the search moves on. */
interface Chosen {
  value: number;
  label: string;
}

/** A user found by the search, as the picker lists them. */
interface UserOption extends Chosen {
  account: string;
  avatar: string;
}

/**
 * Adds users to a group: a search over all users (as the users page searches), several
 * chosen at once; the server keeps the group's size limit and skips who is already in.
 */
export function AddMembersDialog({ group, open, onClose }: Props) {
  const { t } = useTranslation("consoleChats");
  const [search, setSearch] = useState("");
  const [keywords] = useDebounced(search.trim());
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const users = useUserSearchQuery(keywords);
  const add = useAddMembersMutation();

  const close = () => {
    setSearch("");
    setChosen([]);
    onClose();
  };

  const empty =
    keywords === "" ? (
      t("picker.hint")
    ) : users.isFetching ? (
      <Spin size="small" />
    ) : (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t("picker.none")}
      />
    );

  return (
    <Modal
      open={open}
      title={t("picker.title", { group: group.name })}
      okText={t("picker.ok")}
      cancelText={t("cancel")}
      okButtonProps={{ disabled: chosen.length === 0 }}
      confirmLoading={add.isPending}
      onCancel={close}
      onOk={() =>
        add.mutate(
          { group, userIds: chosen.map((c) => c.value) },
          { onSuccess: close },
        )
      }
      destroyOnHidden
    >
      <Select<Chosen[], UserOption>
        mode="multiple"
        labelInValue
        value={chosen}
        onChange={(value) => setChosen(value)}
        showSearch={{
          filterOption: false,
          searchValue: search,
          onSearch: setSearch,
          autoClearSearchValue: false,
        }}
        virtual={false}
        placeholder={t("picker.placeholder")}
        aria-label={t("picker.label")}
        notFoundContent={empty}
        style={{ width: "100%" }}
        options={(keywords === "" ? [] : (users.data ?? [])).map((user) => ({
          value: user.user_id,
          label: user.realname,
          account: user.account,
          avatar: user.avatar,
        }))}
        optionRender={(option) => (
          <AvatarName
            avatar={option.data.avatar}
            name={option.data.label}
            secondary={option.data.account}
            size={24}
          />
        )}
      />
    </Modal>
  );
}
