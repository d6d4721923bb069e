import { lazyDialog } from "../../lib/lazy-parts";
import { useFriendsUiStore } from "../../stores/friends-ui.store";
import type { ApplyFriendDialogProps } from "./components/ApplyFriendDialog";

// The friend dialogs are fetched when first opened, not with the chat screen.
export const AddFriendDialog = lazyDialog<object>(
  () => import("./components/AddFriendDialog").then((m) => m.AddFriendDialog),
  {
    useOpen: () => useFriendsUiStore((s) => s.addFriendOpen),
    onFailed: () => useFriendsUiStore.getState().closeAddFriend(),
  },
);
export const ApplyFriendDialog = lazyDialog<ApplyFriendDialogProps>(
  () =>
    import("./components/ApplyFriendDialog").then((m) => m.ApplyFriendDialog),
  // Shown while mounted: its opener mounts it to open it.
  { useOpen: () => true, onFailed: (props) => props.onClose() },
);
export const FriendRequestsDialog = lazyDialog<object>(
  () =>
    import("./components/FriendRequestsDialog").then(
      (m) => m.FriendRequestsDialog,
    ),
  {
    useOpen: () => useFriendsUiStore((s) => s.requestsOpen),
    onFailed: () => useFriendsUiStore.getState().closeRequests(),
  },
);
