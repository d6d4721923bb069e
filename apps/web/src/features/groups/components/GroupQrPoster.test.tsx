import type { GroupInfo } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import { makeConfig } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { systemInfoQuery } from "../../system";
import { GroupQrPoster } from "./GroupQrPoster";

/*
 * The group QR poster (SPEC §2, §9): the group's name, its QR, the link's expiry, and a
 * Download that draws the poster at 1000×1440 as a PNG named after the group. jsdom has no
 * canvas: a recording 2D context stands in for it, so what is drawn can still be checked.
 * The modal's opening animation never ends in jsdom, so texts are found, not "visible".
 */
beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
beforeEach(() => {
  // antd's Avatar watches its size; jsdom lays nothing out, so nothing ever changes.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe = () => undefined;
      unobserve = () => undefined;
      disconnect = () => undefined;
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const info = (patch: Partial<GroupInfo> = {}): GroupInfo => ({
  group_id: 7,
  id: "group-7",
  name: "Launch team",
  displayName: "Launch team",
  name_py: "launchteam",
  avatar: "",
  owner_id: 1,
  ownerName: "Olivia",
  userInfo: {
    id: 1,
    displayName: "Olivia",
    account: "olivia",
    name_py: "olivia",
    avatar: "",
  },
  notice: "",
  description: "",
  setting: {
    manage: "0",
    invite: "1",
    nospeak: "0",
    profile: "1",
    history: "0",
    public: "0",
  },
  groupUserCount: 3,
  isJoin: 1,
  qrUrl: "/scan/g/eyJkIjp7ImciOjcsInUiOjF9LCJlIjoxfQ.c2lnbmF0dXJl",
  qrExpire: "11-30",
  status: 1,
  create_time: 1_700_000_000_000,
  ...patch,
});

/** The server answers groupInfo with `answer` (an envelope's code and data). */
function serve(answer: { code: number; data: unknown; msg?: string }) {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          key: answer.code === 0 ? "ok" : "group.notFound",
          msg: answer.msg ?? "",
          count: 0,
          page: 0,
          ...answer,
        }),
      ),
    ),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** A 2D context that measures text (a CJK character 1 em, others 0.6) and records what it draws. */
function stubCanvas() {
  const drawn: string[] = [];
  const ctx = {
    font: "10px x",
    fillStyle: "",
    textAlign: "start",
    textBaseline: "alphabetic",
    shadowBlur: 0,
    shadowColor: "",
    shadowOffsetY: 0,
    measureText(text: string) {
      const size = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 10);
      const em = Array.from(text).reduce(
        (sum, c) => sum + (/[\u3000-\u9fff]/.test(c) ? 1 : 0.6),
        0,
      );
      return { width: em * size };
    },
    fillText: (text: string) => {
      drawn.push(text);
    },
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    ...Object.fromEntries(
      [
        "arc",
        "beginPath",
        "clip",
        "closePath",
        "drawImage",
        "fill",
        "fillRect",
        "restore",
        "roundRect",
        "save",
      ].map((name) => [name, () => undefined]),
    ),
  };
  const sizes: Array<[number, number]> = [];
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    // The recorder stands in for the parts of a 2D context the poster uses.
    () => ctx as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation(function (
    this: HTMLCanvasElement,
    done: BlobCallback,
    type?: string,
  ) {
    sizes.push([this.width, this.height]);
    done(new Blob(["\x89PNG"], { type: type ?? "" }));
  });
  return { drawn, sizes };
}

/** Catches the file the page hands the browser: its name and its blob. */
function catchDownloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    next += 1;
    const url = `blob:poster-${String(next)}`;
    // The page only ever hands a Blob here.
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute("href") ?? "");
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

function renderPoster(cached?: GroupInfo) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  client.setQueryData(systemInfoQuery.queryKey, makeConfig());
  if (cached) client.setQueryData(["groups", 7, "info"], cached);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <GroupQrPoster groupId={7} open onClose={onClose} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

describe("the group QR poster", () => {
  it("shows the group's name, member count, QR and expiry, from a fresh link", async () => {
    stubCanvas();
    const fetch = serve({ code: 0, data: info() });
    renderPoster();
    const dialog = await screen.findByRole("dialog", { name: "Group QR code" });
    const qr = await within(dialog).findByRole(
      "img",
      { name: "QR code to join Launch team" },
      { timeout: 5000 },
    );
    expect(qr.querySelector("path")?.getAttribute("d")).toMatch(/^M\d/);
    expect(within(dialog).getByText("Launch team")).toBeInTheDocument();
    expect(within(dialog).getByText("3 members")).toBeInTheDocument();
    expect(
      within(dialog).getByText("Scan the QR code to join the group"),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Valid for 7 days, until November 30"),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Parley")).toBeInTheDocument();
    // Opening asked the server for the group's card afresh (a new 7-day link).
    expect(fetch).toHaveBeenCalledWith(
      "/enterprise/group/groupInfo",
      expect.anything(),
    );
  });

  it("cuts a long name with an ellipsis and keeps the whole name as its title", async () => {
    stubCanvas();
    const name = "产品研发中心第一小组讨论群产品研发中心第一小组讨论";
    serve({ code: 0, data: info({ name, displayName: name }) });
    renderPoster();
    const cut = await screen.findByTitle(name, undefined, { timeout: 5000 });
    expect(cut.textContent).toMatch(/^产品.*…$/);
  });

  it("downloads a 1000×1440 PNG named after the group", async () => {
    const { drawn, sizes } = stubCanvas();
    const saved = catchDownloads();
    serve({ code: 0, data: info() });
    renderPoster();
    await screen.findByRole(
      "img",
      { name: "QR code to join Launch team" },
      { timeout: 5000 },
    );
    await userEvent.click(screen.getByRole("button", { name: /Download/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe("Launch team.png");
    expect(saved[0]?.blob.type).toBe("image/png");
    expect(sizes).toEqual([[1000, 1440]]);
    expect(drawn).toEqual(
      expect.arrayContaining([
        "Launch team",
        "Valid for 7 days, until November 30",
      ]),
    );
  });

  it("never shows the link the title bar loaded earlier, only a fresh one", async () => {
    stubCanvas();
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPoster(info({ name: "Old name", displayName: "Old name" }));
    expect(
      await screen.findByRole("status", { name: "Loading the group QR code" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Old name")).toBeNull();
  });

  it("shows a spinner while the link loads", () => {
    stubCanvas();
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPoster();
    expect(
      screen.getByRole("status", { name: "Loading the group QR code" }),
    ).toBeInTheDocument();
  });

  it("says the QR could not be loaded, with a way to try again", async () => {
    stubCanvas();
    const fetch = serve({
      code: 400,
      data: "",
      msg: "This group doesn't exist",
    });
    renderPoster();
    expect(
      await screen.findByText("The group QR code could not be loaded"),
    ).toBeInTheDocument();
    const calls = fetch.mock.calls.length;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
  });
});
