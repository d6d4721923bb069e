import { manage } from "@parley/protocol";
import { type Calls } from "../../plugins/calls.js";
import type { UserAdminService } from "./user-admin.service.js";
import { adminOf } from "./admin-of.js";

/** The console's users page: manage/user/* (issue 12). */
export function registerUserAdminRoutes(
  registry: Calls,
  service: UserAdminService,
): void {
  registry.register(manage.userIndex, async (input, ctx) => {
    const { users, count } = await service.users(input, ctx.publicUrl);
    return { data: users, count, page: input.page };
  });
  registry.register(manage.userDetail, async (input, ctx) => ({
    data: await service.user(input.user_id, ctx.publicUrl),
  }));
  registry.register(manage.userAdd, async (input, ctx) => ({
    data: await service.addUser(adminOf(ctx), input),
    key: "ok",
  }));
  registry.register(manage.userImport, async (input, ctx) => ({
    data: await service.importUsers(adminOf(ctx), input.csv, {
      create: input.create === "1",
      invite: input.invite === "1",
      publicUrl: ctx.publicUrl,
    }),
  }));
  registry.register(manage.userEdit, async (input, ctx) => ({
    data: await service.editUser(adminOf(ctx), input),
    key: "ok",
  }));
  registry.register(manage.userDel, async (input, ctx) => {
    await service.deleteUser(adminOf(ctx), input.user_id);
    return { data: "" as const, key: "ok" };
  });
  registry.register(manage.userEditPassword, async (input, ctx) => {
    await service.setPassword(adminOf(ctx), input.user_id, input.password);
    return { data: "" as const, key: "ok" };
  });
  registry.register(manage.userSetStatus, async (input, ctx) => {
    await service.setStatus(adminOf(ctx), input.user_id, input.status);
    return { data: "" as const, key: "ok" };
  });
  registry.register(manage.userSetRole, async (input, ctx) => {
    await service.setRole(adminOf(ctx), input.user_id, input.role);
    return { data: "" as const, key: "ok" };
  });
}
