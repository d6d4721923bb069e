import { Modal } from "antd";
import { Spinner } from "../../components/light/Spinner";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useWindowWidth } from "../../hooks/useWindowWidth";
import { lazyPage } from "../../lib/lazy";

const ChatPage = lazyPage(() =>
  import("./ChatPage").then((m) => ({ default: m.ChatPage })),
);

/** Below this window width the dialog takes the whole window. */
const FULL_BELOW = 760;

/**
 * The chat as a pop-up dialog (SPEC §2: the console shell's chat, the demo page's chat):
 * the whole chat screen inside it, loaded when first opened and kept while the page lives,
 * so closing and opening again keeps the open chat.
 */
export function ChatDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("messages");
  const full = useWindowWidth() < FULL_BELOW;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t("dialog.title")}
      closable={{ "aria-label": t("dialog.close") }}
      width={full ? "100vw" : 1100}
      centered={!full}
      style={full ? { top: 0, maxWidth: "100vw", margin: 0, padding: 0 } : {}}
      styles={{
        body: {
          height: full
            ? "calc(100dvh - 56px)"
            : "min(720px, calc(100vh - 140px))",
          padding: 0,
          overflow: "hidden",
        },
      }}
    >
      <Suspense
        fallback={
          <div
            style={{ margin: "64px auto", textAlign: "center", fontSize: 24 }}
          >
            <Spinner />
          </div>
        }
      >
        <ChatPage embedded />
      </Suspense>
    </Modal>
  );
}
