import { CONFIG_SECTIONS } from "@parley/protocol";
import type { Db } from "../db/database.js";
import { writeConfig } from "../features/system/system.repository.js";
import type { Tally } from "./tally.js";

/** Raingad settings Parley accepts from its old admin page but does not keep. */
const FORMER_SETTINGS = new Set([
  "qiniu",
  "aliyun",
  "qcloud",
  "registerInterval",
  "autoAddUser",
  "autoAddGroup",
  "msgClear",
  "disk",
]);

const str = (value: unknown): string =>
  typeof value === "string"
    ? value
    : typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : "";

function object(text: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text ?? "");
    return parsed && typeof parsed === "object"
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * `yu_config`: sysInfo, chatInfo and fileUpload, each value checked by the console's
 * rules (a refused one is reported and left at Parley's default); retention switched
 * off, so nothing imported is deleted at once; mail and storage set up anew.
 */
export async function importRaingadConfig(
  db: Db,
  tally: Tally,
  rows: readonly { name: string; value: Record<string, unknown> }[],
): Promise<void> {
  const stored = new Map(
    (await db.selectFrom("config").select(["name", "value"]).execute()).map(
      (row) => [row.name, row.value],
    ),
  );
  for (const row of rows) {
    const name = row.name;
    tally.read("settings");
    if (name !== "sysInfo" && name !== "chatInfo" && name !== "fileUpload") {
      tally.skipped(
        "settings",
        name === "smtp"
          ? "smtp: set mail up again in Settings → Mail (its password is not copied)"
          : `${name}: Parley has no such setting`,
      );
      continue;
    }
    const rules = CONFIG_SECTIONS[name];
    const accepted: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row.value)) {
      const given = Array.isArray(value) ? value.map(str) : str(value);
      const checked = rules.safeParse({ [key]: given });
      if (
        FORMER_SETTINGS.has(key) ||
        (!checked.success &&
          checked.error.issues[0]?.code === "unrecognized_keys")
      )
        tally.skipped("settings", `${name}.${key}: Parley has no such setting`);
      else if (!checked.success)
        tally.skipped(
          "settings",
          `${name}.${key} = ${JSON.stringify(given)}: refused, Parley's default kept`,
        );
      else accepted[key] = (checked.data as Record<string, unknown>)[key];
    }
    if (name === "chatInfo" && (accepted.msgClearDay ?? "0") !== "0") {
      tally.skipped(
        "settings",
        `chatInfo.msgClearDay = ${String(accepted.msgClearDay)}: retention imported switched off, so nothing imported is deleted at once; switch it on again in Settings → Chat`,
      );
    }
    if (name === "chatInfo") accepted.msgClearDay = "0";
    const before = object(stored.get(name));
    await writeConfig(
      db,
      name,
      JSON.stringify({ ...before, ...accepted }),
      Date.now(),
    );
    tally.stored("settings");
  }
}
