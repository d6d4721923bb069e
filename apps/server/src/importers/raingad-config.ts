import { CONFIG_SECTIONS } from "@parley/protocol";
import type { Db } from "../db/database.js";
import { writeConfig } from "../features/system/system.repository.js";
import { FORMER_SETTINGS } from "../features/system/system.service.js";
import type { Tally } from "./tally.js";
import { jsonObject, str } from "./values.js";

/**
 * Raingad settings Parley does not keep: its old admin page's (accepted, not kept), the
 * retention switch (imported off) and the disk (the installation's own).
 */
const NOT_KEPT = new Set([...FORMER_SETTINGS, "msgClear", "disk"]);

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
        NOT_KEPT.has(key) ||
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
    const before = jsonObject(stored.get(name));
    await writeConfig(
      db,
      name,
      JSON.stringify({ ...before, ...accepted }),
      Date.now(),
    );
    tally.stored("settings");
  }
}
