import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RenderErrorBoundary } from "./RenderErrorBoundary";

function Broken(): never {
  throw new Error("render failed");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a screen that fails to render", () => {
  it("shows a message and a retry instead of a blank page", () => {
    // React and the boundary report the error on the console; the test needs no noise.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <RenderErrorBoundary>
        <Broken />
      </RenderErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Something went wrong. Please try again.",
    );
    expect(screen.getByRole("button", { name: "Retry" })).toBeVisible();
  });

  it("shows the screen itself when nothing fails", () => {
    render(
      <RenderErrorBoundary>
        <p>chat</p>
      </RenderErrorBoundary>,
    );
    expect(screen.getByText("chat")).toBeVisible();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
