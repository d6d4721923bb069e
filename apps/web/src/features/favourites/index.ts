import { loadNamespaceGroup } from "../../i18n";
import { lazyDialog } from "../../lib/lazy-parts";

/** The favourites pane: fetched when first shown. */
export const FavouritesPanel = lazyDialog<object>(
  () =>
    Promise.all([
      import("./components/FavouritesPanel"),
      loadNamespaceGroup("later"),
    ]).then(([m]) => m.FavouritesPanel),
  { useOpen: () => true, onFailed: () => undefined },
);
export {
  favouritesKey,
  saveFavourite,
  useFavouritesQuery,
  useRemoveFavouriteMutation,
  useSaveFavouriteMutation,
} from "./favourites.queries";
