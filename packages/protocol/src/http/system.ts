import { z } from "zod/mini";
import { GlobalConfigSchema } from "../entities/config.js";
import { defineCall } from "./define.js";

/** `common/pub/getSystemInfo`: the global config of SPEC §3. */
export const getSystemInfo = defineCall({
  path: "/common/pub/getSystemInfo",
  auth: "optional",
  request: z.object({}),
  response: GlobalConfigSchema,
});
