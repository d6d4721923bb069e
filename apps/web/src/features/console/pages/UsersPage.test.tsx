import type { ConsoleUser, GlobalConfig, UserInfo } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import { makeConfig, makeUserInfo } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { resetFeedbackDebounce, setFeedback } from "../../../lib/feedback";
import { useSessionStore } from "../../../stores/session.store";
import { systemInfoQuery } from "../../system";
import { UsersPage } from "./UsersPage";

/*
 * The console's users as an administrator uses them: the server pages, searches and sorts
 * (so every choice must reach the request), and each control shows only where the
 * capability table allows it — never disabling or deleting oneself, the role menu for super
 * administrators only, nothing that writes in demo mode.
 */

// antd is slow to draw tables and dialogs in jsdom, the more so on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

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

const CREATED = 1_714_550_400_000;

/** User `id` as the console lists them: an enabled ordinary user who logged in once. */
function consoleUser(
  id: number,
  patch: Partial<ConsoleUser> = {},
): ConsoleUser {
  const realname = patch.realname ?? `User ${id}`;
  return {
    user_id: id,
    id,
    account: `user${id}`,
    realname,
    name_py: realname.toLowerCase(),
    email: `user${id}@example.com`,
    avatar: "",
    sex: 2,
    motto: "",
    remark: "",
    role: 0,
    status: 1,
    is_auth: 0,
    friend_limit: 0,
    group_limit: 0,
    cs_uid: null,
    login_count: 3,
    last_login_ip: "203.0.113.7",
    location: "Lisbon",
    register_ip: "198.51.100.4",
    reg_location: "Porto",
    last_login_time: "2024-05-01 10:00:00",
    create_time: "2024-05-01 08:00:00",
    update_time: "2024-05-01 09:00:00",
    created_at: CREATED,
    last_login_at: CREATED + 7_200_000,
    ...patch,
  };
}

/** Me (user 1, a super administrator), Bob (a user), Carol (an administrator), Dan (disabled). */
const ROOT = consoleUser(1, { realname: "Root", account: "root", role: 1 });
const BOB = consoleUser(2, { realname: "Bob" });
const CAROL = consoleUser(3, { realname: "Carol", role: 2 });
const DAN = consoleUser(4, { realname: "Dan", status: 0 });

type Body = Record<string, unknown>;

/**
 * The server: the list holds `users` (none for the search `nobody`), `total` in all, and
 * follows each change of status, role or deletion; each request is kept, in order.
 */
function serve({
  users: initial = [ROOT, BOB, CAROL, DAN],
  total = initial.length,
}: { users?: ConsoleUser[]; total?: number } = {}) {
  let users = initial;
  const calls: Array<{ path: string; body: Body }> = [];
  const change = (id: unknown, patch: Partial<ConsoleUser>) => {
    users = users.map((u) => (u.user_id === id ? { ...u, ...patch } : u));
  };
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body = JSON.parse(
        typeof init?.body === "string" ? init.body : "{}",
      ) as Body;
      calls.push({ path, body });
      let answer: object = { code: 0, data: "", msg: "Done" };
      switch (path) {
        case "/manage/User/index": {
          const none = body.keywords === "nobody";
          answer = {
            code: 0,
            data: none ? [] : users,
            count: none ? 0 : total,
            page: body.page,
            msg: "",
          };
          break;
        }
        case "/manage/User/detail":
          answer = {
            code: 0,
            data: users.find((u) => u.user_id === body.user_id),
            msg: "",
          };
          break;
        case "/manage/User/add":
          answer = {
            code: 0,
            data: consoleUser(9, { ...body, realname: String(body.realname) }),
            msg: "Done",
          };
          break;
        case "/manage/User/setStatus":
          change(body.user_id, { status: Number(body.status) });
          break;
        case "/manage/User/setRole":
          change(body.user_id, { role: Number(body.role) });
          break;
        case "/manage/User/del":
          users = users.filter((u) => u.user_id !== body.user_id);
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
const listBodies = (calls: ReturnType<typeof serve>) =>
  bodiesTo(calls, "/manage/User/index");

function renderPage(
  me: Partial<UserInfo> = { user_id: 1, role: 1 },
  config: Partial<GlobalConfig> = {},
  address = "/manage/user",
) {
  useSessionStore.getState().signIn({
    authToken: "bearer t",
    sessionId: "1",
    userInfo: makeUserInfo(me),
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  client.setQueryData(systemInfoQuery.queryKey, makeConfig(config));
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[address]}>
          <UsersPage />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The table's row for a user, once the list has come. */
async function rowOf(name: string): Promise<HTMLElement> {
  // By label: role queries walk the whole table, which is slow under antd in jsdom.
  const button = await screen.findByLabelText(
    `Show details of ${name}`,
    {},
    { timeout: 5000 },
  );
  const row = button.closest("tr");
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${name}`);
  return row;
}

/** A column's header cell by its title (the first: antd may draw a header twice). */
function headerOf(title: string): HTMLElement {
  const cell = Array.from(document.querySelectorAll("thead th")).find(
    (th) => th.textContent === title,
  );
  if (!(cell instanceof HTMLElement)) throw new Error(`no column ${title}`);
  return cell;
}

/** The open confirmation pop-up that says `text`. */
function popupSaying(text: string): HTMLElement {
  const popup = screen.getByText(text).closest(".ant-popover");
  if (!(popup instanceof HTMLElement)) throw new Error("no pop-up");
  return popup;
}

describe("the console's users", () => {
  it("asks the server for the search, sort and page the administrator picks", async () => {
    const calls = serve({ total: 45 });
    renderPage();
    await rowOf("Bob");
    expect(listBodies(calls)[0]).toEqual({ page: 1, limit: 20, keywords: "" });
    expect(screen.getByText("45 in all")).toBeInTheDocument();

    // Enter searches at once.
    const search = screen.getByLabelText("Search users");
    await userEvent.type(search, "bob{Enter}");
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toEqual({
        page: 1,
        limit: 20,
        keywords: "bob",
      }),
    );

    fireEvent.click(headerOf("Created"));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({
        order_field: "create_time",
        order_type: 1,
      }),
    );
    fireEvent.click(headerOf("Created"));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({
        order_field: "create_time",
        order_type: 2,
      }),
    );

    // Name and account share a column: each has its own sort button.
    const header = document.querySelector("thead");
    if (!(header instanceof HTMLElement)) throw new Error("no header");
    await userEvent.click(within(header).getByTitle("Sort by Account"));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({
        order_field: "account",
        order_type: 1,
      }),
    );

    await userEvent.click(screen.getByTitle("3"));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toEqual({
        page: 3,
        limit: 20,
        keywords: "bob",
        order_field: "account",
        order_type: 1,
      }),
    );
  });

  it("searches after a pause in the typing, from page 1", async () => {
    const calls = serve({ total: 45 });
    renderPage();
    await rowOf("Bob");
    await userEvent.click(screen.getByTitle("2"));
    await waitFor(() => expect(listBodies(calls).at(-1)?.page).toBe(2));
    fireEvent.change(screen.getByLabelText("Search users"), {
      target: { value: "carol" },
    });
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toEqual({
        page: 1,
        limit: 20,
        keywords: "carol",
      }),
    );
  });

  it("says when nothing matches, and clears the search on request", async () => {
    const calls = serve();
    renderPage();
    await rowOf("Bob");
    await userEvent.type(
      screen.getByLabelText("Search users"),
      "nobody{Enter}",
    );
    expect(
      await screen.findByText("No users match your search"),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByText("Clear search"));
    await rowOf("Bob");
    expect(listBodies(calls).at(-1)).toEqual({
      page: 1,
      limit: 20,
      keywords: "",
    });
    expect(screen.getByLabelText("Search users")).toHaveValue("");
  });

  it("asks before disabling someone, then ends it with setStatus", async () => {
    const calls = serve();
    renderPage();
    const row = await rowOf("Bob");
    const toggle = within(row).getByLabelText("Bob can sign in");
    expect(toggle).toBeChecked();

    await userEvent.click(toggle);
    expect(await screen.findByText("Disable Bob?")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Their sessions end at once, and they can't sign in until enabled again.",
      ),
    ).toBeInTheDocument();
    // Nothing goes before the yes.
    expect(bodiesTo(calls, "/manage/User/setStatus")).toEqual([]);

    await userEvent.click(
      within(popupSaying("Disable Bob?")).getByRole("button", {
        name: "Disable",
      }),
    );
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/User/setStatus")).toEqual([
        { user_id: 2, status: 0 },
      ]),
    );
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        type: "success",
        content: "Bob is disabled and was signed out",
      }),
    );
  });

  it("deletes someone only after a yes", async () => {
    const calls = serve();
    renderPage();
    const row = await rowOf("Bob");
    await userEvent.click(within(row).getByLabelText("Delete Bob"));
    expect(await screen.findByText("Delete Bob?")).toBeInTheDocument();
    expect(bodiesTo(calls, "/manage/User/del")).toEqual([]);
    await userEvent.click(
      within(popupSaying("Delete Bob?")).getByRole("button", {
        name: "Delete",
      }),
    );
    await waitFor(() =>
      expect(screen.queryByLabelText("Show details of Bob")).toBeNull(),
    );
    expect(bodiesTo(calls, "/manage/User/del")).toEqual([{ user_id: 2 }]);
  });

  it("enables a disabled user at once", async () => {
    const calls = serve();
    renderPage();
    const row = await rowOf("Dan");
    await userEvent.click(within(row).getByLabelText("Dan can sign in"));
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/User/setStatus")).toEqual([
        { user_id: 4, status: 1 },
      ]),
    );
    expect(screen.queryByText("Disable Dan?")).toBeNull();
  });

  it("offers the role menu to a super administrator, and sets the role chosen", async () => {
    const calls = serve();
    renderPage({ user_id: 1, role: 1 });
    const row = await rowOf("Bob");
    await userEvent.click(within(row).getByLabelText("Change the role of Bob"));
    await userEvent.click(
      await waitFor(() => {
        const menu = document.querySelector(".ant-dropdown-menu");
        if (!(menu instanceof HTMLElement)) throw new Error("no role menu");
        return within(menu).getByText("Administrator");
      }),
    );
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/User/setRole")).toEqual([
        { user_id: 2, role: 2 },
      ]),
    );
  });

  it("gives an administrator (role 2) no role menu and no hold over other administrators", async () => {
    serve();
    renderPage({ user_id: 3, role: 2 });
    const bob = await rowOf("Bob");
    expect(screen.queryAllByLabelText(/^Change the role of/)).toEqual([]);
    // An ordinary user is theirs to manage.
    expect(within(bob).getByLabelText("Edit Bob")).toBeInTheDocument();
    expect(within(bob).getByLabelText("Delete Bob")).toBeInTheDocument();
    expect(within(bob).getByLabelText("Bob can sign in")).toBeInTheDocument();
    // A super administrator is not.
    const root = await rowOf("Root");
    expect(within(root).queryByLabelText("Edit Root")).toBe(null);
    expect(within(root).queryByRole("switch")).toBeNull();
    expect(within(root).getByText("Enabled")).toBeInTheDocument();
  });

  it("never offers to disable or delete one's own account", async () => {
    serve();
    renderPage({ user_id: 1, role: 1 });
    const me = await rowOf("Root");
    expect(within(me).getByText("You")).toBeInTheDocument();
    expect(within(me).queryByRole("switch")).toBeNull();
    expect(within(me).queryByLabelText("Delete Root")).toBe(null);
    expect(within(me).queryByLabelText("Change the role of Root")).toBeNull();
    // Editing oneself and one's password stays.
    expect(within(me).getByLabelText("Edit Root")).toBeInTheDocument();
    expect(
      within(me).getByLabelText("Reset the password of Root"),
    ).toBeInTheDocument();
    // Others still have theirs.
    const bob = await rowOf("Bob");
    expect(within(bob).getByLabelText("Delete Bob")).toBeInTheDocument();
  });

  it("refuses a 3-character account before sending anything, then adds the user", async () => {
    const calls = serve();
    renderPage();
    await rowOf("Bob");
    await userEvent.click(screen.getByText("Add user"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Account"), {
      target: { value: "abc" },
    });
    fireEvent.change(within(dialog).getByLabelText("Nickname"), {
      target: { value: "Erin" },
    });
    fireEvent.change(within(dialog).getByLabelText("Password"), {
      target: { value: "secret12" },
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(
      await within(dialog).findByText("An account is 4 to 32 characters long"),
    ).toBeInTheDocument();
    expect(bodiesTo(calls, "/manage/User/add")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Account"), {
      target: { value: "erin01" },
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/User/add")).toEqual([
        {
          account: "erin01",
          realname: "Erin",
          password: "secret12",
          email: "",
          sex: 2,
          remark: "",
          friend_limit: 0,
          group_limit: 0,
          status: 1,
          role: 0,
        },
      ]),
    );
    // The list comes afresh with the new user.
    await waitFor(() => expect(listBodies(calls)).toHaveLength(2));
  });

  it("in demo mode shows a notice and nothing that writes", async () => {
    const calls = serve();
    renderPage({ user_id: 1, role: 1 }, { demon_mode: 1 });
    const bob = await rowOf("Bob");
    expect(
      screen.getByText(
        "Demo mode: you can look around, but changes are turned off.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Add user")).toBeNull();
    expect(document.querySelectorAll("[role=switch]")).toHaveLength(0);
    expect(screen.queryByText("Actions")).toBeNull();
    expect(within(bob).getByText("Enabled")).toBeInTheDocument();
    expect(screen.queryAllByLabelText(/^(Edit|Delete|Reset|Change)/)).toEqual(
      [],
    );
    // Looking still works.
    await userEvent.click(within(bob).getByLabelText("Show details of Bob"));
    expect(await screen.findByText("198.51.100.4")).toBeInTheDocument();
    expect(bodiesTo(calls, "/manage/User/detail")).toEqual([{ user_id: 2 }]);
  });

  it("opens the edit form of the user a card's 'edit info' named, once (SPEC §2; issue 51 item 20)", async () => {
    const calls = serve();
    renderPage(undefined, undefined, "/manage/user?edit=2");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByDisplayValue("Bob")).toBeInTheDocument();
    expect(bodiesTo(calls, "/manage/User/detail")).toEqual([{ user_id: 2 }]);
  });
});
