import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  api,
  apiUser,
  logIn,
  newContext,
  productAndBrowser,
  settledShot,
} from "./harness";

/*
 * Issue 51 item 22: a login link carries a one-time ticket (enterprise/im/loginTicket),
 * never a session token. Where nobody is signed in it signs in at once; where somebody
 * is, it asks first; the ticket leaves the address bar either way, and a used or a
 * session-token link signs nobody in.
 */
const setup = productAndBrowser();
const url = () => setup.product().url;

const EXPIRED =
  "This login link has expired. Log in with your account and password.";

/** A login link minted by this session, as the product answers it (relative). */
async function loginLink(token: string): Promise<string> {
  const minted = await api(url(), "/enterprise/im/loginTicket", {}, token);
  if (minted.code !== 0) throw new Error("could not mint a login ticket");
  const { url: link, ticket } = minted.data as { url: string; ticket: string };
  expect(link).toBe(`/#/login?token=${ticket}`);
  return link;
}

const signedInName = (page: Page) =>
  page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem("UserInfo") ?? "null") as {
          realname: string;
        } | null
      )?.realname ?? null,
  );

const account = (prefix: string) =>
  `${prefix}${randomBytes(3).toString("hex")}`;

describe("a login link", () => {
  it("signs a visitor in at once, and the address bar keeps no ticket", async () => {
    const ben = await apiUser(url(), account("ben"), "Ben");
    const link = await loginLink(ben.token);
    const { context, page, errors } = await newContext(
      setup.browser(),
      "en-US",
    );
    await page.goto(`${url()}${link}`);
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();
    expect(await signedInName(page)).toBe("Ben");
    expect(page.url()).not.toContain("token=");

    // The same link again, elsewhere: spent, and it says so on the login card.
    const other = await newContext(setup.browser(), "en-US");
    await other.page.goto(`${url()}${link}`);
    await other.page.getByRole("main").getByText(EXPIRED).waitFor();
    expect(await signedInName(other.page)).toBeNull();
    expect(other.page.url()).not.toContain("token=");
    await settledShot(other.page, "login-link-spent-en");
    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it("refuses a session token in the link", async () => {
    const ben = await apiUser(url(), account("tok"), "Ben");
    const { context, page } = await newContext(setup.browser(), "en-US");
    const bare = ben.token.replace(/^bearer /, "");
    await page.goto(`${url()}/#/login?token=${bare}`);
    await page.getByRole("main").getByText(EXPIRED).waitFor();
    expect(await signedInName(page)).toBeNull();
    expect(page.url()).not.toContain(bare);
    await context.close();
  });

  it("asks before replacing the account signed in: Cancel keeps it, Switch replaces it", async () => {
    const annAccount = account("ann");
    await apiUser(url(), annAccount, "Ann");
    const ben = await apiUser(url(), account("ben"), "Ben");
    const { context, page, errors } = await newContext(
      setup.browser(),
      "en-US",
    );
    await logIn(page, url(), annAccount);
    const annToken = await page.evaluate(() =>
      localStorage.getItem("authToken"),
    );

    await page.goto(`${url()}${await loginLink(ben.token)}`);
    const dialog = page.getByRole("dialog", { name: "Switch account?" });
    await dialog
      .getByText(
        "You're signed in as Ann. Log out and sign in with this link instead?",
      )
      .waitFor();
    expect(page.url()).not.toContain("token=");
    await settledShot(page, "login-link-switch-en");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();
    expect(await signedInName(page)).toBe("Ann");
    // A reload neither asks again nor signs anyone else in.
    await page.reload();
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await signedInName(page)).toBe("Ann");

    await page.goto(`${url()}${await loginLink(ben.token)}`);
    await dialog.getByRole("button", { name: "Switch account" }).click();
    await page.getByRole("navigation", { name: "Main menu" }).waitFor();
    await expect.poll(() => signedInName(page)).toBe("Ben");
    // Ann was signed out on the server, not only forgotten here.
    const ann = await api(
      url(),
      "/enterprise/im/getContacts",
      {},
      annToken ?? "",
    );
    expect(ann.code).toBe(-1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
