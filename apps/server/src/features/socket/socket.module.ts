import { defineModule } from "../../context.js";
import { registerSocketRoutes } from "./socket.routes.js";
import { SocketService } from "./socket.service.js";

/** Binding sockets over HTTP: bindUid, bindClientId, bindGroup, offline. */
export const socketModule = defineModule("socket", (ctx) => {
  const service = new SocketService(ctx.services);
  return {
    service,
    register: (calls) => registerSocketRoutes(calls, service),
  };
});
