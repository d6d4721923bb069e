export { FavouritesPanel } from "./components/FavouritesPanel";
export {
  favouritesKey,
  saveFavourite,
  useFavouritesQuery,
  useRemoveFavouriteMutation,
  useSaveFavouriteMutation,
} from "./favourites.queries";
