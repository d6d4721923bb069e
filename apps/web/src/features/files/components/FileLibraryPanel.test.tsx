import type { FileEntry } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
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
import {
  makeConfig,
  makeContact,
  makeMessage,
} from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { resetFeedbackDebounce, setFeedback } from "../../../lib/feedback";
import { systemInfoQuery } from "../../system";
import { FileLibraryPanel } from "./FileLibraryPanel";

/*
 * SPEC §2 "File library panel": pages of my files by category and name (SPEC §9's sizes),
 * each previewed, downloaded or sent on; a first-time user is told what the panel is for.
 */
const SLOW_MS = 20_000;
const WIDE = window.innerWidth;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
const toast = vi.fn();
beforeEach(() => {
  toast.mockClear();
  resetFeedbackDebounce();
  // Only toasts are shown here; nothing opens a dialog through the feedback layer.
  setFeedback({
    message: { open: toast } as unknown as MessageInstance,
    modal: {} as unknown as HookAPI,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setFeedback(null);
  window.innerWidth = WIDE;
});

/** File n: a picture when n is 1, else a PDF (no preview). */
function entry(n: number): FileEntry {
  const picture = n === 1;
  return {
    file_id: n,
    msg_id: 100 + n,
    name: picture
      ? "屏幕截图 2024-05-01 很长很长很长的名字.png"
      : `Report ${n}.pdf`,
    size: 2048 * n,
    ext: picture ? "png" : "pdf",
    cate: picture ? 2 : 1,
    msg_type: picture ? "image" : "file",
    src: `/files/${n}`,
    preview: picture ? `/files/${n}` : "",
    download: `/files/${n}?download=1`,
    extUrl: "",
    create_time: 1_700_000_000_000,
    user_id: 2,
    user_id_info: { user_id: 2, realname: "Bob", avatar: "" },
  };
}

type Body = Record<string, unknown>;

/**
 * The server: `total` files in every category, paged as asked but at most `rows` a page
 * (few cards keep the tests quick); sends answered.
 */
function serve({ total = 45, rows = 3, failFirst = false } = {}) {
  const calls: Array<{ path: string; body: Body }> = [];
  let failed = false;
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body = JSON.parse(
        typeof init?.body === "string" ? init.body : "{}",
      ) as Body;
      calls.push({ path, body });
      let answer: object = { code: 0, data: "", msg: "" };
      if (path === "/enterprise/files/index") {
        if (failFirst && !failed) {
          failed = true;
          answer = { code: 500, data: null, msg: "Server error" };
        } else {
          const page = Number(body.page);
          const limit = Number(body.limit);
          const length = Math.max(
            0,
            Math.min(rows, limit, total - (page - 1) * limit),
          );
          const data = Array.from({ length }, (_, i) =>
            entry((page - 1) * limit + i + 1),
          );
          answer = { code: 0, data, count: total, page, msg: "" };
        }
      }
      if (path === "/enterprise/im/getContacts")
        answer = { code: 0, data: [makeContact(2, { displayName: "Bob" })] };
      if (path === "/enterprise/im/sendMessage")
        answer = {
          code: 0,
          data: makeMessage(1, 7, {
            type: "file",
            file_id: Number(body.file_id),
          }),
          msg: "",
        };
      return Promise.resolve(
        new Response(JSON.stringify({ count: 0, page: 1, ...answer })),
      );
    }),
  );
  return calls;
}

const indexCalls = (calls: ReturnType<typeof serve>) =>
  calls.filter((c) => c.path === "/enterprise/files/index").map((c) => c.body);

function renderPanel(onClose?: () => void) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  client.setQueryData(systemInfoQuery.queryKey, makeConfig());
  client.setQueryData(["contacts"], [makeContact(2, { displayName: "Bob" })]);
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <FileLibraryPanel {...(onClose ? { onClose } : {})} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const firstPage = { page: 1, limit: 20, cate: 0, is_all: 0, role: 0 };

describe("the file library panel", () => {
  it(
    "lists a page of files as cards: a picture's thumbnail, every name and size",
    async () => {
      const calls = serve({ rows: 20 });
      renderPanel();
      expect(
        screen.getByRole("heading", { name: "File list" }),
      ).toBeInTheDocument();
      const grid = await screen.findByRole("list", { name: "Files" });
      await waitFor(() =>
        expect(within(grid).getAllByTestId("file-card")).toHaveLength(20),
      );
      expect(indexCalls(calls)[0]).toEqual(firstPage);
      expect(screen.getByText("45 in all")).toBeInTheDocument();

      const [picture, pdf] = within(grid).getAllByTestId("file-card");
      if (!picture || !pdf) throw new Error("no cards");
      expect(
        within(picture).getByText("屏幕截图 2024-05-01 很长很长很长的名字.png"),
      ).toBeInTheDocument();
      expect(within(picture).getByText("2K")).toBeInTheDocument();
      const thumb = picture.querySelector("img");
      expect(thumb).toHaveAttribute("src", "/files/1?thumb=1");
      expect(thumb).toHaveAttribute("loading", "lazy");
      expect(within(pdf).getByText("Report 2.pdf")).toBeInTheDocument();
      expect(pdf.querySelector("img")).toBeNull();
      expect(
        within(pdf).getByRole("link", { name: "Download Report 2.pdf" }),
      ).toHaveAttribute("href", "/files/2?download=1");
      expect(
        within(pdf).getByRole("link", { name: "Download Report 2.pdf" }),
      ).toHaveAttribute("download", "Report 2.pdf");
      // A PDF has no preview address: its preview still opens, to say so.
      expect(
        within(pdf).getByRole("button", { name: "Preview Report 2.pdf" }),
      ).toBeEnabled();
    },
    SLOW_MS,
  );

  it(
    "asks for a category or a search from page 1, keeping the other",
    async () => {
      const calls = serve();
      renderPanel();
      await screen.findByRole("list", { name: "Files" });
      await userEvent.click(screen.getByTitle("3"));
      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toEqual({ ...firstPage, page: 3 }),
      );

      // The radio itself is hidden under its label, which takes the click.
      await userEvent.click(screen.getByText("Images"));
      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toEqual({ ...firstPage, cate: 2 }),
      );

      await userEvent.click(screen.getByTitle("2"));
      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toEqual({
          ...firstPage,
          cate: 2,
          page: 2,
        }),
      );
      await userEvent.type(
        screen.getByLabelText("Search files by name"),
        " 报告 {Enter}",
      );
      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toEqual({
          ...firstPage,
          cate: 2,
          keywords: "报告",
        }),
      );

      await userEvent.click(screen.getByTitle("2"));
      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toMatchObject({ page: 2 }),
      );
      await userEvent.clear(screen.getByLabelText("Search files by name"));
      await userEvent.type(screen.getByLabelText("Search files by name"), "Q3");
      await userEvent.click(screen.getByRole("button", { name: "Search" }));
      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toEqual({
          ...firstPage,
          cate: 2,
          keywords: "Q3",
        }),
      );
    },
    SLOW_MS,
  );

  it(
    "offers SPEC §9's page sizes, 20 to 500",
    async () => {
      const calls = serve();
      renderPanel();
      await screen.findByRole("list", { name: "Files" });
      await userEvent.click(screen.getAllByRole("combobox")[0] as Element);
      for (const size of [20, 50, 100, 200, 300, 400, 500])
        expect(
          screen.getAllByText(new RegExp(`^${size} / page$`)).length,
        ).toBeGreaterThan(0);
      await userEvent.click(screen.getAllByText("50 / page").at(-1) as Element);
      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toEqual({ ...firstPage, limit: 50 }),
      );
    },
    SLOW_MS,
  );

  it(
    "tells a new user what will appear here, with no pager",
    async () => {
      serve({ total: 0 });
      renderPanel();
      expect(await screen.findByText("No files yet")).toBeInTheDocument();
      expect(
        screen.getByText(
          /Files you send and receive in one-to-one chats appear here/,
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole("list", { name: "Files" })).toBeNull();
      expect(screen.queryByText("0 in all")).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "says when the list could not be loaded, and tries again",
    async () => {
      serve({ failFirst: true });
      renderPanel();
      expect(
        await screen.findByText("The file list couldn't be loaded."),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole("button", { name: "Try again" }));
      expect(
        await screen.findByRole("list", { name: "Files" }),
      ).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "previews a picture on a double click, in the overlay's frame",
    async () => {
      serve();
      renderPanel();
      const grid = await screen.findByRole("list", { name: "Files" });
      const [picture] = await within(grid).findAllByTestId("file-card");
      if (!picture) throw new Error("no card");
      await userEvent.dblClick(
        within(picture).getByText("屏幕截图 2024-05-01 很长很长很长的名字.png"),
      );
      // A picture is shown by an image of its own, not the frame.
      const dialog = await screen.findByRole("dialog");
      const shown = await within(dialog).findByRole("img", {
        name: "屏幕截图 2024-05-01 很长很长很长的名字.png",
      });
      expect(shown).toHaveAttribute("src", "/files/1");
      expect(dialog.querySelector("iframe")).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "says 'File not found' on a double click of a file without a preview, and offers the download",
    async () => {
      serve();
      renderPanel();
      const grid = await screen.findByRole("list", { name: "Files" });
      await userEvent.dblClick(await within(grid).findByText("Report 2.pdf"));
      const dialog = await screen.findByRole("dialog");
      expect(within(dialog).getByText("File not found")).toBeInTheDocument();
      expect(
        within(dialog).getByText(
          "This file can't be previewed. Download it to open it.",
        ),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByRole("link", { name: /Download/ }),
      ).toBeInTheDocument();
      expect(dialog.querySelector("iframe")).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "sends a file on to the chosen chat, then closes the dialog",
    async () => {
      const calls = serve();
      renderPanel();
      const grid = await screen.findByRole("list", { name: "Files" });
      await userEvent.click(
        await within(grid).findByRole("button", {
          name: "Send Report 2.pdf to a chat",
        }),
      );
      // antd's ids are all "test-id" under test, so the dialog is found by its text.
      const dialog = await screen.findByRole("dialog");
      expect(within(dialog).getByText("Send to chats")).toBeInTheDocument();
      await userEvent.click(within(dialog).getByText("Bob"));
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Add to selected" }),
      );
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Confirm" }),
      );
      await waitFor(() =>
        expect(
          calls.filter((c) => c.path === "/enterprise/im/sendMessage"),
        ).toHaveLength(1),
      );
      const sent = calls.find((c) => c.path === "/enterprise/im/sendMessage");
      expect(sent?.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        type: "file",
        content: "/files/2",
        toContactId: 2,
        is_group: 0,
        file_id: 2,
      });
      // The chats' last message comes afresh.
      await waitFor(() =>
        expect(calls.map((c) => c.path)).toContain(
          "/enterprise/im/getContacts",
        ),
      );
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          type: "success",
          content: "Sent successfully",
        }),
      );
    },
    SLOW_MS,
  );

  it(
    "on a phone, puts the categories across the top and shows the back button",
    async () => {
      window.innerWidth = 390;
      serve();
      const onClose = vi.fn();
      renderPanel(onClose);
      await screen.findByRole("list", { name: "Files" });
      expect(
        screen.getByRole("radiogroup", { name: "File types" }),
      ).toHaveAttribute("aria-orientation", "horizontal");
      await userEvent.click(screen.getByRole("button", { name: "Back" }));
      expect(onClose).toHaveBeenCalled();
    },
    SLOW_MS,
  );
});

describe("a document at the preview service (issue 51 item 8)", () => {
  it("opens another site's preview in a tab of its own, never this site's files", async () => {
    const { isElsewhere } = await import("./FileLibraryPanel");
    expect(
      isElsewhere(
        "https://preview.example/view?src=https%3A%2F%2Fchat%2Ffiles%2F4",
      ),
    ).toBe(true);
    expect(isElsewhere(`${window.location.origin}/files/4`)).toBe(false);
    expect(isElsewhere("/files/4")).toBe(false);
    expect(isElsewhere("")).toBe(false);
    expect(isElsewhere("javascript:alert(1)")).toBe(false);
  });
});
