import { clsx } from "clsx";
import {
  AppstoreOutlined,
  ArrowLeftOutlined,
  CustomerServiceOutlined,
  FileOutlined,
  FileTextOutlined,
  PictureOutlined,
  SearchOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import {
  type Contact,
  FILE_PAGE_SIZES,
  FileCategories,
  type FileEntry,
} from "@parley/protocol";
import {
  Button,
  Empty,
  Input,
  Pagination,
  Result,
  Segmented,
  Spin,
} from "antd";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useWindowWidth } from "../../../hooks/useWindowWidth";
import { toast } from "../../../lib/feedback";
import { useFileLibraryQuery, useForwardFileMutation } from "../files.queries";
import {
  clampPage,
  FIRST_FILTER,
  KEYWORDS_MAX,
  type LibraryCategory,
  type LibraryFilter,
  withCategory,
  withKeywords,
  withPaging,
} from "../library-filter";
import { ChooseChatDialog } from "./ChooseChatDialog";
import { FileCard } from "./FileCard";
import styles from "./FileLibraryPanel.module.css";
import { PreviewOverlay, previewKind } from "./PreviewOverlay";

/** Below this window width the categories run across the top (the phone layout). */
const NARROW_PX = 600;

/** Whether an address is another site's (a document preview service), not this one. */
export function isElsewhere(address: string): boolean {
  if (!/^https?:\/\//i.test(address)) return false;
  try {
    return new URL(address).origin !== window.location.origin;
  } catch {
    return false;
  }
}

/**
 * SPEC §2 "File library panel": my files by category and name, a page at a time, each
 * previewed, downloaded, or sent on to up to five chats.
 */
export function FileLibraryPanel({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation("files");
  const titleId = useId();
  const narrow = useWindowWidth() < NARROW_PX;
  const [filter, setFilter] = useState<LibraryFilter>(FIRST_FILTER);
  const [typed, setTyped] = useState("");
  // The file shown stays while the overlay fades out; `previewOpen` says whether it shows.
  const [previewing, setPreviewing] = useState<FileEntry | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [sending, setSending] = useState<FileEntry | null>(null);
  const library = useFileLibraryQuery(filter);
  const forward = useForwardFileMutation();
  const total = library.data?.total;

  // Files went away (a chat was cleared): a page past the end shows the last one instead.
  // Adjusted while rendering, as React advises for state derived from data.
  if (total !== undefined && !library.isPlaceholderData) {
    const clamped = clampPage(filter, total);
    if (clamped !== filter) setFilter(clamped);
  }

  const categories: Array<{
    value: LibraryCategory;
    label: string;
    icon: ReactNode;
  }> = [
    {
      value: FileCategories.all,
      label: t("library.cate.all"),
      icon: <AppstoreOutlined />,
    },
    {
      value: FileCategories.document,
      label: t("library.cate.document"),
      icon: <FileTextOutlined />,
    },
    {
      value: FileCategories.image,
      label: t("library.cate.image"),
      icon: <PictureOutlined />,
    },
    {
      value: FileCategories.audio,
      label: t("library.cate.audio"),
      icon: <CustomerServiceOutlined />,
    },
    {
      value: FileCategories.video,
      label: t("library.cate.video"),
      icon: <VideoCameraOutlined />,
    },
    {
      value: FileCategories.other,
      label: t("library.cate.other"),
      icon: <FileOutlined />,
    },
  ];

  const search = (value: string) => {
    const next = withKeywords(filter, value);
    // The same search again asks again: the user expects a fresh answer.
    if (next.keywords === filter.keywords && filter.page === 1)
      void library.refetch();
    else setFilter(next);
  };

  const showEverything = () => {
    setTyped("");
    setFilter((f) => ({
      ...f,
      cate: FileCategories.all,
      keywords: "",
      page: 1,
    }));
  };

  // Without a preview address the overlay says so (SPEC §8 'File not found') and offers
  // the download.
  const preview = (entry: FileEntry) => {
    // A document at the organisation's preview service (issue 51 item 8) opens in a tab
    // of its own: that service's pages run scripts, which our sandboxed frame does not.
    if (isElsewhere(entry.preview)) {
      window.open(entry.preview, "_blank", "noopener,noreferrer");
      return;
    }
    setPreviewing(entry);
    setPreviewOpen(true);
  };

  const send = async (targets: Contact[]) => {
    if (!sending) return;
    await forward.mutateAsync({ entry: sending, targets });
    toast("success", t("library.sent"));
    setSending(null);
  };

  const filtered = filter.keywords !== "" || filter.cate !== FileCategories.all;

  let content: ReactNode;
  if (!library.data) {
    content = library.isError ? (
      <Result
        status="warning"
        title={t("library.loadFailed")}
        extra={
          <Button type="primary" onClick={() => void library.refetch()}>
            {t("library.retry")}
          </Button>
        }
      />
    ) : (
      <div className={styles.state}>
        <Spin />
        <span className={styles.stateText}>{t("library.loading")}</span>
      </div>
    );
  } else if (library.data.total === 0) {
    content = filtered ? (
      <Empty
        className={styles.state}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <span className={styles.emptyText}>
            <strong>{t("library.noMatchTitle")}</strong>
            <span>{t("library.noMatchText")}</span>
          </span>
        }
      >
        <Button onClick={showEverything}>{t("library.showAll")}</Button>
      </Empty>
    ) : (
      <Empty
        className={styles.state}
        description={
          <span className={styles.emptyText}>
            <strong>{t("library.emptyTitle")}</strong>
            <span>{t("library.emptyText")}</span>
          </span>
        }
      />
    );
  } else {
    content = (
      <ul
        className={styles.grid}
        aria-label={t("library.files")}
        aria-busy={library.isFetching}
        data-stale={library.isPlaceholderData || undefined}
      >
        {library.data.entries.map((entry) => (
          <FileCard
            key={`${String(entry.file_id)}-${String(entry.msg_id)}`}
            entry={entry}
            canPreview={entry.preview !== ""}
            onPreview={() => preview(entry)}
            onSend={() => setSending(entry)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section
      className={clsx(styles.panel, narrow && styles.narrow)}
      aria-labelledby={titleId}
    >
      <header className={styles.header}>
        {onClose && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t("library.close")}
            onClick={onClose}
          />
        )}
        <h2 id={titleId} className={styles.title}>
          {t("library.title")}
        </h2>
        <Input.Search
          className={styles.search}
          value={typed}
          maxLength={KEYWORDS_MAX}
          allowClear
          placeholder={t("library.searchPlaceholder")}
          aria-label={t("library.search")}
          enterButton={
            <Button
              type="primary"
              icon={<SearchOutlined />}
              aria-label={t("library.searchButton")}
            />
          }
          onChange={(e) => setTyped(e.target.value)}
          onSearch={search}
        />
      </header>
      <div className={styles.body}>
        <nav className={styles.side} aria-label={t("library.categories")}>
          <Segmented<LibraryCategory>
            vertical={!narrow}
            block={!narrow}
            aria-label={t("library.categories")}
            value={filter.cate}
            options={categories}
            onChange={(cate) => setFilter((f) => withCategory(f, cate))}
          />
        </nav>
        <div className={styles.main}>
          <div className={styles.scroll}>{content}</div>
          {library.data && library.data.total > 0 && (
            <div className={styles.pager}>
              <Pagination
                size="small"
                current={filter.page}
                pageSize={filter.limit}
                total={library.data.total}
                showSizeChanger
                showQuickJumper
                showLessItems={narrow}
                pageSizeOptions={FILE_PAGE_SIZES.map(String)}
                showTotal={(count) => t("library.total", { count })}
                onChange={(page, size) =>
                  setFilter((f) => withPaging(f, page, size))
                }
              />
            </div>
          )}
        </div>
      </div>
      {previewing && (
        <PreviewOverlay
          open={previewOpen}
          url={previewing.preview}
          kind={previewKind(previewing)}
          title={previewing.name}
          downloadUrl={previewing.download}
          onClose={() => setPreviewOpen(false)}
        />
      )}
      <ChooseChatDialog
        open={sending !== null}
        title={t("library.sendTitle")}
        onCancel={() => setSending(null)}
        onConfirm={send}
      />
    </section>
  );
}
