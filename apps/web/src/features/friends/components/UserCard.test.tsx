import type { UserDetail } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import { AppModalHost } from "../../../components/AppModal";
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
import { makeConfig, makeContact } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { resetFeedbackDebounce, setFeedback } from "../../../lib/feedback";
import { useSessionStore } from "../../../stores/session.store";
import { useChatUiStore } from "../../../stores/chat-ui.store";
import { systemInfoQuery } from "../../system";
import { UserCard } from "./UserCard";
import { makeUserInfo } from "../../../../test/factories";

/*
 * The user card (SPEC §2, §8): opened from a group that hides profiles it says so quietly,
 * without a toast; a friend's remark is checked before it is sent; a stranger in run mode 2
 * can be asked to be a friend, once.
 */

const toast = vi.fn();
const SLOW_MS = 20_000;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
  // jsdom lacks it; the type says it is always there.
});
beforeEach(() => {
  toast.mockClear();
  resetFeedbackDebounce();
  setFeedback({
    message: { open: toast } as unknown as MessageInstance,
    modal: {} as unknown as HookAPI,
  });
  useSessionStore.setState({
    token: "t",
    user: makeUserInfo({
      user_id: 1,
      id: 1,
      account: "me01",
      realname: "Me",
      displayName: "Me",
      name_py: "me",
    }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setFeedback(null);
  useChatUiStore.setState({ openContactId: null });
});

const PERSON: UserDetail = {
  user_id: 2,
  id: 2,
  account: "zha******01",
  realname: "张三丰",
  displayName: "张三丰",
  avatar: "",
  motto: "Tai chi every morning",
  sex: 1,
  email: "",
  last_login_ip: "",
  location: "",
  is_auth: 0,
  name_py: "zhangsanfeng",
  friend: "",
  applied: 0,
};

/** The server: each path answers with its envelope; every call is recorded. */
function serve(routes: Record<string, object>) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      calls.push({
        path,
        body: JSON.parse(typeof init?.body === "string" ? init.body : "{}"),
      });
      const answer = routes[path] ?? { code: 0, data: "" };
      return Promise.resolve(
        new Response(JSON.stringify({ msg: "", count: 0, page: 1, ...answer })),
      );
    }),
  );
  return calls;
}

function renderCard(props: {
  runMode: "1" | "2";
  groupId?: number;
  onClose?: () => void;
}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  const config = makeConfig();
  client.setQueryData(systemInfoQuery.queryKey, {
    ...config,
    sysInfo: { ...config.sysInfo, runMode: props.runMode },
  });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <UserCard
            userId={2}
            groupId={props.groupId}
            known={{ name: "张三丰", avatar: "" }}
            onClose={props.onClose ?? vi.fn()}
          />
          <AppModalHost />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return client;
}

describe("the user card", () => {
  it(
    "says 'Privacy enabled' quietly when the group hides profiles: no toast",
    async () => {
      const calls = serve({
        "/enterprise/im/getUserInfo": {
          code: 400,
          key: "people.privacy",
          msg: "Privacy enabled, unable to view information",
          data: "",
        },
      });
      renderCard({ runMode: "1", groupId: 7 });
      expect(
        await screen.findByText(
          "Privacy enabled: this group keeps its members' profiles private.",
        ),
      ).toBeInTheDocument();
      // The name the member list showed stays; no button offers what was refused.
      expect(screen.getByText("张三丰")).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Send message" })).toBeNull();
      expect(calls[0]).toEqual({
        path: "/enterprise/im/getUserInfo",
        body: { user_id: 2, group_id: 7 },
      });
      expect(toast).not.toHaveBeenCalled();
    },
    SLOW_MS,
  );

  it(
    "run mode 1: send message opens the chat and closes the card; no add friend",
    async () => {
      const calls = serve({
        "/enterprise/im/getUserInfo": { code: 0, data: PERSON },
        "/enterprise/im/getContactInfo": {
          code: 0,
          data: makeContact(2, { displayName: "张三丰" }),
        },
      });
      const onClose = vi.fn();
      const client = renderCard({ runMode: "1", onClose });
      client.setQueryData(["contacts"], []);
      const dialog = await screen.findByRole("dialog", { name: "Profile" });
      await within(dialog).findByText("Tai chi every morning");
      expect(within(dialog).getByText("Male")).toBeInTheDocument();
      expect(within(dialog).getByText("Nickname")).toBeInTheDocument();
      expect(
        within(dialog).queryByRole("button", { name: "Add friend" }),
      ).toBeNull();
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Send message" }),
      );
      // Not in my list yet: the contact is asked for first, then its chat opens.
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(calls.map((c) => c.path)).toContain(
        "/enterprise/im/getContactInfo",
      );
      expect(useChatUiStore.getState().openContactId).toBe(2);
      expect(
        client
          .getQueryData<Array<{ id: unknown }>>(["contacts"])
          ?.map((c) => c.id),
      ).toEqual([2]);
    },
    SLOW_MS,
  );

  it(
    "run mode 2, a stranger I applied to: the add friend button says so, disabled",
    async () => {
      serve({
        "/enterprise/im/getUserInfo": {
          code: 0,
          data: { ...PERSON, applied: 2 },
        },
      });
      renderCard({ runMode: "2" });
      const applied = await screen.findByRole("button", {
        name: "Request sent",
      });
      expect(applied).toBeDisabled();
      expect(screen.queryByRole("button", { name: "Send message" })).toBeNull();
      expect(screen.getByText("Name")).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "run mode 2, a friend: an empty remark is refused before anything is sent",
    async () => {
      const calls = serve({
        "/enterprise/im/getUserInfo": {
          code: 0,
          data: { ...PERSON, friend: { friend_id: 2, nickname: "" } },
        },
        "/enterprise/friend/setNickname": {
          code: 0,
          msg: "set success",
          data: "",
        },
      });
      renderCard({ runMode: "2" });
      await userEvent.click(
        await screen.findByRole("button", { name: "Edit remark" }),
      );
      await userEvent.click(screen.getByRole("button", { name: "Save" }));
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Please enter a remark",
      );
      expect(calls.map((c) => c.path)).not.toContain(
        "/enterprise/friend/setNickname",
      );
      await userEvent.type(screen.getByLabelText("Remark"), "Master Zhang");
      await userEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() =>
        expect(calls).toContainEqual({
          path: "/enterprise/friend/setNickname",
          body: { friend_id: 2, nickname: "Master Zhang" },
        }),
      );
      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith(
          expect.objectContaining({ type: "success", content: "set success" }),
        ),
      );
      expect(
        screen.getByRole("button", { name: "Delete friend" }),
      ).toBeInTheDocument();
    },
    SLOW_MS,
  );
});
