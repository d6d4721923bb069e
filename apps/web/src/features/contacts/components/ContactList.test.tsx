import type { Contact } from "@parley/protocol";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { makeContact } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import type { ContactSection } from "../contact-search";
import { ContactList } from "./ContactList";

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});

const bob = makeContact(2, { displayName: "Bob", account: "bob" });
const alice = makeContact(3, {
  displayName: "Alice",
  account: "alice.bobson",
  lastContent: "hello",
});

function List({
  contacts,
  section = "messages",
  onOpen = vi.fn(),
  onQuickSwitch = vi.fn(),
}: {
  contacts: Contact[];
  section?: ContactSection;
  onOpen?: (c: Contact) => void;
  onQuickSwitch?: () => void;
}) {
  const [search, setSearch] = useState("");
  return (
    <I18nextProvider i18n={i18n}>
      <ContactList
        contacts={contacts}
        loading={false}
        showOnline={false}
        label="Messages"
        section={section}
        tab="all"
        search={search}
        openContactId={null}
        phone={false}
        onTabChange={vi.fn()}
        onSearchChange={setSearch}
        onOpen={onOpen}
        onQuickSwitch={onQuickSwitch}
      />
    </I18nextProvider>
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

  it("offers a new user a way to start, and shows the Ctrl+K switcher", async () => {
    const onQuickSwitch = vi.fn();
    render(<List contacts={[bob]} onQuickSwitch={onQuickSwitch} />);
    expect(screen.getByText("No chats yet")).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole("button", { name: "Start a conversation" }),
    );
    await userEvent.click(
      screen.getByRole("button", {
        name: "Jump to a chat or person (Ctrl+K)",
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
