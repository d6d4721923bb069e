import {
  AudioOutlined,
  FolderOpenOutlined,
  HistoryOutlined,
  PictureOutlined,
  ScissorOutlined,
  SmileOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { Button, Popover, Tooltip } from "antd";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyDialog } from "../../../lib/lazy-parts";
import { VoiceRecorderDialog } from "../../files";
import { captureScreen } from "../screenshot";
import type { FileIntent } from "../send-file";
import styles from "./toolbar.module.css";

interface PickerProps {
  open: boolean;
  onPick: (emoji: string) => void;
  /** Its code could not be fetched (offline): the popover closes. */
  onFailed: () => void;
}

/** The emoji grid's code (and antd's Segmented) comes with the first opening (F1, F2). */
const EmojiPicker = lazyDialog<PickerProps>(
  () => import("./EmojiPicker").then((m) => m.EmojiPicker),
  {
    useOpen: (props) => props.open,
    onFailed: (props) => {
      props.onFailed();
    },
  },
);

interface Props {
  onEmoji: (emoji: string) => void;
  onFiles: (files: File[], intent: FileIntent, duration?: number) => void;
  /** A screenshot taken: the editor asks before sending it. */
  onScreenshot: (file: File) => void;
  /** Opens the chat's history search panel (SPEC §2 toolbar "message history"). */
  onHistory?: (() => void) | undefined;
}

/** What each file button accepts (SPEC §5: gif, jpeg and png are pictures). */
const ACCEPT: Record<"image" | "video" | "file", string> = {
  image: "image/gif,image/jpeg,image/png",
  video: "video/*",
  file: "",
};

/** Screen capture needs a secure page (https or localhost) and a desktop browser. */
function canCaptureScreen(): boolean {
  return (
    "mediaDevices" in navigator &&
    typeof navigator.mediaDevices.getDisplayMedia === "function"
  );
}

/** One toolbar button: an icon named by its tooltip. */
function Tool({
  label,
  icon,
  onClick,
  quiet = false,
  ...rest
}: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  /** No tooltip: the button's own panel is open beside it, and the tip would cover it. */
  quiet?: boolean;
}) {
  return (
    <Tooltip
      title={label}
      mouseEnterDelay={0.4}
      {...(quiet ? { open: false } : {})}
    >
      <Button
        type="text"
        icon={icon}
        aria-label={label}
        className={styles.tool}
        onClick={onClick}
        {...rest}
      />
    </Tooltip>
  );
}

/**
 * The editor toolbar (SPEC §2): emoji, screenshot, image, voice recorder, video and file.
 * Files go as chosen; the editor decides what each becomes.
 */
export function EditorToolbar({
  onEmoji,
  onFiles,
  onScreenshot,
  onHistory,
}: Props) {
  const { t } = useTranslation("messages");
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [recording, setRecording] = useState(false);
  const inputs = {
    image: useRef<HTMLInputElement>(null),
    video: useRef<HTMLInputElement>(null),
    file: useRef<HTMLInputElement>(null),
  };

  const screenshot = () => {
    captureScreen().then(onScreenshot, (error: unknown) => {
      // Saying no to sharing the screen is a choice, not an error to show.
      console.warn("Screenshot not taken", error);
    });
  };

  return (
    <div
      className={styles.toolbar}
      role="toolbar"
      aria-label={t("tools.label")}
    >
      <Popover
        open={emojiOpen}
        onOpenChange={setEmojiOpen}
        trigger="click"
        placement="topLeft"
        content={
          <EmojiPicker
            open={emojiOpen}
            onPick={(emoji) => {
              onEmoji(emoji);
            }}
            onFailed={() => {
              setEmojiOpen(false);
            }}
          />
        }
      >
        <Tool
          label={t("tools.emoji")}
          icon={<SmileOutlined />}
          quiet={emojiOpen}
        />
      </Popover>
      {canCaptureScreen() && (
        <Tool
          label={t("tools.screenshot")}
          icon={<ScissorOutlined />}
          onClick={screenshot}
        />
      )}
      <Tool
        label={t("tools.image")}
        icon={<PictureOutlined />}
        onClick={() => inputs.image.current?.click()}
      />
      <Tool
        label={t("tools.voice")}
        icon={<AudioOutlined />}
        onClick={() => setRecording(true)}
      />
      <Tool
        label={t("tools.video")}
        icon={<VideoCameraOutlined />}
        onClick={() => inputs.video.current?.click()}
      />
      <Tool
        label={t("tools.file")}
        icon={<FolderOpenOutlined />}
        onClick={() => inputs.file.current?.click()}
      />
      {onHistory && (
        <Tool
          label={t("tools.history")}
          icon={<HistoryOutlined />}
          onClick={onHistory}
        />
      )}
      {(["image", "video", "file"] as const).map((intent) => (
        <input
          key={intent}
          ref={inputs[intent]}
          type="file"
          hidden
          multiple
          accept={ACCEPT[intent] || undefined}
          data-testid={`pick-${intent}`}
          onChange={(e) => {
            const chosen = Array.from(e.currentTarget.files ?? []);
            // The same file may be chosen again next time.
            e.currentTarget.value = "";
            if (chosen.length > 0) onFiles(chosen, intent);
          }}
        />
      ))}
      <VoiceRecorderDialog
        open={recording}
        onClose={() => setRecording(false)}
        onSend={(file, seconds) => {
          setRecording(false);
          onFiles([file], "voice", seconds);
        }}
      />
    </div>
  );
}
