import { lazyDialog } from "../../lib/lazy-parts";
import type { ChooseChatDialogProps } from "./components/ChooseChatDialog";
import type { VoiceRecorderDialogProps } from "./components/VoiceRecorderDialog";

/** Forwarding's chat picker (a transfer list): fetched when first opened. */
export const ChooseChatDialog = lazyDialog<ChooseChatDialogProps>(
  () => import("./components/ChooseChatDialog").then((m) => m.ChooseChatDialog),
  { useOpen: (props) => props.open, onFailed: (props) => props.onCancel() },
);
/** The file library pane: fetched when first shown. */
export const FileLibraryPanel = lazyDialog<object>(
  () => import("./components/FileLibraryPanel").then((m) => m.FileLibraryPanel),
  { useOpen: () => true, onFailed: () => undefined },
);
/** The voice recorder: fetched when first opened. */
export const VoiceRecorderDialog = lazyDialog<VoiceRecorderDialogProps>(
  () =>
    import("./components/VoiceRecorderDialog").then(
      (m) => m.VoiceRecorderDialog,
    ),
  { useOpen: (props) => props.open, onFailed: (props) => props.onClose() },
);
export {
  PreviewOverlay,
  previewKind,
  type PreviewKind,
  type PreviewOverlayProps,
} from "./components/PreviewOverlay";
export {
  filesKey,
  forwardFile,
  libraryKey,
  useFileLibraryQuery,
  useForwardFileMutation,
} from "./files.queries";
