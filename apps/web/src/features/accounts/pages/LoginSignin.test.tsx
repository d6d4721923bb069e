import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { GlobalConfig } from "@parley/protocol";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeConfig, makeUserInfo } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { useSessionStore } from "../../../stores/session.store";
import { systemInfoQuery } from "../../system";
import { LoginPage } from "./LoginPage";

/*
 * Issue 46 on the login screen: the second step when the account has two-factor on
 * (1001), the required setup (`totpSetup`), single sign-on's buttons, "only SSO", and why
 * a sign-on did not complete.
 */
beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
});

const SESSION = {
  sessionId: "7",
  authToken: "bearer t",
  userInfo: makeUserInfo({ user_id: 3, id: 3 }),
  expiresAt: 9_999_999_999_999,
};

function envelope(code: number, data: unknown, key = "ok") {
  return new Response(
    JSON.stringify({
      code,
      msg: `text of ${key}`,
      key,
      data,
      count: 0,
      page: 0,
    }),
  );
}

/** The login page at `entry`, with this config; the bodies the server got. */
function renderLogin(
  config: Partial<GlobalConfig> = {},
  entry = "/login",
  answers: Response[] = [],
) {
  const bodies: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((_url: string, init: { body: string }) => {
      bodies.push(JSON.parse(init.body) as Record<string, unknown>);
      return Promise.resolve(answers.shift() ?? envelope(0, SESSION));
    }),
  );
  const client = new QueryClient();
  client.setQueryData(systemInfoQuery.queryKey, makeConfig(config));
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/two-factor" element={<p>setup page</p>} />
            <Route path="/" element={<p>chat page</p>} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return bodies;
}

async function typeCredentials() {
  await userEvent.type(screen.getByRole("textbox", { name: "Account" }), "lin");
  await userEvent.type(screen.getByLabelText("Password"), "lin-pass-1");
  await userEvent.click(screen.getByRole("button", { name: "Log in" }));
}

describe("two-factor on the login screen", () => {
  it("asks for the code after a right password (1001), then signs in with it", async () => {
    const bodies = renderLogin({}, "/login", [
      envelope(1001, "", "login.totpRequired"),
      envelope(0, SESSION),
    ]);
    await typeCredentials();
    const field = await screen.findByRole("textbox", {
      name: "Two-factor code",
    });
    expect(field).toHaveFocus();
    expect(screen.queryByLabelText("Password")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Enter the code");
    await userEvent.type(field, "123 456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("chat page")).toBeVisible();
    expect(bodies[1]).toMatchObject({
      account: "lin",
      password: "lin-pass-1",
      totp: "123 456",
    });
  });

  it("keeps a wrong code's refusal under the field, and Back returns to the password", async () => {
    renderLogin({}, "/login", [
      envelope(1001, "", "login.totpRequired"),
      envelope(400, "", "login.totpWrong"),
    ]);
    await typeCredentials();
    const field = await screen.findByRole("textbox", {
      name: "Two-factor code",
    });
    await userEvent.type(field, "000000");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /wrong or already used/,
    );
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText("Password")).toBeVisible();
  });

  it("leads to the setup when the administrators require it", async () => {
    renderLogin({}, "/login", [envelope(0, { ...SESSION, totpSetup: 1 })]);
    await typeCredentials();
    expect(await screen.findByText("setup page")).toBeVisible();
  });
});

describe("single sign-on on the login screen", () => {
  const sso = (ssoOnly: string) =>
    ({
      sysInfo: {
        ...makeConfig().sysInfo,
        sso: [{ id: "oidc", name: "Okta", url: "/auth/oidc/login" }],
        ssoOnly,
      },
    }) as Partial<GlobalConfig>;

  it("offers the provider's button above the password form", () => {
    renderLogin(sso("0"));
    expect(
      screen.getByRole("link", { name: "Sign in with Okta" }),
    ).toHaveAttribute("href", "/auth/oidc/login");
    expect(screen.getByText("or")).toBeVisible();
    expect(screen.getByLabelText("Password")).toBeVisible();
  });

  it("with only single sign-on, hides the form until an administrator asks for it", async () => {
    renderLogin(sso("1"));
    expect(screen.queryByLabelText("Password")).toBeNull();
    await userEvent.click(
      screen.getByRole("button", {
        name: "Administrator? Sign in with a password",
      }),
    );
    expect(screen.getByLabelText("Password")).toBeVisible();
  });

  it("says why a sign-on did not complete, in the reader's language", () => {
    renderLogin(sso("0"), "/login?sso_error=sso.noAccount");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Your organisation's account is not linked to an account here. Ask your administrator.",
    );
  });

  it("signs in with the one-time code and remembers the session came from SSO", async () => {
    renderLogin(sso("0"), "/login?token=abc&sso=1");
    await waitFor(() => {
      expect(useSessionStore.getState().token).toBe("bearer t");
    });
    expect(localStorage.getItem("ssoLogin")).toBe("1");
  });
});
