import { defineModule } from "../../context.js";
import { messagesRepository } from "./messages.repository.js";
import { registerMessageRoutes } from "./messages.routes.js";
import { MessagesService } from "./messages.service.js";

/** One-to-one chat: sendMessage, getMessageList, setMsgIsRead. */
export const messagesModule = defineModule("messages", (ctx) => {
  const service = new MessagesService({
    repo: messagesRepository(ctx.db),
    clock: ctx.clock,
    publish: ctx.publish,
    policy: ctx.policy,
    services: ctx.services,
  });
  return {
    service,
    register: (calls) => registerMessageRoutes(calls, service),
  };
});
