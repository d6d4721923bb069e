import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { ReactionBar } from "./ReactionBar";

beforeAll(async () => {
  stubLayout();
  await i18n.loadNamespaces("messages");
});

const NAMES = new Map([
  [1, "Me"],
  [2, "Ann"],
  [3, "Bao"],
]);

function bar(onToggle = vi.fn(), lang = "en") {
  void i18n.changeLanguage(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <ReactionBar
        me={1}
        mine={false}
        nameOf={(id) => NAMES.get(id)}
        onToggle={onToggle}
        reactions={[
          { emoji: "👍", count: 2, user_ids: [2, 1] },
          { emoji: "🎉", count: 14, user_ids: [2, 3, 99] },
        ]}
      />
    </I18nextProvider>,
  );
  return onToggle;
}

describe("a message's reaction bar", () => {
  it("counts each emoji, marks mine and says who reacted", async () => {
    await i18n.changeLanguage("en");
    bar();
    const thumbs = screen.getByRole("button", {
      name: "Ann and You reacted with 👍",
    });
    expect(thumbs).toHaveAttribute("aria-pressed", "true");
    expect(thumbs).toHaveTextContent("👍2");
    // Someone the chat cannot name is counted among the others.
    const party = screen.getByRole("button", {
      name: "Ann, Bao and 12 others reacted with 🎉",
    });
    expect(party).toHaveAttribute("aria-pressed", "false");
    expect(party).toHaveTextContent("🎉14");
  });

  it("takes mine away with one tap, and adds it with another", async () => {
    await i18n.changeLanguage("en");
    const onToggle = bar();
    await userEvent.click(
      screen.getByRole("button", { name: /reacted with 👍/ }),
    );
    await userEvent.click(
      screen.getByRole("button", { name: /reacted with 🎉/ }),
    );
    expect(onToggle.mock.calls).toEqual([
      ["👍", false],
      ["🎉", true],
    ]);
  });

  it("says it in Chinese", async () => {
    await i18n.changeLanguage("zh");
    bar(vi.fn(), "zh");
    expect(
      screen.getByRole("button", { name: "Ann和你回应了 👍" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: "Ann, Bao等 12 人回应了 🎉" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: "添加表情回应" }),
    ).toBeInTheDocument();
  });
});
