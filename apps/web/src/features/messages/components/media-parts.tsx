import { Image, Progress } from "antd";

/** A picture's thumbnail, at the size its box was given. */
export interface PictureProps {
  thumb: string;
  /** The original, shown enlarged when the thumbnail is clicked. */
  original: string;
  width: number;
  height: number;
  alt: string;
}

/** The thumbnail with antd's enlarged preview (zoom, rotate) on a click. */
export function ZoomablePicture({
  thumb,
  original,
  width,
  height,
  alt,
}: PictureProps) {
  return (
    <Image
      src={thumb}
      width={width}
      height={height}
      alt={alt}
      loading="lazy"
      preview={{ src: original }}
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
