import type { Favourite } from "@parley/protocol";
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
import { makeMessage } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { resetFeedbackDebounce, setFeedback } from "../../../lib/feedback";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import { FavouritesPanel } from "./FavouritesPanel";

/*
 * My favourites: saved messages newest first, 20 a page, each opening its chat or
 * removed after a yes; a new user is told how to save one.
 */
const SLOW_MS = 20_000;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
const toast = vi.fn();
beforeEach(() => {
  toast.mockClear();
  resetFeedbackDebounce();
  setFeedback({
    message: { open: toast } as unknown as MessageInstance,
    modal: {} as unknown as HookAPI,
  });
  useChatUiStore.setState({ pane: "favourites", openContactId: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setFeedback(null);
});

const SAVED_AT = 1_714_550_400_000;

/** Favourite n: a text from Bob in a 1:1 chat, a picture in group 9, or a file. */
function favourite(n: number): Favourite {
  const kind = n % 3;
  const base = makeMessage(n, 2, {
    fromUser: {
      id: 2,
      user_id: 2,
      realname: "Bob",
      displayName: "Bob Lee",
      account: "bob",
      avatar: "",
      name_py: "bob",
    },
    toContactId: 2,
  });
  const message =
    kind === 1
      ? { ...base, content: `See you at &lt;noon&gt; #${n}` }
      : kind === 2
        ? {
            ...base,
            type: "image",
            content: `/files/p${n}.png`,
            toContactId: "group-9",
            is_group: 1,
          }
        : {
            ...base,
            type: "file",
            content: `/files/f${n}`,
            fileName: `Plan ${n}.pdf`,
            fileSize: 3 * 1024 * 1024,
            download: `/files/f${n}?download=1`,
          };
  return { id: 500 + n, saved_at: SAVED_AT, message };
}

type Body = Record<string, unknown>;

/** The server: `total` favourites, at most `rows` a page; removing one forgets it. */
function serve({ total = 3, rows = 3 } = {}) {
  const calls: Array<{ path: string; body: Body }> = [];
  const removed = new Set<number>();
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body = JSON.parse(
        typeof init?.body === "string" ? init.body : "{}",
      ) as Body;
      calls.push({ path, body });
      let answer: object = { code: 0, data: "", msg: "" };
      if (path === "/enterprise/collect/index") {
        const page = Number(body.page);
        const limit = Number(body.limit);
        const all = Array.from({ length: total }, (_, i) =>
          favourite(i + 1),
        ).filter((f) => !removed.has(f.id));
        const data = all.slice((page - 1) * limit, (page - 1) * limit + rows);
        answer = { code: 0, data, count: all.length, page, msg: "" };
      }
      if (path === "/enterprise/collect/del") {
        removed.add(Number(body.id));
        answer = { code: 0, data: "", msg: "Removed" };
      }
      return Promise.resolve(
        new Response(JSON.stringify({ count: 0, page: 1, ...answer })),
      );
    }),
  );
  return calls;
}

const listCalls = (calls: ReturnType<typeof serve>) =>
  calls
    .filter((c) => c.path === "/enterprise/collect/index")
    .map((c) => c.body);

function renderPanel() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <FavouritesPanel />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("my favourites", () => {
  it(
    "lists what I saved: sender, date saved, text, picture and file",
    async () => {
      const calls = serve();
      renderPanel();
      expect(
        screen.getByRole("heading", { name: "Favourites" }),
      ).toBeInTheDocument();
      const list = await screen.findByRole("list", { name: "Saved messages" });
      expect(listCalls(calls)[0]).toEqual({ page: 1, limit: 20 });
      expect(screen.getByText("3 saved")).toBeInTheDocument();

      const cards = within(list).getAllByTestId("favourite");
      expect(cards).toHaveLength(3);
      const [text, picture, file] = cards as [
        HTMLElement,
        HTMLElement,
        HTMLElement,
      ];
      expect(within(text).getByText("Bob Lee")).toBeInTheDocument();
      const savedOn = new Intl.DateTimeFormat("en", {
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }).format(SAVED_AT);
      expect(within(text).getByText(`Saved ${savedOn}`)).toBeInTheDocument();
      // Stored HTML is shown as its text.
      expect(
        within(text).getByText("See you at <noon> #1"),
      ).toBeInTheDocument();
      expect(picture.querySelector("img")).toHaveAttribute(
        "src",
        "/files/p2.png?thumb=1",
      );
      expect(within(file).getByText("Plan 3.pdf")).toBeInTheDocument();
      expect(within(file).getByText("File · 3M")).toBeInTheDocument();
      expect(
        within(file).getByRole("link", { name: "Download Plan 3.pdf" }),
      ).toHaveAttribute("href", "/files/f3?download=1");
    },
    SLOW_MS,
  );

  it(
    "opens the chat a favourite is in",
    async () => {
      serve();
      renderPanel();
      const list = await screen.findByRole("list", { name: "Saved messages" });
      const [, picture] = within(list).getAllByTestId("favourite");
      await userEvent.click(
        within(picture as HTMLElement).getByRole("button", {
          name: /Open chat/,
        }),
      );
      expect(useChatUiStore.getState().openContactId).toBe("group-9");
      expect(useChatUiStore.getState().pane).toBe("chats");
    },
    SLOW_MS,
  );

  it(
    "removes a favourite after a yes, and the list follows",
    async () => {
      const calls = serve();
      renderPanel();
      const list = await screen.findByRole("list", { name: "Saved messages" });
      const [first] = within(list).getAllByTestId("favourite");
      await userEvent.click(
        within(first as HTMLElement).getByRole("button", { name: /Remove/ }),
      );
      expect(
        await screen.findByText("Remove this message from your favourites?"),
      ).toBeInTheDocument();
      // Nothing goes before the yes.
      expect(calls.some((c) => c.path === "/enterprise/collect/del")).toBe(
        false,
      );
      const popup = screen
        .getByText("Remove this message from your favourites?")
        .closest(".ant-popover");
      if (!(popup instanceof HTMLElement)) throw new Error("no popup");
      await userEvent.click(
        within(popup).getByRole("button", { name: "Remove" }),
      );

      await waitFor(() =>
        expect(within(list).getAllByTestId("favourite")).toHaveLength(2),
      );
      expect(
        calls.find((c) => c.path === "/enterprise/collect/del")?.body,
      ).toEqual({ id: 501 });
      expect(screen.queryByText("See you at <noon> #1")).toBeNull();
      expect(await screen.findByText("2 saved")).toBeInTheDocument();
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ type: "success", content: "Removed" }),
      );
    },
    SLOW_MS,
  );

  it(
    "tells a new user how to save a message, with no pager",
    async () => {
      serve({ total: 0 });
      renderPanel();
      expect(await screen.findByText("No favourites yet")).toBeInTheDocument();
      expect(
        screen.getByText(
          "Right-click a message and choose “Add to favourites” to keep it here.",
        ),
      ).toBeInTheDocument();
      expect(screen.queryByTitle("1")).toBeNull();
      expect(screen.queryByText("0 saved")).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "hides the pager when all 20 fit on one page",
    async () => {
      serve({ total: 20 });
      renderPanel();
      await screen.findByRole("list", { name: "Saved messages" });
      expect(screen.queryByTitle("1")).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "turns to page 2 when there are more than 20",
    async () => {
      const calls = serve({ total: 21 });
      renderPanel();
      await screen.findByRole("list", { name: "Saved messages" });
      await userEvent.click(screen.getByTitle("2"));
      await waitFor(() =>
        expect(listCalls(calls).at(-1)).toEqual({ page: 2, limit: 20 }),
      );
      expect(screen.queryByTitle("3")).toBeNull();
    },
    SLOW_MS,
  );
});
