import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { makeConfig, makeUserInfo } from "../../../../test/factories";
import { setUpPageTest } from "../../../../test/page-test";
import { i18n } from "../../../i18n";
import { useSessionStore } from "../../../stores/session.store";
import { systemInfoQuery } from "../../system";
import { NoticesPage } from "./NoticesPage";

/*
 * The console's notices page: the list newest first; a super administrator publishes with
 * the protocol's limits checked first; other administrators and demo mode read only, and
 * the page says why.
 */
const SLOW_MS = 30_000;

const { toast } = setUpPageTest();

const NOTICE = {
  msg_id: 7,
  id: "notice-7",
  title: "Maintenance tonight",
  notice: "From 22:00\nto 23:00",
  content: "<h4>Maintenance tonight</h4><br><p>From 22:00<br>to 23:00</p>",
  create_time: "2026-11-24 10:00:00",
  sendTime: 1_795_000_000_000,
  update_time: 1_795_000_000_000,
  from_user: 1,
  realname: "Root Admin",
  extends: { title: "Maintenance tonight", notice: "From 22:00\nto 23:00" },
};

type Body = Record<string, unknown>;

/** The server: the notices list, and every request recorded. */
function serve() {
  const calls: Array<{ path: string; body: Body }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body =
        typeof init?.body === "string" ? (JSON.parse(init.body) as Body) : {};
      calls.push({ path, body });
      const data = path === "/manage/index/noticeList" ? [NOTICE] : "";
      return Promise.resolve(
        new Response(
          JSON.stringify({ code: 0, msg: "", data, count: 1, page: 1 }),
        ),
      );
    }),
  );
  return calls;
}

function renderPage(role: number, demo = false) {
  useSessionStore.setState({
    token: "token",
    user: makeUserInfo({ user_id: 3, id: 3, role }),
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  client.setQueryData(systemInfoQuery.queryKey, {
    ...makeConfig(),
    demon_mode: demo ? 1 : 0,
  });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <NoticesPage />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("the notices page", () => {
  it(
    "lists the notices and publishes a new one, its limits checked before sending",
    async () => {
      const calls = serve();
      renderPage(1);
      const row = (await screen.findByText("Maintenance tonight")).closest(
        "tr",
      );
      expect(row).not.toBeNull();
      expect(within(row as HTMLElement).getByText("Root Admin")).toBeVisible();

      await userEvent.click(
        screen.getByRole("button", { name: /Publish a notice/ }),
      );
      const dialog = await screen.findByRole("dialog");
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Publish" }),
      );
      expect(
        await within(dialog).findByText("Enter a title of 1 to 100 characters"),
      ).toBeInTheDocument();
      expect(
        calls.filter((c) => c.path === "/manage/index/publishNotice"),
      ).toHaveLength(0);

      await userEvent.type(within(dialog).getByLabelText("Title"), "Welcome");
      await userEvent.type(
        within(dialog).getByLabelText("Notice"),
        "Hello everyone",
      );
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Publish" }),
      );
      await waitFor(() =>
        expect(
          calls.find((c) => c.path === "/manage/index/publishNotice")?.body,
        ).toEqual({ msgId: 0, title: "Welcome", content: "Hello everyone" }),
      );
      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith(
          expect.objectContaining({ content: "Published to everyone" }),
        ),
      );
    },
    SLOW_MS,
  );

  it(
    "edits a notice with its words filled in",
    async () => {
      const calls = serve();
      renderPage(1);
      await userEvent.click(
        await screen.findByRole("button", {
          name: "Edit “Maintenance tonight”",
        }),
      );
      const dialog = await screen.findByRole("dialog");
      const title = within(dialog).getByLabelText("Title");
      expect(title).toHaveValue("Maintenance tonight");
      await userEvent.clear(title);
      await userEvent.type(title, "Maintenance tomorrow");
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Save" }),
      );
      await waitFor(() =>
        expect(
          calls.find((c) => c.path === "/manage/index/publishNotice")?.body,
        ).toEqual({
          msgId: 7,
          title: "Maintenance tomorrow",
          content: "From 22:00\nto 23:00",
        }),
      );
    },
    SLOW_MS,
  );

  it.each([
    [
      2,
      false,
      "Only a super administrator can publish, edit or withdraw notices.",
    ],
    [1, true, "Demo mode: notices can be read here, not changed."],
  ])(
    "role %i, demo %s: reads only, and says why",
    async (role, demo, why) => {
      serve();
      renderPage(role, demo);
      await screen.findByText("Maintenance tonight");
      expect(screen.getByText(why)).toBeInTheDocument();
      expect(
        screen.getByRole("button", { name: /Publish a notice/ }),
      ).toBeDisabled();
      expect(
        screen.getByRole("button", { name: "Edit “Maintenance tonight”" }),
      ).toBeDisabled();
      expect(
        screen.getByRole("button", { name: "Withdraw “Maintenance tonight”" }),
      ).toBeDisabled();
    },
    SLOW_MS,
  );
});
