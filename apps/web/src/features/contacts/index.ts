export { ContactList } from "./components/ContactList";
export { QuickSwitcher } from "./components/QuickSwitcher";
export {
  type ContactSection,
  type ContactTab,
  hasChat,
} from "./contact-search";
export { contactsRealtime } from "./contacts.realtime";
export {
  contactsKey,
  putContact,
  totalUnread,
  updateContact,
  useContactsQuery,
  useUnreadTotal,
} from "./contacts.queries";
export {
  isBuiltInEntry,
  isNoticesEntry,
  isSystemEntry,
  SYSTEM_CONTACT_ID,
} from "./system-entry";
export { fileLabelKey } from "./contact-preview";
