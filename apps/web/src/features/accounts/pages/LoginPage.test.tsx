import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeConfig } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { systemInfoQuery } from "../../system";
import { LoginPage } from "./LoginPage";

/*
 * Issue 15, fault 8: "Forgot password?" and "Send code" claimed a code was sent when the
 * server had no mail. The screen now says so up front, and a refusal stays under the field.
 */
beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const NO_MAIL =
  "Email isn't set up on this server, so we can't send you a code. Ask your administrator to reset your password.";

function renderLogin(codeByEmail: boolean) {
  const client = new QueryClient();
  client.setQueryData(
    systemInfoQuery.queryKey,
    makeConfig({ codeByEmail, codeBySms: false }),
  );
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={["/login"]}>
          <LoginPage />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("Forgot password? on a server without mail", () => {
  it("says up front that the administrator resets the password", async () => {
    renderLogin(false);
    expect(screen.queryByText(NO_MAIL)).toBeNull();
    await userEvent.click(
      screen.getByRole("button", { name: "Forgot password?" }),
    );
    expect(screen.getByText(NO_MAIL)).toBeVisible();
  });

  it("opens the code login when mail works, and says nothing of the kind", async () => {
    renderLogin(true);
    await userEvent.click(
      screen.getByRole("button", { name: "Forgot password?" }),
    );
    expect(screen.getByRole("button", { name: "Send code" })).toBeVisible();
    expect(screen.queryByText(NO_MAIL)).toBeNull();
  });

  it("keeps the server's refusal of a code under the field, in the reader's words", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              code: 400,
              msg: "server text",
              key: "code.noMailReset",
              data: "",
              count: 0,
              page: 0,
            }),
          ),
        ),
      ),
    );
    renderLogin(false);
    await userEvent.click(screen.getByText("Code login"));
    await userEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(
      screen.getByText(
        "Enter your phone number or email first, so we know where to send the code",
      ),
    ).toBeVisible();
    await userEvent.type(
      screen.getByRole("textbox", { name: "Account" }),
      "me@example.com",
    );
    await userEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(
      await screen.findByText(
        "This server can't send email yet, so no code was sent. Ask your administrator to reset your password.",
      ),
    ).toBeVisible();
  });
});

describe("the login form, drawn without antd", () => {
  it("says what is missing when sent empty, field by field, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderLogin(true);
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(screen.getByText("Enter your account")).toBeVisible();
    expect(screen.getByText("Enter your password")).toBeVisible();
    const account = screen.getByRole("textbox", { name: "Account" });
    expect(account).toHaveAttribute("aria-invalid", "true");
    expect(account).toHaveAccessibleDescription("Enter your account");
    // The first field in need is where the cursor goes.
    expect(account).toHaveFocus();
    await userEvent.type(account, "alice");
    expect(screen.queryByText("Enter your account")).toBeNull();
    expect(account).not.toHaveAttribute("aria-invalid");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the password on request, and swaps it for a code field in code mode", async () => {
    renderLogin(true);
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await userEvent.type(password, "secret12");
    await userEvent.click(
      screen.getByRole("button", { name: "Show password" }),
    );
    expect(password).toHaveAttribute("type", "text");
    expect(
      screen.getByRole("button", { name: "Show password" }),
    ).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("radio", { name: "Code login" }));
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(screen.getByRole("textbox", { name: "Code" })).toHaveAttribute(
      "maxlength",
      "6",
    );
    // Back to the password: what was typed before is gone.
    await userEvent.click(
      screen.getByRole("radio", { name: "Password login" }),
    );
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });
});
