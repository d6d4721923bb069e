import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  languageFromAcceptLanguage,
} from "@parley/protocol";
import type { FastifyRequest } from "fastify";

/** The cookie that keeps a visitor's language choice before they sign in. */
export const LANG_COOKIE = "parley_lang";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's own language, once the session is known. */
    userLang?: string | null;
  }
}

/**
 * The language of `msg` (decisions.md): the user's own choice, else the visitor's cookie,
 * else `Accept-Language`, else the system default.
 */
export function requestLanguage(request: FastifyRequest): Language {
  if (isLanguage(request.userLang)) return request.userLang;
  // No cookies yet on a request refused before any hook ran (a path Fastify cannot decode).
  const cookies = request.cookies as FastifyRequest["cookies"] | undefined;
  const cookie = cookies?.[LANG_COOKIE];
  if (isLanguage(cookie)) return cookie;
  return (
    languageFromAcceptLanguage(request.headers["accept-language"]) ??
    DEFAULT_LANGUAGE
  );
}
