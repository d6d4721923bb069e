import type { Migration } from "kysely";
import * as m0001 from "./0001_initial.js";
import * as m0002 from "./0002_hardening.js";
import * as m0003 from "./0003_groups.js";
import * as m0004 from "./0004_mentions.js";
import * as m0005 from "./0005_friends.js";
import * as m0006 from "./0006_files.js";
import * as m0007 from "./0007_message_actions.js";
import * as m0008 from "./0008_message_search.js";
import * as m0009 from "./0009_push.js";
import * as m0010 from "./0010_console.js";
import * as m0011 from "./0011_tasks.js";
import * as m0012 from "./0012_notices.js";
import * as m0013 from "./0013_complaints.js";
import * as m0014 from "./0014_articles.js";
import * as m0015 from "./0015_file_library.js";
import * as m0016 from "./0016_search_indexer.js";
import * as m0017 from "./0017_group_members_version.js";
import * as m0018 from "./0018_blob_digest.js";
import * as m0019 from "./0019_reactions.js";
import * as m0020 from "./0020_message_edits.js";
import * as m0021 from "./0021_link_previews.js";
import * as m0022 from "./0022_threads.js";
import * as m0023 from "./0023_thread_broadcast.js";
import * as m0024 from "./0024_public_groups.js";
import * as m0025 from "./0025_sign_in.js";
import * as m0026 from "./0026_import_links.js";
import * as m0027 from "./0027_bots.js";
import * as m0028 from "./0028_hooks.js";
import * as m0029 from "./0029_outgoing_hooks.js";

/** Every migration, in order. Landed migrations are frozen. */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_hardening": m0002,
  "0003_groups": m0003,
  "0004_mentions": m0004,
  "0005_friends": m0005,
  "0006_files": m0006,
  "0007_message_actions": m0007,
  "0008_message_search": m0008,
  "0009_push": m0009,
  "0010_console": m0010,
  "0011_tasks": m0011,
  "0012_notices": m0012,
  "0013_complaints": m0013,
  "0014_articles": m0014,
  "0015_file_library": m0015,
  "0016_search_indexer": m0016,
  "0017_group_members_version": m0017,
  "0018_blob_digest": m0018,
  "0019_reactions": m0019,
  "0020_message_edits": m0020,
  "0021_link_previews": m0021,
  "0022_threads": m0022,
  "0023_thread_broadcast": m0023,
  "0024_public_groups": m0024,
  "0025_sign_in": m0025,
  "0026_import_links": m0026,
  "0027_bots": m0027,
  "0028_hooks": m0028,
  "0029_outgoing_hooks": m0029,
};
