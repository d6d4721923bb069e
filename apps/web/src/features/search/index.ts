export {
  type MessageSearch,
  type SearchItem,
  type SearchSection,
  useMessageSearch,
} from "./components/message-search";
