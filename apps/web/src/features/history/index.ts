import { loadNamespaceGroup } from "../../i18n";
import { lazyDialog } from "../../lib/lazy-parts";
import type { HistoryPanelProps } from "./components/HistoryPanel";

export type { HistoryPanelProps };
/** The chat's history (its table, tabs and pager): fetched when first opened. */
export const HistoryPanel = lazyDialog<HistoryPanelProps>(
  () =>
    Promise.all([
      import("./components/HistoryPanel"),
      loadNamespaceGroup("later"),
    ]).then(([m]) => m.HistoryPanel),
  { useOpen: (props) => props.open, onFailed: (props) => props.onClose() },
);
export { historyKey } from "./history.queries";
