import { defineModule } from "../../context.js";
import { registerSocketRoutes } from "./socket.routes.js";
import { type SocketPorts, SocketService } from "./socket.service.js";

/** Binding sockets over HTTP: bindUid, bindClientId, bindGroup, offline. */
export const socketModule = defineModule(
  "socket",
  (_ctx, ports: SocketPorts) => {
    const service = new SocketService(ports);
    return {
      service,
      register: (calls) => registerSocketRoutes(calls, service),
    };
  },
);
