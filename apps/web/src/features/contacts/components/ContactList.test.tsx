import type { Contact } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeConfig, makeContact } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { useFriendsUiStore } from "../../../stores/friends-ui.store";
import { FriendRequestsDialog, UserCardButton } from "../../friends";
import { systemInfoQuery } from "../../system";
import type { ContactSection } from "../contact-search";
import { systemEntry } from "../system-entry";
import { ContactList } from "./ContactList";

/** jsdom has no ResizeObserver; antd's tabs and menus ask for one. */

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
  // jsdom lacks it; the type says it is always there.
});

const bob = makeContact(2, { displayName: "Bob", account: "bob" });
const alice = makeContact(3, {
  displayName: "Alice",
  account: "alice.bobson",
  lastContent: "hello",
});

afterEach(() => {
  useFriendsUiStore.getState().closeAll();
  vi.unstubAllGlobals();
});

function List({
  contacts,
  section = "messages",
  runMode = "1",
  onOpen = vi.fn(),
  onQuickSwitch = vi.fn(),
  onCreateGroup,
  openContactId = null,
}: {
  openContactId?: Contact["id"] | null;
  contacts: Contact[];
  section?: ContactSection;
  runMode?: string;
  onOpen?: (c: Contact) => void;
  onQuickSwitch?: () => void;
  onCreateGroup?: () => void;
}) {
  const [search, setSearch] = useState("");
  const [client] = useState(() => {
    const c = new QueryClient({
      defaultOptions: { queries: { retry: false } },
    });
    const config = makeConfig();
    c.setQueryData(systemInfoQuery.queryKey, {
      ...config,
      sysInfo: { ...config.sysInfo, runMode },
    });
    return c;
  });
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ContactList
          contacts={contacts}
          loading={false}
          showOnline={false}
          label="Messages"
          section={section}
          tab="all"
          search={search}
          openContactId={openContactId}
          phone={false}
          onTabChange={vi.fn()}
          onSearchChange={setSearch}
          onOpen={onOpen}
          onQuickSwitch={onQuickSwitch}
          onCreateGroup={onCreateGroup}
          PersonCardButton={UserCardButton}
        />
        {/* As the chat screen (app/chat/ChatPage.tsx) draws it beside the list. */}
        <FriendRequestsDialog />
      </I18nextProvider>
    </QueryClientProvider>
  );
}

describe("the list's search (issue 15, fault 6)", () => {
  it("finds a person with no chat yet from the Messages tab, under People", async () => {
    const onOpen = vi.fn();
    render(<List contacts={[bob, alice]} onOpen={onOpen} />);
    expect(screen.getAllByTestId("contact").map((c) => c.textContent)).toEqual([
      expect.stringContaining("Alice"),
    ]);
    await userEvent.type(screen.getByLabelText("Search"), "BOB");
    const people = screen.getByRole("group", { name: "People" });
    const chats = screen.getByRole("group", { name: "Chats" });
    expect(within(chats).getByText("Alice")).toBeInTheDocument();
    // The tabs do not apply to a search over everyone.
    expect(screen.queryByText("Unread")).not.toBeInTheDocument();
    await userEvent.click(within(people).getByText("Bob"));
    expect(onOpen).toHaveBeenCalledWith(bob);
  });

  it("says when nobody matches instead of claiming there are no chats", async () => {
    render(<List contacts={[bob, alice]} />);
    await userEvent.type(screen.getByLabelText("Search"), "zed");
    expect(screen.getByText("Nobody matches “zed”")).toBeInTheDocument();
    expect(screen.queryByText("No chats yet")).not.toBeInTheDocument();
  });

  it("lists a chat opened with nothing in it yet while it is open, never 'No chats yet' beside it (issue 51 item 18)", () => {
    render(<List contacts={[bob, alice]} openContactId={bob.id} />);
    expect(screen.queryByText("No chats yet")).toBeNull();
    const rows = screen.getAllByTestId("contact");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("Bob"),
      expect.stringContaining("Alice"),
    ]);
    expect(rows[0]).toHaveAttribute("aria-current", "true");
  });

  it("offers a new user a way to start, and shows the Ctrl+K switcher", async () => {
    const onQuickSwitch = vi.fn();
    render(<List contacts={[bob]} onQuickSwitch={onQuickSwitch} />);
    expect(screen.getByText("No chats yet")).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole("button", { name: "Start a conversation" }),
    );
    await userEvent.click(
      screen.getByRole("button", {
        name: "Search chats, people and messages (Ctrl+K)",
      }),
    );
    expect(onQuickSwitch).toHaveBeenCalledTimes(2);
  });

  it("filters the directory in the Contacts section", async () => {
    render(<List contacts={[alice, bob]} section="contacts" />);
    expect(screen.getAllByTestId("contact")).toHaveLength(2);
    await userEvent.type(screen.getByLabelText("Search"), "ali");
    expect(screen.getAllByTestId("contact").map((c) => c.textContent)).toEqual([
      expect.stringContaining("Alice"),
    ]);
  });
});

describe("unread marks in the list", () => {
  it("counts a chat's unread messages, and marks a muted chat's with a dot", () => {
    const loud = makeContact(4, {
      displayName: "Loud",
      lastContent: "hi",
      unread: 3,
    });
    const quiet = makeContact(5, {
      displayName: "Quiet",
      lastContent: "hi",
      unread: 7,
      is_notice: 0,
    });
    const quietRead = makeContact(6, {
      displayName: "Quiet, read",
      lastContent: "hi",
      is_notice: 0,
    });
    render(<List contacts={[loud, quiet, quietRead]} />);
    const row = (name: string) => {
      const found = screen
        .getAllByTestId("contact")
        .find((c) => c.textContent.includes(name));
      if (!found) throw new Error(`no row ${name}`);
      return found;
    };
    expect(row("Loud").querySelector('[data-badge="dot"]')).toBeNull();
    expect(row("Loud").querySelector('[data-badge="count"]')).toHaveTextContent(
      "3",
    );
    const dot = row("Quiet").querySelector('[data-badge="dot"]');
    expect(dot).not.toBeNull();
    expect(dot).not.toHaveTextContent("7");
    expect(row("Quiet").querySelector("[title]")?.getAttribute("title")).toBe(
      "New messages in a muted chat",
    );
    expect(row("Quiet, read").querySelector('[data-badge="count"]')).toBeNull();
  });
});

/** antd's menus and dialogs are slow to mount in jsdom on a busy machine. */
const SLOW_MS = 20_000;

describe("friends in the list (run mode 2)", () => {
  const entry = {
    ...systemEntry(2, 1_700_000_000_000),
    displayName: "Friend requests",
    lastContent: "2 requests waiting for your answer",
  };

  it(
    "opens the request panel from the system entry, tagged BOT, instead of a chat",
    async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(() =>
          Promise.resolve(
            new Response(
              JSON.stringify({ code: 0, msg: "", data: [], count: 0, page: 1 }),
            ),
          ),
        ),
      );
      const onOpen = vi.fn();
      render(<List contacts={[entry, alice]} runMode="2" onOpen={onOpen} />);
      const row = screen
        .getAllByTestId("contact")
        .find((c) => c.textContent.includes("Friend requests"));
      expect(row).toBeDefined();
      if (!row) return;
      expect(within(row).getByText("BOT")).toBeInTheDocument();
      expect(within(row).getByText("2")).toBeInTheDocument();
      await userEvent.click(row);
      expect(onOpen).not.toHaveBeenCalled();
      expect(
        await screen.findByRole("dialog", { name: "Friend requests" }),
      ).toBeInTheDocument();
      // A new user's list says what to do.
      expect(
        await screen.findByText("No friend requests yet"),
      ).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "says how to start under the entry when it is all a new friend-mode list holds",
    async () => {
      const onQuickSwitch = vi.fn();
      // A friend, but no chat with them yet: only the entry is listed.
      render(
        <List
          contacts={[entry, bob]}
          runMode="2"
          onQuickSwitch={onQuickSwitch}
        />,
      );
      expect(screen.getAllByTestId("contact")).toHaveLength(1);
      expect(screen.getByText("No chats yet")).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole("button", { name: "Start a conversation" }),
      );
      expect(onQuickSwitch).toHaveBeenCalledTimes(1);
    },
    SLOW_MS,
  );

  it(
    "leaves the guidance out once there is a chat beside the entry",
    () => {
      render(<List contacts={[entry, alice]} runMode="2" />);
      expect(screen.getAllByTestId("contact")).toHaveLength(2);
      expect(screen.queryByText("No chats yet")).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "has no add friend in the plus menu in run mode 1",
    async () => {
      render(<List contacts={[alice]} runMode="1" onCreateGroup={vi.fn()} />);
      await userEvent.click(screen.getByRole("button", { name: "New…" }));
      expect(
        await screen.findByRole("menuitem", { name: /Create a group/ }),
      ).toBeInTheDocument();
      expect(
        screen.queryByRole("menuitem", { name: /Add a friend/ }),
      ).toBeNull();
    },
    SLOW_MS,
  );

  it(
    "offers add friend in the plus menu in run mode 2",
    async () => {
      render(<List contacts={[alice]} runMode="2" />);
      await userEvent.click(screen.getByRole("button", { name: "New…" }));
      await userEvent.click(
        await screen.findByRole("menuitem", { name: /Add a friend/ }),
      );
      expect(useFriendsUiStore.getState().addFriendOpen).toBe(true);
    },
    SLOW_MS,
  );

  it(
    "puts a card button beside each person of the directory",
    () => {
      render(<List contacts={[alice, bob]} section="contacts" />);
      expect(
        screen.getByRole("button", { name: "Profile of Bob" }),
      ).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "keeps the entry at the top of the directory, counted as nobody",
    () => {
      render(
        <List contacts={[alice, entry, bob]} section="contacts" runMode="2" />,
      );
      expect(screen.getAllByTestId("contact")[0]?.textContent).toContain(
        "Friend requests",
      );
      expect(
        screen.getByRole("group", { name: "People (2)" }),
      ).toBeInTheDocument();
      expect(
        screen.queryByRole("button", { name: "Profile of Friend requests" }),
      ).toBeNull();
    },
    SLOW_MS,
  );
});
