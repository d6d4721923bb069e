import { type Contact, can } from "@parley/protocol";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useActor } from "../system";
import { useGroupMembersQuery } from "./groups.queries";
import { membershipOf, sortMembers } from "./member-actions";

/** Someone the `@` picker offers: "0" is everyone. */
export interface MentionCandidate {
  id: string;
  name: string;
  avatar: string;
  name_py: string;
}

/**
 * Who I may mention in a group: everyone (only as its owner or an administrator, as the
 * server allows), then the other members in the panel's order.
 */
export function useMentionCandidates(
  contact: Contact,
  groupId: number | null,
): MentionCandidate[] | undefined {
  const { t } = useTranslation("groups");
  const actor = useActor();
  const members = useGroupMembersQuery(groupId);
  return useMemo(() => {
    if (groupId === null) return undefined;
    const list = sortMembers(members.data ?? []);
    const me = membershipOf(
      list.find((m) => m.user_id === actor.userId),
      contact.role,
    );
    const everyone: MentionCandidate[] = can(actor, "group.mentionEveryone", {
      member: me,
    })
      ? [{ id: "0", name: t("mention.everyone"), avatar: "", name_py: "" }]
      : [];
    return [
      ...everyone,
      ...list
        .filter((m) => m.user_id !== actor.userId)
        .map((m) => ({
          id: String(m.user_id),
          name: m.userInfo.displayName,
          avatar: m.userInfo.avatar,
          name_py: m.userInfo.name_py,
        })),
    ];
  }, [groupId, members.data, actor, contact.role, t]);
}
