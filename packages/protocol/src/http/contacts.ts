import { z } from "zod/mini";
import { ContactSchema } from "../entities/contact.js";
import { defineCall } from "./define.js";

/** `enterprise/im/getContacts`: everyone the caller can chat with. */
export const getContacts = defineCall({
  path: "/enterprise/im/getContacts",
  auth: "session",
  request: z.object({}),
  response: z.array(ContactSchema),
});
