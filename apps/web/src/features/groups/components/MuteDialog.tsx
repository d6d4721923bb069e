import {
  customMuteDays,
  type GroupMember,
  type MuteUnit,
} from "@parley/protocol";
import { Button, InputNumber, Modal, Radio, Select, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMuteMemberMutation } from "../members.queries";

type Choice = 1 | 2 | 3 | 4 | "custom";

/**
 * Muting one member (SPEC §2 mute dialog, §9 presets): 10 minutes, 1 hour, 3 hours, 1 day,
 * or a custom time of 1 minute to 365 days typed in days, hours or minutes. A muted member
 * can be let speak again from here.
 */
export function MuteDialog({
  groupId,
  member,
  now,
  onClose,
}: {
  groupId: number;
  /** The member to mute; null when the dialog is closed. */
  member: GroupMember | null;
  now: number;
  onClose: () => void;
}) {
  const { t } = useTranslation("groups");
  const [choice, setChoice] = useState<Choice>(1);
  const [amount, setAmount] = useState<number | null>(1);
  const [unit, setUnit] = useState<MuteUnit>("day");
  const days = choice === "custom" ? customMuteDays(amount ?? 0, unit) : null;
  const invalid = choice === "custom" && days === null;
  const mutedUntil = (member?.no_speak_time ?? 0) * 1000;

  const muting = useMuteMemberMutation();
  const mute = (lift: boolean) => {
    if (!member) return;
    muting.mutate(
      {
        groupId,
        userId: member.user_id,
        length: lift
          ? "lift"
          : choice === "custom"
            ? { days: days ?? 0 }
            : { preset: choice },
      },
      { onSuccess: onClose },
    );
  };

  const name = member?.userInfo.displayName ?? "";
  return (
    <Modal
      open={member !== null}
      title={t("mute.title", { name })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        mutedUntil > now && (
          <Button key="lift" danger onClick={() => mute(true)}>
            {t("mute.lift")}
          </Button>
        ),
        <Button key="cancel" onClick={onClose}>
          {t("actions.cancel")}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={invalid}
          loading={muting.isPending}
          onClick={() => mute(false)}
        >
          {t("mute.ok")}
        </Button>,
      ]}
    >
      {mutedUntil > now && (
        <p>
          {t("mute.until", {
            time: new Date(mutedUntil).toLocaleString(),
          })}
        </p>
      )}
      <Radio.Group
        value={choice}
        onChange={(e) => setChoice(e.target.value as Choice)}
        aria-label={t("mute.howLong")}
      >
        <Space orientation="vertical">
          <Radio value={1}>{t("mute.presets.1")}</Radio>
          <Radio value={2}>{t("mute.presets.2")}</Radio>
          <Radio value={3}>{t("mute.presets.3")}</Radio>
          <Radio value={4}>{t("mute.presets.4")}</Radio>
          <Radio value="custom">{t("mute.custom")}</Radio>
        </Space>
      </Radio.Group>
      {choice === "custom" && (
        <Space.Compact style={{ display: "flex", marginTop: 12 }}>
          <InputNumber
            min={1}
            precision={0}
            value={amount}
            onChange={setAmount}
            status={invalid ? "error" : undefined}
            aria-label={t("mute.amount")}
            style={{ flex: 1 }}
          />
          <Select<MuteUnit>
            value={unit}
            onChange={setUnit}
            aria-label={t("mute.unit")}
            style={{ width: 120 }}
            options={[
              { value: "day", label: t("mute.units.day") },
              { value: "hour", label: t("mute.units.hour") },
              { value: "minute", label: t("mute.units.minute") },
            ]}
          />
        </Space.Compact>
      )}
      {invalid && (
        <div role="alert" style={{ color: "#ff4d4f", marginTop: 8 }}>
          {t("mute.range")}
        </div>
      )}
    </Modal>
  );
}
