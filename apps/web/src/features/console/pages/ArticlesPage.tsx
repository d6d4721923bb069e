import { PlusOutlined } from "@ant-design/icons";
import {
  type ArticleStatus,
  type ArticleSummary,
  CONSOLE_PAGE_SIZES,
  denial,
  LANGUAGE_TAGS,
} from "@parley/protocol";
import {
  Button,
  Drawer,
  Input,
  Popconfirm,
  Segmented,
  Spin,
  type TableColumnsType,
  Tag,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n";
import { formatFullTime } from "../../../lib/time";
import { ArticleBody } from "../../articles";
import { useActor } from "../../system";
import {
  type ArticleFilter,
  useArticleStatusMutation,
  useConsoleArticleQuery,
  useConsoleArticlesQuery,
  useDeleteArticleMutation,
} from "../articles.queries";
import { ArticleDialog } from "../components/articles/ArticleDialog";
import {
  ConsolePageCard,
  ConsoleTable,
} from "../components/page/ConsoleListPage";
import styles from "../components/articles/articles.module.css";
import type { ConsolePageSize } from "../console.queries";

type StatusChoice = "all" | "0" | "1";

/** An article as its readers will see it, from the console. */
function Preview({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("console");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const query = useConsoleArticleQuery(id);
  const article = query.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={t("articles.preview")}
      destroyOnHidden
    >
      {article ? (
        <article data-testid="article-preview">
          <h2 className={styles.conPreviewTitle}>{article.title}</h2>
          <p className={styles.conMuted}>
            {t("articles.byline", {
              name: article.author,
              time: formatFullTime(article.updated_at, locale),
            })}
          </p>
          <ArticleBody html={article.content} />
        </article>
      ) : (
        <Spin className={styles.conSpin} />
      )}
    </Drawer>
  );
}

/**
 * /manage/article (SPEC §2 "Articles", issue 12): every article, newest first, by state
 * and title words; write one (draft or published at once), edit it, publish it or take it
 * back, preview it as readers see it, delete it. Demo mode looks only.
 */
export function ArticlesPage() {
  const { t } = useTranslation("console");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const writable = denial(useActor(), "console.write") === null;
  const [status, setStatus] = useState<StatusChoice>("all");
  const [keywords, setKeywords] = useState("");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<ConsolePageSize>(20);
  const [editing, setEditing] = useState<"new" | number | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const filter: ArticleFilter = {
    status: status === "all" ? undefined : (Number(status) as ArticleStatus),
    keywords: keywords || undefined,
  };
  const query = useConsoleArticlesQuery(filter, page, limit);
  const setState = useArticleStatusMutation();
  const remove = useDeleteArticleMutation();
  const total = query.data?.total ?? 0;

  const columns: TableColumnsType<ArticleSummary> = [
    {
      key: "title",
      title: t("articles.article"),
      render: (_: unknown, a) => (
        <div>
          <div className={styles.conArticleTitle}>{a.title}</div>
          <div className={styles.conExcerpt}>{a.excerpt}</div>
        </div>
      ),
    },
    {
      key: "status",
      title: t("articles.state"),
      render: (_: unknown, a) => (
        <Tag color={a.status === 1 ? "green" : "default"}>
          {t(`articles.statuses.${String(a.status)}`)}
        </Tag>
      ),
    },
    {
      key: "author",
      title: t("articles.author"),
      render: (_: unknown, a) => (
        <div>
          <div>{a.author}</div>
          <div className={styles.conMuted}>
            {t("articles.updated", {
              time: formatFullTime(a.updated_at, locale),
            })}
          </div>
        </div>
      ),
    },
    {
      key: "actions",
      title: t("articles.actions"),
      render: (_: unknown, a) => (
        <span className={styles.conActions}>
          <Button size="small" onClick={() => setPreviewing(a.id)}>
            {t("articles.view")}
          </Button>
          <Button
            size="small"
            disabled={!writable}
            onClick={() => setEditing(a.id)}
          >
            {t("articles.edit")}
          </Button>
          <Button
            size="small"
            type={a.status === 1 ? "default" : "primary"}
            disabled={!writable}
            loading={setState.isPending && setState.variables.id === a.id}
            onClick={() =>
              setState.mutate({ id: a.id, status: a.status === 1 ? 0 : 1 })
            }
          >
            {a.status === 1 ? t("articles.unpublish") : t("articles.publish")}
          </Button>
          <Popconfirm
            title={t("articles.deleteTitle")}
            description={t("articles.deleteText")}
            okText={t("articles.delete")}
            cancelText={t("articles.cancel")}
            okButtonProps={{ danger: true }}
            disabled={!writable}
            onConfirm={() => remove.mutate(a.id)}
          >
            <Button size="small" danger disabled={!writable}>
              {t("articles.delete")}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <ConsolePageCard
      title={t("articles.title")}
      about={t("articles.about")}
      readOnlyNote={writable ? null : t("articles.demo")}
    >
      <div className={styles.conFilters}>
        <Segmented<StatusChoice>
          value={status}
          options={[
            { value: "all", label: t("articles.all") },
            { value: "1", label: t("articles.statuses.1") },
            { value: "0", label: t("articles.statuses.0") },
          ]}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
        <Input.Search
          className={styles.conSearch}
          allowClear
          aria-label={t("articles.search")}
          placeholder={t("articles.search")}
          onSearch={(value) => {
            setKeywords(value.trim());
            setPage(1);
          }}
        />
        <Button
          className={styles.conNew}
          type="primary"
          icon={<PlusOutlined />}
          disabled={!writable}
          onClick={() => setEditing("new")}
        >
          {t("articles.new")}
        </Button>
      </div>
      <ConsoleTable<ArticleSummary>
        rowKey="id"
        columns={columns}
        list={{
          rows: query.data?.articles,
          total,
          page,
          limit,
          sizes: CONSOLE_PAGE_SIZES,
          loading: query.isFetching,
          onPage: (next, size) => {
            setPage(next);
            setLimit(size as ConsolePageSize);
          },
        }}
        emptyTitle={
          keywords || status !== "all"
            ? t("articles.noneFound")
            : t("articles.none")
        }
        emptyText={t("articles.emptyText")}
      />
      <ArticleDialog editing={editing} onClose={() => setEditing(null)} />
      <Preview id={previewing} onClose={() => setPreviewing(null)} />
    </ConsolePageCard>
  );
}
