import { defineModule } from "../../context.js";
import { allowedHosts } from "../../lib/public-fetch.js";
import type {
  LinkPreviewTarget,
  MessageEvents,
} from "../messages/messages.ports.js";
import { previewsRepository } from "./previews.repository.js";
import { PreviewsService } from "./previews.service.js";

/**
 * Link previews (extensions.md §5): listens for text messages with a link and fetches what
 * their first link's page says of itself, through the address guard.
 */
export const previewsModule = defineModule(
  "previews",
  (ctx, ports: { messages: LinkPreviewTarget & MessageEvents }) => {
    const service = new PreviewsService({
      repo: previewsRepository(ctx.db),
      storage: ctx.storage,
      messages: ports.messages,
      policy: ctx.policy,
      clock: ctx.clock,
      logger: ctx.logger,
      allowHosts: allowedHosts(ctx.config.LINK_PREVIEW_ALLOW_HOSTS),
    });
    ports.messages.events.on("linkSent", (message) => {
      service.linkSent(message);
    });
    return { service, register: () => undefined };
  },
);
