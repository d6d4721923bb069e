import { CONFIG_SECTIONS, type ConfigSection } from "@parley/protocol";
import type { Rule } from "antd/es/form";

/*
 * The settings forms check each field with the protocol's own section schema
 * (CONFIG_SECTIONS), the rule setConfig applies on the server. The figures below only put
 * those rules into words and limit what can be typed; config-rules.test.ts holds them to
 * the schema, so the words cannot drift from the check.
 */

/** Whole-number fields and their bounds, inclusive. */
export const NUMBER_BOUNDS = {
  redoTime: { min: 0, max: 86_400 },
  editTime: { min: 0, max: 2_592_000 },
  groupUserMax: { min: 0, max: 100_000 },
  sendInterval: { min: 0, max: 3600 },
  msgClearDay: { min: 0, max: 36_500 },
  size: { min: 1, max: 2048 },
  port: { min: 1, max: 65_535 },
} as const;

/** Text fields and the most characters each holds. */
export const TEXT_MAX = {
  name: 50,
  description: 200,
  closeTips: 200,
  logo: 500,
  preview: 500,
  stun: 255,
  stunUser: 128,
  stunPass: 128,
  host: 253,
  user: 128,
  pass: 256,
  addr: 128,
  sign: 50,
  endpoint: 500,
  accessKey: 128,
  secretKey: 256,
  url: 1000,
  body: 2000,
  authHeader: 1000,
  oidcClientId: 255,
  oidcSecret: 1000,
  oidcName: 50,
  ldapBindDn: 500,
  ldapBindPassword: 500,
  ldapBaseDn: 500,
} as const;

/** How many file extensions the list holds. */
export const FILE_EXT_COUNT = { min: 1, max: 200 } as const;

/** The values of a section as its form holds them: strings, and the list of extensions. */
export type SectionValues = Record<string, string | string[] | undefined>;

/** Whether `value` is acceptable for `field` of `section`, by the server's own rule. */
export function fieldAccepted(
  section: ConfigSection,
  field: string,
  value: unknown,
): boolean {
  return CONFIG_SECTIONS[section].safeParse({ [field]: value }).success;
}

/** An antd rule refusing what the section's schema refuses, in the given words. */
export function sectionRule(
  section: ConfigSection,
  field: string,
  message: string,
): Rule {
  return {
    validator: (_rule: unknown, value: unknown) =>
      value === undefined || fieldAccepted(section, field, value)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.join("\n") === b.join("\n")
    : a === b;

const tidy = (value: string | string[]) =>
  Array.isArray(value) ? value.map((v) => v.trim()) : value.trim();

/**
 * The fields the form changed from the stored section, trimmed as the server stores them:
 * all that setConfig is sent, so a save never writes back a value nobody touched.
 */
export function changedFields(
  stored: Record<string, string | string[]>,
  values: SectionValues,
): Record<string, string | string[]> {
  const changes: Record<string, string | string[]> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const next = tidy(value);
    if (!same(next, stored[field])) changes[field] = next;
  }
  return changes;
}
