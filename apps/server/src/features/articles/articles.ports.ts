import type { ArticlesService } from "./articles.service.js";

/** The newest article, for the notices' chat-list entry. */
export type ArticleFeed = Pick<ArticlesService, "newest">;
