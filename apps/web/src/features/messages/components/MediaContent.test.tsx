import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { stubLayout } from "../../../../test/jsdom";
import type * as Parts from "./media-parts";

beforeAll(() => {
  stubLayout();
});

const picture = {
  kind: "image",
  url: "/files/7",
  thumb: "/files/7?thumb=1",
  name: "beach.png",
  width: 640,
  height: 400,
  sticker: false,
} as const;

describe("a picture whose preview's code has not come yet", () => {
  it("opens enlarged once the code comes when it was clicked before", async () => {
    vi.resetModules();
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    // eslint-disable-next-line no-restricted-syntax -- the module itself, only late: nothing else sees a stand-in
    vi.doMock("./media-parts", async (importOriginal) => {
      await arrived;
      return importOriginal<typeof Parts>();
    });
    const { MediaContent } = await import("./MediaContent");
    const user = userEvent.setup();
    const { container } = render(<MediaContent media={picture} mine={false} />);

    // The plain thumbnail stands in; the click on it is kept.
    const plain = screen.getByRole("img", { name: "beach.png" });
    expect(container.querySelector(".ant-image")).toBeNull();
    await user.click(plain);
    expect(document.querySelector(".ant-image-preview")).toBeNull();

    arrive();
    await vi.waitFor(() =>
      expect(document.querySelector(".ant-image-preview-img")).not.toBeNull(),
    );
    expect(
      document.querySelector(".ant-image-preview-img")?.getAttribute("src"),
    ).toBe("/files/7");
    vi.doUnmock("./media-parts");
  });
});
