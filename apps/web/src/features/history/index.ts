export {
  HistoryPanel,
  type HistoryPanelProps,
} from "./components/HistoryPanel";
export { historyKey } from "./history.queries";
