import {
  AnyEnvelopeSchema,
  type CallDescriptor,
  type CallResponse,
} from "@parley/protocol";

/** Posts a call as JSON and answers its `data`, checked against the call's descriptor. */
export async function call<C extends CallDescriptor>(
  descriptor: C,
  body: object = {},
): Promise<CallResponse<C>> {
  const response = await fetch(descriptor.path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const envelope = AnyEnvelopeSchema.parse(await response.json());
  if (envelope.code !== 0) throw new Error(envelope.msg);
  return descriptor.response.parse(envelope.data) as CallResponse<C>;
}
