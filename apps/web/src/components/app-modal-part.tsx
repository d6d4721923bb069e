import { Modal } from "antd";
import type { HookAPI } from "antd/es/modal/useModal";
import { useEffect } from "react";

/**
 * antd's modal API bound to the app's theme and language (its holder renders inside antd's
 * shell), handed to AppModal.tsx while mounted.
 */
export function ModalHolder({
  onReady,
}: {
  onReady: (api: HookAPI | null) => void;
}) {
  const [api, holder] = Modal.useModal();
  useEffect(() => {
    onReady(api);
    return () => onReady(null);
  }, [api, onReady]);
  return holder;
}
