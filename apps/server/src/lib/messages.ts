import type { Language, MessageKey } from "@parley/protocol";

type Catalog = Record<MessageKey, string>;

const zh: Catalog = {
  ok: "操作成功",
  "login.ok": "登录成功",
  "logout.ok": "已退出登录",
  "register.ok": "注册成功",
  "code.sent": "验证码已发送",
  "lang.switched": "语言已切换",
  "session.missing": "请先登录",
  "session.expired": "登录已过期，请重新登录",
  "session.evicted": "您的账号已在其他地方登录，您已被迫下线",
  "session.disabled": "您的账号已被禁用",
  "request.invalid": "请求格式不正确",
  "request.invalidField": "字段 {field} 的值不正确",
  "request.tooLarge": "请求内容过大",
  "request.unsupportedType": "不支持的请求格式",
  "request.notFound": "接口不存在",
  "request.rateLimited": "操作过于频繁，请 {seconds} 秒后再试",
  "server.error": "服务器内部错误，请稍后再试",
  "login.accountRequired": "用户名不能为空",
  "login.passwordRequired": "密码不能为空",
  "login.codeRequired": "请输入验证码",
  "login.codeFormat": "验证码为 6 位数字",
  "login.failed": "账号或密码错误",
  "login.codeWrong": "验证码不正确或已过期",
  "login.tokenInvalid": "登录凭证已失效",
  "login.disabled": "您的账号已被禁用",
  "register.closed": "系统暂未开放注册",
  "register.accountLength": "账号长度为 4 到 32 个字符",
  "register.accountChars": "账号不能包含中文、空格或控制字符",
  "register.accountPlain": "请输入账号",
  "register.accountPhone": "请输入正确的手机号",
  "register.accountEmail": "请输入正确的邮箱",
  "register.accountPhoneOrEmail": "请输入正确的手机号或邮箱",
  "register.accountTaken": "该账号已被注册",
  "register.realnameLength": "昵称长度为 2 到 16 个字符",
  "register.passwordLength": "密码长度为 6 到 16 个字符",
  "register.codeRequired": "请输入验证码",
  "register.codeWrong": "验证码不正确或已过期",
  "code.accountRequired": "请输入用户名",
  "code.accountFormat": "请输入正确的手机号或邮箱",
  "code.typeInvalid": "验证码类型不正确",
  "code.tooSoon": "验证码发送过于频繁，请 {seconds} 秒后再试",
  "code.accountTaken": "该账号已被注册",
  "lang.invalid": "不支持的语言",
  "demo.readOnly": "演示模式不支持修改",
  "system.closed": "系统维护中",
  "message.tooLong": "消息内容过长",
  "message.empty": "不能发送空消息",
  "message.idReused": "该消息编号已用于另一条消息，请重新发送",
  "contact.notFound": "联系人不存在",
  "chat.singleDisabled": "单聊功能已被禁用",
  "chat.notFriend": "对方不是你的好友",
};

const en: Catalog = {
  ok: "Done",
  "login.ok": "Logged in",
  "logout.ok": "Logged out",
  "register.ok": "Registered",
  "code.sent": "The verification code has been sent",
  "lang.switched": "Language switched",
  "session.missing": "Please log in first",
  "session.expired": "Your session has expired, please log in again",
  "session.evicted":
    "Your account has been logged in elsewhere and you have been forced to go offline",
  "session.disabled": "Your account has been disabled",
  "request.invalid": "The request is malformed",
  "request.invalidField": "The value of {field} is not valid",
  "request.tooLarge": "The request is too large",
  "request.unsupportedType": "Unsupported request format",
  "request.notFound": "No such call",
  "request.rateLimited":
    "Too many attempts, please try again in {seconds} seconds",
  "server.error": "The server met an error, please try again later",
  "login.accountRequired": "Username cannot be empty",
  "login.passwordRequired": "Password cannot be empty",
  "login.codeRequired": "Please input the code",
  "login.codeFormat": "The code is 6 digits",
  "login.failed": "Wrong account or password",
  "login.codeWrong": "The code is wrong or has expired",
  "login.tokenInvalid": "The login token is no longer valid",
  "login.disabled": "Your account has been disabled",
  "register.closed": "Registration is not open",
  "register.accountLength": "The account must be 4 to 32 characters",
  "register.accountChars":
    "The account cannot contain Chinese characters, spaces or control characters",
  "register.accountPlain": "Please input an account",
  "register.accountPhone": "Please input a valid phone number",
  "register.accountEmail": "Please input a valid email address",
  "register.accountPhoneOrEmail":
    "Please input a valid phone number or email address",
  "register.accountTaken": "This account is already registered",
  "register.realnameLength": "The nickname must be 2 to 16 characters",
  "register.passwordLength": "The password must be 6 to 16 characters",
  "register.codeRequired": "Please input the code",
  "register.codeWrong": "The code is wrong or has expired",
  "code.accountRequired": "Please input the username",
  "code.accountFormat": "Please input a valid phone number or email address",
  "code.typeInvalid": "Unknown code type",
  "code.tooSoon":
    "Codes are sent at most once a minute, please try again in {seconds} seconds",
  "code.accountTaken": "This account is already registered",
  "lang.invalid": "Unsupported language",
  "demo.readOnly": "Demo mode does not allow changes",
  "system.closed": "The system is under maintenance",
  "message.tooLong": "The message is too long",
  "message.empty": "Cannot send an empty message",
  "message.idReused":
    "This message id was already used for another message; send it again",
  "contact.notFound": "No such contact",
  "chat.singleDisabled": "The single chat function has been disabled",
  "chat.notFriend": "This user is not your friend",
};

/*
 * Server texts exist in simplified Chinese and English; traditional Chinese readers get
 * the Chinese text and every other language the English one until translations land.
 */
const catalogs: Partial<Record<Language, Catalog>> = { zh, en, ft: zh };

/** The human text for a key in a language, with `{name}` placeholders filled. */
export function translate(
  key: MessageKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const catalog = catalogs[lang] ?? en;
  return catalog[key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
