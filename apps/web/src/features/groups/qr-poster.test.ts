import { describe, expect, it } from "vitest";
import {
  absoluteLink,
  drawPoster,
  firstCharacter,
  fitLine,
  fitText,
  formatQrExpire,
  type Measure,
  POSTER,
  type PosterCanvas,
  type PosterContent,
  posterFileName,
  posterScale,
  type QrModules,
  qrFit,
  qrPath,
  renderPosterPng,
} from "./qr-poster";

/** A font's size in px, from a CSS font such as `600 24px …`. */
const sizeOf = (font: string) => Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1]);

/** A stand-in for real text widths: a wide (CJK) character is 1 em, any other 0.6 em. */
const measure: Measure = (text, font) =>
  Array.from(text).reduce(
    (sum, c) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 1 : 0.6),
    0,
  ) * sizeOf(font);

/** A canvas context that records what is drawn, measuring text as above. */
function recorder() {
  const texts: Array<{ text: string; font: string; y: number }> = [];
  const rects: Array<[number, number, number, number]> = [];
  const ctx = {
    font: "",
    fillStyle: "" as PosterCanvas["fillStyle"],
    textAlign: "start" as CanvasTextAlign,
    textBaseline: "alphabetic" as CanvasTextBaseline,
    shadowBlur: 0,
    shadowColor: "",
    shadowOffsetY: 0,
    arc: () => undefined,
    beginPath: () => undefined,
    clip: () => undefined,
    closePath: () => undefined,
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    drawImage: () => undefined,
    fill: () => undefined,
    fillRect: (x: number, y: number, w: number, h: number) => {
      rects.push([x, y, w, h]);
    },
    fillText(text: string, _x: number, y: number) {
      texts.push({ text, font: this.font, y });
    },
    measureText(text: string) {
      return { width: measure(text, this.font) };
    },
    restore: () => undefined,
    roundRect: () => undefined,
    save: () => undefined,
  };
  // The recorder implements exactly the members the poster uses (PosterCanvas).
  return { ctx: ctx as unknown as PosterCanvas, texts, rects };
}

/** A QR-like matrix: a checkerboard of `size` modules. */
const checkerboard = (size: number): QrModules => ({
  size,
  dark: (row, col) => (row + col) % 2 === 0,
});

const content = (patch: Partial<PosterContent> = {}): PosterContent => ({
  name: "Launch team",
  members: "3 members",
  hint: "Scan the QR code to join the group",
  expiry: "Valid for 7 days, until November 30",
  footer: "Parley",
  qr: checkerboard(45),
  avatar: null,
  ...patch,
});

describe("the QR's modules", () => {
  it("gives every module the same whole number of pixels, centred in the box", () => {
    expect(qrFit(45, 592)).toEqual({ module: 13, side: 585, offset: 3 });
    expect(qrFit(29, 296)).toEqual({ module: 10, side: 290, offset: 3 });
    expect(qrFit(400, 296).module).toBe(1);
  });

  it("draws each run of dark modules in a row as one rectangle", () => {
    const qr: QrModules = {
      size: 3,
      dark: (row, col) =>
        [
          [1, 1, 0],
          [0, 0, 0],
          [1, 0, 1],
        ][row]?.[col] === 1,
    };
    expect(qrPath(qr)).toBe("M0 0h2v1h-2zM0 2h1v1h-1zM2 2h1v1h-1z");
  });
});

describe("fitting a line", () => {
  const width = (text: string) => measure(text, "400 10px x");

  it("keeps a text that fits", () => {
    expect(fitText(width, "Launch team", 100)).toBe("Launch team");
  });

  it("cuts a long text with an ellipsis, within the width", () => {
    const cut = fitText(width, "A very long group name indeed", 60);
    expect(cut).toMatch(/…$/);
    expect(width(cut)).toBeLessThanOrEqual(60);
    expect(width(`${cut.slice(0, -1)}x…`)).toBeGreaterThan(60);
  });

  it("never cuts inside a character (CJK, emoji)", () => {
    expect(fitText(width, "产品研发中心第一小组讨论群", 50)).toBe("产品研发…");
    const cut = fitText(width, "👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦 family", 20);
    expect(cut.replace("…", "")).not.toMatch(/\u200d$/);
  });

  it("shrinks a long hint down to its smallest size before cutting it", () => {
    const spot = { y: 0, size: 17, minSize: 12, maxWidth: 200 };
    expect(fitLine(measure, "Short hint", spot, 600)).toEqual({
      text: "Short hint",
      size: 17,
    });
    const shrunk = fitLine(measure, "x".repeat(25), spot, 600);
    expect(shrunk.size).toBeLessThan(17);
    expect(shrunk.text).toBe("x".repeat(25));
    const cut = fitLine(measure, "x".repeat(60), spot, 600);
    expect(cut).toMatchObject({ size: 12 });
    expect(cut.text).toMatch(/…$/);
  });

  it("leaves the text to the page's CSS where nothing can measure", () => {
    expect(fitLine(null, "anything", POSTER.name, 600)).toEqual({
      text: "anything",
      size: POSTER.name.size,
    });
  });

  it("takes the first character of a name for a bare avatar", () => {
    expect(firstCharacter(" 产品群")).toBe("产");
    expect(firstCharacter("👩‍💻 devs")).toBe("👩‍💻");
    expect(firstCharacter("")).toBe("");
  });
});

describe("the poster's scale", () => {
  it("is 1 where 500×720 fits, smaller on a phone or a short window", () => {
    expect(posterScale(1920, 1080)).toBe(1);
    const phone = posterScale(390, 844);
    expect(phone).toBeLessThan(1);
    // A 390-px phone shows the poster across its width, within the modal's margins.
    expect(POSTER.width * phone).toBeLessThanOrEqual(390 - 16 - 32);
    expect(POSTER.width * phone).toBeGreaterThan(320);
    const short = posterScale(1280, 700);
    expect(POSTER.height * short).toBeLessThanOrEqual(700 - 180);
  });
});

describe("the expiry date", () => {
  const nov23 = Date.UTC(2025, 10, 23, 12);

  it("reads the server's m-d as a date in the reader's language", () => {
    expect(formatQrExpire("11-30", "en", nov23)).toBe("November 30");
    expect(formatQrExpire("11-30", "zh-CN", nov23)).toBe("11月30日");
  });

  it("puts an early-January day seen in late December in the new year", () => {
    const dec28 = Date.UTC(2027, 11, 28);
    // 2028 is a leap year: the 29th of February exists only there.
    expect(formatQrExpire("2-29", "en", Date.UTC(2028, 1, 25))).toBe(
      "February 29",
    );
    expect(formatQrExpire("1-4", "en", dec28)).toBe("January 4");
  });

  it("shows anything else as the server sent it", () => {
    expect(formatQrExpire("2025-11-30", "en", nov23)).toBe("2025-11-30");
    expect(formatQrExpire("13-1", "en", nov23)).toBe("13-1");
    expect(formatQrExpire("", "en", nov23)).toBe("");
  });
});

describe("the file", () => {
  it("is named after the group, without what file systems refuse", () => {
    expect(posterFileName("Launch team")).toBe("Launch team.png");
    expect(posterFileName("产品/研发: 第一组?")).toBe("产品研发 第一组.png");
    expect(posterFileName("  ..hidden.. ")).toBe("hidden.png");
    expect(posterFileName('<>:"/\\|?*')).toBe("group.png");
    expect(posterFileName("a\u0000b\nc")).toBe("abc.png");
  });

  it("links the QR absolutely, on the page's host when the server gave a path", () => {
    expect(absoluteLink("/scan/g/a.b", "http://localhost:8080/#/chat")).toBe(
      "http://localhost:8080/scan/g/a.b",
    );
    expect(
      absoluteLink("https://chat.example.com/scan/g/a.b", "http://x/#/"),
    ).toBe("https://chat.example.com/scan/g/a.b");
  });
});

describe("drawing the poster", () => {
  it("draws the name, the lines and every dark module at twice the size", () => {
    const { ctx, texts, rects } = recorder();
    drawPoster(ctx, content(), 2);
    expect(texts.map((t) => t.text)).toEqual([
      "L",
      "Launch team",
      "3 members",
      "Scan the QR code to join the group",
      "Valid for 7 days, until November 30",
      "Parley",
    ]);
    const name = texts[1];
    expect(name && sizeOf(name.font)).toBe(POSTER.name.size * 2);
    expect(name?.y).toBe(POSTER.name.y * 2);
    // The background, the bare avatar, then the checkerboard's dark modules.
    const modules = rects.slice(2);
    expect(modules).toHaveLength(Math.ceil((45 * 45) / 2));
    const side = modules[0]?.[2] ?? 0;
    expect(Number.isInteger(side)).toBe(true);
    expect(side * 45).toBeLessThanOrEqual(POSTER.qr.size * 2);
  });

  it("cuts a long CJK name to the width, as the screen does", () => {
    const { ctx, texts } = recorder();
    const name = "产品研发中心第一小组讨论群产品研发中心第一小组";
    drawPoster(ctx, content({ name }), 2);
    const drawn = texts.find((t) => t.text.startsWith("产品"));
    expect(drawn?.text).toMatch(/…$/);
    expect(measure(drawn?.text ?? "", drawn?.font ?? "")).toBeLessThanOrEqual(
      POSTER.name.maxWidth * 2,
    );
    expect(drawn?.text).toBe(fitLine(measure, name, POSTER.name, 600).text);
  });
});

describe("the download", () => {
  it("renders a 1000×1440 PNG", async () => {
    const { ctx } = recorder();
    const png = new Blob(["png"], { type: "image/png" });
    let asked = "";
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ctx,
      toBlob: (done: (blob: Blob | null) => void, type?: string) => {
        asked = type ?? "";
        done(png);
      },
    };
    await expect(renderPosterPng(content(), canvas)).resolves.toBe(png);
    expect([canvas.width, canvas.height]).toEqual([1000, 1440]);
    expect(asked).toBe("image/png");
  });

  it("fails plainly where a canvas cannot draw", async () => {
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => null,
      toBlob: () => undefined,
    };
    await expect(renderPosterPng(content(), canvas)).rejects.toThrow();
  });
});
