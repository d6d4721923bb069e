import { refuse } from "../../lib/errors.js";
import type { SessionContext } from "../../plugins/session.js";
import type { GroupMembership } from "../groups/groups.ports.js";

/** What this service asks of other features (app.ts wires each one). */
export interface SocketPorts {
  /** Whether a user is in a group. */
  groups: GroupMembership;
}

/**
 * The HTTP side of binding (wire-contract.md §3.2): existing clients POST bindUid after
 * `init`, wait for its code 0, then bind on the socket with their token. Only that socket
 * frame binds: a socket belongs to the session whose token it presented itself, so knowing
 * another socket's client id binds nothing (issue 7, break 10). The call checks its session
 * and refuses a `user_id` that names someone else.
 */
export class SocketService {
  constructor(private readonly ports: SocketPorts) {}

  /** `bindGroup`: the caller must be a member; a group they are not in answers like a missing one. */
  async bindGroup(session: SessionContext, groupId: number): Promise<void> {
    const standing = await this.ports.groups.chatStanding(
      groupId,
      session.userId,
    );
    if (!standing) throw refuse("group.notFound");
  }

  bind(
    _clientId: string,
    session: SessionContext,
    claimedUserId: number | undefined,
  ): Promise<void> {
    if (claimedUserId !== undefined && claimedUserId !== session.userId) {
      return Promise.reject(
        refuse("request.invalidField", { field: "user_id" }),
      );
    }
    return Promise.resolve();
  }
}
