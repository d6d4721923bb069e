import { type ComponentType, useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "./feedback";

/**
 * A component whose code is fetched the first time `wanted` is true, then kept for every
 * later use (in any place): the component once fetched, else null. A failed fetch calls
 * `onFailed`; the next time it is wanted (a new mount, or wanted again) it is tried again.
 */
function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
) {
  let fetched: ComponentType<P> | null = null;

  return function useFetched(
    wanted: boolean,
    onFailed: () => void,
  ): ComponentType<P> | null {
    const [Component, setComponent] = useState<ComponentType<P> | null>(
      () => fetched,
    );
    const failed = useEffectEvent(onFailed);

    useEffect(() => {
      if (!wanted || Component) return;
      let current = true;
      load().then(
        (component) => {
          fetched = component;
          if (current) setComponent(() => component);
        },
        () => {
          if (current) failed();
        },
      );
      return () => {
        current = false;
      };
    }, [wanted, Component]);

    return Component;
  };
}

interface LazyDialogOptions<P> {
  /** Whether the dialog is open now (from its props, or from the store that opens it). */
  useOpen: (props: P) => boolean;
  /** Closes it again when its code could not be fetched (offline). */
  onFailed: (props: P) => void;
}

/**
 * A dialog or panel whose code (and the Ant Design parts only it uses) is fetched when it
 * is first opened, not with the screen that shows its button. Until then nothing renders;
 * once fetched it stays mounted, so it closes with its animation, and every later opening
 * (in any chat) is immediate. Offline, the opening says so and is called off; the next one
 * tries again.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { useOpen, onFailed }: LazyDialogOptions<P>,
): ComponentType<P> {
  const useFetched = lazyComponent(load);

  function LazyDialog(props: P) {
    const { t } = useTranslation("errors");
    const Dialog = useFetched(useOpen(props), () => {
      toast("error", t("network"));
      onFailed(props);
    });
    return Dialog ? <Dialog {...props} /> : null;
  }
  return LazyDialog;
}

/**
 * A part of a screen whose code (an Ant Design component few screens show at first: an
 * image preview, a progress ring) is fetched when the part is first drawn; until then, and
 * if the fetch fails (offline), `Fallback` stands in with the same props.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Fallback: ComponentType<P>,
): ComponentType<P> {
  const useFetched = lazyComponent(load);

  function LazyPart(props: P) {
    const Part = useFetched(true, () => undefined);
    return Part ? <Part {...props} /> : <Fallback {...props} />;
  }
  return LazyPart;
}
