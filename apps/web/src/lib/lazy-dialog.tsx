import { type ComponentType, useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "./feedback";

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
  let fetched: ComponentType<P> | null = null;

  function LazyDialog(props: P) {
    const { t } = useTranslation("errors");
    const open = useOpen(props);
    const [Dialog, setDialog] = useState<ComponentType<P> | null>(
      () => fetched,
    );
    const failed = useEffectEvent(() => {
      toast("error", t("network"));
      onFailed(props);
    });

    useEffect(() => {
      if (!open || Dialog) return;
      let current = true;
      load().then(
        (component) => {
          fetched = component;
          if (current) setDialog(() => component);
        },
        () => {
          if (current) failed();
        },
      );
      return () => {
        current = false;
      };
    }, [open, Dialog]);

    return Dialog ? <Dialog {...props} /> : null;
  }
  return LazyDialog;
}
