import DOMPurify from "dompurify";
import { useMemo } from "react";
import styles from "./articles.module.css";

/** Tags an article may show; the server keeps only these too (article-html.ts). */
const ALLOWED_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "blockquote",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "hr",
  "a",
  "img",
];

/** An article's body as HTML, cleaned once more here: the server's cleaning is not trusted alone. */
export function cleanArticle(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [
      "href",
      "target",
      "rel",
      "src",
      "alt",
      "width",
      "height",
      "start",
    ],
    // Only href and src are addresses; the regexp would otherwise judge every value.
    ADD_URI_SAFE_ATTR: ["target", "rel", "alt", "width", "height", "start"],
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
