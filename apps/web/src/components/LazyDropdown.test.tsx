import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { stubLayout } from "../../test/jsdom";
import type * as Part from "./dropdown-part";

type DropdownPart = typeof Part;

beforeAll(() => {
  stubLayout();
});

const menu = {
  items: [
    { key: "pin", label: "Pin" },
    { key: "mute", label: "Mute" },
  ],
};

/** A fresh copy of the module: nothing fetched yet. */
async function freshLazyDropdown() {
  vi.resetModules();
  return (await import("./LazyDropdown")).LazyDropdown;
}

describe("a dropdown whose code comes with the first press", () => {
  it("opens on the first right click, once the code is here, and keeps the page's own menu away", async () => {
    const LazyDropdown = await freshLazyDropdown();
    render(
      <LazyDropdown trigger={["contextMenu"]} menu={menu}>
        <button type="button">Alice</button>
      </LazyDropdown>,
    );
    const row = screen.getByRole("button", { name: "Alice" });
    // Not yet antd's: no trigger class before the press.
    expect(row).not.toHaveClass("ant-dropdown-trigger");
    expect(screen.queryByText("Mute")).toBeNull();
    // fireEvent answers false when the default (the browser's menu) was prevented.
    expect(fireEvent.contextMenu(row, { clientX: 40, clientY: 12 })).toBe(
      false,
    );
    expect(await screen.findByText("Mute")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Alice" })).toHaveClass(
      "ant-dropdown-trigger",
    );
  });

  it("opens from the keyboard and gives the focus back to the button", async () => {
    const LazyDropdown = await freshLazyDropdown();
    const user = userEvent.setup();
    const onChoose = vi.fn<(key: string) => void>();
    render(
      <LazyDropdown
        trigger={["click"]}
        menu={{ ...menu, onClick: ({ key }) => onChoose(key) }}
      >
        <button type="button">More</button>
      </LazyDropdown>,
    );
    screen.getByRole("button", { name: "More" }).focus();
    await user.keyboard("{Enter}");
    const item = await screen.findByText("Pin");
    expect(screen.getByRole("button", { name: "More" })).toHaveFocus();
    await user.click(item);
    expect(onChoose).toHaveBeenCalledWith("pin");
  });

  it("draws antd's dropdown from the start once fetched, and opens on one click", async () => {
    const LazyDropdown = await freshLazyDropdown();
    const user = userEvent.setup();
    const first = render(
      <LazyDropdown trigger={["click"]} menu={menu}>
        <button type="button">First</button>
      </LazyDropdown>,
    );
    await user.click(screen.getByRole("button", { name: "First" }));
    await screen.findByText("Pin");
    first.unmount();

    render(
      <LazyDropdown trigger={["click"]} menu={menu}>
        <button type="button">Second</button>
      </LazyDropdown>,
    );
    const second = screen.getByRole("button", { name: "Second" });
    expect(second).toHaveClass("ant-dropdown-trigger");
    await user.click(second);
    expect(await screen.findByText("Mute")).toBeInTheDocument();
  });

  it("does nothing when the code cannot be fetched (offline), and tries again on the next press", async () => {
    vi.resetModules();
    let attempts = 0;
    // eslint-disable-next-line no-restricted-syntax -- the module itself, only late (or once offline): nothing else sees a stand-in
    vi.doMock("./dropdown-part", async (importOriginal) => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return importOriginal<DropdownPart>();
    });
    const { LazyDropdown } = await import("./LazyDropdown");
    const user = userEvent.setup();
    render(
      <LazyDropdown trigger={["click"]} menu={menu}>
        <button type="button">More</button>
      </LazyDropdown>,
    );
    await user.click(screen.getByRole("button", { name: "More" }));
    await vi.waitFor(() => expect(attempts).toBe(1));
    expect(screen.queryByText("Pin")).toBeNull();

    await user.click(screen.getByRole("button", { name: "More" }));
    expect(await screen.findByText("Pin")).toBeInTheDocument();
    vi.doUnmock("./dropdown-part");
  });
});
