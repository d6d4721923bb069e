import { CONSOLE_MESSAGE_TYPES } from "@parley/protocol";
import { Select } from "antd";
import { useTranslation } from "react-i18next";

/** A message type the centre filters by, "all" for every type a person sends. */
export type ConsoleMessageType = (typeof CONSOLE_MESSAGE_TYPES)[number];

/** The label of each type in the filter. */
const TYPE_LABELS: Record<ConsoleMessageType, string> = {
  all: "centre.type.all",
  text: "centre.type.text",
  image: "centre.type.image",
  voice: "centre.type.voice",
  video: "centre.type.video",
  file: "centre.type.file",
  emoji: "centre.type.emoji",
  webrtc: "centre.type.webrtc",
  event: "centre.type.event",
};

/** Chooses which type of message a list shows. */
export function TypeFilter({
  value,
  onChange,
}: {
  value: ConsoleMessageType;
  onChange: (type: ConsoleMessageType) => void;
}) {
  const { t } = useTranslation("consoleChats");
  return (
    <Select<ConsoleMessageType>
      value={value}
      onChange={onChange}
      aria-label={t("centre.type.label")}
      virtual={false}
      popupMatchSelectWidth={false}
      style={{ minWidth: 130 }}
      options={CONSOLE_MESSAGE_TYPES.map((type) => ({
        value: type,
        label: t(TYPE_LABELS[type]),
      }))}
    />
  );
}
