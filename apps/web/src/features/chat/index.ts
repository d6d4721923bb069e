export { useContactsQuery } from "./chat.queries";
