import { clsx } from "clsx";
import {
  CloseOutlined,
  DownloadOutlined,
  FileOutlined,
  PauseCircleFilled,
  PlayCircleFilled,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { formatFileSize } from "@parley/protocol";
import { Button } from "antd";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyPart } from "../../../lib/lazy-parts";
import { clipLength, fitBox, type MediaBody } from "./media";
import styles from "./media.module.css";
import type { PictureProps, UploadProgressProps } from "./media-parts";

// antd's image preview and progress come with the first picture or upload a screen draws
// (issue 14, F1): until then the thumbnail is a plain image, the progress not yet shown. A
// click on the plain image is kept: the preview opens once its code has come (on a slow
// link or a busy machine the first click would otherwise do nothing).
// A file's icon by its kind comes with the first file message drawn: a plain one until then.
const FileTypeIcon = lazyPart<{ name: string }>(
  () => import("./file-icons").then((m) => m.FileTypeIcon),
  () => <FileOutlined />,
);
const ZoomablePicture = lazyPart<PictureProps>(
  () => import("./media-parts").then((m) => m.ZoomablePicture),
  ({ thumb, width, height, alt, onAskEarly }) => (
    <img
      className={clsx("ant-image-img", styles.zoomable)}
      src={thumb}
      width={width}
      height={height}
      alt={alt}
      loading="lazy"
      onClick={onAskEarly}
    />
  ),
);
const UploadProgress = lazyPart<UploadProgressProps>(
  () => import("./media-parts").then((m) => m.UploadProgress),
  () => null,
);

/** An upload under way: how far it got, and how to stop it. */
export interface UploadState {
  /** 0 to 1 */
  progress: number;
  onCancel: () => void;
}

interface Props {
  media: MediaBody;
  mine: boolean;
  upload?: UploadState | undefined;
}

/** A message's file drawn in the list: picture, voice clip, video or file card. */
export function MediaContent({ media, mine, upload }: Props) {
  switch (media.kind) {
    case "image":
      return (
        <Uploading upload={upload}>
          <Picture media={media} />
        </Uploading>
      );
    case "voice":
      return (
        <Uploading upload={upload}>
          <VoiceClip url={media.url} seconds={media.seconds} mine={mine} />
        </Uploading>
      );
    case "video":
      return (
        <Uploading upload={upload}>
          <VideoClip media={media} />
        </Uploading>
      );
    case "file":
      return <FileCard media={media} mine={mine} upload={upload} />;
  }
}

/** A picture in its own shape, small until clicked: the enlarged preview shows the original. */
function Picture({ media }: { media: Extract<MediaBody, { kind: "image" }> }) {
  const { t } = useTranslation("messages");
  const box = fitBox(media.width, media.height, media.sticker ? 120 : 240);
  const [askedEarly, setAskedEarly] = useState(false);
  return (
    <span
      className={media.sticker ? styles.sticker : styles.picture}
      style={box}
      data-testid="message-image"
    >
      <ZoomablePicture
        thumb={media.thumb}
        original={media.url}
        width={box.width}
        height={box.height}
        alt={media.name || t("media.picture")}
        askedEarly={askedEarly}
        onAskEarly={() => setAskedEarly(true)}
      />
    </span>
  );
}

/** A voice clip: play and pause, how far it has played, its length. */
function VoiceClip({
  url,
  seconds,
  mine,
}: {
  url: string;
  seconds: number;
  mine: boolean;
}) {
  const { t } = useTranslation("messages");
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [played, setPlayed] = useState(0);
  const [length, setLength] = useState(seconds);
  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setPlaying(false));
    else el.pause();
  };
  const share = length > 0 ? Math.min(1, played / length) : 0;
  return (
    <span className={mine ? styles.voiceMine : styles.voice}>
      <button
        type="button"
        className={styles.voiceButton}
        aria-label={t(playing ? "media.pause" : "media.play")}
        onClick={toggle}
      >
        {playing ? <PauseCircleFilled /> : <PlayCircleFilled />}
      </button>
      <span className={styles.voiceTrack} aria-hidden>
        <span
          className={styles.voiceDone}
          style={{ width: `${String(share * 100)}%` }}
        />
      </span>
      <span className={styles.voiceLength}>
        {clipLength(playing || played > 0 ? played : length)}
      </span>
      <audio
        ref={audio}
        src={url}
        preload="none"
        data-testid="voice-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPlayed(0);
        }}
        onTimeUpdate={(e) => setPlayed(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          const d = e.currentTarget.duration;
          if (Number.isFinite(d) && d > 0) setLength(d);
        }}
      />
    </span>
  );
}

/** A video: the browser's own player, its poster the first frame. */
function VideoClip({
  media,
}: {
  media: Extract<MediaBody, { kind: "video" }>;
}) {
  const { t } = useTranslation("messages");
  return (
    <span className={styles.video}>
      <video
        src={media.url}
        controls
        preload="metadata"
        playsInline
        aria-label={media.name || t("media.video")}
        data-testid="message-video"
      />
      {media.seconds > 0 && (
        <span className={styles.videoLength}>
          <VideoCameraOutlined /> {clipLength(media.seconds)}
        </span>
      )}
    </span>
  );
}

/** A file: its icon, name and size, and a download; while uploading, its progress and cancel. */
function FileCard({
  media,
  mine,
  upload,
}: {
  media: Extract<MediaBody, { kind: "file" }>;
  mine: boolean;
  upload?: UploadState | undefined;
}) {
  const { t } = useTranslation("messages");
  return (
    <span
      className={mine ? styles.fileMine : styles.file}
      data-testid="message-file"
    >
      <span className={styles.fileIcon} aria-hidden>
        <FileTypeIcon name={media.name} />
      </span>
      <span className={styles.fileText}>
        <span className={styles.fileName} title={media.name}>
          {media.name}
        </span>
        <span className={styles.fileSize}>{formatFileSize(media.size)}</span>
        {upload && (
          <UploadProgress
            ring={false}
            percent={Math.round(upload.progress * 100)}
            label={t("media.uploading", { name: media.name })}
          />
        )}
      </span>
      {upload ? (
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t("media.cancel")}
          onClick={upload.onCancel}
        />
      ) : (
        media.download !== "" && (
          <a
            className={styles.fileDownload}
            href={media.download}
            download={media.name}
            aria-label={t("media.download", { name: media.name })}
          >
            <DownloadOutlined />
          </a>
        )
      )}
    </span>
  );
}

/** Media being uploaded: dimmed under a progress ring with a cancel button. */
function Uploading({
  upload,
  children,
}: {
  upload?: UploadState | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation("messages");
  const [shown, setShown] = useState(false);
  // A fast upload ends before the ring would be noticed: it appears only after a moment.
  useEffect(() => {
    if (!upload) return;
    const timer = setTimeout(() => setShown(true), 150);
    return () => clearTimeout(timer);
  }, [upload]);
  if (!upload) return <>{children}</>;
  return (
    <span className={styles.uploading}>
      {children}
      <span className={styles.uploadMask}>
        {shown && (
          <UploadProgress
            ring
            percent={Math.round(upload.progress * 100)}
            label={t("media.uploading", { name: "" })}
          />
        )}
        <Button
          shape="circle"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t("media.cancel")}
          onClick={upload.onCancel}
        />
      </span>
    </span>
  );
}
