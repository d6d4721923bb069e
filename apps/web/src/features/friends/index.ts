export type { ApplyTarget } from "./components/ApplyFriendDialog";
export {
  AddFriendDialog,
  ApplyFriendDialog,
  FriendRequestsDialog,
} from "./dialogs";
export {
  type AddFriendState,
  type CardControls,
  cardControls,
} from "./card-rules";
export { UserCard } from "./components/UserCard";
export { UserCardButton } from "./components/UserCardButton";
export { friendsRealtime } from "./friends.realtime";
export {
  requestsKey,
  useApplyMutation,
  useRemoveFriendMutation,
  useSetRemarkMutation,
} from "./friends.queries";
