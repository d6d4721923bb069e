/*
 * The group QR poster of SPEC §2 and §9: 500×720 on screen, drawn at twice that (1000×1440)
 * for the download. The screen's poster (HTML) and the downloaded one (a canvas) are laid
 * out from the same numbers here, so the file looks like what was shown.
 */

/** Positions and sizes in poster units (CSS px on screen); `y` of a text is its middle. */
export const POSTER = {
  width: 500,
  height: 720,
  /** The download is drawn at this many pixels per unit: 1000×1440. */
  downloadScale: 2,
  avatar: { top: 40, size: 88, ring: 4 },
  name: { y: 166, size: 24, maxWidth: 420 },
  members: { y: 198, size: 15, maxWidth: 420 },
  card: { x: 40, y: 232, width: 420, height: 448, radius: 16 },
  qr: { top: 264, size: 296 },
  hint: { y: 606, size: 17, minSize: 12, maxWidth: 372 },
  expiry: { y: 638, size: 14, minSize: 11, maxWidth: 372 },
  footer: { y: 700, size: 13, maxWidth: 420 },
  colors: {
    top: "#1f6feb",
    bottom: "#5b93f5",
    onBrand: "#ffffff",
    onBrandSoft: "rgba(255, 255, 255, 0.82)",
    card: "#ffffff",
    ink: "#1f2329",
    muted: "#8a919f",
    qr: "#111827",
    avatar: "#7aa7f7",
  },
} as const;

/** The fonts the poster is drawn with when the page's own cannot be read. */
export const POSTER_FONTS =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif';

/** A QR code's modules: `dark(row, col)` for row and col below `size`. */
export interface QrModules {
  size: number;
  dark: (row: number, col: number) => boolean;
}

/**
 * The QR's side in whole pixels at a scale, and its offset inside the poster's QR box: a
 * whole number of pixels per module keeps every module the same size, so it scans well.
 */
export function qrFit(
  modules: number,
  box: number,
): { module: number; side: number; offset: number } {
  const module = Math.max(1, Math.floor(box / modules));
  const side = module * modules;
  return { module, side, offset: Math.floor((box - side) / 2) };
}

/** The dark modules as one SVG path in module units (a run of a row is one rectangle). */
export function qrPath(qr: QrModules): string {
  const parts: string[] = [];
  for (let row = 0; row < qr.size; row += 1) {
    let col = 0;
    while (col < qr.size) {
      if (!qr.dark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.dark(row, col)) col += 1;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join("");
}

/** The user-perceived characters of a text (an emoji or a CJK character is one). */
function graphemes(text: string): string[] {
  if (typeof Intl.Segmenter === "function") {
    return Array.from(
      new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text),
      (s) => s.segment,
    );
  }
  return Array.from(text);
}

/** The first character of a name, for an avatar without a picture. */
export function firstCharacter(name: string): string {
  return graphemes(name.trim())[0] ?? "";
}

/**
 * The longest start of `text` that fits `maxWidth` with an ellipsis, or `text` when it fits
 * whole; never cuts inside a character.
 */
export function fitText(
  measure: (text: string) => number,
  text: string,
  maxWidth: number,
): string {
  if (measure(text) <= maxWidth) return text;
  const chars = graphemes(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join("").trimEnd()}…`) <= maxWidth)
      low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join("").trimEnd()}…`;
}

/** The width of a text in a CSS font (a canvas's `measureText`), in that font's pixels. */
export type Measure = (text: string, font: string) => number;

/** A line of the poster: where it sits, its size, how wide it may be, how small it may get. */
export interface PosterSpot {
  y: number;
  size: number;
  maxWidth: number;
  minSize?: number;
}

/** A CSS font of the poster at `size` units. */
export function posterFont(weight: 400 | 600, size: number): string {
  return `${weight} ${size}px ${POSTER_FONTS}`;
}

/**
 * A line as the poster shows it, in poster units: a smaller size down to `minSize` when the
 * text is too wide (a long translation of the hint), then an ellipsis (a long group name).
 * Without a way to measure (no canvas), the text as it is; the page's CSS cuts it instead.
 */
export function fitLine(
  measure: Measure | null,
  value: string,
  spot: PosterSpot,
  weight: 400 | 600,
): { text: string; size: number } {
  if (!measure) return { text: value, size: spot.size };
  let size = spot.size;
  while (
    spot.minSize !== undefined &&
    size > spot.minSize &&
    measure(value, posterFont(weight, size)) > spot.maxWidth
  )
    size -= 1;
  const font = posterFont(weight, size);
  return {
    text: fitText((t) => measure(t, font), value, spot.maxWidth),
    size,
  };
}

/**
 * How much the 500×720 poster is scaled to fit a window (the modal's title, buttons and
 * margins around it): 1 where it fits, less on a phone or a short window.
 */
export function posterScale(windowWidth: number, windowHeight: number): number {
  // antd keeps a modal 16 px (phones) or 32 px narrower than the window, with our padding.
  const width = windowWidth - (windowWidth < 576 ? 16 : 32) - 2 * 16;
  const height = windowHeight - 180;
  const scale = Math.min(1, width / POSTER.width, height / POSTER.height);
  return Math.max(0.3, Math.floor(scale * 1000) / 1000);
}

/**
 * The group's last valid day as people read it ("November 30", "11月30日"), from the
 * server's `qrExpire` (`m-d`, UTC); the year is the one that puts it within the coming days.
 * Anything else is shown as the server sent it.
 */
export function formatQrExpire(
  qrExpire: string,
  locale: string,
  now: number,
): string {
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(qrExpire);
  if (!match) return qrExpire;
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return qrExpire;
  const year = new Date(now).getUTCFullYear();
  // Seen in late December, a day in early January is next year's.
  const thisYear = Date.UTC(year, month - 1, day);
  const date =
    thisYear < now - 31 * 24 * 60 * 60 * 1000
      ? Date.UTC(year + 1, month - 1, day)
      : thisYear;
  return new Intl.DateTimeFormat(locale, {
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/** The downloaded file's name: the group's name without what file systems refuse. */
export function posterFileName(groupName: string): string {
  const cleaned = Array.from(groupName)
    .filter((c) => c >= " " && c !== "\u007f" && !/[\\/:*?"<>|]/.test(c))
    .join("")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  return `${cleaned || "group"}.png`;
}

/** The QR's link as a phone must see it: absolute, on the page's host when the server gave a path. */
export function absoluteLink(qrUrl: string, pageUrl: string): string {
  return new URL(qrUrl, pageUrl).href;
}

/** What the poster says and shows, in the reader's language. */
export interface PosterContent {
  name: string;
  members: string;
  hint: string;
  expiry: string;
  footer: string;
  qr: QrModules;
  /** The group's avatar, loaded; null draws the name's first character instead. */
  avatar: CanvasImageSource | null;
  /** The avatar's size in pixels, to crop it square. */
  avatarSize?: { width: number; height: number };
}

/** The part of a canvas's 2D context the poster uses (tests pass a recorder). */
export type PosterCanvas = Pick<
  CanvasRenderingContext2D,
  | "arc"
  | "beginPath"
  | "clip"
  | "closePath"
  | "createLinearGradient"
  | "drawImage"
  | "fill"
  | "fillRect"
  | "fillText"
  | "measureText"
  | "restore"
  | "roundRect"
  | "save"
  | "font"
  | "fillStyle"
  | "textAlign"
  | "textBaseline"
  | "shadowBlur"
  | "shadowColor"
  | "shadowOffsetY"
>;

/** Draws the poster at `scale` pixels per unit (2 for the download). */
export function drawPoster(
  ctx: PosterCanvas,
  content: PosterContent,
  scale: number,
): void {
  const px = (units: number) => units * scale;
  const { colors } = POSTER;
  const width = px(POSTER.width);
  const center = width / 2;

  const background = ctx.createLinearGradient(0, 0, 0, px(POSTER.height));
  background.addColorStop(0, colors.top);
  background.addColorStop(1, colors.bottom);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, px(POSTER.height));

  drawAvatar(ctx, content, px);

  // Lines are fitted in poster units, as on the screen, then drawn at the scale.
  const measure: Measure = (value, font) => {
    ctx.font = font;
    return ctx.measureText(value).width;
  };
  const text = (
    value: string,
    spot: PosterSpot,
    color: string,
    weight: 400 | 600,
  ) => {
    const line = fitLine(measure, value, spot, weight);
    ctx.font = posterFont(weight, px(line.size));
    ctx.fillStyle = color;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(line.text, center, px(spot.y));
  };
  text(content.name, POSTER.name, colors.onBrand, 600);
  text(content.members, POSTER.members, colors.onBrandSoft, 400);

  const { card } = POSTER;
  ctx.save();
  ctx.shadowColor = "rgba(15, 35, 80, 0.18)";
  ctx.shadowBlur = px(24);
  ctx.shadowOffsetY = px(6);
  ctx.fillStyle = colors.card;
  ctx.beginPath();
  ctx.roundRect(
    px(card.x),
    px(card.y),
    px(card.width),
    px(card.height),
    px(card.radius),
  );
  ctx.fill();
  ctx.restore();

  // Whole device pixels per module: the file's QR is as sharp as the printer allows.
  const box = Math.round(px(POSTER.qr.size));
  const fit = qrFit(content.qr.size, box);
  const left = Math.round(center - box / 2) + fit.offset;
  const top = Math.round(px(POSTER.qr.top)) + fit.offset;
  ctx.fillStyle = colors.qr;
  for (let row = 0; row < content.qr.size; row += 1)
    for (let col = 0; col < content.qr.size; col += 1)
      if (content.qr.dark(row, col))
        ctx.fillRect(
          left + col * fit.module,
          top + row * fit.module,
          fit.module,
          fit.module,
        );

  text(content.hint, POSTER.hint, colors.ink, 600);
  text(content.expiry, POSTER.expiry, colors.muted, 400);
  if (content.footer)
    text(content.footer, POSTER.footer, colors.onBrandSoft, 400);
}

function drawAvatar(
  ctx: PosterCanvas,
  content: PosterContent,
  px: (units: number) => number,
): void {
  const { avatar, colors } = POSTER;
  const cx = px(POSTER.width / 2);
  const cy = px(avatar.top + avatar.size / 2);
  const radius = px(avatar.size / 2);

  ctx.fillStyle = "rgba(255, 255, 255, 0.9)";
  ctx.beginPath();
  ctx.arc(cx, cy, radius + px(avatar.ring), 0, Math.PI * 2);
  ctx.closePath();
  ctx.fill();

  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  ctx.closePath();
  ctx.clip();
  if (content.avatar) {
    // Cropped to the middle square, as the round avatars everywhere else are.
    const { width, height } = content.avatarSize ?? { width: 1, height: 1 };
    const side = Math.min(width, height);
    ctx.drawImage(
      content.avatar,
      (width - side) / 2,
      (height - side) / 2,
      side,
      side,
      cx - radius,
      cy - radius,
      radius * 2,
      radius * 2,
    );
  } else {
    ctx.fillStyle = colors.avatar;
    ctx.fillRect(cx - radius, cy - radius, radius * 2, radius * 2);
    ctx.fillStyle = colors.onBrand;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = posterFont(600, px(36));
    ctx.fillText(firstCharacter(content.name), cx, cy);
  }
  ctx.restore();
}

/** A canvas the poster can be drawn on (a test passes its own). */
export interface PosterTarget {
  width: number;
  height: number;
  getContext(kind: "2d"): PosterCanvas | null;
  toBlob(callback: (blob: Blob | null) => void, type?: string): void;
}

/** The poster as a 1000×1440 PNG. */
export async function renderPosterPng(
  content: PosterContent,
  canvas: PosterTarget,
): Promise<Blob> {
  const scale = POSTER.downloadScale;
  canvas.width = POSTER.width * scale;
  canvas.height = POSTER.height * scale;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("this browser cannot draw on a canvas");
  drawPoster(ctx, content, scale);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error("the canvas gave no PNG"));
    }, "image/png");
  });
}
