import { defineModule } from "../../context.js";
import { registerSocketRoutes } from "./socket.routes.js";
import { SocketService } from "./socket.service.js";

/** Binding sockets over HTTP: bindUid, bindClientId, offline. */
export const socketModule = defineModule("socket", () => {
  const service = new SocketService();
  return {
    service,
    register: (calls) => registerSocketRoutes(calls, service),
  };
});
