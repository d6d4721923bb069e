import { manage, type TaskName } from "@parley/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/http";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";
import { consoleKey } from "./console.queries";

const tasksKey = [...consoleKey, "tasks"] as const;
const taskLogKey = (name: TaskName) => [...tasksKey, "log", name] as const;

/** How often the tasks' states come again while the page is open (a run may finish). */
export const TASKS_REFRESH_MS = 30_000;

/** Every scheduled task with its state, last run and next run (`manage/Task/getDataList`). */
export function useTasksQuery() {
  return useQuery({
    queryKey: tasksKey,
    queryFn: async () => (await call(manage.taskData, {})).data,
    refetchInterval: TASKS_REFRESH_MS,
  });
}

/** A task's runs as text, newest first (`manage/Task/getTaskLog`); only while shown. */
export function useTaskLogQuery(name: TaskName | null) {
  return useQuery({
    queryKey: taskLogKey(name ?? "cleanup"),
    queryFn: async () =>
      (await call(manage.taskLog, { name: name ?? "cleanup" })).data,
    enabled: name !== null,
  });
}

/** Pauses (`stopTask`) or resumes (`startTask`) one task. */
export function useTaskPauseMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, paused }: { name: TaskName; paused: boolean }) =>
      call(paused ? manage.taskStop : manage.taskStart, { name }),
    onSuccess: async (_answer, { paused }) => {
      toast(
        "success",
        i18n.t(paused ? "console:tasks.paused" : "console:tasks.resumed"),
      );
      await client.invalidateQueries({ queryKey: tasksKey });
    },
  });
}

/** Runs a task now, once (`manage/Task/runTask`); says what it did. */
export function useTaskRunMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: TaskName) =>
      (await call(manage.taskRun, { name })).data,
    onSuccess: async (result) => {
      toast(
        result.ok ? "success" : "error",
        result.summary || i18n.t("console:tasks.ran"),
      );
      await client.invalidateQueries({ queryKey: tasksKey });
    },
  });
}

/** Forgets a task's runs (`manage/Task/clearTaskLog`). */
export function useClearTaskLogMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: TaskName) => call(manage.taskClearLog, { name }),
    onSuccess: async (_answer, name) => {
      toast("success", i18n.t("console:tasks.logCleared"));
      await client.invalidateQueries({ queryKey: taskLogKey(name) });
    },
  });
}
