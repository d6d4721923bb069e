import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS } from "@parley/protocol";
import DOMPurify from "dompurify";
import { useMemo } from "react";
import styles from "./articles.module.css";

/** Every attribute an article keeps (DOMPurify takes one list, not one per tag). */
const ATTRIBUTES = [...new Set(Object.values(ARTICLE_ATTRIBUTES).flat())];
/** The attributes that hold addresses, judged by the address pattern. */
const ADDRESSES = new Set<string>(["href", "src"]);

/** An article's body as HTML, cleaned once more here: the server's cleaning is not trusted alone. */
export function cleanArticle(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ARTICLE_TAGS],
    ALLOWED_ATTR: [...ATTRIBUTES],
    // Only href and src are addresses; the regexp would otherwise judge every value.
    ADD_URI_SAFE_ATTR: ATTRIBUTES.filter((name) => !ADDRESSES.has(name)),
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|#)/i,
  });
}

/** A published article's body, with the product's typography. */
export function ArticleBody({ html }: { html: string }) {
  const clean = useMemo(() => cleanArticle(html), [html]);
  return (
    <div
      className={styles.articleProse}
      // Cleaned by the server on save and by DOMPurify above: only text markup, links and images.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
