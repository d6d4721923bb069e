import type { Sockets } from "../../context.js";
import { refuse } from "../../lib/errors.js";
import type { SessionContext } from "../../plugins/session.js";

/**
 * The HTTP side of binding (wire-contract.md §3.2): existing clients POST bindUid after
 * `init`, then bind on the socket. Here the session is the credential; a claimed `user_id`
 * is ignored unless it names someone else, which is refused.
 */
export class SocketService {
  constructor(private readonly sockets: Sockets) {}

  async bind(
    clientId: string,
    session: SessionContext,
    claimedUserId: number | undefined,
  ): Promise<void> {
    if (claimedUserId !== undefined && claimedUserId !== session.userId) {
      throw refuse("request.invalidField", { field: "user_id" });
    }
    await this.sockets.bind(clientId, session);
  }
}
