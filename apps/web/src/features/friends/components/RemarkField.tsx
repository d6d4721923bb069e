import { EditOutlined } from "@ant-design/icons";
import { friendNicknameProblem, PeopleLimits } from "@parley/protocol";
import { Button, Input, Tooltip } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSetRemarkMutation } from "../friends.queries";
import styles from "./user-card.module.css";

/** The remark I give a friend (SPEC §5 Friends), edited in place: non-empty, at most 16. */
export function RemarkField({
  userId,
  remark,
}: {
  userId: number;
  remark: string;
}) {
  const { t } = useTranslation("people");
  const save = useSetRemarkMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();

  if (draft === null)
    return (
      <span className={styles.remark}>
        <span className={remark ? styles.remarkText : styles.muted}>
          {remark || t("remark.none")}
        </span>
        <Tooltip title={t("remark.edit")}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t("remark.edit")}
            onClick={() => {
              setProblem(null);
              setDraft(remark);
            }}
          />
        </Tooltip>
      </span>
    );

  const submit = () => {
    const key = friendNicknameProblem(draft);
    if (key) {
      setProblem(
        key === "friend.nicknameRequired"
          ? t("remark.required")
          : t("remark.tooLong", { max: PeopleLimits.friendNicknameMax }),
      );
      return;
    }
    save.mutate({ userId, remark: draft }, { onSuccess: () => setDraft(null) });
  };

  return (
    <div className={styles.remarkEdit}>
      <div className={styles.remarkRow}>
        <Input
          size="small"
          autoFocus
          value={draft}
          placeholder={t("remark.placeholder")}
          aria-label={t("fields.remark")}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          status={problem ? "error" : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onPressEnter={submit}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              // Escape leaves the edit, not the whole card.
              e.stopPropagation();
              setDraft(null);
            }
          }}
        />
        <Button
          size="small"
          type="primary"
          loading={save.isPending}
          onClick={submit}
        >
          {t("remark.save")}
        </Button>
        <Button size="small" onClick={() => setDraft(null)}>
          {t("remark.cancel")}
        </Button>
      </div>
      {problem && (
        <span id={errorId} role="alert" className={styles.remarkError}>
          {problem}
        </span>
      )}
    </div>
  );
}
