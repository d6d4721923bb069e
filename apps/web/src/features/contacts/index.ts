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
  totalUnread,
  updateContact,
  useContactsQuery,
  useUnreadTotal,
} from "./contacts.queries";
