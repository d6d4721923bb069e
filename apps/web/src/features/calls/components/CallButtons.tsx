import { PhoneOutlined, VideoCameraOutlined } from "@ant-design/icons";
import { can, type Contact } from "@parley/protocol";
import { Button, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/feedback";
import { useActor, useGlobalConfig } from "../../system";
import { callController } from "../calls-lazy";
import { iceServersOf } from "../ice-servers";
import styles from "./calls.module.css";

/**
 * The title bar's voice and video call icons (SPEC §2): on a person's chat, while calls
 * and single chat are on (SPEC §6 through `can`); the video icon only while video calls
 * are on too.
 */
export function CallButtons({ contact }: { contact: Contact }) {
  const { t } = useTranslation("calls");
  const config = useGlobalConfig();
  const actor = useActor();
  const peerId = Number(contact.id);
  if (
    !config ||
    contact.is_group !== 0 ||
    !Number.isInteger(peerId) ||
    peerId <= 0 ||
    !can(actor, "call.start", { config })
  )
    return null;
  const start = (kind: number) =>
    void callController().then(
      (calls) =>
        calls.start(
          { id: peerId, name: contact.displayName, avatar: contact.avatar },
          kind,
          iceServersOf(config.chatInfo),
        ),
      () => toast("error", t("errors:network")),
    );
  return (
    <span className={styles.callButtons}>
      <Tooltip title={t("voiceCall")}>
        <Button
          type="text"
          icon={<PhoneOutlined />}
          aria-label={t("voiceCall")}
          onClick={() => start(0)}
        />
      </Tooltip>
      {can(actor, "call.video", { config }) && (
        <Tooltip title={t("videoCall")}>
          <Button
            type="text"
            icon={<VideoCameraOutlined />}
            aria-label={t("videoCall")}
            onClick={() => start(1)}
          />
        </Tooltip>
      )}
    </span>
  );
}
