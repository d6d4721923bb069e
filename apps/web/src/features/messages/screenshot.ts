/**
 * Pictures the editor sends as screenshots (SPEC §2: sent as jpeg): a pasted picture or a
 * frame of a shared screen, drawn on white (JPEG has no transparency) and encoded in the
 * browser.
 */

/** The JPEG quality of a screenshot: text stays sharp, the file small. */
const QUALITY = 0.9;

/** Encodes what a canvas holds as a JPEG file named like a screenshot. */
async function canvasToJpeg(canvas: HTMLCanvasElement): Promise<File> {
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", QUALITY),
  );
  if (!blob) throw new Error("The picture could not be encoded");
  return new File([blob], screenshotName(new Date()), { type: "image/jpeg" });
}

/** `screenshot-20261123-221502.jpg`, in the user's own time. */
export function screenshotName(at: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `screenshot-${String(at.getFullYear())}${two(at.getMonth() + 1)}${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}.jpg`;
}

/** A canvas the size of a picture, white under it. */
function whiteCanvas(width: number, height: number) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  return { canvas, context };
}

/** A pasted picture (often PNG with transparency) as a JPEG screenshot. */
export async function pictureToJpeg(picture: Blob): Promise<File> {
  const bitmap = await createImageBitmap(picture);
  const { canvas, context } = whiteCanvas(bitmap.width, bitmap.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvasToJpeg(canvas);
}

/**
 * Asks the browser to share a screen, window or tab, takes one frame of it and stops
 * sharing at once. Rejects when the user says no.
 */
export async function captureScreen(): Promise<File> {
  const stream = await navigator.mediaDevices.getDisplayMedia({
    video: true,
    audio: false,
  });
  try {
    const video = document.createElement("video");
    video.muted = true;
    video.srcObject = stream;
    await video.play();
    // The first frame can be black while the capture starts: wait for one drawn frame.
    await new Promise<void>((resolve) => {
      if ("requestVideoFrameCallback" in video)
        video.requestVideoFrameCallback(() => resolve());
      else setTimeout(resolve, 200);
    });
    const { canvas, context } = whiteCanvas(
      video.videoWidth,
      video.videoHeight,
    );
    context.drawImage(video, 0, 0);
    video.pause();
    return await canvasToJpeg(canvas);
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
}

/** The first picture among pasted or dropped items, if any. */
export function pastedPicture(data: DataTransfer | null): File | null {
  if (!data) return null;
  for (const file of Array.from(data.files))
    if (file.type.startsWith("image/")) return file;
  return null;
}
