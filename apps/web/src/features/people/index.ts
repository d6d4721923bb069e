export {
  type AddFriendState,
  type CardControls,
  cardControls,
} from "./card-rules";
export { UserCard } from "./components/UserCard";
export { UserCardButton } from "./components/UserCardButton";
export {
  peopleKey,
  refreshPerson,
  userCardKey,
  useSearchUsersQuery,
  useUserCardQuery,
} from "./people.queries";
