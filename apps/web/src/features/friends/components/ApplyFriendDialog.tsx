import { applicationRemarkProblem, PeopleLimits } from "@parley/protocol";
import { Avatar, Input, Modal } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionStore } from "../../../stores/session.store";
import { useApplyMutation } from "../friends.queries";
import styles from "./friends.module.css";

/** Whom the application goes to. */
export interface ApplyTarget {
  userId: number;
  name: string;
  avatar: string;
}

export interface ApplyFriendDialogProps {
  person: ApplyTarget;
  onClose: () => void;
}

/**
 * Applying to be someone's friend (SPEC §5 Friends): a message is required ('input valid'),
 * offered pre-filled with who I am; the server's 'to apply friend' confirms it.
 */
export function ApplyFriendDialog({ person, onClose }: ApplyFriendDialogProps) {
  const { t } = useTranslation("friends");
  const me = useSessionStore((s) => s.user);
  const apply = useApplyMutation();
  const [remark, setRemark] = useState(() =>
    t("apply.defaultMessage", { name: me?.realname ?? "" }),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();

  const submit = () => {
    const key = applicationRemarkProblem(remark);
    if (key) {
      setProblem(
        key === "friend.remarkRequired"
          ? t("apply.required")
          : t("apply.tooLong", { max: PeopleLimits.applicationRemarkMax }),
      );
      return;
    }
    apply.mutate(
      { userId: person.userId, remark: remark.trim() },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open
      centered
      width={440}
      title={t("apply.title")}
      okText={t("apply.send")}
      cancelText={t("apply.cancel")}
      confirmLoading={apply.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <div className={styles.applyHead}>
        <Avatar src={person.avatar || undefined} size={40}>
          {person.name.slice(0, 1)}
        </Avatar>
        <span className={styles.applyName}>{person.name}</span>
      </div>
      <label htmlFor={fieldId} className={styles.label}>
        {t("apply.message")}
      </label>
      <Input.TextArea
        id={fieldId}
        autoFocus
        value={remark}
        maxLength={PeopleLimits.applicationRemarkMax}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        status={problem ? "error" : undefined}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => {
          setRemark(e.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <span id={errorId} role="alert" className={styles.error}>
          {problem}
        </span>
      )}
    </Modal>
  );
}
