import {
  ARTICLE_HTML_MAX,
  ARTICLE_TITLE_MAX,
  type ArticleStatus,
} from "@parley/protocol";
import { Alert, Button, Input, Modal, Spin } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ArticleEditor } from "../../../articles";
import {
  useConsoleArticleQuery,
  useSaveArticleMutation,
} from "../../articles.queries";
import styles from "./articles.module.css";

/** The form itself, mounted once the article to edit (if any) has loaded. */
function ArticleForm({
  id,
  initial,
  onClose,
}: {
  id: number | undefined;
  initial: { title: string; content: string };
  onClose: () => void;
}) {
  const { t } = useTranslation("console");
  const save = useSaveArticleMutation();
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const [tried, setTried] = useState(false);
  const titleError =
    title.trim() === "" || title.trim().length > ARTICLE_TITLE_MAX;
  const contentError = content === "" || content.length > ARTICLE_HTML_MAX;

  const submit = (status: ArticleStatus) => {
    setTried(true);
    if (titleError || contentError) return;
    save.mutate(
      id === undefined
        ? { title: title.trim(), content, status }
        : { id, title: title.trim(), content },
      { onSuccess: onClose },
    );
  };

  return (
    <>
      <label className={styles.conField}>
        <span>{t("articles.titleLabel")}</span>
        <Input
          value={title}
          maxLength={ARTICLE_TITLE_MAX}
          showCount
          status={tried && titleError ? "error" : undefined}
          placeholder={t("articles.titlePlaceholder")}
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      {tried && titleError && (
        <div className={styles.conError} role="alert">
          {t("articles.titleRule")}
        </div>
      )}
      <div className={styles.conField}>
        <span>{t("articles.bodyLabel")}</span>
        <ArticleEditor
          initial={initial.content}
          onChange={setContent}
          label={t("articles.bodyLabel")}
        />
      </div>
      {tried && contentError && (
        <div className={styles.conError} role="alert">
          {t("articles.bodyRule")}
        </div>
      )}
      <div className={styles.conFooter}>
        <Button onClick={onClose}>{t("articles.cancel")}</Button>
        {id === undefined ? (
          <>
            <Button loading={save.isPending} onClick={() => submit(0)}>
              {t("articles.saveDraft")}
            </Button>
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() => submit(1)}
            >
              {t("articles.publishNow")}
            </Button>
          </>
        ) : (
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => submit(0)}
          >
            {t("articles.save")}
          </Button>
        )}
      </div>
    </>
  );
}

/**
 * Writes a new article (saved as a draft or published at once) or edits one (its state
 * stays). The editor opens with the article's body once it has loaded.
 */
export function ArticleDialog({
  editing,
  onClose,
}: {
  /** null closed, "new", or the id of the article to edit. */
  editing: "new" | number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("console");
  const id = typeof editing === "number" ? editing : undefined;
  const detail = useConsoleArticleQuery(id ?? null);
  let body;
  if (id === undefined)
    body = (
      <ArticleForm
        id={undefined}
        initial={{ title: "", content: "" }}
        onClose={onClose}
      />
    );
  else if (detail.data)
    body = (
      <ArticleForm
        key={id}
        id={id}
        initial={{ title: detail.data.title, content: detail.data.content }}
        onClose={onClose}
      />
    );
  else if (detail.isError)
    body = <Alert type="error" showIcon title={t("articles.loadFailed")} />;
  else body = <Spin className={styles.conSpin} />;
  return (
    <Modal
      open={editing !== null}
      title={
        id === undefined ? t("articles.newTitle") : t("articles.editTitle")
      }
      width={880}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {body}
    </Modal>
  );
}
