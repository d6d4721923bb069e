import { UserAddOutlined } from "@ant-design/icons";
import { FRIEND_PAGE_SIZES } from "@parley/protocol";
import { Button, Pagination, Spin } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type RequestBox, useRequestsQuery } from "../friends.queries";
import { useFriendsUiStore } from "../../../stores/friends-ui.store";
import {
  clampPaging,
  FIRST_PAGE,
  movePaging,
  type RequestPaging,
} from "../request-paging";
import styles from "./friends.module.css";
import { RequestRow } from "./RequestRow";

/** One tab of the request panel: a page of requests, with SPEC §9's page sizes. */
export function RequestList({ box }: { box: RequestBox }) {
  const { t } = useTranslation("friends");
  const openAddFriend = useFriendsUiStore((s) => s.openAddFriend);
  const [paging, setPaging] = useState<RequestPaging>(FIRST_PAGE);
  const requests = useRequestsQuery(box, paging);
  const total = requests.data?.total;

  // Rows went away (answered elsewhere): a page past the end shows the last one instead.
  // Adjusted while rendering, as React advises for state derived from props or data.
  if (total !== undefined) {
    const clamped = clampPaging(paging, total);
    if (clamped !== paging) setPaging(clamped);
  }

  if (!requests.data)
    return requests.isError ? null : (
      <div className={styles.loading}>
        <Spin />
      </div>
    );

  if (requests.data.total === 0)
    return (
      <div className={styles.empty}>
        <span className={styles.emptyTitle}>
          {t(box === "received" ? "empty.receivedTitle" : "empty.sentTitle")}
        </span>
        <span className={styles.emptyText}>
          {t(box === "received" ? "empty.receivedText" : "empty.sentText")}
        </span>
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          onClick={openAddFriend}
        >
          {t("add.open")}
        </Button>
      </div>
    );

  return (
    <>
      <ul
        className={styles.list}
        aria-label={t(box === "received" ? "tabs.received" : "tabs.sent")}
        aria-busy={requests.isFetching}
      >
        {requests.data.requests.map((request) => (
          <RequestRow key={request.friend_id} request={request} box={box} />
        ))}
      </ul>
      <div className={styles.pager}>
        <Pagination
          size="small"
          current={paging.page}
          pageSize={paging.limit}
          total={requests.data.total}
          showSizeChanger
          pageSizeOptions={FRIEND_PAGE_SIZES.map(String)}
          showTotal={(count) => t("requests.total", { count })}
          onChange={(page, size) => setPaging((p) => movePaging(p, page, size))}
        />
      </div>
    </>
  );
}
