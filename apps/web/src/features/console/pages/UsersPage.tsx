import {
  can,
  CONSOLE_PAGE_SIZES,
  type ConsoleUser,
  denial,
} from "@parley/protocol";
import { Alert, Button, Card, Empty, Table } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useWindowWidth } from "../../../hooks/useWindowWidth";
import { LANGUAGE_TAGS, useLanguage } from "../../../i18n";
import { useActor } from "../../system";
import {
  cleared,
  FIRST_PAGE,
  isNarrowed,
  withFilter,
  withKeywords,
  withPage,
  withSort,
} from "../components/users/list-params";
import { PasswordDialog } from "../components/users/PasswordDialog";
import { useUserColumns } from "../components/users/user-columns";
import { UserDetailDrawer } from "../components/users/UserDetailDrawer";
import { UserFormDialog } from "../components/users/UserFormDialog";
import { UsersToolbar } from "../components/users/UsersToolbar";
import { ImportUsersDialog } from "../components/users/ImportUsersDialog";
import {
  fetchUserDetail,
  type UserListParams,
  useUsersQuery,
} from "../users.queries";

/** Typing searches after this pause; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 400;

/** Below this width the actions column scrolls with the rest instead of staying pinned. */
const PIN_ACTIONS_FROM = 900;
/** Below this width (a phone) the card gives its padding to the table. */
const PHONE_BELOW = 600;

/**
 * A dialog's or drawer's subject: kept after it closes, so the closing animation still
 * shows whose it was; `serial` counts the openings, to start each one afresh.
 */
function useSubject<T>() {
  const [state, setState] = useState<{
    subject: T | null;
    open: boolean;
    serial: number;
  }>({ subject: null, open: false, serial: 0 });
  // Stable, so an effect may open the dialog (a card's "edit info").
  const show = useCallback(
    (subject: T | null) =>
      setState((s) => ({ subject, open: true, serial: s.serial + 1 })),
    [],
  );
  const hide = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { ...state, show, hide };
}

/**
 * /manage/user (issue 12): the users, searched, filtered, sorted and paged by the server.
 * Each control shows only where the capability table lets the actor use it; in demo mode
 * the page is for looking, and says so.
 */
export function UsersPage() {
  const { t } = useTranslation("consoleUsers");
  const actor = useActor();
  const locale = LANGUAGE_TAGS[useLanguage()];
  const width = useWindowWidth();
  const [params, setParams] = useState<UserListParams>(FIRST_PAGE);
  const [search, setSearch] = useState("");
  const [importing, setImporting] = useState(false);
  const users = useUsersQuery(params);
  const form = useSubject<ConsoleUser>();
  const password = useSubject<ConsoleUser>();
  const detail = useSubject<ConsoleUser>();

  // The last user of the last page went (deleted, or filtered away): step back to a page
  // that has users, rather than showing an empty one (React's "adjust state while
  // rendering" pattern: no effect, no extra paint).
  const lastPage = Math.max(
    1,
    Math.ceil((users.data?.total ?? 0) / params.limit),
  );
  if (users.data && !users.isPlaceholderData && params.page > lastPage)
    setParams((p) => withPage(p, lastPage, p.limit));

  const readOnly = denial(actor, "console.write");
  const writable = can(actor, "console.write");

  // The search follows the typing after a pause.
  useEffect(() => {
    const timer = window.setTimeout(
      () => setParams((p) => withKeywords(p, search.trim())),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [search]);

  // A user card's "edit info" (SPEC §2) opens here with `?edit=<user id>`: the form for
  // that user, once; the address then drops the request so a reload does not reopen it.
  const [query, setQuery] = useSearchParams();
  const editId = Number(query.get("edit") ?? 0);
  const showForm = form.show;
  useEffect(() => {
    if (!(editId > 0)) return;
    setQuery(
      (current) => {
        current.delete("edit");
        return current;
      },
      { replace: true },
    );
    if (!writable) return;
    fetchUserDetail(editId).then(showForm, () => undefined);
  }, [editId, writable, setQuery, showForm]);

  const columns = useUserColumns({
    actor,
    locale,
    params,
    writable,
    pinActions: width >= PIN_ACTIONS_FROM,
    onSort: (field, direction) =>
      setParams((p) => withSort(p, field, direction)),
    onOpen: detail.show,
    onEdit: form.show,
    onPassword: password.show,
  });
  const tableWidth = columns.reduce(
    (sum, column) =>
      sum + (typeof column.width === "number" ? column.width : 0),
    0,
  );

  const clearSearch = () => {
    setSearch("");
    setParams(cleared);
  };

  const empty = users.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("empty.failed")}>
      <Button onClick={() => void users.refetch()}>{t("empty.retry")}</Button>
    </Empty>
  ) : isNarrowed(params) ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("empty.search")}>
      <Button onClick={clearSearch}>{t("empty.clear")}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("empty.none")} />
  );

  return (
    <Card title={t("title")} size={width < PHONE_BELOW ? "small" : "default"}>
      {readOnly !== null && (
        <Alert
          type="info"
          showIcon
          title={t(readOnly === "demo" ? "readOnly.demo" : "readOnly.role")}
          style={{ marginBottom: 16 }}
        />
      )}
      <UsersToolbar
        search={search}
        params={params}
        onSearchChange={setSearch}
        onSearch={(value) => {
          setSearch(value);
          setParams((p) => withKeywords(p, value.trim()));
        }}
        onStatus={(status) => setParams((p) => withFilter(p, { status }))}
        onRole={(role) => setParams((p) => withFilter(p, { role }))}
        onAdd={writable ? () => form.show(null) : undefined}
        onImport={writable ? () => setImporting(true) : undefined}
      />
      <ImportUsersDialog open={importing} onClose={() => setImporting(false)} />
      <Table<ConsoleUser>
        rowKey="user_id"
        size="middle"
        columns={columns}
        dataSource={users.data?.users}
        loading={users.isFetching}
        // Wider than the content area (a phone, a collapsed window): it scrolls inside it.
        scroll={{ x: tableWidth }}
        tableLayout="fixed"
        // While the first page loads, the spinner alone speaks.
        locale={{ emptyText: users.isFetching && !users.data ? " " : empty }}
        pagination={{
          current: params.page,
          pageSize: params.limit,
          total: users.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: CONSOLE_PAGE_SIZES.map(String),
          showTotal: (total) => t("total", { total }),
          hideOnSinglePage: false,
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
      <UserFormDialog
        // A fresh form at each opening: a form reads its initial values once.
        key={form.serial}
        open={form.open}
        user={form.subject}
        actor={actor}
        onClose={form.hide}
      />
      <PasswordDialog
        open={password.open}
        user={password.subject}
        onClose={password.hide}
      />
      <UserDetailDrawer
        open={detail.open}
        user={detail.subject}
        onClose={detail.hide}
      />
    </Card>
  );
}
