import type { Migration } from "kysely";
import * as m0001 from "./0001_initial.js";

/** Every migration, in order. Landed migrations are frozen. */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
};
