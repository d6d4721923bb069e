import {
  accounts,
  type CallDescriptor,
  commands,
  contacts,
  groups,
  integrations,
  manage,
  messages,
  search,
  settings,
  signin,
  socket,
  system,
  threads,
} from "@parley/protocol";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import {
  loginAdmin,
  registerAndLogin,
  type TestUser,
} from "../../test/factories.js";

/*
 * Every call of the wire, fed generated bodies in every encoding clients use: never a 500,
 * never a crash, always the envelope, and a refused call changes nothing. Bounded: a fixed
 * number of runs per call and encoding, so it runs in CI in seconds.
 */

const RUNS = 60;

function isCall(value: unknown): value is CallDescriptor {
  return typeof value === "object" && value !== null && "path" in value;
}

const EXPORTS = [
  accounts,
  system,
  settings,
  contacts,
  messages,
  socket,
  groups,
  threads,
  search,
  signin,
  integrations,
  // The console's commands answer 404 to anyone else (as all of manage/ does).
  { chatCommands: commands.chatCommands },
].flatMap((namespace) => {
  const values: unknown[] = Object.values(namespace);
  return values;
});
const CALLS: CallDescriptor[] = EXPORTS.filter(isCall);

const TABLES = [
  "users",
  "sessions",
  "verification_codes",
  "config",
  "friends",
  "conversations",
  "messages",
  "user_conversations",
  "groups",
  "group_members",
  "message_threads",
  "thread_follows",
  "user_totp",
  "totp_recovery_codes",
  "user_identities",
  "hooks",
  "hook_outbox",
  "commands",
] as const;

/** What a refused call must leave as it was: every table's rows, and the last change. */
async function fingerprint(api: TestApp): Promise<string> {
  const counts = await Promise.all(
    TABLES.map((table) =>
      api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
        .then((row) => `${table}:${row.n}`),
    ),
  );
  const changed = await sql<{ users: number | null; config: number | null }>`
    select (select max(updated_at) from users) as users,
           (select max(updated_at) from config) as config`.execute(api.db);
  return `${counts.join(",")} ${JSON.stringify(changed.rows[0])}`;
}

/** A value of any shape a client could send: scalars, hostile text, arrays, objects. */
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string(),
    fc.string({ unit: "binary" }),
    fc.constantFrom("", " ", "0", "-1", "1e400", "null", "__proto__", "\u0000"),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A body with the call's own field names (and some others) holding any values. */
function bodyFor(call: CallDescriptor) {
  const shape =
    call.request instanceof z.ZodObject ? Object.keys(call.request.shape) : [];
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...shape, "extra") },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  return fc.dictionary(key, anyValue, { maxKeys: 8 });
}

/** The console's integration calls (issue 48), fed as an administrator: others get 404. */
const ADMIN_CALLS: CallDescriptor[] = [
  manage.botAdd,
  manage.botIndex,
  manage.botRevoke,
  manage.botDel,
  commands.commandAdd,
  commands.commandIndex,
  commands.commandDel,
];

let api: TestApp;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startTestApp();
  user = await registerAndLogin(api);
  admin = await loginAdmin(api);
});
afterAll(async () => {
  await api.close();
});

describe("every call, fed generated bodies", () => {
  it("covers every call of the protocol: every exported object is one", () => {
    const objects = EXPORTS.filter(
      (value) => typeof value === "object" && !Array.isArray(value),
    );
    expect(CALLS).toHaveLength(objects.length);
    expect(CALLS.length).toBeGreaterThanOrEqual(14);
  });

  it.each(CALLS.map((call) => [call.path, call] as const))(
    "%s: always an envelope, never a 500, nothing changed when refused",
    async (_path, call) => {
      // Logging out would end the session the other runs use.
      const token = call.path.endsWith("/logout") ? undefined : user.token;
      await fc.assert(
        fc.asyncProperty(
          bodyFor(call),
          fc.boolean(),
          async (body: Record<string, unknown>, json) => {
            const before = await fingerprint(api);
            const answer = await api.post(call.path, body, { token, json });
            expect(answer.status).toBe(200);
            expect(typeof answer.code).toBe("number");
            expect(answer.code).not.toBe(500);
            expect(typeof answer.msg).toBe("string");
            if (answer.code !== 0) expect(await fingerprint(api)).toBe(before);
          },
        ),
        { numRuns: RUNS },
      );
    },
  );
});

describe("the console's integration calls, fed generated bodies as an administrator", () => {
  it.each(ADMIN_CALLS.map((call) => [call.path, call] as const))(
    "%s: always an envelope, never a 500, nothing changed when refused",
    async (_path, call) => {
      await fc.assert(
        fc.asyncProperty(
          bodyFor(call),
          fc.boolean(),
          async (body: Record<string, unknown>, json) => {
            const before = await fingerprint(api);
            const answer = await api.post(call.path, body, {
              token: admin.token,
              json,
            });
            expect(answer.status).toBe(200);
            expect(answer.code).not.toBe(500);
            expect(typeof answer.msg).toBe("string");
            if (answer.code !== 0) expect(await fingerprint(api)).toBe(before);
          },
        ),
        { numRuns: RUNS },
      );
    },
  );
});
