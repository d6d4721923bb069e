import {
  type ConsoleGroup,
  type ConsoleMember,
  type ConsoleUser,
  DEFAULT_GROUP_SETTING,
  type GlobalConfig,
} from "@parley/protocol";
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
import { GroupsPage } from "./GroupsPage";

/*
 * The console's groups as an administrator uses them: the server searches, sorts and pages
 * (so each choice must reach the request); a row opens its members, where the owner can
 * only be replaced, never removed; disbanding asks first; demo mode changes nothing.
 */

// antd is slow to draw tables, drawers and pop-ups in jsdom on a busy machine.
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

const CREATED = 1_714_550_400_000;

function group(id: number, name: string, owner: string): ConsoleGroup {
  return {
    group_id: id,
    id: `group-${String(id)}`,
    name,
    name_py: name.toLowerCase(),
    avatar: "",
    owner_id: 1,
    owner_id_info: {
      user_id: 1,
      realname: owner,
      account: owner.toLowerCase(),
      avatar: "",
    },
    notice: "",
    setting: DEFAULT_GROUP_SETTING,
    members: 3,
    create_time: "2024-05-01 08:00:00",
    created_at: CREATED,
  };
}

function member(
  id: number,
  realname: string,
  role: number,
  patch: Partial<ConsoleMember> = {},
): ConsoleMember {
  return {
    user_id: id,
    realname,
    account: realname.toLowerCase(),
    avatar: "",
    role,
    muted_until: 0,
    joined_at: CREATED,
    ...patch,
  };
}

/** Eve, a user the add-members search finds. */
const EVE: ConsoleUser = {
  user_id: 5,
  id: 5,
  account: "eve",
  realname: "Eve",
  name_py: "eve",
  email: "",
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
  login_count: 1,
  last_login_ip: "",
  location: "--",
  register_ip: "",
  reg_location: "--",
  last_login_time: "--",
  create_time: "2024-05-01 08:00:00",
  update_time: "2024-05-01 08:00:00",
  created_at: CREATED,
  last_login_at: null,
};

const ALPHA = group(7, "Alpha team", "Ann");
const BETA = group(8, "Beta with a very long name that never fits", "Ben");
/** Ann owns it, Carl administers it, Dora is muted for a day from now. */
const MEMBERS = [
  member(1, "Ann", 1),
  member(2, "Carl", 2),
  member(3, "Dora", 3, { muted_until: Date.now() + 86_400_000 }),
];

type Body = Record<string, unknown>;

/** The server: `groups` (none for the search `nobody`), `total` in all; each request kept. */
function serve({
  groups: initial = [ALPHA, BETA],
  total = initial.length,
}: { groups?: ConsoleGroup[]; total?: number } = {}) {
  let groups = initial;
  const calls: Array<{ path: string; body: Body }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body = JSON.parse(
        typeof init?.body === "string" ? init.body : "{}",
      ) as Body;
      calls.push({ path, body });
      let answer: object = { code: 0, data: "", msg: "OK" };
      switch (path) {
        case "/manage/Group/index": {
          const none = body.keywords === "nobody";
          answer = {
            code: 0,
            data: none ? [] : groups,
            count: none ? 0 : total,
            page: body.page,
            msg: "",
          };
          break;
        }
        case "/manage/Group/userList":
          answer = { code: 0, data: MEMBERS, count: MEMBERS.length, msg: "" };
          break;
        case "/manage/Group/del":
          groups = groups.filter((g) => g.group_id !== body.group_id);
          break;
        case "/manage/User/index":
          answer = { code: 0, data: [EVE], count: 1, msg: "" };
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
  bodiesTo(calls, "/manage/Group/index");

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
        <GroupsPage />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The table's row of a group, once the list has come. */
async function rowOf(name: string): Promise<HTMLElement> {
  const button = await screen.findByLabelText(
    `Open ${name}`,
    {},
    { timeout: 5000 },
  );
  const row = button.closest("tr");
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${name}`);
  return row;
}

/** A column's header cell by its title. */
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

/** Opens a group's members and waits for them. */
async function openMembers(name: string): Promise<HTMLElement> {
  await userEvent.click(
    within(await rowOf(name)).getByLabelText(`Open ${name}`),
  );
  const list = await screen.findByRole("list", { name: `Members of ${name}` });
  await within(list).findByText("Dora");
  return list;
}

/** The drawer's add-members button (its icon is part of its accessible name). */
function addMembersButton(): HTMLElement {
  const button = screen.getByText("Add members").closest("button");
  if (!button) throw new Error("no add-members button");
  return button;
}

function memberRow(list: HTMLElement, name: string): HTMLElement {
  const row = within(list).getByText(name).closest("li");
  if (!(row instanceof HTMLElement)) throw new Error(`no member ${name}`);
  return row;
}

describe("the console's groups", () => {
  it("asks the server for the search, sort and page the administrator picks", async () => {
    const calls = serve({ total: 45 });
    renderPage();
    const alpha = await rowOf("Alpha team");
    expect(listBodies(calls)[0]).toEqual({ page: 1, limit: 20, keywords: "" });
    expect(screen.getByText("45 in all")).toBeInTheDocument();
    expect(within(alpha).getByText("Ann")).toBeInTheDocument();
    expect(within(alpha).getByText("group-7")).toBeInTheDocument();
    // A long name is cut short on screen, whole in its title.
    expect(
      screen.getByTitle("Beta with a very long name that never fits"),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Search groups"), "alp{Enter}");
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toEqual({
        page: 1,
        limit: 20,
        keywords: "alp",
      }),
    );

    fireEvent.click(headerOf("Created"));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({
        keywords: "alp",
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

    await userEvent.click(screen.getByTitle("2"));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toEqual({
        page: 2,
        limit: 20,
        keywords: "alp",
        order_field: "create_time",
        order_type: 2,
      }),
    );
  });

  it("searches after a pause in the typing, and says when nothing matches", async () => {
    const calls = serve();
    renderPage();
    await rowOf("Alpha team");
    await userEvent.type(screen.getByLabelText("Search groups"), "nobody");
    expect(
      await screen.findByText("No group matches your search", undefined, {
        timeout: 3000,
      }),
    ).toBeInTheDocument();
    expect(listBodies(calls).at(-1)).toMatchObject({ keywords: "nobody" });
    await userEvent.click(
      screen.getByRole("button", { name: "Clear the search" }),
    );
    await rowOf("Alpha team");
    expect(listBodies(calls).at(-1)).toMatchObject({ keywords: "" });
  });

  it("tells the administrator when there are no groups at all", async () => {
    serve({ groups: [] });
    renderPage();
    expect(await screen.findByText("No groups yet")).toBeInTheDocument();
    expect(
      screen.getByText("Groups show here once people create them in the chat."),
    ).toBeInTheDocument();
  });

  it("disbands a group only after a yes that names it, and posts its id", async () => {
    const calls = serve();
    renderPage();
    const alpha = await rowOf("Alpha team");
    await userEvent.click(within(alpha).getByLabelText("Disband Alpha team"));
    expect(
      await screen.findByText("Disband “Alpha team”?"),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Its members and messages are removed for everyone. This cannot be undone.",
      ),
    ).toBeInTheDocument();
    // Opening the pop-up does not open the group.
    expect(
      screen.queryByRole("list", { name: "Members of Alpha team" }),
    ).toBeNull();
    expect(bodiesTo(calls, "/manage/Group/del")).toEqual([]);

    await userEvent.click(
      within(popupSaying("Disband “Alpha team”?")).getByRole("button", {
        name: "Disband",
      }),
    );
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/Group/del")).toEqual([{ group_id: 7 }]),
    );
    await waitFor(() =>
      expect(screen.queryByLabelText("Open Alpha team")).toBeNull(),
    );
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        type: "success",
        content: "“Alpha team” was disbanded",
      }),
    );
  });

  it("opens a group's members: roles, who is muted, and no removing the owner", async () => {
    const calls = serve();
    renderPage();
    const list = await openMembers("Alpha team");
    expect(bodiesTo(calls, "/manage/Group/userList")).toEqual([
      { group_id: 7, page: 1, limit: 20 },
    ]);
    const ann = memberRow(list, "Ann");
    const carl = memberRow(list, "Carl");
    const dora = memberRow(list, "Dora");
    expect(within(ann).getByText("Owner")).toBeInTheDocument();
    expect(within(carl).getByText("Administrator")).toBeInTheDocument();
    expect(within(dora).getByText("Member")).toBeInTheDocument();
    expect(within(dora).getByText(/^Muted until /)).toBeInTheDocument();
    expect(within(carl).queryByText(/^Muted until /)).toBeNull();

    // The owner is replaced by a transfer, never removed.
    expect(within(ann).queryByLabelText("Remove Ann")).toBeNull();
    expect(within(ann).queryByLabelText("Make Ann the owner")).toBeNull();
    expect(within(dora).getByLabelText("Remove Dora")).toBeEnabled();

    await userEvent.click(within(dora).getByLabelText("Remove Dora"));
    await userEvent.click(
      within(popupSaying("Remove Dora from “Alpha team”?")).getByRole(
        "button",
        {
          name: "Remove",
        },
      ),
    );
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/Group/delGroupUser")).toEqual([
        { group_id: 7, user_id: 3 },
      ]),
    );
    // The members and the list (its count) come afresh.
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/Group/userList").length).toBeGreaterThan(
        1,
      ),
    );
    expect(listBodies(calls).length).toBeGreaterThan(1);
  });

  it("makes and unmakes administrators, and transfers ownership after a yes", async () => {
    const calls = serve();
    renderPage();
    const list = await openMembers("Alpha team");
    await userEvent.click(
      within(memberRow(list, "Dora")).getByLabelText(
        "Make Dora an administrator",
      ),
    );
    await userEvent.click(
      within(memberRow(list, "Carl")).getByLabelText(
        "Make Carl an ordinary member",
      ),
    );
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/Group/setManager")).toEqual([
        { group_id: 7, user_id: 3, role: 2 },
        { group_id: 7, user_id: 2, role: 3 },
      ]),
    );

    await userEvent.click(
      within(memberRow(list, "Carl")).getByLabelText("Make Carl the owner"),
    );
    expect(
      await screen.findByText("Ann stays in the group as an ordinary member."),
    ).toBeInTheDocument();
    expect(bodiesTo(calls, "/manage/Group/changeOwner")).toEqual([]);
    await userEvent.click(
      within(popupSaying("Make Carl the owner of “Alpha team”?")).getByRole(
        "button",
        { name: "Transfer" },
      ),
    );
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/Group/changeOwner")).toEqual([
        { group_id: 7, user_id: 2 },
      ]),
    );
  });

  it("adds members found by a search over all users", async () => {
    const calls = serve();
    renderPage();
    await openMembers("Alpha team");
    await userEvent.click(addMembersButton());
    const title = await screen.findByText("Add members to “Alpha team”");
    const dialog = title.closest(".ant-modal");
    if (!(dialog instanceof HTMLElement)) throw new Error("no dialog");
    const add = within(dialog).getByRole("button", { name: "Add" });
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText("Users to add"), "ev");
    await userEvent.click(
      (
        await screen.findAllByTitle("Eve", {}, { timeout: 3000 })
      )[0] as HTMLElement,
    );
    expect(bodiesTo(calls, "/manage/User/index").at(-1)).toEqual({
      keywords: "ev",
      page: 1,
      limit: 20,
    });
    await userEvent.click(add);
    await waitFor(() =>
      expect(bodiesTo(calls, "/manage/Group/addGroupUser")).toEqual([
        { group_id: 7, user_ids: [5] },
      ]),
    );
  });

  it("in demo mode says so and lets nothing change, while looking still works", async () => {
    const calls = serve();
    renderPage({ demon_mode: 1 });
    const alpha = await rowOf("Alpha team");
    expect(
      screen.getByText(
        "This is a demo: you can look around, but nothing here can be changed.",
      ),
    ).toBeInTheDocument();
    expect(within(alpha).getByLabelText("Disband Alpha team")).toBeDisabled();

    const list = await openMembers("Alpha team");
    expect(addMembersButton()).toBeDisabled();
    const dora = memberRow(list, "Dora");
    expect(within(dora).getByLabelText("Remove Dora")).toBeDisabled();
    expect(within(dora).getByLabelText("Make Dora the owner")).toBeDisabled();
    expect(
      within(dora).getByLabelText("Make Dora an administrator"),
    ).toBeDisabled();
    for (const button of screen.getAllByLabelText("Disband Alpha team"))
      expect(button).toBeDisabled();
    expect(
      calls.some((c) =>
        /del|add|changeOwner|setManager/i.test(c.path.split("/").pop() ?? ""),
      ),
    ).toBe(false);
  });
});
