import { DownloadOutlined } from "@ant-design/icons";
import { Image, Progress } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

/** A picture's thumbnail, at the size its box was given. */
export interface PictureProps {
  thumb: string;
  /** The original, shown enlarged when the thumbnail is clicked. */
  original: string;
  width: number;
  height: number;
  alt: string;
  /** Clicked before the preview's code arrived: it opens enlarged as soon as it has. */
  askedEarly?: boolean;
  /** A click on the stand-in thumbnail, before the preview's code arrived. */
  onAskEarly?: () => void;
}

/**
 * The enlarged picture's toolbar: antd's actions (zoom, rotate, flip) and a download of
 * the original under its name (issue 51 item 18).
 */
export function PreviewActions({
  actions,
  src,
  name,
}: {
  actions: ReactNode;
  src: string;
  name: string;
}) {
  const { t } = useTranslation("messages");
  const label = t("media.download", { name });
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 12 }}>
      {actions}
      <a
        href={src}
        download={name}
        aria-label={label}
        title={label}
        style={{
          display: "inline-flex",
          alignItems: "center",
          justifyContent: "center",
          width: 44,
          height: 44,
          borderRadius: 22,
          background: "rgba(0, 0, 0, 0.1)",
          color: "rgba(255, 255, 255, 0.85)",
          fontSize: 18,
        }}
      >
        <DownloadOutlined aria-hidden />
      </a>
    </div>
  );
}

/** The thumbnail with antd's enlarged preview (zoom, rotate, download) on a click. */
export function ZoomablePicture({
  thumb,
  original,
  width,
  height,
  alt,
  askedEarly = false,
}: PictureProps) {
  const [open, setOpen] = useState(askedEarly);
  return (
    <Image
      src={thumb}
      width={width}
      height={height}
      alt={alt}
      loading="lazy"
      preview={{
        src: original,
        open,
        onOpenChange: setOpen,
        actionsRender: (actions) => (
          <PreviewActions actions={actions} src={original} name={alt} />
        ),
      }}
    />
  );
}

/** How far an upload got: a bar under a file's name, or a ring over a picture or clip. */
export interface UploadProgressProps {
  percent: number;
  ring: boolean;
  label: string;
}

export function UploadProgress({ percent, ring, label }: UploadProgressProps) {
  return ring ? (
    <Progress type="circle" size={44} percent={percent} aria-label={label} />
  ) : (
    <Progress percent={percent} size="small" aria-label={label} />
  );
}
