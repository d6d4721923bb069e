import type { FormInstance } from "antd";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";
import type { SettingsProblem } from "../settings-rules";

/** The words for a problem: the errors namespace's for a server key, else our own. */
export function useProblemText(): (problem: SettingsProblem) => string {
  const { t } = useTranslation(["settings", "errors"]);
  return (problem) =>
    "key" in problem
      ? t(`errors:keys.${problem.key}`)
      : t(`settings:${problem.own}`);
}

/**
 * An antd rule per field from a whole-form check (settings-rules.ts): the field's problem
 * with the form's other values as they stand, so "repeat" follows "new password".
 */
export function useFieldRules<T extends object>(
  form: FormInstance<T>,
  blank: T,
  errorsOf: (values: T) => Partial<Record<keyof T, SettingsProblem>>,
): (field: keyof T) => Rule {
  const text = useProblemText();
  return (field) => ({
    validator: (_: unknown, value: unknown) => {
      // Fields not on screen (a code field the account does not need) read as undefined.
      const held = Object.fromEntries(
        Object.entries(form.getFieldsValue() as object).filter(
          ([, v]) => v !== undefined,
        ),
      ) as Partial<T>; // Entries of the form's own values, undefined ones left out.
      const values: T = { ...blank, ...held, [field]: value ?? blank[field] };
      const problem = errorsOf(values)[field];
      return problem
        ? Promise.reject(new Error(text(problem)))
        : Promise.resolve();
    },
  });
}
