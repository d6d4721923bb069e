import { Limits, typedTextLength } from "@parley/protocol";

/** How close the editor's text is to the length rule (SPEC §5, Limits.textMessageMax). */
export interface LengthState {
  length: number;
  max: number;
  /** Show the counter: within 10 % of the limit, or past it. */
  visible: boolean;
  /** Characters past the limit; 0 when the text may be sent. */
  over: number;
}

/** The counter's state for typed text: never cut, shown near the limit, refusing past it. */
export function lengthState(text: string): LengthState {
  const max = Limits.textMessageMax;
  const length = typedTextLength(text);
  return {
    length,
    max,
    visible: length >= Math.floor(max * 0.9),
    over: Math.max(0, length - max),
  };
}
