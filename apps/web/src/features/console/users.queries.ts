import { type CallRequest, type ConsoleUser, manage } from "@parley/protocol";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";

/** Everything the console caches about users: every list page and every detail. */
export const consoleUsersKey = ["console", "users"] as const;

/** What the users list asks for (`manage/User/index`). */
export type UserListParams = CallRequest<typeof manage.userIndex>;
export type NewUser = CallRequest<typeof manage.userAdd>;
export type UserEdit = CallRequest<typeof manage.userEdit>;

/** One page of users and how many match in all. */
export interface UsersPage {
  users: ConsoleUser[];
  total: number;
}

/** A page of users, searched, filtered and sorted on the server. */
export function useUsersQuery(params: UserListParams) {
  return useQuery({
    queryKey: [...consoleUsersKey, "list", params],
    queryFn: async (): Promise<UsersPage> => {
      const answer = await call(manage.userIndex, params);
      return { users: answer.data, total: answer.count };
    },
    // Turning a page or changing the sort keeps the old rows until the new ones come.
    placeholderData: keepPreviousData,
  });
}

/** One user as the server has them now (`manage/User/detail`), for the detail drawer. */
export function useUserDetailQuery(userId: number | null) {
  return useQuery({
    queryKey: [...consoleUsersKey, "detail", userId],
    queryFn: async () =>
      (await call(manage.userDetail, { user_id: userId ?? 0 })).data,
    enabled: userId !== null,
  });
}

/**
 * One user as the server has them now, fetched once without caching (a user card's
 * "edit info" opening the form). A refusal was already shown by `call`.
 */
export async function fetchUserDetail(userId: number): Promise<ConsoleUser> {
  return (await call(manage.userDetail, { user_id: userId })).data;
}

/** Puts a change into every cached page at once; the refetch that follows confirms it. */
function patchCachedUser(
  client: QueryClient,
  userId: number,
  patch: Partial<ConsoleUser>,
): void {
  client.setQueriesData<UsersPage>(
    { queryKey: [...consoleUsersKey, "list"] },
    (page) =>
      page && {
        ...page,
        users: page.users.map((u) =>
          u.user_id === userId ? { ...u, ...patch } : u,
        ),
      },
  );
}

const refresh = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: consoleUsersKey });

/** Creates an account (`manage/User/add`). A refusal was already shown by `call`. */
export function useAddUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (user: NewUser) =>
      (await call(manage.userAdd, user)).data,
    onSuccess: (user) =>
      toast(
        "success",
        i18n.t("consoleUsers:done.added", { name: user.realname }),
      ),
    onSettled: () => refresh(client),
  });
}

/** Saves a user's profile, limits, and (when allowed) status and role (`manage/User/edit`). */
export function useEditUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (edit: UserEdit) =>
      (await call(manage.userEdit, edit)).data,
    onSuccess: (user) => {
      patchCachedUser(client, user.user_id, user);
      toast(
        "success",
        i18n.t("consoleUsers:done.saved", { name: user.realname }),
      );
    },
    onSettled: () => refresh(client),
  });
}

/** Enables (1) or disables (0) an account; disabling ends its sessions at once. */
export function useSetUserStatusMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: {
      user: ConsoleUser;
      status: 0 | 1;
    }): Promise<void> => {
      await call(manage.userSetStatus, {
        user_id: change.user.user_id,
        status: change.status,
      });
    },
    onSuccess: (_, { user, status }) => {
      patchCachedUser(client, user.user_id, { status });
      toast(
        "success",
        i18n.t(
          status === 1
            ? "consoleUsers:done.enabled"
            : "consoleUsers:done.disabled",
          { name: user.realname },
        ),
      );
    },
    onSettled: () => refresh(client),
  });
}

/** Gives a user a system role: 0 user, 1 super administrator, 2 administrator. */
export function useSetUserRoleMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: {
      user: ConsoleUser;
      role: 0 | 1 | 2;
    }): Promise<void> => {
      await call(manage.userSetRole, {
        user_id: change.user.user_id,
        role: change.role,
      });
    },
    onSuccess: (_, { user, role }) => {
      patchCachedUser(client, user.user_id, { role });
      toast(
        "success",
        i18n.t("consoleUsers:done.role", { name: user.realname }),
      );
    },
    onSettled: () => refresh(client),
  });
}

/** Sets a user's password (`manage/User/editPassword`); their sessions end. */
export function useSetUserPasswordMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: {
      user: ConsoleUser;
      password: string;
    }): Promise<void> => {
      await call(manage.userEditPassword, {
        user_id: change.user.user_id,
        password: change.password,
      });
    },
    onSuccess: (_, { user }) =>
      toast(
        "success",
        i18n.t("consoleUsers:done.password", { name: user.realname }),
      ),
    onSettled: () => refresh(client),
  });
}

/** Deletes an account (`manage/User/del`): gone from the page at once, then every page afresh. */
export function useDeleteUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (user: ConsoleUser): Promise<void> => {
      await call(manage.userDel, { user_id: user.user_id });
    },
    onSuccess: (_, user) => {
      client.setQueriesData<UsersPage>(
        { queryKey: [...consoleUsersKey, "list"] },
        (page) =>
          page?.users.some((u) => u.user_id === user.user_id)
            ? {
                users: page.users.filter((u) => u.user_id !== user.user_id),
                total: Math.max(0, page.total - 1),
              }
            : page,
      );
      toast(
        "success",
        i18n.t("consoleUsers:done.deleted", { name: user.realname }),
      );
    },
    onSettled: () => refresh(client),
  });
}

/**
 * Users from a CSV file (`manage/User/import`, issue 47): checked (`create` false), or
 * made all at once. A file the server cannot read is refused with its reason (shown).
 */
export function useImportUsersMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      csv: string;
      create: boolean;
      invite?: boolean;
    }) =>
      (
        await call(manage.userImport, {
          csv: body.csv,
          create: body.create ? "1" : "0",
          ...(body.invite ? { invite: "1" as const } : {}),
        })
      ).data,
    onSuccess: (result) => {
      if (result.created > 0) void refresh(client);
    },
  });
}
