import { defineModule } from "../../context.js";
import { Emitter } from "../../events.js";
import { editsRepository } from "./edits.repository.js";
import { linkPreviewRepository } from "./link-preview.repository.js";
import { registerEditRoutes } from "./edits.routes.js";
import { EditsService } from "./edits.service.js";
import { threadsRepository } from "./threads.repository.js";
import { registerThreadRoutes } from "./threads.routes.js";
import { ThreadsService } from "./threads.service.js";
import { messageActionsRepository } from "./message-actions.repository.js";
import { registerMessageActionRoutes } from "./message-actions.routes.js";
import { MessageActionsService } from "./message-actions.service.js";
import { messagesRepository } from "./messages.repository.js";
import { ModerationService } from "./moderation.service.js";
import { registerMessageRoutes } from "./messages.routes.js";
import { reactionsRepository } from "./reactions.repository.js";
import { registerReactionRoutes } from "./reactions.routes.js";
import { ReactionsService } from "./reactions.service.js";
import { MessagesService } from "./messages.service.js";
import type { MessageActionsPorts } from "./message-actions.service.js";
import type { MessagesPorts } from "./messages.service.js";
import type { MessageEventMap } from "./messages.ports.js";

/**
 * Chat messages: sending, history and read marks; and what a user does with a message
 * (withdraw, delete, hide, forward, favourites, reactions, edits) and with a chat (pin,
 * do-not-disturb, draft).
 */
export const messagesModule = defineModule(
  "messages",
  (ctx, ports: MessageActionsPorts & MessagesPorts) => {
    const events = new Emitter<MessageEventMap>();
    const service = new MessagesService({
      repo: messagesRepository(ctx.db),
      previews: linkPreviewRepository(ctx.db),
      threads: threadsRepository(ctx.db),
      clock: ctx.clock,
      publish: ctx.publish,
      policy: ctx.policy,
      events,
      ...ports,
      sendsPerUser: ctx.limiter(
        "send-user",
        ctx.config.RATE_SEND_USER,
        ctx.config.RATE_SEND_WINDOW_S,
      ),
      keys: ctx.keys,
    });
    const actionDeps = {
      repo: messageActionsRepository(ctx.db),
      messages: service,
      clock: ctx.clock,
      publish: ctx.publish,
      policy: ctx.policy,
      events,
      ...ports,
    };
    const actions = new MessageActionsService(actionDeps);
    const moderation = new ModerationService(actionDeps);
    const reactions = new ReactionsService({
      repo: reactionsRepository(ctx.db),
      seenBy: service.seenBy,
      mayReach: service.mayReach,
      publish: ctx.publish,
      clock: ctx.clock,
      groups: ports.groups,
    });
    const edits = new EditsService({
      repo: editsRepository(ctx.db),
      seenBy: service.seenBy,
      mayReach: service.mayReach,
      presentFor: service.presentFor,
      publish: ctx.publish,
      policy: ctx.policy,
      clock: ctx.clock,
      groups: ports.groups,
      events,
    });
    const threads = new ThreadsService({
      repo: threadsRepository(ctx.db),
      seenBy: service.seenBy,
      seenAmong: service.seenAmong,
      presentFor: service.presentFor,
      groups: ports.groups,
      publish: ctx.publish,
    });
    return {
      service,
      register: (calls) => {
        registerMessageRoutes(calls, service, ports.commands);
        registerMessageActionRoutes(calls, actions, moderation);
        registerReactionRoutes(calls, reactions);
        registerEditRoutes(calls, edits, service);
        registerThreadRoutes(calls, threads);
      },
    };
  },
);
