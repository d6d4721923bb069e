import type { AllConfig } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppModalHost } from "../../../components/AppModal";
import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import { I18nextProvider } from "react-i18next";
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
import { resetFeedbackDebounce, setFeedback } from "../../../lib/feedback";
import { useSessionStore } from "../../../stores/session.store";
import { systemInfoQuery } from "../../system";
import { SettingsPage } from "./SettingsPage";

/*
 * The settings page: a tab per section, each saving only its own changed fields with the
 * protocol's rules checked first; closing the system asks first; demo mode saves nothing.
 */
/** Typing into antd's fields is slow in jsdom, more so on a busy machine. */
const SLOW_MS = 40_000;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});
const toast = vi.fn();
beforeEach(() => {
  toast.mockClear();
  resetFeedbackDebounce();
  setFeedback({
    message: { open: toast } as unknown as MessageInstance,
    modal: {} as unknown as HookAPI,
  });
  useSessionStore.setState({
    token: "token",
    user: makeUserInfo({ user_id: 1, id: 1, role: 1 }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setFeedback(null);
  useSessionStore.setState({ token: null, user: null });
});

function stored(): AllConfig {
  const config = makeConfig();
  return {
    sysInfo: { ...config.sysInfo, diyName: "0" },
    chatInfo: config.chatInfo,
    fileUpload: { size: "10", preview: "", fileExt: ["png", "jpg", "pdf"] },
    smtp: {
      host: "smtp.example.com",
      port: "465",
      security: "ssl",
      user: "mailer",
      addr: "no-reply@example.com",
      sign: "Parley",
      hasPassword: true,
      source: "env",
    },
    storage: {
      disk: "local",
      endpoint: "",
      region: "us-east-1",
      bucket: "",
      pathStyle: "0",
      hasAccessKey: false,
      hasSecretKey: false,
      source: "env",
    },
    sms: {
      url: "https://sms.example.com/send?to={phone}",
      method: "POST",
      body: '{"to":"{phone}","text":"{text}"}',
      contentType: "application/json",
      hasAuthHeader: true,
      source: "env",
    },
    signin: {
      totpRequired: "0",
      oidcIssuer: "",
      oidcClientId: "",
      hasOidcSecret: false,
      oidcName: "SSO",
      oidcCreateUsers: "1",
      ssoOnly: "0",
      callbackUrl: "/auth/oidc/callback",
      ldapUrl: "",
      ldapBindDn: "",
      hasLdapBindPassword: false,
      ldapBaseDn: "",
      ldapFilter: "",
      ldapStartTls: "0",
      ldapCa: "",
      source: "env",
    },
    demon_mode: 0,
    version: "9.5.0",
  };
}

type Body = Record<string, unknown>;
const INVITE = "https://chat.example.com/#/register?inviteCode=AB12CD34";

/** The server: the stored config, which a save updates; every request recorded. */
function serve() {
  const calls: Array<{ path: string; body: Body }> = [];
  const config = stored();
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      const body = JSON.parse(
        typeof init?.body === "string" ? init.body : "{}",
      ) as Body;
      calls.push({ path, body });
      let answer: object = { code: 0, data: "", msg: "" };
      if (path === "/manage/config/getSettings")
        answer = { code: 0, data: config, msg: "" };
      if (path === "/manage/config/setConfig") {
        const name = body.name as
          | "sysInfo"
          | "chatInfo"
          | "fileUpload"
          | "smtp"
          | "storage"
          | "sms"
          | "signin";
        // Secrets are written, never stored where a read could return them.
        const {
          pass,
          accessKey,
          secretKey,
          authHeader,
          oidcSecret,
          ldapBindPassword,
          ...shown
        } = body.value as Body;
        Object.assign(config[name], shown, { source: "console" });
        if (authHeader) Object.assign(config.sms, { hasAuthHeader: true });
        if (pass) Object.assign(config.smtp, { hasPassword: true });
        if (accessKey) Object.assign(config.storage, { hasAccessKey: true });
        if (secretKey) Object.assign(config.storage, { hasSecretKey: true });
        if (oidcSecret) Object.assign(config.signin, { hasOidcSecret: true });
        if (ldapBindPassword)
          Object.assign(config.signin, { hasLdapBindPassword: true });
        answer = { code: 0, data: "", msg: "Saved", key: "config.saved" };
      }
      if (path === "/manage/config/getInviteLink")
        answer = { code: 0, data: INVITE, msg: "" };
      if (path === "/manage/config/sendTestEmail")
        answer = { code: 0, data: "", msg: "Test message sent" };
      if (path === "/manage/config/sendTestSms")
        answer = { code: 0, data: "", msg: "Test text message sent" };
      return Promise.resolve(
        new Response(JSON.stringify({ count: 0, page: 1, ...answer })),
      );
    }),
  );
  return calls;
}

const saves = (calls: ReturnType<typeof serve>) =>
  calls.filter((c) => c.path === "/manage/config/setConfig").map((c) => c.body);
const reads = (calls: ReturnType<typeof serve>) =>
  calls.filter((c) => c.path === "/manage/config/getSettings").length;

function renderPage({ demo = false } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  client.setQueryData(
    systemInfoQuery.queryKey,
    makeConfig({ demon_mode: demo ? 1 : 0 }),
  );
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <>
          <SettingsPage />
          <AppModalHost />
        </>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

async function openTab(name: string): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole("tab", { name }));
  return screen.findByRole("form", { name });
}

describe("the settings page", () => {
  it(
    "saves only the System section's changed field, then reads the config again",
    async () => {
      const calls = serve();
      renderPage();
      const form = await screen.findByRole("form", { name: "System" });
      const name = within(form).getByRole("textbox", { name: "System name" });
      expect(name).toHaveValue("Parley");
      await userEvent.clear(name);
      await userEvent.type(name, "Parley HQ ");
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));

      await waitFor(() => expect(saves(calls)).toHaveLength(1));
      expect(saves(calls)[0]).toEqual({
        name: "sysInfo",
        value: { name: "Parley HQ" },
      });
      await waitFor(() => expect(reads(calls)).toBe(2));
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ type: "success", content: "Saved" }),
      );
    },
    SLOW_MS,
  );

  it(
    "refuses an out-of-range withdrawal window in the form, before any request",
    async () => {
      const calls = serve();
      renderPage();
      const form = await openTab("Chat");
      const redo = within(form).getByRole("textbox", {
        name: "Withdrawal window",
      });
      expect(redo).toHaveValue("120");
      await userEvent.clear(redo);
      await userEvent.type(redo, "90000");
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));

      expect(
        await within(form).findByText("Enter a whole number from 0 to 86,400."),
      ).toBeInTheDocument();
      expect(saves(calls)).toEqual([]);

      await userEvent.clear(redo);
      await userEvent.type(redo, "86400");
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));
      await waitFor(() =>
        expect(saves(calls)).toEqual([
          { name: "chatInfo", value: { redoTime: "86400" } },
        ]),
      );
    },
    SLOW_MS,
  );

  it(
    "asks before closing the system, and sends nothing until the yes",
    async () => {
      const calls = serve();
      renderPage();
      const form = await screen.findByRole("form", { name: "System" });
      // antd's button-style radio takes the click on its label.
      await userEvent.click(within(form).getByText("Closed"));
      expect(within(form).getByRole("radio", { name: "Closed" })).toBeChecked();
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));

      const dialog = await screen.findByRole("dialog");
      expect(
        within(dialog).getByText(/Non-administrators are signed out at once/),
      ).toBeInTheDocument();
      expect(saves(calls)).toEqual([]);
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Close and save" }),
      );
      await waitFor(() =>
        expect(saves(calls)).toEqual([
          { name: "sysInfo", value: { state: "0" } },
        ]),
      );
    },
    SLOW_MS,
  );

  it(
    "asks before moving into friend mode, saying who stays in touch (issue 51 item 13)",
    async () => {
      const calls = serve();
      renderPage();
      const form = await screen.findByRole("form", { name: "System" });
      await userEvent.click(
        within(form).getByText(
          "Friends only: people add each other by request",
        ),
      );
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));

      const dialog = await screen.findByRole("dialog");
      expect(
        within(dialog).getByText(/already chatted one-to-one becomes friends/),
      ).toBeInTheDocument();
      expect(saves(calls)).toEqual([]);
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Switch and save" }),
      );
      await waitFor(() =>
        expect(saves(calls)).toEqual([
          { name: "sysInfo", value: { runMode: "2" } },
        ]),
      );
    },
    SLOW_MS,
  );

  it(
    "asks before keeping messages for fewer days: older ones get deleted",
    async () => {
      const calls = serve();
      renderPage();
      const form = await openTab("Chat");
      const keep = within(form).getByRole("textbox", {
        name: "Keep messages for",
      });
      expect(keep).toHaveValue("0");
      await userEvent.clear(keep);
      await userEvent.type(keep, "30");
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));

      const dialog = await screen.findByRole("dialog");
      expect(
        within(dialog).getByText(/Messages older than 30 days/),
      ).toBeInTheDocument();
      expect(saves(calls)).toEqual([]);
      await userEvent.click(
        within(dialog).getByRole("button", { name: "Save and delete" }),
      );
      await waitFor(() =>
        expect(saves(calls)).toEqual([
          { name: "chatInfo", value: { msgClearDay: "30" } },
        ]),
      );
    },
    SLOW_MS,
  );

  it(
    "in demo mode says so and disables saving",
    async () => {
      const calls = serve();
      renderPage({ demo: true });
      expect(
        await screen.findByText("Demo mode: settings are read-only"),
      ).toBeInTheDocument();
      const system = await screen.findByRole("form", { name: "System" });
      expect(
        within(system).getByRole("button", { name: "Save" }),
      ).toBeDisabled();
      expect(
        within(system).getByRole("textbox", { name: "System name" }),
      ).toBeDisabled();

      const chat = await openTab("Chat");
      expect(within(chat).getByRole("button", { name: "Save" })).toBeDisabled();

      await userEvent.click(screen.getByRole("tab", { name: "Invitations" }));
      expect(
        await screen.findByRole("button", { name: /Create invitation link/ }),
      ).toBeDisabled();
      expect(saves(calls)).toEqual([]);
    },
    SLOW_MS,
  );

  it(
    "leaves mail and storage to a super administrator: an administrator of role 2 reads them, saves nothing there, and may still send a test message",
    async () => {
      useSessionStore.setState({
        token: "token",
        user: makeUserInfo({ user_id: 7, id: 7, role: 2 }),
      });
      serve();
      renderPage();
      const mail = await openTab("Mail");
      expect(within(mail).getByRole("button", { name: "Save" })).toBeDisabled();
      expect(
        screen.getByText(/Only a super administrator changes these settings/),
      ).toBeInTheDocument();
      expect(screen.getByRole("textbox", { name: "Send to" })).toBeEnabled();
      await openTab("Files");
      const storage = screen.getByRole("form", { name: "Storage" });
      expect(
        within(storage).getByRole("button", { name: "Save" }),
      ).toBeDisabled();
      // The upload settings stay theirs.
      expect(
        within(screen.getByRole("form", { name: "Files" })).getByRole(
          "button",
          { name: "Save" },
        ),
      ).toBeEnabled();
    },
    SLOW_MS,
  );

  it(
    "adds an allowed file type",
    async () => {
      const calls = serve();
      renderPage();
      const form = await openTab("Files");
      const types = within(form).getByRole("combobox", {
        name: "Allowed file types",
      });
      await userEvent.type(types, "MP4{enter}");
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));
      await waitFor(() =>
        expect(saves(calls)).toEqual([
          {
            name: "fileUpload",
            value: { fileExt: ["png", "jpg", "pdf", "mp4"] },
          },
        ]),
      );
    },
    SLOW_MS,
  );

  it(
    "moves new files to an S3 bucket, its settings asked only then and checked first",
    async () => {
      const calls = serve();
      renderPage();
      await openTab("Files");
      const form = screen.getByRole("form", { name: "Storage" });
      expect(
        within(form).getByRole("radio", { name: "The server's disk" }),
      ).toBeChecked();
      expect(
        within(form).queryByRole("textbox", { name: "Bucket" }),
      ).not.toBeInTheDocument();
      await userEvent.click(
        within(form).getByRole("radio", { name: "An S3 bucket" }),
      );
      const bucket = within(form).getByRole("textbox", { name: "Bucket" });
      await userEvent.type(bucket, "Bad_Name");
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));
      expect(
        await within(form).findByText(/3 to 63 lower-case letters/),
      ).toBeInTheDocument();
      expect(saves(calls)).toEqual([]);

      await userEvent.clear(bucket);
      await userEvent.type(bucket, "parley-files");
      await userEvent.type(
        within(form).getByRole("textbox", { name: "Endpoint" }),
        "https://s3.example.com",
      );
      await userEvent.type(
        within(form).getByLabelText("Access key ID"),
        "AKIDEXAMPLE",
      );
      await userEvent.type(
        within(form).getByLabelText("Secret access key"),
        "wJalrXUtnFEMI",
      );
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));
      await waitFor(() =>
        expect(saves(calls)).toEqual([
          {
            name: "storage",
            value: {
              disk: "s3",
              endpoint: "https://s3.example.com",
              bucket: "parley-files",
              accessKey: "AKIDEXAMPLE",
              secretKey: "wJalrXUtnFEMI",
            },
          },
        ]),
      );
      // Read again: the keys are saved and never shown.
      await waitFor(() =>
        expect(
          within(
            screen.getByRole("form", { name: "Storage" }),
          ).getAllByPlaceholderText("Saved (hidden)"),
        ).toHaveLength(2),
      );
    },
    SLOW_MS,
  );

  it(
    "saves mail settings, the password only when typed, and sends a test email",
    async () => {
      const calls = serve();
      renderPage();
      const settings = await openTab("Mail");
      expect(
        screen.getByText("Set by the server's environment"),
      ).toBeInTheDocument();
      expect(
        within(settings).getByRole("textbox", { name: "Server" }),
      ).toHaveValue("smtp.example.com");
      const password = within(settings).getByLabelText("Password");
      expect(password).toHaveValue("");
      expect(password).toHaveAttribute("placeholder", "Saved (hidden)");

      const sign = within(settings).getByRole("textbox", {
        name: "Sender name",
      });
      await userEvent.clear(sign);
      await userEvent.type(sign, "Parley 通知");
      await userEvent.click(
        within(settings).getByRole("button", { name: "Save" }),
      );
      await waitFor(() =>
        expect(saves(calls)).toEqual([
          { name: "smtp", value: { sign: "Parley 通知" } },
        ]),
      );
      // Saved in the console now: the environment's note is gone.
      await waitFor(() =>
        expect(
          screen.queryByText("Set by the server's environment"),
        ).not.toBeInTheDocument(),
      );

      const form = screen.getByRole("form", { name: "Send a test email" });
      await userEvent.type(
        within(form).getByRole("textbox", { name: "Send to" }),
        "admin@example.com",
      );
      await userEvent.click(
        within(form).getByRole("button", { name: "Send test email" }),
      );
      await waitFor(() =>
        expect(
          calls.find((c) => c.path === "/manage/config/sendTestEmail")?.body,
        ).toEqual({ email: "admin@example.com" }),
      );
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          type: "success",
          content: "Test message sent",
        }),
      );
    },
    SLOW_MS,
  );

  it(
    "creates an invitation link to copy, with how long it is valid",
    async () => {
      serve();
      renderPage();
      await userEvent.click(
        await screen.findByRole("tab", { name: "Invitations" }),
      );
      expect(
        await screen.findByText(/Registration is open now/),
      ).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole("button", { name: /Create invitation link/ }),
      );
      expect(
        await screen.findByRole("textbox", { name: "Invitation link" }),
      ).toHaveValue(INVITE);
      expect(screen.getByText(/Valid for 7 days, until/)).toBeInTheDocument();
      expect(screen.getByRole("button", { name: /Copy/ })).toBeInTheDocument();
    },
    SLOW_MS,
  );

  it(
    "saves the SMS gateway, the Authorization header only when typed, and sends a test text message",
    async () => {
      const calls = serve();
      renderPage();
      const settings = await openTab("SMS");
      expect(
        screen.getByText("Set by the server's environment"),
      ).toBeInTheDocument();
      expect(
        within(settings).getByRole("textbox", { name: "Gateway URL" }),
      ).toHaveValue("https://sms.example.com/send?to={phone}");
      const header = within(settings).getByLabelText("Authorization header");
      expect(header).toHaveValue("");
      expect(header).toHaveAttribute("placeholder", "Saved (hidden)");

      const url = within(settings).getByRole("textbox", {
        name: "Gateway URL",
      });
      await userEvent.clear(url);
      await userEvent.type(url, "ftp://nope");
      await userEvent.click(
        within(settings).getByRole("button", { name: "Save" }),
      );
      expect(
        await within(settings).findByText(
          "Enter an address starting with http:// or https://, or leave it empty.",
        ),
      ).toBeInTheDocument();
      expect(saves(calls)).toEqual([]);

      await userEvent.clear(url);
      await userEvent.type(url, "http://127.0.0.1:9000/sms?to={{phone}");
      await userEvent.type(header, "Bearer t0ken");
      await userEvent.click(
        within(settings).getByRole("button", { name: "Save" }),
      );
      await waitFor(() =>
        expect(saves(calls)).toEqual([
          {
            name: "sms",
            value: {
              url: "http://127.0.0.1:9000/sms?to={phone}",
              authHeader: "Bearer t0ken",
            },
          },
        ]),
      );
      await waitFor(() =>
        expect(
          screen.queryByText("Set by the server's environment"),
        ).not.toBeInTheDocument(),
      );
      // The header is never shown again, only that one is kept.
      expect(
        within(screen.getByRole("form", { name: "SMS" })).getByLabelText(
          "Authorization header",
        ),
      ).toHaveValue("");

      const form = screen.getByRole("form", {
        name: "Send a test text message",
      });
      const phone = within(form).getByRole("textbox", { name: "Phone number" });
      await userEvent.type(phone, "12345");
      await userEvent.click(
        within(form).getByRole("button", { name: "Send test message" }),
      );
      expect(
        await within(form).findByText("Enter a valid phone number."),
      ).toBeInTheDocument();
      await userEvent.clear(phone);
      await userEvent.type(phone, "13800138000");
      await userEvent.click(
        within(form).getByRole("button", { name: "Send test message" }),
      );
      await waitFor(() =>
        expect(
          calls.find((c) => c.path === "/manage/config/sendTestSms")?.body,
        ).toEqual({ phone: "13800138000" }),
      );
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          type: "success",
          content: "Test text message sent",
        }),
      );
    },
    SLOW_MS,
  );

  it(
    "leaves the SMS gateway to a super administrator: an administrator of role 2 reads it and saves nothing",
    async () => {
      useSessionStore.setState({
        token: "token",
        user: makeUserInfo({ user_id: 7, id: 7, role: 2 }),
      });
      serve();
      renderPage();
      const sms = await openTab("SMS");
      expect(
        screen.getByText(/Only a super administrator changes these settings/),
      ).toBeInTheDocument();
      expect(within(sms).getByRole("button", { name: "Save" })).toBeDisabled();
      expect(
        within(sms).getByRole("textbox", { name: "Gateway URL" }),
      ).toBeDisabled();
      expect(within(sms).getByLabelText("Authorization header")).toBeDisabled();
      // Like the test email, the test message stays theirs.
      expect(
        screen.getByRole("textbox", { name: "Phone number" }),
      ).toBeEnabled();
    },
    SLOW_MS,
  );
  it(
    "Sign-in: sets up single sign-on, the secret sent once and never shown, the issuer checked by the server's rule",
    async () => {
      const calls = serve();
      renderPage();
      const form = await openTab("Sign-in");
      // The address to register at the provider, on this console's own origin.
      expect(
        within(form).getByText(`${window.location.origin}/auth/oidc/callback`),
      ).toBeInTheDocument();
      const issuer = within(form).getByRole("textbox", { name: "Issuer" });
      await userEvent.type(issuer, "http://idp.example.com");
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));
      expect(
        await within(form).findByText(/An https address/),
      ).toBeInTheDocument();
      expect(saves(calls)).toEqual([]);

      await userEvent.clear(issuer);
      await userEvent.type(issuer, "https://idp.example.com");
      await userEvent.type(
        within(form).getByRole("textbox", { name: "Client ID" }),
        "parley",
      );
      await userEvent.type(
        within(form).getByLabelText("Client secret"),
        "s3cret-value",
      );
      await userEvent.click(within(form).getByRole("button", { name: "Save" }));
      await waitFor(() =>
        expect(saves(calls)).toEqual([
          {
            name: "signin",
            value: {
              oidcIssuer: "https://idp.example.com",
              oidcClientId: "parley",
              oidcSecret: "s3cret-value",
            },
          },
        ]),
      );
      await waitFor(() =>
        expect(
          within(
            screen.getByRole("form", { name: "Sign-in" }),
          ).getAllByPlaceholderText("Saved (hidden)"),
        ).toHaveLength(1),
      );
    },
    SLOW_MS,
  );
});
