import type { MessageKey } from "@parley/protocol";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";

/**
 * An antd rule from one of the protocol's checks, worded by the errors namespace (the words
 * the server's refusal would use), so the form says before sending what the server would.
 */
export function useCheckRule(): (
  check: (value: string) => MessageKey | null,
) => Rule {
  const { t } = useTranslation("errors");
  return (check) => ({
    validator: (_: unknown, value: unknown) => {
      const problem = check(typeof value === "string" ? value : "");
      return problem
        ? Promise.reject(new Error(t(`keys.${problem}`)))
        : Promise.resolve();
    },
  });
}
