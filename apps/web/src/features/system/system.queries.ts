import {
  type GlobalConfig,
  GlobalConfigSchema,
  system,
} from "@parley/protocol";
import {
  type QueryClient,
  queryOptions,
  useQuery,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { readJson, StorageKeys, write } from "../../lib/storage";

/** The config an earlier visit saved, when it still parses (SPEC §3 keeps it on the client). */
function savedConfig(): GlobalConfig | undefined {
  const parsed = GlobalConfigSchema.safeParse(readJson(StorageKeys.config));
  return parsed.success ? parsed.data : undefined;
}

/**
 * System info, the global config (SPEC §4 start-up): the saved copy at once, then the
 * server's answer, saved for the next start. Fetched once per page, it never goes stale.
 */
export const systemInfoQuery = queryOptions({
  queryKey: ["systemInfo"],
  queryFn: async () => {
    const { data } = await call(system.getSystemInfo, {}, { silent: true });
    write(StorageKeys.config, data);
    return data;
  },
  initialData: savedConfig,
  // The saved copy is from an earlier visit: time 0 tells it apart from a fetched answer.
  initialDataUpdatedAt: 0,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/** The start-up fetch (Startup only): asks the server even when a saved copy is in hand. */
export function useSystemInfoQuery() {
  return useQuery({ ...systemInfoQuery, refetchOnMount: "always" });
}

/** The global config, saved or fetched; undefined only until a first visit's first answer. */
export function useGlobalConfig(): GlobalConfig | undefined {
  return useQuery(systemInfoQuery).data;
}

/** The global config outside React (realtime handlers). */
export function readGlobalConfig(
  client: QueryClient,
): GlobalConfig | undefined {
  return client.getQueryData(systemInfoQuery.queryKey);
}

/** Asks the server for the config again (an `updateConfig` may have been missed). */
export function refreshSystemInfo(client: QueryClient): void {
  void client
    .refetchQueries({ queryKey: systemInfoQuery.queryKey })
    .catch(() => undefined);
}

/**
 * An administrator saved the config (`updateConfig`): it replaces the cached one at once, so
 * run mode and feature switches apply without a reload. The language stays the reader's
 * own, and the time of the last fetched answer stays, so start-up still tells a saved copy
 * from a fetched one.
 */
export function applyConfigUpdate(
  client: QueryClient,
  update: Omit<GlobalConfig, "lang">,
): void {
  const key = systemInfoQuery.queryKey;
  const before = client.getQueryData(key);
  if (!before) return;
  const next: GlobalConfig = { ...update, lang: before.lang };
  client.setQueryData(key, next, {
    updatedAt: client.getQueryState(key)?.dataUpdatedAt ?? 0,
  });
  write(StorageKeys.config, next);
}
