import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n";
import { MessageStatus } from "./MessageStatus";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});

const renderStatus = (props: Parameters<typeof MessageStatus>[0]) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MessageStatus {...props} />
    </I18nextProvider>,
  );

describe("a message's status (SPEC §4 Message sending)", () => {
  it("shows going while the send is in flight, with nothing to click", () => {
    renderStatus({ status: "going" });
    expect(screen.getByRole("status", { name: "Sending" })).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("labels a failed message in words, with a hover title, and resends on a tap", async () => {
    const onResend = vi.fn();
    renderStatus({ status: "failed", onResend });
    // Issue 15, fault 8: a bare red "!" told nothing; the words are visible and are the name.
    const button = screen.getByRole("button", {
      name: "Not sent — tap to retry",
    });
    expect(screen.getByText("Not sent — tap to retry")).toBeVisible();
    expect(button).toHaveAttribute(
      "title",
      "This message wasn't sent. Tap to send it again.",
    );
    await userEvent.click(button);
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it("says a message waits for the connection, in words, with nothing to click (issue 51 item 1)", () => {
    renderStatus({ status: "waiting" });
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Waiting for connection");
    expect(status).toHaveAttribute(
      "title",
      "It will be sent by itself when the connection is back.",
    );
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("gives a refused message's reason with the retry", () => {
    renderStatus({
      status: "failed",
      reason: "You were removed from this group",
    });
    const button = screen.getByRole("button", {
      name: "Not sent — tap to retry",
    });
    expect(button).toHaveAccessibleDescription(
      "You were removed from this group",
    );
    expect(button.getAttribute("title")).toBe(
      "You were removed from this group\nThis message wasn't sent. Tap to send it again.",
    );
  });

  it("labels a failed message in Chinese too", async () => {
    await i18n.changeLanguage("zh");
    try {
      renderStatus({ status: "failed" });
      expect(
        screen.getByRole("button", { name: "未发送，点击重试" }),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows read or unread once stored", () => {
    const { rerender } = renderStatus({ status: "succeed", read: false });
    expect(screen.getByText("Unread")).toBeInTheDocument();
    rerender(
      <I18nextProvider i18n={i18n}>
        <MessageStatus status="succeed" read />
      </I18nextProvider>,
    );
    expect(screen.getByText("Read")).toBeInTheDocument();
  });

  it("shows no read mark where there is none (group chats)", () => {
    const { container } = renderStatus({ status: "succeed" });
    expect(container).toBeEmptyDOMElement();
  });
});
