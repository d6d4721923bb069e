export {
  peopleKey,
  refreshPerson,
  userCardKey,
  useSearchUsersQuery,
  useUserCardQuery,
} from "./people.queries";
