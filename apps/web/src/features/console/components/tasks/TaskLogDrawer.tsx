import type { TaskName } from "@parley/protocol";
import { Button, Drawer, Empty, Popconfirm, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { useClearTaskLogMutation, useTaskLogQuery } from "../../tasks.queries";
import styles from "./tasks.module.css";

/** A task's runs, newest first, as the server logs them; clearing it asks first. */
export function TaskLogDrawer({
  name,
  writable,
  onClose,
}: {
  name: TaskName | null;
  writable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("console");
  const log = useTaskLogQuery(name);
  const clear = useClearTaskLogMutation();
  const text = log.data ?? "";
  return (
    <Drawer
      open={name !== null}
      onClose={onClose}
      title={name ? t("tasks.logOf", { task: t(`tasks.names.${name}`) }) : ""}
      size={640}
      extra={
        <Popconfirm
          title={t("tasks.clearTitle")}
          okText={t("tasks.clear")}
          cancelText={t("tasks.cancel")}
          okButtonProps={{ danger: true }}
          disabled={!writable || text === ""}
          onConfirm={() => name && clear.mutate(name)}
        >
          <Button danger disabled={!writable || text === ""}>
            {t("tasks.clear")}
          </Button>
        </Popconfirm>
      }
    >
      {log.isLoading ? (
        <Spin />
      ) : text === "" ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t("tasks.noLog")}
        />
      ) : (
        <pre className={styles.conLog} data-testid="task-log">
          {text}
        </pre>
      )}
    </Drawer>
  );
}
