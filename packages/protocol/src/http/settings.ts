import { z } from "zod/mini";
import { formBool, formInt, formString, optional } from "../common/form.js";
import { LANGUAGES } from "../rules/languages.js";
import { defineCall } from "./define.js";

/** The interface themes (SPEC §2 Settings: default and blue; dark beyond SPEC). */
export const THEMES = ["default", "blue", "dark"] as const;
/** An interface theme. */
export type Theme = (typeof THEMES)[number];

/**
 * `enterprise/im/setting`: the user's interface preferences. Existing clients post the
 * whole object on every change, as strings; fields left out keep their stored value.
 */
export const setting = defineCall({
  path: "/enterprise/im/setting",
  auth: "session",
  request: z.object({
    sendKey: optional(
      z.pipe(formInt(), z.literal([1, 2], { error: "request.invalidField" })),
    ),
    theme: optional(
      z.pipe(formString(), z.enum(THEMES, { error: "request.invalidField" })),
    ),
    isVoice: optional(formBool()),
    avatarCricle: optional(formBool()),
    hideMessageName: optional(formBool()),
    hideMessageTime: optional(formBool()),
    formatMessages: optional(formBool()),
  }),
  response: z.literal(""),
});

/** `common/pub/switchLang`: the caller's interface language, one of the 12 codes. */
export const switchLang = defineCall({
  path: "/common/pub/switchLang",
  auth: "optional",
  request: z.object({
    lang: z.pipe(formString(), z.enum(LANGUAGES, { error: "lang.invalid" })),
  }),
  response: z.object({ lang: z.string() }),
});
