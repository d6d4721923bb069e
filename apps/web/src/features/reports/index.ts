import { loadNamespaceGroup } from "../../i18n";
import { lazyDialog } from "../../lib/lazy-parts";
import { useReportStore } from "../../stores/report.store";

export { SuggestionDialog } from "./components/SuggestionDialog";

/** The one report dialog of the chat screen: fetched when first opened. */
export const ReportDialog = lazyDialog<object>(
  () =>
    Promise.all([
      import("./components/ReportDialog"),
      loadNamespaceGroup("later"),
    ]).then(([m]) => m.ReportDialog),
  {
    useOpen: () => useReportStore((s) => s.target !== null),
    onFailed: () => useReportStore.getState().close(),
  },
);
