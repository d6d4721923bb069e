import {
  type ChatParty,
  type ConsoleMessage,
  type GlobalConfig,
  MASKED_CONTENT,
} from "@parley/protocol";
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
  makeMessage,
  makeUserInfo,
} from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { resetFeedbackDebounce, setFeedback } from "../../../lib/feedback";
import { useSessionStore } from "../../../stores/session.store";
import { systemInfoQuery } from "../../system";
import { MessageCentrePage } from "./MessageCentrePage";

/*
 * The message centre as an administrator uses it: the newest messages of every chat until
 * a user is chosen, then that user's chats, then one conversation searched on the server;
 * any message masked or deleted for everyone after a yes; nothing of that in demo mode.
 */

// antd is slow to draw lists, selects and pop-ups in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

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
});
afterEach(() => {
  vi.unstubAllGlobals();
  setFeedback(null);
});

function party(
  id: number | string,
  name: string,
  patch: Partial<ChatParty> = {},
): ChatParty {
  return {
    id,
    user_id: typeof id === "number" ? id : 0,
    is_group: typeof id === "number" ? 0 : 1,
    realname: name,
    displayName: name,
    account: typeof id === "number" ? name.toLowerCase() : "",
    avatar: "",
    name_py: name.toLowerCase(),
    email: "",
    last_login_ip: "",
    lastSendTime: 0,
    ...patch,
  };
}

const ALICE = party(2, "Alice");
const BOB = party(3, "Bob");
const BOOK_CLUB = party("group-9", "Book club", {
  lastSendTime: 1_714_550_400_000,
});

/** Message `n` from Alice: text by default, `toName` the chat it went to. */
function message(
  n: number,
  patch: Partial<ConsoleMessage> = {},
): ConsoleMessage {
  return {
    ...makeMessage(n, 2, {
      id: `c${String(n)}`,
      fromUser: {
        id: 2,
        user_id: 2,
        realname: "Alice",
        displayName: "Alice",
        account: "alice",
        avatar: "",
        name_py: "alice",
      },
    }),
    toName: "Bob",
    create_time: "2024-05-01 10:00:00",
    ...patch,
  };
}

/** The conversation of Alice in the book club: a text, a picture and a file. */
const CONVERSATION = [
  message(1, {
    content: "Chapter &lt;3&gt; tonight",
    toName: "Book club",
    is_group: 1,
    toContactId: "group-9",
  }),
  message(2, {
    type: "image",
    content: "/files/11",
    preview: "/files/11",
    toName: "Book club",
    is_group: 1,
  }),
  message(3, {
    type: "file",
    content: "/files/12",
    fileName: "Reading plan.pdf",
    fileSize: 3 * 1024 * 1024,
    download: "/files/12?download=1",
    toName: "Book club",
    is_group: 1,
  }),
];

type Body = Record<string, unknown>;

/**
 * The server: users Alice and Bob; Alice's chats; the newest messages (a full page from
 * msg_id 100 down, then a short one); a conversation; masking and deleting change what it
 * answers next.
 */
function serve() {
  const calls: Array<{ path: string; body: Body }> = [];
  let conversation = CONVERSATION;
  let recent = Array.from({ length: 23 }, (_, i) =>
    message(100 - i, { content: `News ${String(100 - i)}` }),
  );
  const dealt = (body: Body, rows: ConsoleMessage[]) =>
    body.dealType === 1
      ? rows.filter((m) => m.msg_id !== body.msg_id)
      : rows.map((m) =>
          m.msg_id === body.msg_id
            ? { ...m, type: "text", content: MASKED_CONTENT }
            : m,
        );
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body = JSON.parse(
        typeof init?.body === "string" ? init.body : "{}",
      ) as Body;
      calls.push({ path, body });
      let answer: object = { code: 0, data: "", msg: "OK" };
      switch (path) {
        case "/manage/message/getContacts": {
          const rows = body.user_id === 2 ? [BOB, BOOK_CLUB] : [ALICE, BOB];
          answer = { code: 0, data: rows, count: rows.length, msg: "" };
          break;
        }
        case "/manage/message/index": {
          if (body.user_id !== undefined) {
            answer = {
              code: 0,
              data: conversation,
              count: conversation.length,
              msg: "",
            };
            break;
          }
          const below =
            typeof body.last_id === "number" ? body.last_id : Infinity;
          const rows = recent.filter((m) => m.msg_id < below).slice(0, 20);
          answer = { code: 0, data: rows, count: rows.length, msg: "" };
          break;
        }
        case "/manage/message/dealMsg":
          conversation = dealt(body, conversation);
          recent = dealt(body, recent);
          break;
      }
      return Promise.resolve(
        new Response(JSON.stringify({ count: 0, page: 1, ...answer })),
      );
    }),
  );
  return calls;
}

const bodiesTo = (calls: ReturnType<typeof serve>, path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);
const messageBodies = (calls: ReturnType<typeof serve>) =>
  bodiesTo(calls, "/manage/message/index");

function renderPage(config: Partial<GlobalConfig> = {}) {
  useSessionStore.getState().signIn({
    authToken: "bearer t",
    sessionId: "1",
    userInfo: makeUserInfo({ user_id: 1, role: 1 }),
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  client.setQueryData(systemInfoQuery.queryKey, makeConfig(config));
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MessageCentrePage />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The rows of a message list, once it shows. */
async function rowsOf(label: string): Promise<HTMLElement[]> {
  const list = await screen.findByRole(
    "list",
    { name: label },
    { timeout: 5000 },
  );
  return within(list).getAllByTestId("console-message");
}

/** The row that says `text`. */
function rowSaying(text: string): HTMLElement {
  const row = screen.getByText(text).closest("li");
  if (!(row instanceof HTMLElement)) throw new Error(`no row "${text}"`);
  return row;
}

/** The open confirmation pop-up that says `text`. */
function popupSaying(text: string): HTMLElement {
  const popup = screen.getByText(text).closest(".ant-popover");
  if (!(popup instanceof HTMLElement)) throw new Error("no pop-up");
  return popup;
}

/** Chooses Alice, then her book club, and waits for its messages. */
async function openBookClub(): Promise<HTMLElement[]> {
  const users = await screen.findByRole("list", { name: "Users" });
  await userEvent.click(await within(users).findByText("Alice"));
  const chats = await screen.findByRole("list", { name: "Chats of Alice" });
  await userEvent.click(await within(chats).findByText("Book club"));
  return rowsOf("Messages of this chat");
}

describe("the message centre", () => {
  it("shows the newest messages of every chat until a user is chosen, older ones on request", async () => {
    const calls = serve();
    renderPage();
    expect(
      await screen.findByText("Search for a user to read their chats"),
    ).toBeInTheDocument();
    expect(await rowsOf("Newest messages")).toHaveLength(20);
    expect(messageBodies(calls)).toEqual([
      { is_group: -1, type: "all", keywords: "", page: 1, limit: 20 },
    ]);

    await userEvent.click(screen.getByText("Load older"));
    await waitFor(() =>
      expect(screen.getAllByTestId("console-message")).toHaveLength(23),
    );
    expect(messageBodies(calls).at(-1)).toEqual({
      is_group: -1,
      type: "all",
      keywords: "",
      page: 1,
      limit: 20,
      last_id: 81,
    });
    expect(screen.getByText("There are no older messages")).toBeInTheDocument();

    await userEvent.click(screen.getByText("Groups"));
    await waitFor(() =>
      expect(messageBodies(calls).at(-1)).toEqual({
        is_group: 2,
        type: "all",
        keywords: "",
        page: 1,
        limit: 20,
      }),
    );
  });

  it("reads one conversation: a user, then one of their chats, searched on the server", async () => {
    const calls = serve();
    renderPage();
    const rows = await openBookClub();
    expect(bodiesTo(calls, "/manage/message/getContacts")).toContainEqual({
      user_id: 2,
      keywords: "",
      page: 1,
      limit: 20,
    });
    expect(messageBodies(calls).at(-1)).toEqual({
      user_id: 2,
      toContactId: "group-9",
      is_group: -1,
      type: "all",
      keywords: "",
      page: 1,
      limit: 20,
    });
    expect(screen.getByText("Alice and Book club")).toBeInTheDocument();

    const [text, picture, file] = rows as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // The server's escaped HTML shows as the text it stands for.
    expect(within(text).getByText("Chapter <3> tonight")).toBeInTheDocument();
    expect(within(text).getByText("to Book club")).toBeInTheDocument();
    expect(within(text).getByText("Alice")).toBeInTheDocument();
    expect(picture.querySelector("img")).toHaveAttribute(
      "src",
      "/files/11?thumb=1",
    );
    expect(within(file).getByText("Reading plan.pdf")).toBeInTheDocument();
    expect(within(file).getByText("3M")).toBeInTheDocument();
    expect(
      within(file).getByLabelText("Download Reading plan.pdf"),
    ).toHaveAttribute("href", "/files/12?download=1");

    await userEvent.type(
      screen.getByLabelText("Search this chat"),
      "chapter{Enter}",
    );
    await waitFor(() =>
      expect(messageBodies(calls).at(-1)).toMatchObject({
        user_id: 2,
        toContactId: "group-9",
        keywords: "chapter",
      }),
    );
  });

  it("masks a message for everyone after a yes, and the row shows the mask", async () => {
    const calls = serve();
    renderPage();
    await openBookClub();
    const row = rowSaying("Chapter <3> tonight");
    await userEvent.click(
      within(row).getByLabelText("Mask the message from Alice"),
    );
    expect(
      await screen.findByText("Mask this message for everyone?"),
    ).toBeInTheDocument();
    expect(bodiesTo(calls, "/manage/message/dealMsg")).toEqual([]);
    await userEvent.click(
      within(popupSaying("Mask this message for everyone?")).getByRole(
        "button",
        { name: "Mask" },
      ),
    );
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/message/dealMsg")).toEqual([
        { id: "c1", msg_id: 1, dealType: 2 },
      ]),
    );
    const masked = rowSaying(MASKED_CONTENT);
    expect(within(masked).getByText("Masked")).toBeInTheDocument();
    expect(screen.queryByText("Chapter <3> tonight")).toBeNull();
    // A masked message cannot be masked again; it can still be deleted.
    expect(
      within(masked).queryByLabelText("Mask the message from Alice"),
    ).toBeNull();
    expect(
      within(masked).getByLabelText("Delete the message from Alice"),
    ).toBeEnabled();
  });

  it("deletes a message for everyone after a yes, and the row goes", async () => {
    const calls = serve();
    renderPage();
    await rowsOf("Newest messages");
    await userEvent.click(
      within(rowSaying("News 100")).getByLabelText(
        "Delete the message from Alice",
      ),
    );
    await userEvent.click(
      within(popupSaying("Delete this message for everyone?")).getByRole(
        "button",
        { name: "Delete" },
      ),
    );
    await waitFor(() => expect(screen.queryByText("News 100")).toBeNull());
    expect(bodiesTo(calls, "/manage/message/dealMsg")).toEqual([
      { id: "c100", msg_id: 100, dealType: 1 },
    ]);
    expect(screen.getByText("News 99")).toBeInTheDocument();
  });

  it("in demo mode says so, and nothing can be masked or deleted", async () => {
    const calls = serve();
    renderPage({ demon_mode: 1 });
    await rowsOf("Newest messages");
    expect(
      screen.getByText(
        "This is a demo: you can look around, but nothing here can be changed.",
      ),
    ).toBeInTheDocument();
    const row = rowSaying("News 100");
    expect(
      within(row).getByLabelText("Mask the message from Alice"),
    ).toBeDisabled();
    expect(
      within(row).getByLabelText("Delete the message from Alice"),
    ).toBeDisabled();
    // Reading still works.
    await openBookClub();
    expect(
      within(rowSaying("Chapter <3> tonight")).getByLabelText(
        "Mask the message from Alice",
      ),
    ).toBeDisabled();
    expect(bodiesTo(calls, "/manage/message/dealMsg")).toEqual([]);
  });
});
