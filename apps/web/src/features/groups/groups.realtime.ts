import type { RealtimeContext, RealtimeHandlers } from "../../api/socket";
import { useSessionStore } from "../../stores/session.store";
import { refreshPerson } from "../people";
import { groupNumber, refreshGroup } from "./groups.queries";

/** Fetches afresh the card and members of the group an event names (`group-N`). */
function refresh(groupId: string, ctx: RealtimeContext): void {
  const id = groupNumber(groupId);
  if (id !== null) refreshGroup(ctx.client, id);
}

/**
 * Keeps a group's card and member list in step: any change of members, roles, mutes,
 * notice, name or settings fetches them afresh (two small reads, only of loaded groups).
 */
export const groupsRealtime: RealtimeHandlers = {
  events: {
    // Someone's new name or picture (issue 51 item 14): the member lists that show them,
    // their card, and my own account when it is me (my other device changed it).
    updateUser: (data, ctx) => {
      void ctx.client.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === "groups" && query.queryKey[2] === "members",
      });
      refreshPerson(ctx.client, data.user_id);
      const { user, setUser } = useSessionStore.getState();
      if (user && data.user_id === ctx.me)
        setUser({
          ...user,
          ...(data.realname !== undefined
            ? { realname: data.realname, displayName: data.realname }
            : {}),
          ...(data.name_py !== undefined ? { name_py: data.name_py } : {}),
          ...(data.avatar !== undefined ? { avatar: data.avatar } : {}),
        });
    },
    addGroupUser: (data, ctx) => refresh(data.group_id, ctx),
    removeUser: (data, ctx) => refresh(data.group_id, ctx),
    setManager: (data, ctx) => refresh(data.group_id, ctx),
    changeOwner: (data, ctx) => refresh(data.group_id, ctx),
    setNoSpeak: (data, ctx) => refresh(data.group_id, ctx),
    setNotice: (data, ctx) => refresh(data.group_id, ctx),
    groupSetting: (data, ctx) => refresh(data.group_id, ctx),
    editGroupName: (data, ctx) => refresh(data.id, ctx),
  },
  // Events sent while the socket was away are lost: the open groups' cards and members
  // (a mute lifted, a role changed) are fetched again on every bind.
  onBound: (ctx) => {
    void ctx.client.invalidateQueries({ queryKey: ["groups"] });
  },
};
