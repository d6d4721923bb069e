import { describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { drawScreen } from "../../../../test/screen";
import { i18n } from "../../../i18n";
import { Editor } from "./Editor";

/*
 * A group's editor in Chromium, with the `@` picker's code arriving late (as on the first
 * group chat opened): what was typed before it came is kept, and the picker opens on it.
 * jsdom draws no antd dropdown, hence a screen test.
 */

const picker = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive, arrived };
});
// eslint-disable-next-line no-restricted-syntax -- the module itself, only late: nothing else sees a stand-in
vi.mock("./editor-mentions", async (importOriginal) => {
  await picker.arrived;
  return importOriginal();
});

describe("a group's editor in a browser", () => {
  it("opens the @ picker on a mention typed before the picker's code arrived", async () => {
    await i18n.changeLanguage("en");
    await i18n.loadNamespaces("messages");
    drawScreen(
      <Editor
        contactId="group-1"
        sendKey={1}
        mentionables={[
          { id: "7", name: "Ann", name_py: "ann", avatar: "" },
          { id: "8", name: "Bob", name_py: "bob", avatar: "" },
        ]}
        onSend={vi.fn()}
        onSendFiles={vi.fn()}
      />,
    );
    const field = page.getByRole("textbox", { name: "Message" });
    await userEvent.type(field, "@An");
    expect(page.getByRole("menuitem", { name: "Ann" }).query()).toBeNull();
    picker.arrive();
    await expect
      .element(page.getByRole("menuitem", { name: "Ann" }))
      .toBeVisible();
    expect(page.getByRole("menuitem", { name: "Bob" }).query()).toBeNull();
    await expect.element(field).toHaveValue("@An");
    await userEvent.keyboard("{Enter}");
    await expect.element(field).toHaveValue("@Ann ");
  });
});
