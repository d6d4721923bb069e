import { GroupRoles, type Membership } from "@parley/protocol";
import type { GroupMembers } from "./messages.deps.js";

/**
 * Who a group message mentions, of the ids its sender posted (`at[]`): members of the
 * group, and 0 (everyone) from its owner or an administrator only. An empty entry
 * (`at[]=`) names nobody, and anything not a member is left out.
 */
export async function resolveMentions(
  groups: Pick<GroupMembers, "membersAmong">,
  groupId: number,
  sender: Membership,
  raw: readonly string[],
): Promise<number[]> {
  // Number("") would be 0, everyone.
  const ids = [
    ...new Set(
      raw
        .filter((id) => id.trim() !== "")
        .map(Number)
        .filter((n) => Number.isInteger(n) && n >= 0),
    ),
  ];
  const everyone = ids.includes(0) && sender.role <= GroupRoles.admin;
  const members = await groups.membersAmong(
    groupId,
    ids.filter((id) => id > 0),
  );
  return [...(everyone ? [0] : []), ...ids.filter((id) => members.has(id))];
}
