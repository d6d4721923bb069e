export { ChooseChatDialog } from "./components/ChooseChatDialog";
export { FileLibraryPanel } from "./components/FileLibraryPanel";
export {
  PreviewOverlay,
  type PreviewOverlayProps,
} from "./components/PreviewOverlay";
export { VoiceRecorderDialog } from "./components/VoiceRecorderDialog";
export {
  filesKey,
  forwardFile,
  libraryKey,
  useFileLibraryQuery,
  useForwardFileMutation,
} from "./files.queries";
