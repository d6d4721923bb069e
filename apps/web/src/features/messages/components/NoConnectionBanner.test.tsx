import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n";
import { NoConnectionBanner } from "./NoConnectionBanner";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});

const renderBanner = (connecting: boolean, onReconnect = vi.fn()) =>
  render(
    <I18nextProvider i18n={i18n}>
      <NoConnectionBanner connecting={connecting} onReconnect={onReconnect} />
    </I18nextProvider>,
  );

describe("the no-connection banner (issue 15, fault 1)", () => {
  it("offers a reconnect while waiting for the next try", async () => {
    const onReconnect = vi.fn();
    renderBanner(false, onReconnect);
    await userEvent.click(screen.getByRole("button", { name: "Reconnect" }));
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it("says it is connecting while a try is under way, and stays up", () => {
    renderBanner(true);
    expect(
      screen.getByRole("button", { name: /Connecting/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Connection lost. New messages will appear as soon as it's back.",
      ),
    ).toBeInTheDocument();
  });
});
