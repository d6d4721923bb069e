import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import { makeConfig, makeUserInfo } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { LightFeedbackHost } from "../../../components/light/LightFeedbackHost";
import { closeDialog, current } from "../../../components/light/light-feedback";
import { i18n } from "../../../i18n";
import { resetFeedbackDebounce } from "../../../lib/feedback";
import { useSessionStore } from "../../../stores/session.store";
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

describe("the login page's download entry (SPEC §2; issue 51 item 20)", () => {
  it("links to the download page, which a visitor may open", () => {
    renderLogin(true);
    expect(
      screen.getByRole("link", { name: "Use Parley on your phone" }),
    ).toHaveAttribute("href", expect.stringMatching(/\/download$/));
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

/*
 * Issue 51 item 22: a login link (`/#/login?token=<one-time ticket>`) signs in at once
 * where nobody is signed in, and asks first where somebody is; the ticket leaves the
 * address bar either way.
 */
// Signing in fetches the chat screen's code, which the first test of a busy run transforms
// afresh: the slow tests' time, as elsewhere.
describe("a login link", { timeout: 20_000 }, () => {
  const TICKET = "T".repeat(43);
  const alice = makeUserInfo({
    user_id: 7,
    realname: "Alice",
    displayName: "Alice",
  });
  const bob = makeUserInfo({
    user_id: 8,
    account: "bob01",
    realname: "Bob",
    displayName: "Bob",
  });

  /** The server: login by ticket answers Bob's session, or refuses; logout answers ''. */
  function stubServer(refuse = false) {
    const fetch = vi.fn((path: string, _init?: RequestInit) => {
      const envelope =
        path === "/common/pub/logout"
          ? { code: 0, msg: "", key: "logout.ok", data: "" }
          : refuse
            ? {
                code: 400,
                msg: "This login link has expired. Log in with your account and password.",
                key: "login.tokenInvalid",
                data: "",
              }
            : {
                code: 0,
                msg: "",
                key: "login.ok",
                data: {
                  sessionId: "2",
                  authToken: "bearer bobs-session",
                  userInfo: bob,
                  expiresAt: Date.now() + 86_400_000,
                },
              };
      return Promise.resolve(
        new Response(JSON.stringify({ count: 0, page: 0, ...envelope })),
      );
    });
    vi.stubGlobal("fetch", fetch);
    return fetch;
  }

  const posted = (fetch: ReturnType<typeof stubServer>) =>
    fetch.mock.calls.map(([path, init]) => ({
      path,
      body: JSON.parse(
        typeof init?.body === "string" ? init.body : "{}",
      ) as Record<string, unknown>,
    }));

  function openLink() {
    // The address as a browser shows it; the router below is told the same.
    window.history.replaceState(null, "", `/#/login?token=${TICKET}`);
    const client = new QueryClient();
    client.setQueryData(systemInfoQuery.queryKey, makeConfig());
    render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <LightFeedbackHost />
          <MemoryRouter initialEntries={[`/login?token=${TICKET}`]}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/" element={<p>the chat screen</p>} />
            </Routes>
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    );
  }

  beforeAll(() => {
    // jsdom has no modal dialogs: opening one shows it, as a browser does.
    HTMLDialogElement.prototype.showModal = function showModal() {
      this.setAttribute("open", "");
    };
  });
  // Test files share their modules (isolate: false): a session another file left signed
  // in would make the link ask first. Each test starts with nobody signed in.
  beforeEach(() => {
    useSessionStore.getState().signOut();
    // …and a dialog another file's test left up (the light feedback is module state).
    for (const shown of current().dialogs) closeDialog(shown.id);
    resetFeedbackDebounce();
  });
  afterEach(() => {
    useSessionStore.getState().signOut();
    window.history.replaceState(null, "", "/");
  });

  it("signs in at once where nobody is signed in, and drops the ticket from the address", async () => {
    const fetch = stubServer();
    openLink();
    expect(
      await screen.findByText("the chat screen", {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(posted(fetch)).toEqual([
      { path: "/common/pub/login", body: { token: TICKET, lang: "en" } },
    ]);
    expect(useSessionStore.getState().user?.user_id).toBe(bob.user_id);
    expect(window.location.href).not.toContain(TICKET);
    expect(window.location.hash).toBe("#/login");
  });

  it("asks first where somebody is signed in; Cancel keeps them and goes to the chat", async () => {
    const fetch = stubServer();
    useSessionStore.getState().signIn({
      authToken: "bearer alices-session",
      sessionId: "1",
      userInfo: alice,
    });
    openLink();
    const dialog = await screen.findByRole("dialog", {
      name: "Switch account?",
    });
    expect(dialog).toHaveAccessibleDescription(
      "You're signed in as Alice. Log out and sign in with this link instead?",
    );
    // Nothing sent before the choice, and the ticket already out of the address bar.
    expect(fetch).not.toHaveBeenCalled();
    expect(window.location.href).not.toContain(TICKET);
    await userEvent.click(
      within(dialog).getByRole("button", { name: "Cancel" }),
    );
    expect(
      await screen.findByText("the chat screen", {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe("bearer alices-session");
    expect(useSessionStore.getState().user?.user_id).toBe(alice.user_id);
  });

  it("Escape keeps the account signed in as Cancel does", async () => {
    const fetch = stubServer();
    useSessionStore.getState().signIn({
      authToken: "bearer alices-session",
      sessionId: "1",
      userInfo: alice,
    });
    openLink();
    const dialog = await screen.findByRole("dialog");
    dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    expect(
      await screen.findByText("the chat screen", {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe("bearer alices-session");
  });

  it("on confirmation signs the current account out, then in with the link", async () => {
    const fetch = stubServer();
    useSessionStore.getState().signIn({
      authToken: "bearer alices-session",
      sessionId: "1",
      userInfo: alice,
    });
    openLink();
    const dialog = await screen.findByRole("dialog", {
      name: "Switch account?",
    });
    await userEvent.click(
      within(dialog).getByRole("button", { name: "Switch account" }),
    );
    expect(
      await screen.findByText("the chat screen", {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(posted(fetch)).toEqual([
      { path: "/common/pub/logout", body: {} },
      { path: "/common/pub/login", body: { token: TICKET, lang: "en" } },
    ]);
    // The logout went with Alice's session, the login with none.
    const headers = fetch.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get("Authorization"),
    );
    expect(headers).toEqual(["bearer alices-session", null]);
    expect(useSessionStore.getState().token).toBe("bearer bobs-session");
    expect(useSessionStore.getState().user?.user_id).toBe(bob.user_id);
  });

  it("shows the server's refusal on the card and stays on the login form", async () => {
    stubServer(true);
    openLink();
    const text =
      "This login link has expired. Log in with your account and password.";
    // On the card, where it stays once the toast is gone.
    const card = screen.getByRole("main");
    await waitFor(() => {
      expect(within(card).getByRole("alert")).toHaveTextContent(text);
    });
    expect(screen.getByRole("button", { name: "Log in" })).toBeVisible();
    expect(useSessionStore.getState().token).toBeNull();
    expect(window.location.href).not.toContain(TICKET);
  });
});
