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
import { TasksPage } from "./TasksPage";

/*
 * The console's tasks page: each task with its state, next and last run; run now says what
 * it did; the switch pauses and resumes; demo mode looks only.
 */
const SLOW_MS = 30_000;

const { toast } = setUpPageTest();

const TASKS = [
  {
    name: "messageRetention",
    schedule: "0 2 * * *",
    status: "active",
    last_run: 1_795_000_000_000,
    last_ok: true,
    last_summary: "retention is off: every message is kept",
    next_run: 1_795_086_400_000,
  },
  {
    name: "cleanup",
    schedule: "15 * * * *",
    status: "stopped",
    last_run: null,
    last_ok: null,
    last_summary: "",
    next_run: null,
  },
];

type Body = Record<string, unknown>;

function serve() {
  const calls: Array<{ path: string; body: Body }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body =
        typeof init?.body === "string" ? (JSON.parse(init.body) as Body) : {};
      calls.push({ path, body });
      let data: unknown = "";
      if (path === "/manage/Task/getDataList") data = TASKS;
      if (path === "/manage/Task/runTask")
        data = { ok: true, summary: "3 codes removed" };
      return Promise.resolve(
        new Response(
          JSON.stringify({ code: 0, msg: "", data, count: 0, page: 1 }),
        ),
      );
    }),
  );
  return calls;
}

function renderPage(demo = false) {
  useSessionStore.setState({
    token: "token",
    user: makeUserInfo({ user_id: 1, id: 1, role: 1 }),
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
        <TasksPage />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const row = (name: string) =>
  screen.getByText(name).closest("tr") as HTMLElement;

describe("the tasks page", () => {
  it(
    "shows each task's state and runs, runs one now and pauses another",
    async () => {
      const calls = serve();
      renderPage();
      await screen.findByText("Message retention");
      expect(
        within(row("Message retention")).getByText("Done"),
      ).toBeInTheDocument();
      expect(
        within(row("Clean-up")).getByText("Not run yet"),
      ).toBeInTheDocument();
      const cleanup = screen.getByRole("switch", {
        name: "Run Clean-up on schedule",
      });
      expect(cleanup).not.toBeChecked();

      await userEvent.click(
        within(row("Clean-up")).getByRole("button", { name: /Run now/ }),
      );
      await waitFor(() =>
        expect(
          calls.find((c) => c.path === "/manage/Task/runTask")?.body,
        ).toEqual({ name: "cleanup" }),
      );
      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith(
          expect.objectContaining({ content: "3 codes removed" }),
        ),
      );

      await userEvent.click(cleanup);
      await waitFor(() =>
        expect(
          calls.find((c) => c.path === "/manage/Task/startTask")?.body,
        ).toEqual({ name: "cleanup" }),
      );
      await userEvent.click(
        screen.getByRole("switch", {
          name: "Run Message retention on schedule",
        }),
      );
      await waitFor(() =>
        expect(
          calls.find((c) => c.path === "/manage/Task/stopTask")?.body,
        ).toEqual({ name: "messageRetention" }),
      );
    },
    SLOW_MS,
  );

  it(
    "in demo mode shows the tasks and changes nothing",
    async () => {
      serve();
      renderPage(true);
      await screen.findByText("Message retention");
      expect(
        screen.getByText(
          "Demo mode: tasks can be looked at here, not changed or run.",
        ),
      ).toBeInTheDocument();
      for (const button of screen.getAllByRole("button", { name: /Run now/ }))
        expect(button).toBeDisabled();
      for (const toggle of screen.getAllByRole("switch"))
        expect(toggle).toBeDisabled();
    },
    SLOW_MS,
  );
});
