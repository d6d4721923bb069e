export {
  ContactList,
  type ContactSection,
  type ContactTab,
} from "./components/ContactList";
export { contactsRealtime } from "./contacts.realtime";
export {
  contactsKey,
  totalUnread,
  updateContact,
  useContactsQuery,
  useUnreadTotal,
} from "./contacts.queries";
