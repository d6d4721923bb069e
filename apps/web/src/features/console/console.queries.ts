import {
  type AuditAction,
  type AuditEntry,
  type CallResponse,
  type CONSOLE_PAGE_SIZES,
  type ConfigSection,
  manage,
} from "@parley/protocol";
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { call, upload } from "../../api/http";
import { realtime } from "../../api/socket";
import { useConnectionStore } from "../../stores/connection.store";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";

/** Everything the console's home, settings and audit pages cache. */
export const consoleKey = ["console"] as const;
const dashboardKey = [...consoleKey, "dashboard"] as const;
/** Every section of the config as the settings page reads it (getSettings). */
export const allConfigKey = [...consoleKey, "allConfig"] as const;
const auditKey = [...consoleKey, "audit"] as const;

/** The home's figures come again this often while the page is open: the live dashboard. */
export const DASHBOARD_REFRESH_MS = 15_000;

/**
 * The console home's figures (`manage/index/index`), refreshed every 15 s while shown. Each
 * fetch names this tab's socket, which so joins the console topic: the users online and the
 * devices connected then follow `statistics` pushes at once. After a reconnect (a new
 * socket) the figures are fetched again, which joins the new one.
 */
export function useDashboardQuery() {
  const client = useQueryClient();
  useEffect(() => {
    const offEvent = realtime.onEvent((event) => {
      if (event.type !== "statistics") return;
      client.setQueryData<DashboardFigures>(dashboardKey, (old) =>
        old ? { ...old, ...event.data } : old,
      );
    });
    const offBound = realtime.onBound(() => {
      void client.invalidateQueries({ queryKey: dashboardKey });
    });
    return () => {
      offEvent();
      offBound();
    };
  }, [client]);
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async () => {
      const clientId = useConnectionStore.getState().clientId;
      return (
        await call(manage.dashboard, clientId ? { client_id: clientId } : {})
      ).data;
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

type DashboardFigures = CallResponse<typeof manage.dashboard>;

/** Every section of the config, with how mail and storage are set up (read-only parts). */
export function useAllConfigQuery() {
  return useQuery({
    queryKey: allConfigKey,
    queryFn: async () => (await call(manage.getSettings, {})).data,
  });
}

/** Changed fields of one section, as setConfig takes them. */
export interface ConfigChange {
  name: ConfigSection;
  value: Record<string, string | string[]>;
}

/**
 * Saves part of one section (`manage/config/setConfig`), said in the server's words; the
 * settings page reads the config afresh (the app's own copy follows `updateConfig`).
 */
export function useSetConfigMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ConfigChange) =>
      (await call(manage.setConfig, change)).msg,
    onSuccess: async (msg) => {
      toast("success", msg || i18n.t("console:settings.saved"));
      await client.invalidateQueries({ queryKey: allConfigKey });
    },
  });
}

/** Uploads the site's logo (`common/upload/uploadImage`): the address it is served at. */
export async function uploadLogo(file: File): Promise<string> {
  return (await upload(manage.uploadImage, file, {})).data;
}

/** A new invitation link (`manage/config/getInviteLink`), valid for INVITE_LINK_DAYS days. */
export function useInviteLinkMutation() {
  return useMutation({
    mutationFn: async () => {
      const answer = await call(manage.getInviteLink, {});
      return { link: answer.data, createdAt: Date.now() };
    },
  });
}

/** Sends a test message through the server's SMTP set-up; the server says how it went. */
export function useSendTestEmailMutation() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await call(manage.sendTestEmail, { email })).msg,
    onSuccess: (msg) =>
      toast("success", msg || i18n.t("console:mail.testSent")),
  });
}

/** Sends a test text message through the server's SMS gateway; the server says how it went. */
export function useSendTestSmsMutation() {
  return useMutation({
    mutationFn: async (phone: string) =>
      (await call(manage.sendTestSms, { phone })).msg,
    onSuccess: (msg) => toast("success", msg || i18n.t("console:sms.testSent")),
  });
}

/** What the audit log is filtered by (every one optional). */
export interface AuditFilter {
  action?: AuditAction | undefined;
  actor_id?: number | undefined;
  target_id?: string | undefined;
  /** ms, inclusive. */
  from?: number | undefined;
  /** ms, exclusive. */
  to?: number | undefined;
}

/** A page size of the console's tables. */
export type ConsolePageSize = (typeof CONSOLE_PAGE_SIZES)[number];

/** One page of the audit log and how many entries match (capped by the server). */
export interface AuditPageData {
  entries: AuditEntry[];
  total: number;
}

/** A page of the audit log, newest first; turning the page keeps the old rows until then. */
export function useAuditQuery(
  filter: AuditFilter,
  page: number,
  limit: ConsolePageSize,
) {
  return useQuery({
    queryKey: [...auditKey, filter, page, limit],
    queryFn: async (): Promise<AuditPageData> => {
      const answer = await call(manage.auditIndex, {
        ...filter,
        page,
        limit,
      });
      return { entries: answer.data, total: answer.count };
    },
    placeholderData: keepPreviousData,
  });
}

/** The filtered log as CSV (`manage/audit/export`): its file name and its text. */
export function useAuditExportMutation() {
  return useMutation({
    mutationFn: async (filter: AuditFilter) =>
      (await call(manage.auditExport, filter)).data,
  });
}
