import { z } from "zod";
import { formString } from "../common/form.js";
import { CONFIG_SECTIONS, type ConfigSection } from "../rules/config.js";
import { defineCall } from "./define.js";

const SECTION_NAMES = Object.keys(CONFIG_SECTIONS) as [
  ConfigSection,
  ...ConfigSection[],
];

/**
 * `manage/config/setConfig` (administrators; refused in demo mode): saves fields of one
 * section (`name`) of the global config from `value[...]`, each checked by the section's
 * rules; every signed-in client gets `updateConfig` at once. Closing the system (sysInfo
 * state "0") ends the sessions of everyone but administrators.
 */
export const setConfig = defineCall({
  path: "/manage/config/setConfig",
  auth: "admin",
  request: z.object({
    name: formString().pipe(
      z.enum(SECTION_NAMES, { error: "config.invalidField" }),
    ),
    /** Checked against the section's own rules by the server. */
    value: z.record(z.string(), z.unknown()),
  }),
  response: z.literal(""),
});
