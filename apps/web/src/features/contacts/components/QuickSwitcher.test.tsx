import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeContact } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { QuickSwitcher } from "./QuickSwitcher";

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});

const contacts = [
  makeContact(2, { displayName: "Bob", account: "bob", name_py: "bob" }),
  makeContact(3, {
    displayName: "Bobby Tables",
    account: "tables",
    name_py: "bobbytables",
  }),
  makeContact(4, {
    displayName: "Alice",
    account: "alice",
    name_py: "alice",
    lastContent: "see you at &lt;3pm&gt;",
  }),
];

function renderSwitcher() {
  const onOpen = vi.fn();
  const onClose = vi.fn();
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <QuickSwitcher
          open
          contacts={contacts}
          showOnline={false}
          onClose={onClose}
          onOpen={onOpen}
        />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onOpen, onClose };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the quick switcher (issue 15, fault 6)", () => {
  it("opens on every chat and person, chats first, the first one active", async () => {
    renderSwitcher();
    const box = await screen.findByRole("combobox", {
      name: "Jump to a chat or person",
    });
    await waitFor(() => expect(box).toHaveFocus());
    const chats = screen.getByRole("group", { name: "Chats" });
    const people = screen.getByRole("group", { name: "People" });
    expect(
      within(chats)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Alicesee you at <3pm>"]);
    expect(
      within(people)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Bobbob", "Bobby Tablestables"]);
    expect(screen.getAllByRole("option")[0]).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  it("narrows by typing; arrow keys move, Enter opens the chosen one", async () => {
    const { onOpen, onClose } = renderSwitcher();
    const box = await screen.findByRole("combobox");
    await userEvent.type(box, "BOB");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Bobbob",
      "Bobby Tablestables",
    ]);
    await userEvent.keyboard("{ArrowDown}");
    const second = screen.getAllByRole("option")[1];
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(box).toHaveAttribute("aria-activedescendant", second?.id);
    await userEvent.keyboard("{ArrowDown}");
    // Past the last it wraps to the first; up from the first goes to the last.
    expect(screen.getAllByRole("option")[0]).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await userEvent.keyboard("{ArrowUp}{Enter}");
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen.mock.calls[0]?.[0]).toMatchObject({ id: 3 });
    expect(onClose).toHaveBeenCalled();
  });

  it("says when nobody matches, and Enter then does nothing", async () => {
    const { onOpen } = renderSwitcher();
    const box = await screen.findByRole("combobox");
    await userEvent.type(box, "zed{Enter}");
    expect(screen.getByText("Nobody matches “zed”")).toBeInTheDocument();
    expect(screen.queryAllByRole("option")).toEqual([]);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("closes on Esc", async () => {
    const { onClose, onOpen } = renderSwitcher();
    await screen.findByRole("combobox");
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("asks the directory when nothing here matches: someone who registered since the list was read opens (issue 51 item 15)", async () => {
    const zed = makeContact(9, { displayName: "Zed New", account: "zed" });
    const paths: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((path: string) => {
        paths.push(path);
        const data = path.endsWith("/searchUser")
          ? [
              {
                user_id: 9,
                id: 9,
                realname: "Zed New",
                displayName: "Zed New",
                avatar: "",
                account: "z***",
                name_py: "",
                email: "",
                last_login_ip: "",
                friend: "",
                applied: 0,
              },
              // Someone already in my list is not listed twice.
              {
                user_id: 2,
                id: 2,
                realname: "Bob",
                displayName: "Bob",
                avatar: "",
                account: "b***",
                name_py: "",
                email: "",
                last_login_ip: "",
                friend: "",
                applied: 0,
              },
            ]
          : zed;
        return Promise.resolve(
          new Response(
            JSON.stringify({ code: 0, msg: "", data, count: 0, page: 1 }),
          ),
        );
      }),
    );
    const { onOpen } = renderSwitcher();
    const box = await screen.findByRole("combobox");
    await userEvent.type(box, "zed");
    const directory = await screen.findByRole("group", {
      name: "Others in the directory",
    });
    expect(within(directory).getAllByRole("option")).toHaveLength(1);
    expect(within(directory).getByText("Zed New")).toBeInTheDocument();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(zed));
    expect(paths).toEqual([
      "/enterprise/im/searchUser",
      "/enterprise/im/getContactInfo",
    ]);
  });

  it("does not ask the directory while something here matches", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderSwitcher();
    const box = await screen.findByRole("combobox");
    await userEvent.type(box, "bob");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetch).not.toHaveBeenCalled();
  });
});
