import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeConfig } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { systemInfoQuery } from "../../system";
import { ConsoleHomePage } from "./ConsoleHomePage";

/*
 * The console home: the system's figures as cards, 30 days of messages and registrations
 * charted, fetched again every 15 s; the system's summary beside them.
 */
const SLOW_MS = 20_000;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const days = (messages: number, registrations: number) =>
  Array.from({ length: 30 }, (_, i) => ({
    day: `2024-05-${String(i + 1).padStart(2, "0")}`,
    messages,
    registrations,
  }));

function figures(patch: object = {}) {
  return {
    userCount: 1234,
    groupCount: 56,
    messageCount: 45_678,
    fileCount: 89,
    onlineCount: 12,
    clientCount: 15,
    isJoin: 0,
    messagesToday: 321,
    storageBytes: 1.5 * 1024 ** 3,
    daily: days(10, 2),
    ...patch,
  };
}

/** The server: each dashboard call answers the next of `answers` (the last one repeats). */
function serve(answers: object[]) {
  let served = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string) => {
      let data: unknown = "";
      if (path === "/manage/index/index") {
        data = answers[Math.min(served, answers.length - 1)];
        served += 1;
      }
      return Promise.resolve(
        new Response(
          JSON.stringify({ code: 0, msg: "", data, count: 0, page: 1 }),
        ),
      );
    }),
  );
  return { served: () => served };
}

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  client.setQueryData(systemInfoQuery.queryKey, makeConfig());
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ConsoleHomePage />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getByRole("group", { name });

describe("the console home", () => {
  it(
    "shows the figures, the 30-day chart and the system's summary",
    async () => {
      serve([figures()]);
      renderPage();
      await screen.findByRole("group", { name: "Users" });

      expect(within(card("Users")).getByText("1,234")).toBeInTheDocument();
      expect(within(card("Online now")).getByText("12")).toBeInTheDocument();
      expect(
        within(card("Online now")).getByText("Devices connected: 15"),
      ).toBeInTheDocument();
      expect(within(card("Groups")).getByText("56")).toBeInTheDocument();
      expect(
        within(card("Messages today")).getByText("321"),
      ).toBeInTheDocument();
      expect(
        within(card("Messages today")).getByText("In total: 45,678"),
      ).toBeInTheDocument();
      expect(within(card("Files")).getByText("89")).toBeInTheDocument();
      expect(
        within(card("Files")).getByText("Storage used: 1.5 GB"),
      ).toBeInTheDocument();

      expect(screen.getByText("Last 30 days")).toBeInTheDocument();
      expect(
        screen.getByText("300 messages · 60 registrations"),
      ).toBeInTheDocument();
      const chart = screen.getByRole("figure", {
        name: "Messages and registrations per day over the last 30 days",
      });
      // The chart is its own lazily loaded chunk: its legend names both series. Loading
      // that chunk in jsdom took over findBy's one second on a busy machine.
      expect(
        await within(chart).findByText(
          "Registrations",
          {},
          { timeout: SLOW_MS / 2 },
        ),
      ).toBeInTheDocument();
      expect(within(chart).getByText("Messages")).toBeInTheDocument();

      expect(screen.getByText("Parley")).toBeInTheDocument();
      expect(screen.getByText("9.5.0")).toBeInTheDocument();
      expect(screen.getByText("Running")).toBeInTheDocument();
      expect(screen.getByText("Everyone can chat")).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "fetches the figures again every 15 seconds while open",
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const server = serve([
        figures(),
        figures({ onlineCount: 40, clientCount: 52 }),
      ]);
      renderPage();
      await screen.findByRole("group", { name: "Online now" });
      expect(within(card("Online now")).getByText("12")).toBeInTheDocument();

      await vi.advanceTimersByTimeAsync(14_000);
      expect(server.served()).toBe(1);
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() =>
        expect(within(card("Online now")).getByText("40")).toBeInTheDocument(),
      );
      expect(
        within(card("Online now")).getByText("Devices connected: 52"),
      ).toBeInTheDocument();
      expect(server.served()).toBe(2);
    },
    SLOW_MS,
  );

  it(
    "tells a new system's administrator what the chart will show",
    async () => {
      serve([
        figures({
          userCount: 1,
          messageCount: 0,
          messagesToday: 0,
          fileCount: 0,
          storageBytes: 0,
          daily: days(0, 0),
        }),
      ]);
      renderPage();
      expect(await screen.findByText("No activity yet")).toBeInTheDocument();
      expect(
        screen.getByText(
          "Messages sent and people registering each day will be charted here as your system is used.",
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole("figure")).toBeNull();
      expect(
        within(card("Files")).getByText("Storage used: 0B"),
      ).toBeInTheDocument();
    },
    SLOW_MS,
  );
});
