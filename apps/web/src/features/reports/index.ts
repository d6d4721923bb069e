export { ReportDialog } from "./components/ReportDialog";
export { SuggestionDialog } from "./components/SuggestionDialog";
export { type ReportTarget, useReportStore } from "./reports.store";
