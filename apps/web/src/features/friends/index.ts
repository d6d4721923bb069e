export { AddFriendDialog } from "./components/AddFriendDialog";
export {
  ApplyFriendDialog,
  type ApplyTarget,
} from "./components/ApplyFriendDialog";
export { FriendRequestsDialog } from "./components/FriendRequestsDialog";
export { useFriendsUiStore } from "./friends-ui.store";
export { friendsRealtime } from "./friends.realtime";
export {
  requestsKey,
  useApplyMutation,
  useRemoveFriendMutation,
  useSetRemarkMutation,
} from "./friends.queries";
