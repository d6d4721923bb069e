import { type CallDescriptor, groups as calls } from "@parley/protocol";
import type { z } from "zod/mini";
import { type Calls, requireSession } from "../../plugins/calls.js";
import type { GroupsService } from "./groups.service.js";

export function registerGroupRoutes(
  registry: Calls,
  groups: GroupsService,
): void {
  /** A call that acts for the signed-in user and answers `''` (wire-contract.md §2.5). */
  const act = <Req extends z.ZodMiniType>(
    call: CallDescriptor<Req, z.ZodMiniLiteral<"">>,
    run: (
      userId: number,
      input: z.output<Req>,
      publicUrl: string,
    ) => Promise<void>,
  ) => {
    registry.register(call, async (input, ctx) => {
      await run(requireSession(ctx).userId, input, ctx.publicUrl);
      return { data: "" as const };
    });
  };

  registry.register(calls.add, async (input, ctx) => ({
    data: await groups.create(requireSession(ctx).userId, input, ctx.publicUrl),
  }));
  registry.register(calls.getAllUser, async (input, ctx) => ({
    data: await groups.pickerUsers(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
    ),
  }));
  registry.register(calls.groupuserlist, async (input, ctx) => {
    const { members, count } = await groups.members(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
    );
    return { data: members, count, page: input.page ?? 1 };
  });
  registry.register(calls.groupInfo, async (input, ctx) => ({
    data: await groups.info(
      requireSession(ctx).userId,
      input.group_id,
      ctx.publicUrl,
    ),
  }));
  registry.register(calls.directory, async (input, ctx) => {
    const { groups: found, count } = await groups.directory(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
    );
    return { data: found, count, page: input.page ?? 1 };
  });
  registry.register(calls.join, async (input, ctx) => ({
    data: await groups.joinPublic(
      requireSession(ctx).userId,
      input.id,
      ctx.publicUrl,
    ),
  }));
  act(calls.setDescription, (me, input) =>
    groups.setDescription(me, input.id, input.description),
  );
  registry.register(calls.joinGroup, async (input, ctx) => ({
    data: await groups.joinByQr(
      requireSession(ctx).userId,
      input,
      ctx.publicUrl,
    ),
  }));
  registry.register(calls.readers, async (input, ctx) => ({
    data: await groups.readers(
      requireSession(ctx).userId,
      input.id,
      input.msg_id,
      ctx.publicUrl,
    ),
  }));

  act(calls.editGroupName, (me, input, url) =>
    groups.rename(me, input.id, input.displayName, url),
  );
  act(calls.addGroupUser, (me, input, url) =>
    groups.addMembers(me, input.id, input.user_ids, url),
  );
  act(calls.removeUser, (me, input, url) =>
    groups.removeMember(me, input.id, input.user_id, url),
  );
  act(calls.setManager, (me, input, url) =>
    groups.setManager(me, input.id, input.user_id, input.role, url),
  );
  act(calls.changeOwner, (me, input, url) =>
    groups.changeOwner(me, input.id, input.user_id, url),
  );
  act(calls.removeGroup, (me, input, url) => groups.disband(me, input.id, url));
  act(calls.removeDisbanded, (me, input) =>
    groups.removeDisbanded(me, input.id),
  );
  act(calls.groupSetting, (me, input) =>
    groups.updateSetting(me, input.id, input.setting),
  );
  act(calls.setNoSpeak, (me, input) => groups.mute(me, input.id, input));
  act(calls.setNotice, (me, input, url) =>
    groups.setNotice(me, input.id, input.notice, url),
  );
  act(calls.clearMessage, (me, input) => groups.clearMessages(me, input.id));
}
