import type { GroupMember } from "@parley/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { stubServer } from "../../../../test/server-stub";
import { i18n } from "../../../i18n";
import { MuteDialog } from "./MuteDialog";

/*
 * The mute dialog (SPEC §2, §9): a preset goes as `noSpeakTimer`, a custom time as
 * `noSpeakDay` in days with the timer 0, and letting a member speak again as both 0.
 * Done, it closes.
 */
beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const NOW = 1_700_000_000_000;

function member(mutedUntilSeconds = 0): GroupMember {
  return {
    id: 5,
    group_id: 7,
    user_id: 5,
    role: 3,
    invite_id: 0,
    create_time: "2026-01-01 10:00:00",
    unread: 0,
    is_notice: 1,
    is_top: 0,
    no_speak_time: mutedUntilSeconds,
    status: 1,
    userInfo: {
      id: 5,
      displayName: "Ada",
      account: "ada",
      name_py: "",
      avatar: "",
    },
  };
}

/** Draws the dialog for `target`; answers every call with success and keeps what was asked. */
function renderDialog(target: GroupMember) {
  const asked: [string, Record<string, unknown>][] = [];
  stubServer((path, body) => {
    asked.push([path, body]);
    return { code: 0, data: "" };
  });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MuteDialog groupId={7} member={target} now={NOW} onClose={onClose} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { asked, onClose };
}

describe("muting a member", () => {
  it("sends a preset as the timer", async () => {
    const { asked, onClose } = renderDialog(member());
    await userEvent.click(screen.getByRole("radio", { name: "1 hour" }));
    await userEvent.click(screen.getByRole("button", { name: "Mute" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(asked).toEqual([
      ["/enterprise/group/setNoSpeak", { id: 7, user_id: 5, noSpeakTimer: 2 }],
    ]);
  });

  it("sends a custom time in days, with the timer 0", async () => {
    const { asked, onClose } = renderDialog(member());
    await userEvent.click(screen.getByRole("radio", { name: "Custom" }));
    const amount = screen.getByRole("spinbutton", { name: "Amount" });
    await userEvent.clear(amount);
    await userEvent.type(amount, "3");
    await userEvent.click(screen.getByRole("button", { name: "Mute" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(asked).toEqual([
      [
        "/enterprise/group/setNoSpeak",
        { id: 7, user_id: 5, noSpeakTimer: 0, noSpeakDay: 3 },
      ],
    ]);
  });

  it("lets a muted member speak again with both 0", async () => {
    const { asked, onClose } = renderDialog(member(NOW / 1000 + 600));
    await userEvent.click(
      screen.getByRole("button", { name: "Let them speak" }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(asked).toEqual([
      [
        "/enterprise/group/setNoSpeak",
        { id: 7, user_id: 5, noSpeakTimer: 0, noSpeakDay: 0 },
      ],
    ]);
  });
});
