import type Sharp from "sharp";
import type { OverlayOptions } from "sharp";
import { lazyRequire } from "../../lib/lazy-require.js";

const sharp = lazyRequire<typeof Sharp>("sharp");

/*
 * The picture of a group (wire-contract.md §5.7): up to nine members' faces in a grid, as
 * WeChat draws group avatars. A member without a readable picture is drawn as the first
 * letter of their name on a colour of their own. Pure: faces in, PNG bytes out.
 */

/** The avatar's side in pixels: clients show it at most 80 px wide, so it stays sharp on dense screens. */
export const GROUP_AVATAR_SIZE = 240;
/** How many members' faces an avatar shows. */
export const GROUP_AVATAR_FACES = 9;
/** The largest picture of a member read to draw it (a stored avatar is far smaller). */
export const FACE_SOURCE_MAX_BYTES = 2 * 1024 * 1024;

const GAP = 6;
const BACKGROUND = "#dddee0";
// A picture that decodes to more pixels than this is not drawn: a small file can be a bomb.
const FACE_PIXELS_MAX = 4096 * 4096;
const TIMEOUT_SECONDS = 10;
// Noto Sans CJK draws Latin and CJK alike (fonts-noto-cjk on Debian); the rest fall back.
const FONTS = "'Noto Sans CJK SC','Noto Sans CJK JP','Noto Sans',sans-serif";
const PALETTE = [
  "#f56a00",
  "#7265e6",
  "#ffbf00",
  "#00a2ae",
  "#1677ff",
  "#52c41a",
  "#eb2f96",
  "#fa541c",
  "#13c2c2",
  "#722ed1",
  "#2f54eb",
  "#a0d911",
];

/** One member as the avatar shows them. */
export interface Face {
  userId: number;
  name: string;
  /** Their picture's bytes, or null to draw their initial. */
  image: Buffer | null;
}

/** Where one face goes: its square's corner and side. */
export interface Cell {
  left: number;
  top: number;
  size: number;
}

/**
 * The first letter of a name as a reader sees it (one grapheme: a CJK character, an
 * accented letter), preferring a letter or digit to a leading emoji; upper case where
 * that stays one character.
 */
export function initialOf(name: string): string {
  const graphemes = graphemesOf(name.trim());
  const first =
    graphemes.find((g) => /[\p{L}\p{N}]/u.test(g)) ?? graphemes[0] ?? "?";
  const upper = first.toUpperCase();
  // "ß" would become "SS": a letter that grows keeps its own case.
  return graphemesOf(upper).length === 1 ? upper : first;
}

function graphemesOf(text: string): string[] {
  return Array.from(
    new Intl.Segmenter("und", { granularity: "grapheme" }).segment(text),
    (s) => s.segment,
  );
}

/** A member's own colour, the same on every rebuild; neighbouring ids differ. */
export function colourOf(userId: number): string {
  // Knuth's multiplicative hash spreads consecutive ids over the palette.
  const hash = Math.imul(userId, 2654435761) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? "#1677ff";
}

/**
 * WeChat's grid for `count` faces (1 to 9): one alone fills the square; up to four share two
 * columns; more share three. The first row takes what does not fill a row, centred, and the
 * rows are centred top to bottom.
 */
export function gridOf(count: number, side = GROUP_AVATAR_SIZE): Cell[] {
  const n = Math.max(1, Math.min(count, GROUP_AVATAR_FACES));
  if (n === 1) return [{ left: 0, top: 0, size: side }];
  const columns = n <= 4 ? 2 : 3;
  const rows = Math.ceil(n / columns);
  const size = Math.floor((side - GAP * (columns + 1)) / columns);
  const height = rows * size + (rows - 1) * GAP;
  const top = Math.floor((side - height) / 2);
  const firstRow = n - (rows - 1) * columns;
  const cells: Cell[] = [];
  for (let row = 0; row < rows; row += 1) {
    const inRow = row === 0 ? firstRow : columns;
    const width = inRow * size + (inRow - 1) * GAP;
    const left = Math.floor((side - width) / 2);
    for (let i = 0; i < inRow; i += 1)
      cells.push({
        left: left + i * (size + GAP),
        top: top + row * (size + GAP),
        size,
      });
  }
  return cells;
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** A member's initial on their colour; a name is text in the SVG, never markup. */
function letterTile(face: Face, size: number): Promise<Buffer> {
  const letter = initialOf(face.name).replace(
    /[&<>"']/g,
    (c) => XML_ESCAPES[c] ?? "",
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    `<rect width="100%" height="100%" fill="${colourOf(face.userId)}"/>` +
    `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="central" ` +
    `font-family="${FONTS}" font-size="${Math.round(size * 0.5)}" fill="#ffffff">` +
    `${letter}</text></svg>`;
  return sharp()(Buffer.from(svg))
    .png()
    .timeout({ seconds: TIMEOUT_SECONDS })
    .toBuffer();
}

/** A member's picture cut to a square, or their initial when it cannot be read. */
async function faceTile(face: Face, size: number): Promise<Buffer> {
  if (face.image) {
    try {
      return await sharp()(face.image, {
        limitInputPixels: FACE_PIXELS_MAX,
        failOn: "error",
      })
        .rotate()
        .resize(size, size, { fit: "cover" })
        .png()
        .timeout({ seconds: TIMEOUT_SECONDS })
        .toBuffer();
    } catch {
      // A damaged or hostile picture: the initial stands in for it.
    }
  }
  return letterTile(face, size);
}

/** The group's avatar: a square PNG of the first nine faces (owner first). */
export async function renderGroupAvatar(
  faces: readonly Face[],
): Promise<Buffer> {
  const shown = faces.slice(0, GROUP_AVATAR_FACES);
  const cells = gridOf(shown.length);
  // One face at a time: at most one decoded picture is held at once.
  const layers: OverlayOptions[] = [];
  for (const [i, face] of shown.entries()) {
    const cell = cells[i];
    if (!cell) break;
    layers.push({
      input: await faceTile(face, cell.size),
      left: cell.left,
      top: cell.top,
    });
  }
  return sharp()({
    create: {
      width: GROUP_AVATAR_SIZE,
      height: GROUP_AVATAR_SIZE,
      channels: 3,
      background: BACKGROUND,
    },
  })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .toBuffer();
}
