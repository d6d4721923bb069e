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

  it("offers a resend on a failed message", async () => {
    const onResend = vi.fn();
    renderStatus({ status: "failed", onResend });
    await userEvent.click(
      screen.getByRole("button", { name: "Failed to send, click to resend" }),
    );
    expect(onResend).toHaveBeenCalledTimes(1);
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
