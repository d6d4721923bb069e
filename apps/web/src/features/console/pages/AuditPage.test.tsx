import { AUDIT_ACTIONS, type AuditEntry, LANGUAGES } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppModalHost } from "../../../components/AppModal";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeConfig } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { systemInfoQuery } from "../../system";
import { AuditPage } from "./AuditPage";

/*
 * The audit log: the server's page of entries, a row opening on its fields before and
 * after, filters that reach the request, and the filtered log downloaded as CSV.
 */
const SLOW_MS = 20_000;
/** Typing into four antd fields takes a while on a busy machine. */
const SLOWER_MS = 60_000;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const AT = 1_714_550_400_000;

const ENTRIES: AuditEntry[] = [
  {
    id: 3,
    actor_id: 1,
    actor_name: "Root",
    action: "config.set",
    target_type: "config",
    target_id: "chatInfo",
    before: { redoTime: "120", online: "1" },
    after: { redoTime: "300", online: "1" },
    ip: "203.0.113.5",
    created_at: AT,
  },
  {
    id: 2,
    actor_id: 1,
    actor_name: "Root",
    action: "user.add",
    target_type: "user",
    target_id: "42",
    before: null,
    after: { account: "bob", realname: "Bob" },
    ip: "203.0.113.5",
    created_at: AT - 60_000,
  },
];

const CSV = "\uFEFFid,actor_id,action\r\n3,1,config.set\r\n";

type Body = Record<string, unknown>;

/** The server: `count` entries in all, the fixture's two on every page; exports recorded. */
function serve({ count = 2 } = {}) {
  const calls: Array<{ path: string; body: Body }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body = JSON.parse(
        typeof init?.body === "string" ? init.body : "{}",
      ) as Body;
      calls.push({ path, body });
      let answer: object = { code: 0, data: "", msg: "" };
      if (path === "/manage/audit/index")
        answer = {
          code: 0,
          data: count === 0 ? [] : ENTRIES,
          count,
          page: body.page,
          msg: "",
        };
      if (path === "/manage/audit/export")
        answer = {
          code: 0,
          data: { filename: "audit-2024-05-01.csv", csv: CSV },
          msg: "",
        };
      return Promise.resolve(
        new Response(JSON.stringify({ count: 0, page: 1, ...answer })),
      );
    }),
  );
  return calls;
}

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === "string" ? reader.result : "");
    reader.readAsText(blob);
  });
}

const indexCalls = (calls: ReturnType<typeof serve>) =>
  calls.filter((c) => c.path === "/manage/audit/index").map((c) => c.body);

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  client.setQueryData(systemInfoQuery.queryKey, makeConfig());
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <>
          <AuditPage />
          <AppModalHost />
        </>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("the audit log", () => {
  it(
    "lists the entries and opens one on its fields before and after",
    async () => {
      const calls = serve();
      renderPage();
      expect(await screen.findByText("Settings changed")).toBeInTheDocument();
      expect(screen.getByText("User added")).toBeInTheDocument();
      expect(screen.getByText("Entries: 2")).toBeInTheDocument();
      expect(indexCalls(calls)[0]).toEqual({ page: 1, limit: 20 });

      const [first] = screen.getAllByRole("button", { name: /expand row/i });
      await userEvent.click(first as HTMLElement);
      const changes = await screen.findByRole("table", { name: "Changes" });
      const redo = within(changes).getByRole("row", { name: /redoTime/ });
      expect(
        within(redo)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ).toEqual(["120", "300"]);
      expect(
        within(changes).getByRole("columnheader", { name: "Before" }),
      ).toBeInTheDocument();
      expect(
        within(changes).getByRole("columnheader", { name: "After" }),
      ).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "sends the filters with the request: change, administrator, target, days",
    async () => {
      const calls = serve();
      renderPage();
      await screen.findByText("Settings changed");
      const filters = screen.getByRole("form", { name: "Filters" });
      await userEvent.click(
        within(filters).getByRole("combobox", { name: "Change" }),
      );
      await userEvent.click(await screen.findByTitle("User added"));
      await userEvent.type(
        within(filters).getByRole("spinbutton", { name: "Administrator ID" }),
        "1",
      );
      await userEvent.type(
        within(filters).getByRole("textbox", { name: "Target ID" }),
        "42",
      );
      const [start, end] =
        within(filters).getAllByPlaceholderText(/Start date|End date/);
      // A date pasted whole and confirmed: each typed key costs the picker a render.
      await userEvent.click(start as HTMLElement);
      await userEvent.paste("2024-05-01");
      await userEvent.keyboard("{Enter}");
      await userEvent.click(end as HTMLElement);
      await userEvent.paste("2024-05-03");
      await userEvent.keyboard("{Enter}");
      await userEvent.click(
        within(filters).getByRole("button", { name: /Search/ }),
      );

      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toEqual({
          page: 1,
          limit: 20,
          action: "user.add",
          actor_id: 1,
          target_id: "42",
          from: new Date(2024, 4, 1).getTime(),
          to: new Date(2024, 4, 4).getTime(),
        }),
      );

      await userEvent.click(
        within(filters).getByRole("button", { name: "Clear filters" }),
      );
      await waitFor(() =>
        expect(indexCalls(calls).at(-1)).toEqual({ page: 1, limit: 20 }),
      );
    },
    SLOWER_MS,
  );

  it(
    "says 10,000+ when the server's count reaches its cap",
    async () => {
      serve({ count: 10_000 });
      renderPage();
      expect(await screen.findByText("Entries: 10,000+")).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "exports the filtered log as a CSV download",
    async () => {
      const calls = serve();
      const blobs: Blob[] = [];
      const createObjectURL = vi.fn((blob: Blob) => {
        blobs.push(blob);
        return "blob:audit";
      });
      // jsdom has neither; each test file has a window of its own.
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const clicked: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(
        function (this: HTMLAnchorElement) {
          clicked.push(this);
        },
      );
      renderPage();
      await screen.findByText("Settings changed");
      const filters = screen.getByRole("form", { name: "Filters" });
      await userEvent.type(
        within(filters).getByRole("textbox", { name: "Target ID" }),
        "chatInfo",
      );
      await userEvent.click(
        within(filters).getByRole("button", { name: /Search/ }),
      );
      await userEvent.click(screen.getByRole("button", { name: /Export CSV/ }));

      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(
        calls.find((c) => c.path === "/manage/audit/export")?.body,
      ).toEqual({ target_id: "chatInfo" });
      expect(clicked[0]?.download).toBe("audit-2024-05-01.csv");
      expect(clicked[0]?.href).toBe("blob:audit");
      expect(blobs[0]?.type).toBe("text/csv;charset=utf-8");
      const blob = blobs[0] as Blob;
      // jsdom's Blob has no text(); its FileReader drops the BOM, which the size keeps.
      expect(await textOf(blob)).toBe(CSV.slice(1));
      expect(blob.size).toBe(new TextEncoder().encode(CSV).length);
    },
    SLOW_MS,
  );

  it(
    "tells an administrator what the log is for while it is empty",
    async () => {
      serve({ count: 0 });
      renderPage();
      expect(
        await screen.findByText("No changes recorded yet"),
      ).toBeInTheDocument();
      expect(
        screen.getByText(/will be listed here with who made them and when/),
      ).toBeInTheDocument();
      expect(screen.getByRole("button", { name: /Export CSV/ })).toBeDisabled();
    },
    SLOW_MS,
  );

  it(
    "names every kind of change in all 12 languages",
    async () => {
      await i18n.loadLanguages([...LANGUAGES]);
      await i18n.loadNamespaces("console");
      const missing = LANGUAGES.flatMap((lang) =>
        AUDIT_ACTIONS.filter(
          (action) =>
            typeof i18n.getResource(
              lang,
              "console",
              `audit.actions.${action}`,
            ) !== "string",
        ).map((action) => `${lang}: ${action}`),
      );
      expect(missing).toEqual([]);
      // Loading twelve languages' files takes its time on a busy machine.
    },
    SLOW_MS,
  );
});
