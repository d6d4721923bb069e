import type { FriendRequest, RequestUser } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppModalHost } from "../../../components/AppModal";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeConfig } from "../../../../test/factories";
import { stubServer } from "../../../../test/server-stub";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { systemInfoQuery } from "../../system";
import { useFriendsUiStore } from "../../../stores/friends-ui.store";
import { FriendRequestsDialog } from "./FriendRequestsDialog";

/*
 * The friend-request panel: a page of received requests with SPEC §9's page sizes, each
 * waiting one answered only after a confirm; the sent tab asks with is_mine 1.
 */
const SLOW_MS = 20_000;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
  // jsdom lacks it; the type says it is always there.
});
afterEach(() => {
  vi.unstubAllGlobals();
  useFriendsUiStore.getState().closeAll();
});

const person = (id: number, name: string): RequestUser => ({
  user_id: id,
  id,
  realname: name,
  displayName: name,
  avatar: "",
  name_py: "",
  motto: "",
});

const request = (n: number, status = 2): FriendRequest => ({
  friend_id: n,
  friend_user_id: 1,
  create_user: 100 + n,
  remark: `Hello from ${n}`,
  status,
  is_invite: 1,
  is_group: 0,
  create_time: "2024-01-01 10:00:00",
  update_time: "2024-01-01 10:00:00",
  createTime: 1_704_103_200_000,
  updateTime: 1_704_103_200_000,
  create_user_info: person(100 + n, `Person ${n}`),
  user_id_info: person(1, "Me"),
});

/** The server: 45 requests received, paged as asked; none sent; answers recorded. */
function serve() {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  stubServer((path, body) => {
    calls.push({ path, body });
    if (path === "/enterprise/friend/index") {
      const page = Number(body.page);
      const limit = Number(body.limit);
      const total = body.is_mine === 1 ? 0 : 45;
      const rows = Array.from(
        { length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) },
        (_, i) => request((page - 1) * limit + i + 1, i === 0 ? 2 : 1),
      );
      return { code: 0, data: rows, count: total, page, msg: "" };
    }
    if (path === "/enterprise/friend/update")
      return { code: 0, data: "", msg: "Accepted", page: 1 };
    return { code: 0, data: "", msg: "", page: 1 };
  });
  return calls;
}

function renderPanel() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  const config = makeConfig();
  client.setQueryData(systemInfoQuery.queryKey, {
    ...config,
    sysInfo: { ...config.sysInfo, runMode: "2" },
  });
  client.setQueryData(["contacts"], []);
  useFriendsUiStore.getState().openRequests();
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <>
          <FriendRequestsDialog />
          <AppModalHost />
        </>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const indexCalls = (calls: ReturnType<typeof serve>) =>
  calls.filter((c) => c.path === "/enterprise/friend/index").map((c) => c.body);

describe("the friend-request panel", () => {
  it(
    "lists 20 received requests a page, and a size of 50 asks for page 1 of 50",
    async () => {
      const calls = serve();
      renderPanel();
      const list = await screen.findByRole("list", { name: "Received" });
      await waitFor(() =>
        expect(within(list).getAllByTestId("friend-request")).toHaveLength(20),
      );
      expect(indexCalls(calls)[0]).toEqual({ is_mine: 0, page: 1, limit: 20 });
      expect(screen.getByText("45 in all")).toBeInTheDocument();

      await userEvent.click(screen.getByTitle("2"));
      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toEqual({
          is_mine: 0,
          page: 2,
          limit: 20,
        }),
      );
      await screen.findByText("Person 21");

      // The size changer offers SPEC §9's sizes.
      await userEvent.click(screen.getByRole("combobox"));
      for (const size of [20, 50, 100, 200, 300, 400, 500])
        expect(
          screen.getAllByText(new RegExp(`^${size} / page$`)).length,
        ).toBeGreaterThan(0);
      await userEvent.click(screen.getAllByText("50 / page").at(-1) as Element);
      // Rows 21–40 were shown: at 50 a page, row 21 is on page 1.
      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toEqual({
          is_mine: 0,
          page: 1,
          limit: 50,
        }),
      );
      await waitFor(() =>
        expect(within(list).getAllByTestId("friend-request")).toHaveLength(45),
      );
    },
    SLOW_MS,
  );

  it(
    "answers a waiting request only after the confirm; the others show their state",
    async () => {
      const calls = serve();
      renderPanel();
      const list = await screen.findByRole("list", { name: "Received" });
      const first = (await within(list).findAllByTestId("friend-request"))[0];
      if (!first) throw new Error("no request");
      expect(within(first).getByText("Hello from 1")).toBeInTheDocument();
      expect(within(list).getAllByText("Accepted").length).toBeGreaterThan(0);

      await userEvent.click(
        within(first).getByRole("button", { name: "Accept Person 1" }),
      );
      const [title] = await screen.findAllByText(
        "Accept Person 1 as a friend?",
      );
      const confirm = title?.closest<HTMLElement>(".ant-modal-confirm");
      if (!confirm) throw new Error("no confirm");
      expect(
        within(confirm).getByText("Their message: Hello from 1"),
      ).toBeInTheDocument();
      expect(calls.map((c) => c.path)).not.toContain(
        "/enterprise/friend/update",
      );
      await userEvent.click(
        within(confirm).getByRole("button", { name: "Accept" }),
      );
      await waitFor(() =>
        expect(calls).toContainEqual({
          path: "/enterprise/friend/update",
          body: { friend_id: 1, status: 1 },
        }),
      );
    },
    SLOW_MS,
  );

  it(
    "asks for sent requests with is_mine 1, and says what to do when there are none",
    async () => {
      const calls = serve();
      renderPanel();
      await userEvent.click(await screen.findByRole("tab", { name: "Sent" }));
      expect(
        await screen.findByText("You haven't sent any requests"),
      ).toBeInTheDocument();
      expect(indexCalls(calls)).toContainEqual({
        is_mine: 1,
        page: 1,
        limit: 20,
      });
      await userEvent.click(
        screen.getAllByRole("button", { name: /Add friend/ }).at(-1) as Element,
      );
      expect(useFriendsUiStore.getState().addFriendOpen).toBe(true);
    },
    SLOW_MS,
  );
});
