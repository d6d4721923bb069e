import { lazyPage } from "../../lib/lazy";

export { ArticleBody, cleanArticle } from "./components/ArticleBody";
export { ArticleEditor } from "./components/ArticleEditor";

/** The published articles and their reader: loaded when first shown (with its HTML cleaner). */
export const ArticlesList = lazyPage(() =>
  import("./components/ArticlesList").then((m) => ({
    default: m.ArticlesList,
  })),
);
