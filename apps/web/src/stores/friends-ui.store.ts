import { create } from "zustand";

interface FriendsUiState {
  /** The friend-request panel (the system entry opened). */
  requestsOpen: boolean;
  /** The add-friend dialog (the plus menu). */
  addFriendOpen: boolean;
  openRequests: () => void;
  openAddFriend: () => void;
  closeRequests: () => void;
  closeAddFriend: () => void;
  /** A chat was opened from a card: the dialogs under it make way. */
  closeAll: () => void;
}

/** Which friend dialogs are open: the list, the switcher and cards all open them. */
export const useFriendsUiStore = create<FriendsUiState>((set) => ({
  requestsOpen: false,
  addFriendOpen: false,
  openRequests: () => set({ requestsOpen: true }),
  openAddFriend: () => set({ addFriendOpen: true }),
  closeRequests: () => set({ requestsOpen: false }),
  closeAddFriend: () => set({ addFriendOpen: false }),
  closeAll: () => set({ requestsOpen: false, addFriendOpen: false }),
}));
