import { type Contact, can, type GroupSetting } from "@parley/protocol";
import { useActor } from "../system";
import {
  groupSettingOf,
  useGroupInfoQuery,
  useGroupMembersQuery,
} from "./groups.queries";
import { membershipOf } from "./member-actions";

/** Why I may not speak in a group now, if I may not (SPEC §5 Chat). */
export type SpeakBlock =
  { kind: "muted"; until: number } | { kind: "nospeak"; level: "1" | "2" };

/** The composer's question, answered by the rule the server applies to a send. */
export function speakBlock(
  member: { role: number; mutedUntil: number },
  setting: GroupSetting,
  now: number,
): SpeakBlock | null {
  const actor = { userId: 0, role: 0, demoMode: false };
  if (can(actor, "group.send", { member, settings: setting, now })) return null;
  if (member.role > 1 && member.mutedUntil > now)
    return { kind: "muted", until: member.mutedUntil };
  return { kind: "nospeak", level: setting.nospeak === "2" ? "2" : "1" };
}

/** My speak block in a group chat (null for a person's chat), kept live by the group's events. */
export function useSpeakBlock(
  contact: Contact,
  groupId: number | null,
  now: number,
): SpeakBlock | null {
  const actor = useActor();
  const info = useGroupInfoQuery(groupId);
  const members = useGroupMembersQuery(groupId);
  if (groupId === null) return null;
  const mine = members.data?.find((m) => m.user_id === actor.userId);
  const setting = info.data?.setting ?? groupSettingOf(contact.setting);
  return speakBlock(membershipOf(mine, contact.role), setting, now);
}
