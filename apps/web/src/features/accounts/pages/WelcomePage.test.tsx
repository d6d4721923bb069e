import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes, useSearchParams } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeConfig } from "../../../../test/factories";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { systemInfoQuery } from "../../system";
import { WelcomePage } from "./WelcomePage";

/*
 * Issue 47, an invitation link (/welcome?account=…&token=…): the password rule and its
 * repetition checked before anything is sent, the link's account and token sent with the
 * password, the answer's ticket handed to the login page; a refused link says why on the
 * card; a link without its token says so at once.
 */
beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
afterEach(() => vi.unstubAllGlobals());

function envelope(code: number, data: unknown, key = "ok", msg = "") {
  return new Response(
    JSON.stringify({
      code,
      msg: msg || `text of ${key}`,
      key,
      data,
      count: 0,
      page: 0,
    }),
  );
}

function LoginStandIn() {
  const [params] = useSearchParams();
  return <p>login with {params.get("token")}</p>;
}

function renderWelcome(entry: string, answers: Response[] = []) {
  const bodies: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((_url: string, init: { body: string }) => {
      bodies.push(JSON.parse(init.body) as Record<string, unknown>);
      return Promise.resolve(answers.shift() ?? envelope(0, { ticket: "t1" }));
    }),
  );
  const client = new QueryClient();
  client.setQueryData(systemInfoQuery.queryKey, makeConfig({}));
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/welcome" element={<WelcomePage />} />
            <Route path="/login" element={<LoginStandIn />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return bodies;
}

const submit = () =>
  userEvent.click(
    screen.getByRole("button", { name: "Set password and sign in" }),
  );

describe("the invitation link's page", () => {
  it("checks the password first, then sends it with the link and signs in with the ticket", async () => {
    const bodies = renderWelcome("/welcome?account=lin&token=abc");
    expect(
      screen.getByText("Choose a password for your account lin.", {
        exact: false,
      }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("New password"), "abc");
    await submit();
    expect(
      await screen.findByText("A password is 6 to 16 characters long", {
        exact: false,
      }),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("New password"));
    await userEvent.type(screen.getByLabelText("New password"), "chosen-pw1");
    await userEvent.type(
      screen.getByLabelText("Confirm password"),
      "other-pw1",
    );
    await submit();
    expect(
      await screen.findByText("The passwords don't match", { exact: false }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.clear(screen.getByLabelText("Confirm password"));
    await userEvent.type(
      screen.getByLabelText("Confirm password"),
      "chosen-pw1",
    );
    await submit();
    expect(await screen.findByText("login with t1")).toBeInTheDocument();
    expect(bodies).toEqual([
      { account: "lin", token: "abc", password: "chosen-pw1" },
    ]);
  });

  it("says on the card why a link was refused, and stays", async () => {
    renderWelcome("/welcome?account=lin&token=used", [
      envelope(1, "", "welcome.invalid", "This invitation link has expired"),
    ]);
    await userEvent.type(screen.getByLabelText("New password"), "chosen-pw1");
    await userEvent.type(
      screen.getByLabelText("Confirm password"),
      "chosen-pw1",
    );
    await submit();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This invitation link has expired",
    );
  });

  it("says at once that a link without its token cannot work", () => {
    const bodies = renderWelcome("/welcome?account=lin");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "expired or was already used",
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(bodies).toEqual([]);
  });
});
