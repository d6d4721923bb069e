import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { stubLayout } from "../../../../test/jsdom";
import { i18n } from "../../../i18n";
import { PreviewOverlay, previewKind } from "./PreviewOverlay";

/* SPEC §2 "Preview overlay", §8 'File not found': a sandboxed frame, or the reason there is none. */
beforeAll(async () => {
  await i18n.changeLanguage("en");
  stubLayout();
});

function renderOverlay(url: string, downloadUrl?: string) {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <PreviewOverlay
        open
        url={url}
        title="季度报告 Q3.png"
        {...(downloadUrl === undefined ? {} : { downloadUrl })}
        onClose={onClose}
      />
    </I18nextProvider>,
  );
  return onClose;
}

describe("the preview overlay", () => {
  it("shows the address in a frame that may run nothing, and closes by its button", async () => {
    const onClose = renderOverlay("/files/9", "/files/9?download=1");
    const dialog = await screen.findByRole("dialog", {
      name: "季度报告 Q3.png",
    });
    expect(dialog).toBeInTheDocument();
    const frame = screen.getByTitle("Preview of 季度报告 Q3.png");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("src", "/files/9");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame).toHaveAttribute("referrerpolicy", "no-referrer");
    expect(screen.queryByText("File not found")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Download/ })).toHaveAttribute(
      "href",
      "/files/9?download=1",
    );

    await userEvent.click(
      screen.getByRole("button", { name: "Close preview" }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it("says 'File not found' without an address, with the download when there is one", async () => {
    renderOverlay("", "/files/9?download=1");
    expect(await screen.findByText("File not found")).toBeInTheDocument();
    expect(document.querySelector("iframe")).toBeNull();
    expect(screen.getByRole("link", { name: /Download/ })).toHaveAttribute(
      "href",
      "/files/9?download=1",
    );
  });

  it("offers no download when it has no address for one", async () => {
    renderOverlay("");
    expect(await screen.findByText("File not found")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Download/ })).toBeNull();
  });

  it("plays a clip or a sound in an element of its own, never in the frame of opaque origin", async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <PreviewOverlay
          open
          url="/files/16"
          kind="video"
          title="clip.mp4"
          onClose={vi.fn()}
        />
      </I18nextProvider>,
    );
    await screen.findByRole("dialog", { name: "clip.mp4" });
    const clip = document.querySelector("video");
    expect(clip).not.toBeNull();
    expect(clip).toHaveAttribute("src", "/files/16");
    expect(clip).toHaveAttribute("controls");
    expect(document.querySelector("iframe")).toBeNull();
    expect(previewKind({ cate: 4 })).toBe("video");
    expect(previewKind({ cate: 3 })).toBe("audio");
    expect(previewKind({ cate: 2 })).toBe("image");
    expect(previewKind({ cate: 1 })).toBe("frame");
    expect(previewKind({ cate: 5 })).toBe("frame");
  });
});
