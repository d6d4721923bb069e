import { loadNamespaceGroup } from "../../i18n";
import { lazyDialog } from "../../lib/lazy-parts";
import type { QuickSwitcherProps } from "./components/QuickSwitcher";

export { ContactList } from "./components/ContactList";
export {
  type ContactSection,
  type ContactTab,
  hasChat,
} from "./contact-search";
export { contactsRealtime, renamed } from "./contacts.realtime";
export {
  cachedContacts,
  contactsKey,
  dropContact,
  fetchPersonContact,
  putContact,
  refetchContacts,
  totalUnread,
  updateContact,
  useContactsQuery,
  useMutedNews,
  useUnreadTotal,
} from "./contacts.queries";
export {
  isBuiltInEntry,
  isSelfChat,
  isNoticesEntry,
  isSystemEntry,
  SYSTEM_CONTACT_ID,
} from "./system-entry";
export { fileLabelKey } from "./contact-preview";

/**
 * The search box (Ctrl/⌘+K): chats and people by name, and the global search (issue 45);
 * fetched with its texts when first opened.
 */
export const QuickSwitcher = lazyDialog<QuickSwitcherProps>(
  () =>
    Promise.all([
      import("./components/QuickSwitcher"),
      loadNamespaceGroup("later"),
    ]).then(([m]) => m.QuickSwitcher),
  { useOpen: (props) => props.open, onFailed: (props) => props.onClose() },
);
