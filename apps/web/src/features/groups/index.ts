import type { RouteObject } from "react-router";

export { GroupPanel } from "./components/GroupPanel";
export { GroupTitle } from "./components/GroupTitle";
export {
  MemberPickerDialog,
  type MemberPickerTarget,
} from "./components/MemberPickerDialog";
export { ReadReceipt } from "./components/ReadReceipt";
export { useSpeakBlock, type SpeakBlock } from "./group-speak";
export { groupsRealtime } from "./groups.realtime";
export {
  groupNumber,
  useGroupInfoQuery,
  useGroupMembersQuery,
} from "./groups.queries";
export { type MentionCandidate, useMentionCandidates } from "./mentions";
export { matchesPerson } from "./people-match";

/** The group feature's own screens (the QR join page). */
export const groupsRoutes: RouteObject[] = [];
