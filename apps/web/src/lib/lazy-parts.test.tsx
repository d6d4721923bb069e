import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setUpPageTest } from "../../test/page-test";
import { lazyDialog, lazyPart } from "./lazy-parts";

interface Props {
  open: boolean;
  onClose: () => void;
}

/** What the fetched dialog draws: its state, so a test sees it stayed mounted. */
function Dialog({ open }: Props) {
  return <div role="dialog">{open ? "open" : "closed"}</div>;
}

const { toast: toastOpen } = setUpPageTest();

describe("a dialog fetched when first opened", () => {
  it("fetches nothing while closed, then shows the dialog and keeps it mounted once closed", async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const Lazy = lazyDialog<Props>(load, {
      useOpen: (props) => props.open,
      onFailed: (props) => props.onClose(),
    });
    const { rerender } = render(<Lazy open={false} onClose={vi.fn()} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();

    rerender(<Lazy open onClose={vi.fn()} />);
    expect(await screen.findByRole("dialog")).toHaveTextContent("open");
    rerender(<Lazy open={false} onClose={vi.fn()} />);
    // Still there, so it can animate closed.
    expect(screen.getByRole("dialog")).toHaveTextContent("closed");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows at once in a new place once fetched", async () => {
    const Lazy = lazyDialog<Props>(() => Promise.resolve(Dialog), {
      useOpen: (props) => props.open,
      onFailed: (props) => props.onClose(),
    });
    const first = render(<Lazy open onClose={vi.fn()} />);
    await screen.findByRole("dialog");
    first.unmount();
    render(<Lazy open onClose={vi.fn()} />);
    expect(screen.getByRole("dialog")).toHaveTextContent("open");
  });

  it("says so and closes again when its code cannot be fetched (offline)", async () => {
    const onClose = vi.fn();
    const Lazy = lazyDialog<Props>(() => Promise.reject(new Error("offline")), {
      useOpen: (props) => props.open,
      onFailed: (props) => props.onClose(),
    });
    render(<Lazy open onClose={onClose} />);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(toastOpen).toHaveBeenCalledWith(
      expect.objectContaining({ type: "error" }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("a part fetched when first drawn", () => {
  interface PartProps {
    label: string;
  }
  const Part = ({ label }: PartProps) => <button type="button">{label}</button>;
  const Stand = ({ label }: PartProps) => <span>{`${label} (plain)`}</span>;

  it("draws its stand-in with the same props until the code is here, then the part", async () => {
    let arrive: (component: typeof Part) => void = () => undefined;
    const Lazy = lazyPart<PartProps>(
      () => new Promise((resolve) => (arrive = resolve)),
      Stand,
    );
    render(<Lazy label="Photo" />);
    expect(screen.getByText("Photo (plain)")).toBeInTheDocument();
    arrive(Part);
    expect(
      await screen.findByRole("button", { name: "Photo" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Photo (plain)")).toBeNull();
  });

  it("keeps the stand-in, without a word, when the code cannot be fetched; a new one tries again", async () => {
    const load = vi
      .fn<() => Promise<typeof Part>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(Part);
    const Lazy = lazyPart<PartProps>(load, Stand);
    const first = render(<Lazy label="Photo" />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.getByText("Photo (plain)")).toBeInTheDocument();
    expect(toastOpen).not.toHaveBeenCalled();
    first.unmount();

    render(<Lazy label="Photo" />);
    expect(
      await screen.findByRole("button", { name: "Photo" }),
    ).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
