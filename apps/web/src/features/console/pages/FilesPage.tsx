import {
  AudioOutlined,
  FileOutlined,
  FileTextOutlined,
  PictureOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import {
  denial,
  FILE_PAGE_SIZES,
  type FileEntry,
  LANGUAGE_TAGS,
} from "@parley/protocol";
import {
  Button,
  Input,
  Popconfirm,
  Segmented,
  type TableColumnsType,
  Tag,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n";
import { formatFullTime } from "../../../lib/time";
import { PreviewOverlay, previewKind } from "../../files";
import { useActor } from "../../system";
import { formatBytes } from "../components/home/format-bytes";
import {
  ConsolePageCard,
  ConsoleTable,
} from "../components/page/ConsoleListPage";
import styles from "../components/files/files.module.css";
import {
  type ConsoleFileFilter,
  type FilePageSize,
  useConsoleFilesQuery,
  useDeleteFileMutation,
} from "../files.queries";

const CATEGORIES = [0, 1, 2, 3, 4, 5] as const;
const CATEGORY_ICONS = {
  1: <FileTextOutlined />,
  2: <PictureOutlined />,
  3: <AudioOutlined />,
  4: <VideoCameraOutlined />,
  5: <FileOutlined />,
} as const;

/** A picture's small copy (the server makes one for every inline picture). */
function thumb(src: string): string {
  return `${src}${src.includes("?") ? "&" : "?"}thumb=1`;
}

/** What the file looks like: a picture's thumbnail, or an icon of its category. */
function FileLook({ file }: { file: FileEntry }) {
  const [failed, setFailed] = useState(false);
  if (file.msg_type === "image" && !failed)
    return (
      <img
        className={styles.conThumb}
        src={thumb(file.src)}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  const cate = file.cate in CATEGORY_ICONS ? file.cate : 5;
  return (
    <span className={styles.conIcon} aria-hidden>
      {CATEGORY_ICONS[cate as keyof typeof CATEGORY_ICONS]}
    </span>
  );
}

/**
 * /manage/files (SPEC §2 "Files", issue 12): every stored upload, newest first, by
 * category and name, with who sent it and how many messages carry it; preview or download
 * one; remove one, which masks its messages for everyone and frees its storage. Demo mode
 * looks only.
 */
export function FilesPage() {
  const { t } = useTranslation("console");
  const language = useLanguage();
  const locale = LANGUAGE_TAGS[language];
  const writable = denial(useActor(), "console.write") === null;
  const [filter, setFilter] = useState<ConsoleFileFilter>({
    cate: 0,
    keywords: "",
  });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<FilePageSize>(20);
  const [previewing, setPreviewing] = useState<FileEntry | null>(null);
  const query = useConsoleFilesQuery(filter, page, limit);
  const remove = useDeleteFileMutation();
  const total = query.data?.total ?? 0;

  const columns: TableColumnsType<FileEntry> = [
    {
      key: "file",
      title: t("files.file"),
      render: (_: unknown, f) => (
        <div className={styles.conFile}>
          <FileLook file={f} />
          <div>
            <div className={styles.conName}>{f.name}</div>
            <div className={styles.conMuted}>{formatBytes(f.size, locale)}</div>
          </div>
        </div>
      ),
    },
    {
      key: "cate",
      title: t("files.category"),
      render: (_: unknown, f) => (
        <Tag>
          {t(
            `files.categories.${String(f.cate in CATEGORY_ICONS ? f.cate : 5)}`,
          )}
        </Tag>
      ),
    },
    {
      key: "sender",
      title: t("files.sender"),
      render: (_: unknown, f) => (
        <div>
          <div>{f.user_id_info.realname || t("files.unknown")}</div>
          <div className={styles.conMuted}>
            {formatFullTime(f.create_time, locale)}
          </div>
        </div>
      ),
    },
    {
      key: "carriers",
      title: t("files.messages"),
      render: (_: unknown, f) =>
        f.carriers === 0 ? (
          <Tag>{t("files.unsent")}</Tag>
        ) : (
          t("files.carriers", { count: f.carriers ?? 0 })
        ),
    },
    {
      key: "actions",
      title: t("files.actions"),
      render: (_: unknown, f) => (
        <span className={styles.conActions}>
          <Button
            size="small"
            disabled={f.preview === ""}
            onClick={() => setPreviewing(f)}
          >
            {t("files.preview")}
          </Button>
          <Button size="small" href={f.download} download={f.name}>
            {t("files.download")}
          </Button>
          <Popconfirm
            title={t("files.deleteTitle")}
            description={t("files.deleteText", { count: f.carriers ?? 0 })}
            okText={t("files.delete")}
            cancelText={t("files.cancel")}
            okButtonProps={{ danger: true }}
            disabled={!writable}
            onConfirm={() => remove.mutate(f.file_id)}
          >
            <Button size="small" danger disabled={!writable}>
              {t("files.delete")}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <ConsolePageCard
      title={t("files.title")}
      about={t("files.about")}
      readOnlyNote={writable ? null : t("files.demo")}
    >
      <div className={styles.conFilters}>
        <Segmented<ConsoleFileFilter["cate"]>
          value={filter.cate}
          options={CATEGORIES.map((cate) => ({
            value: cate,
            label: t(`files.categories.${String(cate)}`),
          }))}
          onChange={(cate) => {
            setFilter({ ...filter, cate });
            setPage(1);
          }}
        />
        <Input.Search
          className={styles.conSearch}
          allowClear
          aria-label={t("files.search")}
          placeholder={t("files.search")}
          onSearch={(value) => {
            setFilter({ ...filter, keywords: value.trim() });
            setPage(1);
          }}
        />
      </div>
      <ConsoleTable<FileEntry>
        rowKey="file_id"
        columns={columns}
        list={{
          rows: query.data?.files,
          total,
          page,
          limit,
          sizes: FILE_PAGE_SIZES,
          loading: query.isFetching,
          showTotal: (count) =>
            count > 10_000 ? t("files.totalMany") : t("files.total", { count }),
          onPage: (next, size) => {
            setPage(next);
            setLimit(size as FilePageSize);
          },
        }}
        emptyTitle={
          filter.cate !== 0 || filter.keywords !== ""
            ? t("files.noneFound")
            : t("files.none")
        }
        emptyText={t("files.emptyText")}
      />
      <PreviewOverlay
        open={previewing !== null}
        url={previewing?.preview ?? ""}
        kind={previewing ? previewKind(previewing) : "frame"}
        title={previewing?.name ?? ""}
        downloadUrl={previewing?.download}
        onClose={() => setPreviewing(null)}
      />
    </ConsolePageCard>
  );
}
