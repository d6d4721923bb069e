import { ArrowLeftOutlined, ReadOutlined } from "@ant-design/icons";
import { isLanguage, LANGUAGE_TAGS } from "@parley/protocol";
import { Button, Empty, Result, Spin } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatFullTime } from "../../../lib/time";
import {
  usePublishedArticleQuery,
  usePublishedArticlesQuery,
} from "../articles.queries";
import { ArticleBody } from "./ArticleBody";
import styles from "./articles.module.css";

/** One published article, with a way back to the list. */
function ArticleReader({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, i18n } = useTranslation("articles");
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const query = usePublishedArticleQuery(id);
  const back = (
    <Button
      className={styles.articleBack}
      icon={<ArrowLeftOutlined />}
      onClick={onBack}
    >
      {t("reader.back")}
    </Button>
  );
  if (query.isLoading) return <Spin className={styles.articleState} />;
  if (!query.data)
    return <Result status="404" title={t("reader.gone")} extra={back} />;
  const article = query.data;
  return (
    <div>
      {back}
      <article className={styles.articleReader} data-testid="article-reader">
        <h2 className={styles.articleReaderTitle}>{article.title}</h2>
        <p className={styles.articleReaderMeta}>
          {t("reader.by", {
            name: article.author,
            time: formatFullTime(
              article.published_at ?? article.updated_at,
              locale,
            ),
          })}
        </p>
        <ArticleBody html={article.content} />
      </article>
    </div>
  );
}

/**
 * The published articles (issue 12), newest first, as cards; a card opens the article.
 * Shown in the system entry beside the notices.
 */
export function ArticlesList() {
  const { t, i18n } = useTranslation("articles");
  const locale =
    LANGUAGE_TAGS[isLanguage(i18n.language) ? i18n.language : "zh"];
  const query = usePublishedArticlesQuery();
  const [open, setOpen] = useState<number | null>(null);
  if (open !== null)
    return (
      <ArticleReader
        id={open}
        onBack={() => {
          setOpen(null);
          // Back to the list: what was published meanwhile, or taken back, shows.
          void query.refetch();
        }}
      />
    );
  const articles = (query.data?.pages ?? []).flatMap((page) => page.articles);
  if (query.isLoading) return <Spin className={styles.articleState} />;
  if (articles.length === 0)
    return (
      <Empty
        className={styles.articleState}
        image={<ReadOutlined style={{ fontSize: 48, color: "#1677ff" }} />}
        description={t("reader.empty")}
      />
    );
  return (
    <ol className={styles.articleList} aria-label={t("reader.title")}>
      {articles.map((article) => (
        <li key={article.id}>
          <button
            type="button"
            className={styles.articleCard}
            data-testid="article-card"
            onClick={() => setOpen(article.id)}
          >
            <h3 className={styles.articleCardTitle}>{article.title}</h3>
            {article.excerpt !== "" && (
              <p className={styles.articleCardExcerpt}>{article.excerpt}</p>
            )}
            <p className={styles.articleMeta}>
              {t("reader.by", {
                name: article.author,
                time: formatFullTime(
                  article.published_at ?? article.updated_at,
                  locale,
                ),
              })}
            </p>
          </button>
        </li>
      ))}
      {query.hasNextPage && (
        <li className={styles.articleMore}>
          <Button
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t("reader.older")}
          </Button>
        </li>
      )}
    </ol>
  );
}
