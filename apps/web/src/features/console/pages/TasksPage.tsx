import { PlayCircleOutlined, ProfileOutlined } from "@ant-design/icons";
import {
  denial,
  LANGUAGE_TAGS,
  type Task,
  type TaskName,
} from "@parley/protocol";
import {
  Alert,
  Button,
  Card,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n";
import { formatFullTime } from "../../../lib/time";
import { useActor } from "../../system";
import { TaskLogDrawer } from "../components/tasks/TaskLogDrawer";
import styles from "../components/tasks/tasks.module.css";
import {
  useTaskPauseMutation,
  useTaskRunMutation,
  useTasksQuery,
} from "../tasks.queries";

/**
 * /manage/task (issue 12): the scheduled tasks every server process runs (message
 * retention, clean-up of what expired, orphan files): when each runs next, how its last
 * run went; pause, resume, run now, read and clear its log. Demo mode looks only.
 */
export function TasksPage() {
  const { t } = useTranslation("console");
  const locale = LANGUAGE_TAGS[useLanguage()];
  const actor = useActor();
  const writable = denial(actor, "console.write") === null;
  const tasks = useTasksQuery();
  const pause = useTaskPauseMutation();
  const run = useTaskRunMutation();
  const [logOf, setLogOf] = useState<TaskName | null>(null);
  const when = (ms: number | null) =>
    ms === null ? "—" : formatFullTime(ms, locale);

  const columns: TableColumnsType<Task> = [
    {
      key: "task",
      title: t("tasks.task"),
      render: (_: unknown, task) => (
        <div>
          <div className={styles.conName}>{t(`tasks.names.${task.name}`)}</div>
          <div className={styles.conAbout}>{t(`tasks.about.${task.name}`)}</div>
        </div>
      ),
    },
    {
      key: "status",
      title: t("tasks.status"),
      render: (_: unknown, task) => (
        <Switch
          checked={task.status === "active"}
          checkedChildren={t("tasks.active")}
          unCheckedChildren={t("tasks.stopped")}
          disabled={!writable}
          loading={pause.isPending && pause.variables.name === task.name}
          aria-label={t("tasks.toggle", {
            task: t(`tasks.names.${task.name}`),
          })}
          onChange={(on) => pause.mutate({ name: task.name, paused: !on })}
        />
      ),
    },
    {
      key: "next",
      title: t("tasks.next"),
      render: (_: unknown, task) => (
        <div>
          <div>{task.status === "active" ? when(task.next_run) : "—"}</div>
          <div className={styles.conMuted}>
            {t("tasks.schedule", { pattern: task.schedule })}
          </div>
        </div>
      ),
    },
    {
      key: "last",
      title: t("tasks.last"),
      render: (_: unknown, task) =>
        task.last_run === null ? (
          <span className={styles.conMuted}>{t("tasks.never")}</span>
        ) : (
          <div className={styles.conSummary}>
            <div>
              {when(task.last_run)}{" "}
              <Tag color={task.last_ok ? "green" : "red"}>
                {task.last_ok ? t("tasks.ok") : t("tasks.failed")}
              </Tag>
            </div>
            <div className={styles.conMuted}>{task.last_summary}</div>
          </div>
        ),
    },
    {
      key: "actions",
      title: t("tasks.actions"),
      render: (_: unknown, task) => (
        <span className={styles.conActions}>
          <Button
            icon={<PlayCircleOutlined />}
            disabled={!writable}
            loading={run.isPending && run.variables === task.name}
            onClick={() => run.mutate(task.name)}
          >
            {t("tasks.runNow")}
          </Button>
          <Button
            icon={<ProfileOutlined />}
            onClick={() => setLogOf(task.name)}
          >
            {t("tasks.log")}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <Card title={t("tasks.title")} className={styles.conCard}>
      <p className={styles.conHint}>{t("tasks.intro")}</p>
      {!writable && (
        <Alert
          type="info"
          showIcon
          title={t("tasks.demo")}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<Task>
        rowKey="name"
        size="middle"
        columns={columns}
        dataSource={tasks.data ?? []}
        loading={tasks.isLoading}
        pagination={false}
        scroll={{ x: "max-content" }}
        tableLayout="auto"
      />
      <TaskLogDrawer
        name={logOf}
        writable={writable}
        onClose={() => setLogOf(null)}
      />
    </Card>
  );
}
