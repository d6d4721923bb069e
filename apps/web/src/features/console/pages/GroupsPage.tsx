import { SearchOutlined } from "@ant-design/icons";
import {
  CONSOLE_PAGE_SIZES,
  type ConsoleGroup,
  denial,
} from "@parley/protocol";
import { Alert, Button, Card, Empty, Input, Table } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useWindowWidth } from "../../../hooks/useWindowWidth";
import { LANGUAGE_TAGS, useLanguage } from "../../../i18n";
import { useActor } from "../../system";
import { useGroupsQuery, type GroupListParams } from "../chats.queries";
import { useGroupColumns } from "../components/groups/group-columns";
import {
  FIRST_GROUP_PAGE,
  withKeywords,
  withPage,
  withSort,
} from "../components/groups/group-list-params";
import { GroupDrawer } from "../components/groups/GroupDrawer";
import styles from "../components/groups/groups.module.css";
import { SEARCH_DEBOUNCE_MS } from "../components/groups/use-debounced";

/** Below this width the actions column scrolls with the rest instead of staying pinned. */
const PIN_ACTIONS_FROM = 900;
/** Below this window width (a phone) the card is tighter and the id column goes. */
const PHONE_MAX = 600;

/**
 * /manage/group (issue 12): every group, searched, sorted and paged by the server; a row
 * opens its members and what the console may do to them. In demo mode the page is for
 * looking: it says so, and its changes cannot be pressed.
 */
export function GroupsPage() {
  const { t } = useTranslation("consoleChats");
  const actor = useActor();
  const locale = LANGUAGE_TAGS[useLanguage()];
  const width = useWindowWidth();
  const [params, setParams] = useState<GroupListParams>(FIRST_GROUP_PAGE);
  const [search, setSearch] = useState("");
  const [openId, setOpenId] = useState<number | null>(null);
  const [shown, setShown] = useState<ConsoleGroup | null>(null);
  const groups = useGroupsQuery(params);
  const readOnly = denial(actor, "console.write");
  const writable = readOnly === null;

  // The search follows the typing after a pause; Enter searches at once.
  const searchNow = (words: string) =>
    setParams((p) => withKeywords(p, words.trim()));
  useEffect(() => {
    const timer = window.setTimeout(
      () => setParams((p) => withKeywords(p, search.trim())),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [search]);

  const open = (group: ConsoleGroup) => {
    setShown(group);
    setOpenId(group.group_id);
  };
  // The drawer follows the list: a new owner or member count shows there too.
  const current =
    groups.data?.rows.find((g) => g.group_id === shown?.group_id) ?? shown;

  const columns = useGroupColumns({
    params,
    locale,
    writable,
    pinActions: width >= PIN_ACTIONS_FROM,
    showId: width >= PHONE_MAX,
    onOpen: open,
  });
  const tableWidth = columns.reduce(
    (sum, column) =>
      sum + (typeof column.width === "number" ? column.width : 0),
    0,
  );

  const empty =
    params.keywords !== "" ? (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t("groups.empty.search")}
      >
        <Button
          onClick={() => {
            setSearch("");
            searchNow("");
          }}
        >
          {t("groups.empty.clear")}
        </Button>
      </Empty>
    ) : (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <strong>{t("groups.empty.none")}</strong>
            <br />
            {t("groups.empty.noneHint")}
          </>
        }
      />
    );

  return (
    <Card
      title={t("groups.title")}
      styles={{
        body: { minWidth: 0, padding: width < PHONE_MAX ? 12 : undefined },
      }}
    >
      {readOnly !== null && (
        <Alert
          type="info"
          showIcon
          title={t(readOnly === "demo" ? "readOnly.demo" : "readOnly.role")}
          style={{ marginBottom: 16 }}
        />
      )}
      <div className={styles.gToolbar}>
        <Input
          className={styles.gSearch}
          allowClear
          prefix={<SearchOutlined />}
          value={search}
          placeholder={t("groups.searchPlaceholder")}
          aria-label={t("groups.search")}
          onChange={(event) => setSearch(event.target.value)}
          onPressEnter={() => searchNow(search)}
        />
      </div>
      <Table<ConsoleGroup>
        rowKey="group_id"
        size="middle"
        columns={columns}
        dataSource={groups.data?.rows}
        loading={groups.isFetching}
        // Wider than the content area (a phone, a narrow window): it scrolls inside it.
        scroll={{ x: tableWidth }}
        tableLayout="fixed"
        rowClassName={styles.gRow}
        onRow={(group) => ({ onClick: () => open(group) })}
        locale={{ emptyText: groups.isPending ? " " : empty }}
        pagination={{
          current: params.page,
          pageSize: params.limit,
          total: groups.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: CONSOLE_PAGE_SIZES.map(String),
          showTotal: (total) => t("groups.total", { total }),
          size: width < PIN_ACTIONS_FROM ? "small" : undefined,
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === "paginate")
            setParams((p) =>
              withPage(p, pagination.current ?? 1, pagination.pageSize ?? 0),
            );
          if (extra.action === "sort") {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            setParams((p) => withSort(p, one?.columnKey, one?.order));
          }
        }}
      />
      <GroupDrawer
        group={current}
        open={openId !== null}
        locale={locale}
        writable={writable}
        onClose={() => setOpenId(null)}
      />
    </Card>
  );
}
