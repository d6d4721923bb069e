import { commands, type ConsoleCommand } from "@parley/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/http";
import { consoleKey } from "./console.queries";

const commandsKey = [...consoleKey, "commands"] as const;

/** Every slash command (`manage/Command/index`). */
export function useCommandsQuery() {
  return useQuery({
    queryKey: commandsKey,
    queryFn: async () => (await call(commands.commandIndex, {})).data,
  });
}

/** Registers a command; answers the token its POSTs carry, shown once. */
export function useAddCommandMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      name: string;
      url: string;
      description: string;
    }) => (await call(commands.commandAdd, body)).data,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: commandsKey });
      // The editor's list of them too.
      await client.invalidateQueries({ queryKey: ["commands"] });
    },
  });
}

/** Deletes a command and its bot. */
export function useDeleteCommandMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (command: ConsoleCommand) => {
      await call(commands.commandDel, { command_id: command.command_id });
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: commandsKey });
      await client.invalidateQueries({ queryKey: ["commands"] });
    },
  });
}
