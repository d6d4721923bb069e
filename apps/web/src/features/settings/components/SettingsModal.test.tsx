import {
  type GlobalConfig,
  PRODUCT_VERSION,
  type UserInfo,
} from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
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
import { i18n } from "../../../i18n";
import { useSessionStore } from "../../../stores/session.store";
import { systemInfoQuery } from "../../system";
import { useAppearance } from "../appearance";
import { AccountDialog } from "./AccountDialog";
import { AvatarUpload } from "./AvatarUpload";
import { CommonTab } from "./CommonTab";
import { PasswordDialog } from "./PasswordDialog";
import { ProfileForm } from "./ProfileForm";
import { SettingsModal } from "./SettingsModal";

/*
 * The Settings dialog as a person uses it: the Common tab saves each change at once and the
 * app draws it at once (on <html>), or puts it back when the server refuses; the Account
 * tab checks with the protocol's rules before anything is sent, and sends the avatar as
 * multipart; About shows only in demo mode.
 */
const USER: UserInfo = makeUserInfo();

interface Sent {
  path: string;
  body: unknown;
}
let sent: Sent[] = [];

/** A server double: records each request and answers code 0 with `data`, or a refusal. */
function serve(
  answer: (path: string) => { code: number; msg?: string; data?: unknown },
) {
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init: RequestInit) => {
      sent.push({
        path,
        body:
          typeof init.body === "string"
            ? (JSON.parse(init.body) as unknown)
            : init.body,
      });
      const { code, msg = "", data = "" } = answer(path);
      return Promise.resolve(
        new Response(JSON.stringify({ code, msg, data, count: 0, page: 1 })),
      );
    }),
  );
}

function Appearance() {
  useAppearance();
  return null;
}

/** What a test puts on screen: the whole dialog, or one of its parts for the signed-in user. */
type Part = "modal" | "common" | "profile" | "password" | "account" | "avatar";

/** A part, drawn again with the user as the store holds them after each change. */
function Live({ part }: { part: Part }) {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  const close = () => undefined;
  switch (part) {
    case "modal":
      return <SettingsModal open onClose={close} />;
    case "common":
      return <CommonTab user={user} />;
    case "profile":
      return <ProfileForm user={user} />;
    case "password":
      return <PasswordDialog user={user} open onClose={close} />;
    case "account":
      return <AccountDialog user={user} open onClose={close} />;
    case "avatar":
      return <AvatarUpload />;
  }
}

// The parts render alone where the dialog around them adds nothing to the check: antd is
// slow to draw in jsdom, and the whole dialog is drawn by the About tests.
function renderDialog(
  user: Partial<UserInfo> = {},
  config: Partial<GlobalConfig> = {},
  part: Part = "modal",
  byCodeAt?: number,
) {
  useSessionStore.getState().signIn({
    authToken: "bearer t",
    sessionId: "1",
    userInfo: { ...USER, ...user },
    ...(byCodeAt === undefined ? {} : { byCodeAt }),
  });
  const client = new QueryClient();
  client.setQueryData(systemInfoQuery.queryKey, makeConfig(config));
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <Appearance />
          <Live part={part} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const root = document.documentElement;

/**
 * A dialog by its title. In tests antd gives every dialog the same title id, so the
 * accessible name cannot tell a dialog from the one it opened over.
 */
function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = screen
        .getAllByRole("dialog")
        .find(
          (d) => d.querySelector(".ant-modal-title")?.textContent === title,
        );
      if (!found) throw new Error(`no dialog titled "${title}"`);
      return found;
    },
    { timeout: 5000 },
  );
}

/** Puts a value in a field at once (typing it key by key is slow under antd in jsdom). */
function fill(field: HTMLElement, value: string): void {
  fireEvent.change(field, { target: { value } });
}

// antd's dialogs are slow to draw in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
beforeEach(() => {
  sent = [];
  serve(() => ({ code: 0 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
});

describe("the Common tab", () => {
  it("saves each switch at once and draws it on the page", async () => {
    renderDialog({}, {}, "common");
    expect(root.dataset.avatar).toBe("square");

    await userEvent.click(
      screen.getByRole("switch", { name: "Round avatars" }),
    );
    expect(root.dataset.avatar).toBe("round");
    await userEvent.click(
      screen.getByRole("switch", { name: "Hide names in chats" }),
    );
    await userEvent.click(
      screen.getByRole("switch", { name: "Hide message times" }),
    );
    await userEvent.click(
      screen.getByRole("switch", { name: "New message sound" }),
    );
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(root.hasAttribute("data-hide-names")).toBe(true);
    expect(root.hasAttribute("data-hide-times")).toBe(true);
    expect(sent.map((s) => s.body)).toEqual([
      { avatarCricle: true },
      { hideMessageName: true },
      { hideMessageTime: true },
      { isVoice: false },
    ]);
    expect(sent.every((s) => s.path === "/enterprise/im/setting")).toBe(true);
    expect(useSessionStore.getState().user?.setting).toMatchObject({
      avatarCricle: true,
      hideMessageName: true,
      hideMessageTime: true,
      isVoice: false,
    });
  });

  it("switches the theme, and puts a refused change back", async () => {
    renderDialog({}, {}, "common");
    await userEvent.click(screen.getByText("Dark"));
    expect(root.dataset.theme).toBe("dark");
    await waitFor(() => expect(sent.at(-1)?.body).toEqual({ theme: "dark" }));

    serve(() => ({ code: 400, msg: "refused" }));
    await userEvent.click(screen.getByText("Blue"));
    await waitFor(() => expect(root.dataset.theme).toBe("dark"));
    expect(useSessionStore.getState().user?.setting.theme).toBe("dark");
  });

  it("offers the two send shortcuts", async () => {
    renderDialog({}, {}, "common");
    await userEvent.click(
      screen.getByRole("radio", {
        name: "Ctrl+Enter to send, Enter for a new line",
      }),
    );
    await waitFor(() => expect(sent.at(-1)?.body).toEqual({ sendKey: 2 }));
  });
});

describe("the profile form", () => {
  it("shows the name read-only, saying why, when the organisation manages names (issue 51 item 4)", async () => {
    serve(() => ({ code: 0, data: "" }));
    const base = makeConfig();
    renderDialog(
      { realname: "Kept Name" },
      { sysInfo: { ...base.sysInfo, runMode: "1", diyName: "0" } },
      "profile",
    );
    const nickname = screen.getByLabelText("Nickname");
    expect(nickname).toHaveAttribute("readonly");
    expect(
      screen.getByText(
        "Your organisation manages names. Ask an administrator to change yours.",
      ),
    ).toBeInTheDocument();
    // The rest of the profile still saves, with the name as it is.
    await userEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ realname: "Kept Name" });
  });

  it("lets people rename themselves in run mode 2 whatever diyName says", () => {
    const base = makeConfig();
    renderDialog(
      {},
      { sysInfo: { ...base.sysInfo, runMode: "2", diyName: "0" } },
      "profile",
    );
    expect(screen.getByLabelText("Nickname")).not.toHaveAttribute("readonly");
  });

  it("checks the nickname with the protocol's rule before sending", async () => {
    renderDialog({}, {}, "profile");
    const nickname = screen.getByLabelText("Nickname");
    expect(nickname).toHaveAttribute("maxlength", "20");
    fill(nickname, "A");
    await userEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(
      await screen.findByText("A nickname is 2 to 16 characters long"),
    ).toBeInTheDocument();
    fill(nickname, `A${"b".repeat(16)}`);
    expect(
      await screen.findByText("A nickname is 2 to 16 characters long"),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("counts the motto's characters up to 100, and refuses a bad email", async () => {
    renderDialog({}, {}, "profile");
    expect(screen.getByText("0 / 100")).toBeInTheDocument();
    fill(screen.getByLabelText("Bio"), "Hello");
    expect(screen.getByText("5 / 100")).toBeInTheDocument();
    fill(screen.getByLabelText("Email"), "nope");
    await userEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(
      await screen.findByText(
        "Enter a valid email address of up to 120 characters",
      ),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("saves a valid profile and shows it as stored", async () => {
    serve((path) =>
      path === "/enterprise/im/updateUserInfo"
        ? {
            code: 0,
            data: {
              realname: "Alice Liddell",
              email: "alice@example.com",
              sex: 0,
              motto: "Curiouser",
              name_py: "aliceliddell",
            },
          }
        : { code: 0 },
    );
    renderDialog({}, {}, "profile");
    const nickname = screen.getByLabelText("Nickname");
    fill(nickname, "Alice Liddell ");
    fill(screen.getByLabelText("Email"), "alice@example.com");
    await userEvent.click(screen.getByRole("radio", { name: "Female" }));
    fill(screen.getByLabelText("Bio"), "Curiouser");
    await userEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() =>
      expect(useSessionStore.getState().user?.realname).toBe("Alice Liddell"),
    );
    expect(sent).toEqual([
      {
        path: "/enterprise/im/updateUserInfo",
        body: {
          realname: "Alice Liddell",
          email: "alice@example.com",
          sex: 0,
          motto: "Curiouser",
        },
      },
    ]);
    expect(useSessionStore.getState().user).toMatchObject({
      displayName: "Alice Liddell",
      sex: 0,
      motto: "Curiouser",
    });
  });
});

describe("the change-password dialog", () => {
  it("asks an unverified account for its current password, and a matching repeat", async () => {
    renderDialog({ is_auth: 0 }, {}, "password");
    const dialog = await dialogTitled("Change password");
    expect(within(dialog).queryByLabelText("Verification code")).toBeNull();
    fill(within(dialog).getByLabelText("New password"), "secret12");
    fill(within(dialog).getByLabelText("Confirm new password"), "secret13");
    await userEvent.click(
      within(dialog).getByRole("button", { name: "Change password" }),
    );
    // Each field's refusal shows as its own check settles: each is waited for.
    expect(
      await within(dialog).findByText(
        "Enter your current password",
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        "The two passwords don't match",
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fill(within(dialog).getByLabelText("Current password"), "old-pass");
    const repeat = within(dialog).getByLabelText("Confirm new password");
    fill(repeat, "secret12");
    await userEvent.click(
      within(dialog).getByRole("button", { name: "Change password" }),
    );
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: "/enterprise/im/editpassword",
          body: {
            password: "secret12",
            originalPassword: "old-pass",
            code: "",
          },
        },
      ]),
    );
  });

  it("asks a verified account for its current password and a code sent to it (type 3) (SPEC §5; issue 51 item 10)", async () => {
    renderDialog({ is_auth: 1, account: "alice@example.com" }, {}, "password");
    const dialog = await dialogTitled("Change password");
    expect(
      within(dialog).getByLabelText("Current password"),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("We'll send the code to alice@example.com"),
    ).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole("button", { name: "Send code" }),
    );
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: "/common/pub/sendCode",
          body: { account: "alice@example.com", type: 3 },
        },
      ]),
    );
  });
});

describe("the change-password dialog after a login by code (a forgotten password)", () => {
  it("asks only for the new password, and sends neither an old one nor a code", async () => {
    serve(() => ({ code: 0 }));
    // The session was opened by a code a minute ago.
    renderDialog(
      { is_auth: 1, account: "alice@example.com" },
      {},
      "password",
      Date.now() - 60_000,
    );
    const dialog = await dialogTitled("Change password");
    await waitFor(() =>
      expect(
        within(dialog).getByText(/You signed in with a code/),
      ).toBeInTheDocument(),
    );
    expect(within(dialog).queryByLabelText("Current password")).toBeNull();
    expect(within(dialog).queryByLabelText("Verification code")).toBeNull();
    fill(within(dialog).getByLabelText("New password"), "secret12");
    fill(within(dialog).getByLabelText("Confirm new password"), "secret12");
    await userEvent.click(
      within(dialog).getByRole("button", { name: "Change password" }),
    );
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: "/enterprise/im/editpassword",
          body: expect.objectContaining({
            password: "secret12",
            code: "",
            originalPassword: "",
          }) as unknown,
        },
      ]),
    );
  });
});

describe("the change-account dialog", () => {
  it("needs a phone or email, and asks a verified account for both codes", async () => {
    renderDialog({ is_auth: 1, account: "alice@example.com" }, {}, "account");
    const dialog = await dialogTitled("Change account");
    fill(within(dialog).getByLabelText("New account"), "bobby1");
    await userEvent.click(
      within(dialog).getByRole("button", { name: "Change account" }),
    );
    // antd shows each field's refusal as its own check settles: on a busy machine they
    // arrive one after another, so each is waited for.
    expect(
      await within(dialog).findByText(
        "Enter a valid phone number or email address",
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await waitFor(
      () =>
        expect(within(dialog).getAllByText("Enter the code")).toHaveLength(2),
      { timeout: 10_000 },
    );
    expect(sent).toHaveLength(0);
  });
});

describe("the avatar", () => {
  /** The picker's input: antd puts a fresh one in after each choice. */
  function fileInput(): HTMLInputElement {
    const input =
      document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    return input;
  }

  it("refuses a picture over 5 MB or of another kind before anything is sent", async () => {
    renderDialog({}, {}, "avatar");
    expect(fileInput().accept).toBe("image/jpeg,image/png,image/gif");
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", {
      type: "image/png",
    });
    await userEvent.upload(fileInput(), big);
    const pdf = new File(["%PDF"], "cv.pdf", { type: "application/pdf" });
    // The picker offers pictures only; a file dropped past it is refused all the same.
    await userEvent.setup({ applyAccept: false }).upload(fileInput(), pdf);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toHaveLength(0);
    expect(document.querySelector(".img-crop-modal")).toBeNull();

    // A picture that passes opens the crop dialog.
    const small = new File([new Uint8Array(64)], "me.png", {
      type: "image/png",
    });
    await userEvent.upload(fileInput(), small);
    expect(await dialogTitled("Crop your photo")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe("the About tab", () => {
  it("is not there outside demo mode", () => {
    renderDialog({}, { demon_mode: 0 });
    expect(screen.queryByRole("tab", { name: "About" })).toBeNull();
  });

  it("shows the product and its version in demo mode", async () => {
    renderDialog({}, { demon_mode: 1 });
    await userEvent.click(screen.getByRole("tab", { name: "About" }));
    expect(screen.getByText(`Version ${PRODUCT_VERSION}`)).toBeInTheDocument();
    expect(screen.getByText("Parley")).toBeInTheDocument();
  });
});
