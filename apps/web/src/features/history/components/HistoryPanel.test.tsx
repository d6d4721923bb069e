import type { ContactId, Message } from "@parley/protocol";
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
  onTestFinished,
  vi,
} from "vitest";
import { makeMessage } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { resetFeedbackDebounce, setFeedback } from "../../../lib/feedback";
import { formatFullTime } from "../../../lib/time";
import { HistoryPanel } from "./HistoryPanel";

/*
 * SPEC §2 "Chat history search panel" and §4 "Search panel": a chat's messages by tab and
 * by words, 20 a page (§9), text copied, pictures in a grid, files in a table.
 */
const SLOW_MS = 20_000;
const WIDE = window.innerWidth;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
  // jsdom has no pseudo-elements; the drawer's scroll lock measures one to size the bar.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
});
const toast = vi.fn();
beforeEach(() => {
  toast.mockClear();
  resetFeedbackDebounce();
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

const bob = {
  id: 2,
  user_id: 2,
  realname: "Bob",
  displayName: "Bob Lee",
  account: "bob",
  avatar: "",
  name_py: "bob",
};

/** Message n of the tab asked for: text escaped as the server stores it, or a file. */
function messageOf(type: string, n: number): Message {
  const base = makeMessage(n, 2, { fromUser: bob, toContactId: 1 });
  switch (type) {
    case "image":
      return { ...base, type: "image", content: `/files/p${n}.png` };
    case "video":
      return {
        ...base,
        type: "video",
        content: `/files/v${n}.mp4`,
        fileName: `clip ${n}.mp4`,
      };
    case "file":
      return {
        ...base,
        type: "file",
        content: `/files/f${n}`,
        fileName: `Report ${n}.pdf`,
        fileSize: 2048,
        download: `/files/f${n}?download=1`,
      };
    default:
      return {
        ...base,
        content: `Lunch at &lt;b&gt;noon&lt;/b&gt;? #${n}`,
      };
  }
}

type Body = Record<string, unknown>;

/** The server: `total` messages of each tab, at most `rows` a page, newest first. */
function serve({ total = 45, rows = 3, failFirst = false } = {}) {
  const calls: Body[] = [];
  let failed = false;
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body = JSON.parse(
        typeof init?.body === "string" ? init.body : "{}",
      ) as Body;
      let answer: object = { code: 0, data: "", msg: "" };
      if (path === "/enterprise/im/getMessageList") {
        calls.push(body);
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
          const type = String(body.type);
          const data = Array.from({ length }, (_, i) =>
            messageOf(type, total - (page - 1) * limit - i),
          );
          answer = { code: 0, data, count: total, page: 1, msg: "" };
        }
      }
      return Promise.resolve(
        new Response(JSON.stringify({ count: 0, page: 1, ...answer })),
      );
    }),
  );
  return calls;
}

function renderPanel(
  contactId: ContactId | null = 2,
  onJump: (m: Message) => void = () => undefined,
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <HistoryPanel
          contactId={contactId}
          open
          onClose={onClose}
          onJump={onJump}
        />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

const firstPage = {
  toContactId: 2,
  is_group: 0,
  type: "all",
  keywords: "",
  page: 1,
  limit: 20,
};

describe("the chat history panel", () => {
  it(
    "lists the newest messages with avatar, real name and full send time, as text",
    async () => {
      const calls = serve();
      renderPanel();
      expect(await screen.findByText("Chat history")).toBeInTheDocument();
      const list = await screen.findByRole("list", { name: "Messages" });
      const entries = within(list).getAllByTestId("history-entry");
      expect(entries).toHaveLength(3);
      expect(calls[0]).toEqual(firstPage);

      const first = entries[0] as HTMLElement;
      expect(within(first).getByText("Bob Lee")).toBeInTheDocument();
      expect(
        within(first).getByText(
          formatFullTime(makeMessage(45, 2).sendTime, "en"),
        ),
      ).toBeInTheDocument();
      // Stored HTML is shown as its text, never as markup.
      expect(
        within(first).getByText("Lunch at <b>noon</b>? #45"),
      ).toBeInTheDocument();
      expect(first.querySelector("b")).toBeNull();
      expect(screen.getByText("45 found")).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "asks a group's history as a group",
    async () => {
      const calls = serve();
      renderPanel("group-9");
      await screen.findByRole("list", { name: "Messages" });
      expect(calls[0]).toEqual({
        ...firstPage,
        toContactId: "group-9",
        is_group: 1,
      });
    },
    SLOW_MS,
  );

  it(
    "goes back to page 1 of the tab's type when the tab changes",
    async () => {
      const calls = serve();
      renderPanel();
      await screen.findByRole("list", { name: "Messages" });
      await userEvent.click(screen.getByTitle("3"));
      await waitFor(() =>
        expect(calls.at(-1)).toEqual({ ...firstPage, page: 3 }),
      );

      const expected: Array<[string, string]> = [
        ["Images", "image"],
        ["Videos", "video"],
        ["Files", "file"],
        ["Text", "text"],
        ["All", "all"],
      ];
      for (const [label, type] of expected) {
        await userEvent.click(screen.getByRole("tab", { name: label }));
        await waitFor(() =>
          expect(calls.at(-1)).toEqual({ ...firstPage, type, page: 1 }),
        );
        // Off page 1 again, so the next tab has a page to reset.
        if (type === "file") {
          await userEvent.click(await screen.findByTitle("2"));
          await waitFor(() =>
            expect(calls.at(-1)).toEqual({ ...firstPage, type, page: 2 }),
          );
        }
      }
    },
    SLOW_MS,
  );

  it(
    "hides the pager when 20 messages or fewer match, and shows it from 21",
    async () => {
      serve({ total: 20 });
      renderPanel();
      await screen.findByRole("list", { name: "Messages" });
      expect(screen.queryByRole("list", { name: /pagination/i })).toBeNull();
      expect(screen.queryByTitle("1")).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "shows the pager at 21 messages",
    async () => {
      serve({ total: 21 });
      renderPanel();
      await screen.findByRole("list", { name: "Messages" });
      expect(screen.getByTitle("1")).toBeInTheDocument();
      expect(screen.getByTitle("2")).toBeInTheDocument();
      expect(screen.queryByTitle("3")).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "searches the words typed, from page 1, and marks them in the text",
    async () => {
      const calls = serve();
      renderPanel();
      await screen.findByRole("list", { name: "Messages" });
      await userEvent.click(screen.getByTitle("2"));
      await waitFor(() => expect(calls.at(-1)).toMatchObject({ page: 2 }));

      const box = screen.getByLabelText("Search messages in this chat");
      await userEvent.type(box, "  Noon {Enter}");
      await waitFor(() =>
        expect(calls.at(-1)).toEqual({ ...firstPage, keywords: "Noon" }),
      );
      await waitFor(() =>
        expect(document.querySelectorAll("mark").length).toBeGreaterThanOrEqual(
          3,
        ),
      );
      expect(document.querySelector("mark")).toHaveTextContent(/^noon$/);

      await userEvent.clear(box);
      await userEvent.type(box, "lunch");
      await userEvent.click(screen.getByRole("button", { name: "Search" }));
      await waitFor(() =>
        expect(calls.at(-1)).toEqual({ ...firstPage, keywords: "lunch" }),
      );
    },
    SLOW_MS,
  );

  it(
    "copies a text message as plain text and says so",
    async () => {
      serve();
      const writeText = vi.fn(() => Promise.resolve());
      // jsdom has no clipboard: this one stands in for the test's length.
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText },
        configurable: true,
      });
      onTestFinished(() => {
        Reflect.deleteProperty(navigator, "clipboard");
      });
      renderPanel();
      const list = await screen.findByRole("list", { name: "Messages" });
      const [first] = within(list).getAllByTestId("history-entry");
      await userEvent.click(
        within(first as HTMLElement).getByRole("button", { name: "Copy text" }),
      );
      expect(writeText).toHaveBeenCalledWith("Lunch at <b>noon</b>? #45");
      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith(
          expect.objectContaining({
            type: "success",
            content: "Copied successfully!",
          }),
        ),
      );
    },
    SLOW_MS,
  );

  it(
    "brings a message into view in the chat when it is clicked",
    async () => {
      serve();
      const onJump = vi.fn();
      renderPanel(2, onJump);
      await userEvent.click(
        await screen.findByText("Lunch at <b>noon</b>? #44"),
      );
      expect(onJump).toHaveBeenCalledWith(
        expect.objectContaining({ msg_id: 44 }),
      );
      const [first] = screen.getAllByRole("button", { name: "Show in chat" });
      await userEvent.click(first as HTMLElement);
      expect(onJump).toHaveBeenLastCalledWith(
        expect.objectContaining({ msg_id: 45 }),
      );
    },
    SLOW_MS,
  );

  it(
    "takes the whole width on a phone, and steps aside when a message is picked",
    async () => {
      window.innerWidth = 390;
      serve();
      const onJump = vi.fn();
      const { onClose } = renderPanel(2, onJump);
      await userEvent.click(
        await screen.findByText("Lunch at <b>noon</b>? #44"),
      );
      expect(onJump).toHaveBeenCalledWith(
        expect.objectContaining({ msg_id: 44 }),
      );
      expect(onClose).toHaveBeenCalled();
      // The count gives the tabs its room.
      expect(screen.queryByText("45 found")).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "lists files in a table: name, upload time, size, uploader, download",
    async () => {
      serve();
      renderPanel();
      await screen.findByRole("list", { name: "Messages" });
      await userEvent.click(screen.getByRole("tab", { name: "Files" }));
      // Role queries walk the whole table in jsdom (slow): the cells are read directly.
      const table = (await screen.findByText("Report 45.pdf")).closest("table");
      if (!table) throw new Error("no table");
      const headers = Array.from(table.querySelectorAll("thead th")).map(
        (h) => h.textContent,
      );
      expect(headers).toEqual([
        "File name",
        "Upload time",
        "Size",
        "Uploader",
        "Download",
      ]);
      const row = within(table).getByText("Report 45.pdf").closest("tr");
      if (!row) throw new Error("no row");
      const cells = Array.from(row.querySelectorAll("td")).map(
        (c) => c.textContent,
      );
      expect(cells.slice(0, 4)).toEqual([
        "Report 45.pdf",
        formatFullTime(makeMessage(45, 2).sendTime, "en"),
        "2K",
        "Bob Lee",
      ]);
      const link = row.querySelector("a");
      expect(link).toHaveAttribute("href", "/files/f45?download=1");
      expect(link).toHaveAttribute("download", "Report 45.pdf");
      expect(link).toHaveAccessibleName("Download Report 45.pdf");
    },
    SLOW_MS,
  );

  it(
    "shows pictures as thumbnails, enlarged with the sender and date",
    async () => {
      serve();
      renderPanel();
      await screen.findByRole("list", { name: "Messages" });
      await userEvent.click(screen.getByRole("tab", { name: "Images" }));
      const grid = await screen.findByRole("list", { name: "Pictures" });
      const thumbs = within(grid).getAllByRole("button");
      expect(thumbs).toHaveLength(3);
      expect(thumbs[0]?.querySelector("img")).toHaveAttribute(
        "src",
        "/files/p45.png?thumb=1",
      );
      await userEvent.click(thumbs[1] as HTMLElement);
      const caption = await screen.findByTestId("picture-caption");
      expect(caption).toHaveTextContent("Bob Lee");
      expect(caption).toHaveTextContent(
        formatFullTime(makeMessage(44, 2).sendTime, "en"),
      );
    },
    SLOW_MS,
  );

  it(
    "plays videos in place, with the sender and time",
    async () => {
      serve();
      renderPanel();
      await screen.findByRole("list", { name: "Messages" });
      await userEvent.click(screen.getByRole("tab", { name: "Videos" }));
      const [video] = await screen.findAllByTestId("history-video");
      expect(video).toHaveAttribute("src", "/files/v45.mp4");
      expect(video).toHaveAttribute("preload", "metadata");
      expect(screen.getAllByText("Bob Lee").length).toBeGreaterThan(0);
    },
    SLOW_MS,
  );

  it(
    "says what is missing: no match for the words, no pictures yet",
    async () => {
      serve({ total: 0 });
      renderPanel();
      expect(
        await screen.findByText("No messages in this chat yet"),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole("tab", { name: "Images" }));
      expect(
        await screen.findByText("No pictures in this chat yet"),
      ).toBeInTheDocument();
      await userEvent.type(
        screen.getByLabelText("Search messages in this chat"),
        "sunset{Enter}",
      );
      expect(
        await screen.findByText("No messages found for “sunset”"),
      ).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole("button", { name: "Clear the search" }),
      );
      expect(
        await screen.findByText("No pictures in this chat yet"),
      ).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "says when the history could not be loaded, and tries again",
    async () => {
      serve({ failFirst: true });
      renderPanel();
      expect(
        await screen.findByText("The chat history couldn't be loaded."),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole("button", { name: "Try again" }));
      expect(
        await screen.findByRole("list", { name: "Messages" }),
      ).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "asks nothing without an open chat",
    async () => {
      const calls = serve();
      renderPanel(null);
      expect(
        await screen.findByText("Open a chat to search its history."),
      ).toBeInTheDocument();
      expect(calls).toHaveLength(0);
    },
    SLOW_MS,
  );
});
