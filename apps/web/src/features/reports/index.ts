export { ReportDialog } from "./components/ReportDialog";
export { type ReportTarget, useReportStore } from "./reports.store";
