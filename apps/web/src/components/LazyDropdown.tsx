import type { DropdownProps } from "antd";
import {
  cloneElement,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
  useEffect,
  useId,
  useState,
} from "react";

type Trigger = "click" | "contextMenu";

export interface LazyDropdownProps extends Omit<
  DropdownProps,
  "trigger" | "children"
> {
  trigger: Trigger[];
  /** One element that takes the trigger's events (a button, a row). */
  children: ReactElement;
}

interface ChildProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onContextMenu?: (event: MouseEvent<HTMLElement>) => void;
  "data-lazy-menu"?: string;
}

/** A press made before the menu's code was here, made again once it is. */
interface Pending {
  type: "click" | "contextmenu";
  clientX: number;
  clientY: number;
}

/** By element (its useId): what to do once it is drawn inside the fetched Dropdown. */
const swaps = new Map<string, AfterSwap>();

let fetched: ComponentType<DropdownProps> | null = null;
let fetching: Promise<ComponentType<DropdownProps>> | null = null;

function fetchDropdown(): Promise<ComponentType<DropdownProps>> {
  fetching ??= import("./dropdown-part").then(
    (m) => (fetched = m.Dropdown),
    (error: unknown) => {
      fetching = null;
      throw error;
    },
  );
  return fetching;
}

/** What to do once the element is drawn again inside the fetched Dropdown. */
interface AfterSwap {
  /** It had the keyboard focus: it gets it back. */
  focus: boolean;
  replay: Pending;
}

/**
 * antd's Dropdown whose code (the dropdown and its menu, some 20 kB gzipped) is fetched
 * with the first press that opens a menu (issue 14, F1), not with the screen: the press is
 * made again once the code is here (the same click, or the right click at the same point),
 * so the menu opens where it would have; the element, drawn anew inside the Dropdown,
 * keeps the keyboard focus it had. Offline, the press does nothing. Once fetched, every
 * menu drawn after has the Dropdown from the start.
 */
export function LazyDropdown(props: LazyDropdownProps) {
  const key = useId();
  const [Dropdown, setDropdown] = useState(() => fetched);
  useEffect(() => {
    const swapped = swaps.get(key);
    if (!Dropdown || !swapped) return;
    swaps.delete(key);
    const element = document.querySelector<HTMLElement>(
      `[data-lazy-menu="${key}"]`,
    );
    if (!element) return;
    if (swapped.focus) element.focus();
    const { type, clientX, clientY } = swapped.replay;
    element.dispatchEvent(
      new window.MouseEvent(type, {
        bubbles: true,
        cancelable: true,
        clientX,
        clientY,
        button: type === "contextmenu" ? 2 : 0,
      }),
    );
  }, [Dropdown, key]);

  const { children, ...dropdownProps } = props;
  const child = cloneElement(children as ReactElement<ChildProps>, {
    "data-lazy-menu": key,
  });
  if (Dropdown) return <Dropdown {...dropdownProps}>{child}</Dropdown>;

  const wake = (replay: Pending) => {
    void fetchDropdown().then(
      (component) => {
        const focused = document.activeElement;
        swaps.set(key, {
          focus: focused?.getAttribute("data-lazy-menu") === key,
          replay,
        });
        setDropdown(() => component);
      },
      () => undefined,
    );
  };
  // The element's own handler runs with the replayed press, once, not with this one too.
  const press = (type: Pending["type"], event: MouseEvent<HTMLElement>) => {
    if (type === "contextmenu") event.preventDefault();
    wake({ type, clientX: event.clientX, clientY: event.clientY });
  };
  const handlers: ChildProps = {};
  if (props.trigger.includes("click"))
    handlers.onClick = (event) => press("click", event);
  if (props.trigger.includes("contextMenu"))
    handlers.onContextMenu = (event) => press("contextmenu", event);
  return cloneElement(children as ReactElement<ChildProps>, {
    "data-lazy-menu": key,
    ...handlers,
  });
}
