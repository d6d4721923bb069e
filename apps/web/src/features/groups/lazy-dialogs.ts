import type { ComponentProps } from "react";
import { lazyDialog, lazyPart } from "../../lib/lazy-parts";
import { GroupTitleName } from "./components/GroupTitleName";
import type { GroupPanel as Panel } from "./components/GroupPanel";
import type { GroupPanelDrawer as PanelDrawer } from "./components/GroupPanelDrawer";
import type { GroupQrPoster as Poster } from "./components/GroupQrPoster";
import type { GroupSettingsDialog as Settings } from "./components/GroupSettingsDialog";
import type { GroupTitle as Title } from "./components/GroupTitle";
import type { BrowseGroupsDialogProps } from "./components/BrowseGroupsDialog";
import type { MemberPickerDialog as Picker } from "./components/MemberPickerDialog";
import type { MuteDialog as Mute } from "./components/MuteDialog";
import type { NoticeDialog as Notice } from "./components/NoticeDialog";

// A group's panel and dialogs are fetched when first opened, not with every chat; its
// title bar's controls with the first group chat opened (a one-to-one chat needs none).

/** The title bar of a group chat: its name until the controls' code is here. */
export const GroupTitle = lazyPart<ComponentProps<typeof Title>>(
  () => import("./components/GroupTitle").then((m) => m.GroupTitle),
  GroupTitleName,
);

/** The member list beside or over a group chat; shown while mounted. */
export const GroupPanel = lazyDialog<ComponentProps<typeof Panel>>(
  () => import("./components/GroupPanel").then((m) => m.GroupPanel),
  { useOpen: () => true, onFailed: () => undefined },
);

/** The member panel over a narrow chat, fetched when first slid open. */
export const GroupPanelDrawer = lazyDialog<ComponentProps<typeof PanelDrawer>>(
  () => import("./components/GroupPanelDrawer").then((m) => m.GroupPanelDrawer),
  { useOpen: (props) => props.open, onFailed: (props) => props.onClose() },
);

export const GroupQrPoster = lazyDialog<ComponentProps<typeof Poster>>(
  () => import("./components/GroupQrPoster").then((m) => m.GroupQrPoster),
  { useOpen: (props) => props.open, onFailed: (props) => props.onClose() },
);

export const GroupSettingsDialog = lazyDialog<ComponentProps<typeof Settings>>(
  () =>
    import("./components/GroupSettingsDialog").then(
      (m) => m.GroupSettingsDialog,
    ),
  { useOpen: (props) => props.open, onFailed: (props) => props.onClose() },
);

export const MemberPickerDialog = lazyDialog<ComponentProps<typeof Picker>>(
  () =>
    import("./components/MemberPickerDialog").then((m) => m.MemberPickerDialog),
  {
    useOpen: (props) => props.target !== null,
    onFailed: (props) => props.onClose(),
  },
);

export const MuteDialog = lazyDialog<ComponentProps<typeof Mute>>(
  () => import("./components/MuteDialog").then((m) => m.MuteDialog),
  {
    useOpen: (props) => props.member !== null,
    onFailed: (props) => props.onClose(),
  },
);

export const NoticeDialog = lazyDialog<ComponentProps<typeof Notice>>(
  () => import("./components/NoticeDialog").then((m) => m.NoticeDialog),
  { useOpen: (props) => props.open, onFailed: (props) => props.onClose() },
);

/** The directory of public groups (issue 45), fetched when first opened. */
export const BrowseGroupsDialog = lazyDialog<BrowseGroupsDialogProps>(
  () =>
    import("./components/BrowseGroupsDialog").then((m) => m.BrowseGroupsDialog),
  { useOpen: (props) => props.open, onFailed: (props) => props.onClose() },
);
