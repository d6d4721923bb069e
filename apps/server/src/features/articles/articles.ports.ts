import type { Events } from "../../events.js";
import type { ArticlesService } from "./articles.service.js";

/** The newest article, for the notices' chat-list entry. */
export type ArticleFeed = Pick<ArticlesService, "newest">;

/**
 * What articles tells the features above it once a change is stored; a listening module
 * subscribes when app.ts builds it (docs/ARCHITECTURE.md lists who listens).
 */
export interface ArticleEventMap {
  /** An article was added, edited, published, withdrawn or removed. */
  changed: undefined;
}
/** Articles' events, as a feature above it listens to them. */
export interface ArticleEvents {
  readonly events: Events<ArticleEventMap>;
}
