import { randomBytes } from "node:crypto";
import type { TestApp } from "./build-test-app.js";

/** A registered user with a live session. */
export interface TestUser {
  userId: number;
  account: string;
  password: string;
  token: string;
}

let counter = 0;

/** A fresh account name that satisfies regauth 0. */
export function newAccount(prefix = "user"): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString("hex")}`;
}

/** Registers a user through the API and logs them in. */
export async function registerAndLogin(
  api: TestApp,
  overrides: { realname?: string } = {},
): Promise<TestUser> {
  const account = newAccount();
  const password = "secret12";
  const registered = await api.post("/common/pub/register", {
    account,
    realname: overrides.realname ?? "Tester",
    password,
  });
  if (registered.code !== 0)
    throw new Error(`register failed: ${registered.msg}`);
  const login = await api.post("/common/pub/login", { account, password });
  if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
  const data = login.data as {
    authToken: string;
    userInfo: { user_id: number };
  };
  return {
    userId: data.userInfo.user_id,
    account,
    password,
    token: data.authToken,
  };
}

/** A one-time login ticket minted by this session (`enterprise/im/loginTicket`). */
export async function mintTicket(api: TestApp, token: string): Promise<string> {
  const minted = await api.post("/enterprise/im/loginTicket", {}, { token });
  if (minted.code !== 0) throw new Error(`loginTicket failed: ${minted.msg}`);
  return (minted.data as { ticket: string }).ticket;
}

/** Disables a user the way an administrator would. */
export async function disableUser(api: TestApp, userId: number): Promise<void> {
  await api.db
    .updateTable("users")
    .set({ status: 0 })
    .where("user_id", "=", userId)
    .execute();
  // Written behind the services' backs: they read the user's sessions again.
  await api.services.accounts.sessions.userChanged(userId);
}

/** How many rows a table holds. */
export async function countRows(
  api: TestApp,
  table:
    | "users"
    | "sessions"
    | "messages"
    | "verification_codes"
    | "files"
    | "blobs",
): Promise<number> {
  const row = await api.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Logs in the seeded administrator (testEnv's ADMIN_ACCOUNT). */
export async function loginAdmin(api: TestApp): Promise<TestUser> {
  const account = "admin";
  const password = "admin-pass1";
  const login = await api.post("/common/pub/login", { account, password });
  if (login.code !== 0) throw new Error(`admin login failed: ${login.msg}`);
  const data = login.data as {
    authToken: string;
    userInfo: { user_id: number };
  };
  return {
    userId: data.userInfo.user_id,
    account,
    password,
    token: data.authToken,
  };
}

/** Saves config fields through the console's call, as an administrator would. */
export async function saveConfig(
  api: TestApp,
  name: "sysInfo" | "chatInfo" | "fileUpload" | "signin",
  value: Record<string, unknown>,
): Promise<void> {
  const admin = await loginAdmin(api);
  const res = await api.post(
    "/manage/config/setConfig",
    { name, value },
    { token: admin.token },
  );
  if (res.code !== 0) throw new Error(`setConfig failed: ${res.msg}`);
}

/** N values of T, as a tuple type. */
export type Tuple<
  T,
  N extends number,
  R extends T[] = [],
> = R["length"] extends N ? R : Tuple<T, N, [T, ...R]>;

/** Registers and logs in `n` users named "<name> 1" … "<name> n", in order. */
export async function registerMany<N extends number>(
  api: TestApp,
  n: N,
  name: string,
): Promise<Tuple<TestUser, N>> {
  const users: TestUser[] = [];
  for (let i = 0; i < n; i += 1)
    users.push(await registerAndLogin(api, { realname: `${name} ${i + 1}` }));
  // Exactly n users were pushed.
  return users as Tuple<TestUser, N>;
}

/** A group made through the API by its owner: its number and its contact id (`group-N`). */
export async function createGroup(
  api: TestApp,
  owner: TestUser,
  members: TestUser[],
  name = "Team",
): Promise<{ groupId: number; id: string; data: unknown }> {
  const res = await api.post(
    "/enterprise/group/add",
    { name, user_ids: members.map((m) => m.userId) },
    { token: owner.token },
  );
  if (res.code !== 0) throw new Error(`group/add: ${res.msg}`);
  const id = (res.data as { id: string }).id;
  return { groupId: Number(id.replace("group-", "")), id, data: res.data };
}
