import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy";

export {
  BrowseGroupsDialog,
  GroupPanel,
  GroupPanelDrawer,
  GroupTitle,
  MemberPickerDialog,
} from "./lazy-dialogs";
export type { MemberPickerTarget } from "./members.queries";
export { ReadReceipt } from "./components/ReadReceipt";
export { useSpeakBlock, type SpeakBlock } from "./group-speak";
export { groupsRealtime } from "./groups.realtime";
export {
  groupNumber,
  useGroupInfoQuery,
  useGroupMembersQuery,
  useRemoveDisbandedMutation,
} from "./groups.queries";
export { type MentionCandidate, useMentionCandidates } from "./mentions";
export { matchesPerson } from "./people-match";
export { useJoinGroupMutation } from "./directory.queries";

const JoinGroupPage = lazyPage(() =>
  import("./pages/JoinGroupPage").then((m) => ({ default: m.JoinGroupPage })),
);

/** The group feature's own screens: the QR join page (`/join` alone says the link is broken). */
export const groupsRoutes: RouteObject[] = [
  { path: "/join/:token", Component: JoinGroupPage },
  { path: "/join", Component: JoinGroupPage },
];
