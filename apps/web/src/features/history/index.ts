import { lazyDialog } from "../../lib/lazy-parts";
import type { HistoryPanelProps } from "./components/HistoryPanel";

export type { HistoryPanelProps };
/** The chat's history (its table, tabs and pager): fetched when first opened. */
export const HistoryPanel = lazyDialog<HistoryPanelProps>(
  () => import("./components/HistoryPanel").then((m) => m.HistoryPanel),
  { useOpen: (props) => props.open, onFailed: (props) => props.onClose() },
);
export { historyKey } from "./history.queries";
