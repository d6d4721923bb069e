/**
 * The longest group QR token a link may carry, in characters (what `joinGroup` accepts).
 * A real token is about a hundred characters.
 */
export const GROUP_QR_TOKEN_MAX = 1024;

/** Two base64url parts, the signed payload and its signature, joined by a dot. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Whether a string has the shape of a group QR token (the last part of
 * `<host>/scan/g/<token>`): two base64url parts joined by a dot, at most
 * {@link GROUP_QR_TOKEN_MAX} characters. Only the shape: whether it is genuine, unexpired and
 * still good for its group is the server's `joinGroup` to decide. The scan link and the
 * join page use it to turn a mangled link away before anything is asked of the server.
 */
export function isGroupQrToken(token: string): boolean {
  return token.length <= GROUP_QR_TOKEN_MAX && TOKEN_SHAPE.test(token);
}
