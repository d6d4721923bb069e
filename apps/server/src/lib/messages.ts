import { type Language, type MessageKey, retryIn } from "@parley/protocol";

type Catalog = Record<MessageKey, string>;

const zh: Catalog = {
  ok: "操作成功",
  "login.ok": "登录成功",
  "logout.ok": "已退出登录",
  "register.ok": "注册成功",
  "code.sent": "验证码已发送，5 分钟内有效",
  "lang.switched": "语言已切换",
  "session.missing": "请先登录",
  "session.expired": "登录已过期，请重新登录",
  "session.evicted": "你的账号已在其他设备登录，这里已退出登录",
  "session.disabled": "你的账号已被禁用，如有疑问请联系管理员",
  "request.invalid": "请求内容有误，请重试",
  "request.invalidField": "{field} 填写不正确",
  "request.tooLarge": "内容太大，无法发送",
  "request.unsupportedType": "不支持这种请求格式",
  "request.notFound": "请求的接口不存在",
  "request.rateLimited": "尝试次数过多，请{when}再试",
  "server.error": "服务器出了点问题，请稍后再试",
  "login.accountRequired": "请输入账号",
  "login.passwordRequired": "请输入密码",
  "login.codeRequired": "请输入验证码",
  "login.codeFormat": "验证码为 6 位数字",
  "login.failed": "账号或密码错误",
  "login.codeWrong": "验证码不正确或已过期",
  "login.tokenInvalid": "登录链接已失效，请使用账号和密码登录",
  "login.disabled": "你的账号已被禁用，如有疑问请联系管理员",
  "register.closed": "系统暂未开放注册",
  "register.accountLength": "账号长度为 4 到 32 个字符",
  "register.accountChars": "账号不能包含中文、空格或控制字符",
  "register.accountPlain": "请输入账号",
  "register.accountPhone": "请输入正确的手机号",
  "register.accountEmail": "请输入正确的邮箱地址",
  "register.accountPhoneOrEmail": "请输入正确的手机号或邮箱",
  "register.accountTaken": "该账号已被注册",
  "register.realnameLength": "昵称长度为 2 到 16 个字符",
  "register.passwordLength": "密码长度为 6 到 16 个字符",
  "register.codeRequired": "请输入验证码",
  "register.codeWrong": "验证码不正确或已过期",
  "code.accountRequired": "请先输入手机号或邮箱",
  "code.accountFormat": "验证码只能发送到手机号或邮箱",
  "code.typeInvalid": "不支持该类型的验证码",
  "code.tooSoon": "一分钟内只能获取一次验证码，请{when}再试",
  "code.accountTaken": "该账号已被注册",
  "code.noMail":
    "本服务器还不能发送邮件，验证码没有发出。请联系管理员配置邮件。",
  "code.noMailReset":
    "本服务器还不能发送邮件，验证码没有发出。请联系管理员为你重置密码。",
  "code.noSms": "本服务器不能发送短信，验证码没有发出。请联系管理员处理。",
  "code.noSmsReset":
    "本服务器不能发送短信，验证码没有发出。请联系管理员为你重置密码。",
  "lang.invalid": "不支持该语言",
  "demo.readOnly": "演示模式下不能修改",
  "system.closed": "系统维护中，请稍后再来",
  "message.tooLong": "消息太长，无法发送",
  "message.empty": "不能发送空白消息",
  "message.idReused": "这条消息与另一条冲突，请重新发送",
  "contact.notFound": "联系人不存在",
  "chat.singleDisabled": "系统已关闭单聊功能",
  "chat.notFriend": "你们还不是好友，无法发送消息",
  "group.notFound": "群聊不存在",
  "group.disabled": "系统已关闭群聊功能",
  "group.nameLength": "请输入 2 到 20 个字符的群聊名称",
  "group.tooFew": "群聊人数不能少于 2 人",
  "group.selectToAdd": "请选择要添加的成员",
  "group.tooManyAtOnce": "一次选择的人数过多，请分批添加",
  "group.full": "群聊人数已达上限（最多 {max} 人）",
  "group.limitReached": "你创建的群聊数量已达上限",
  "group.userNotFound": "所选的用户不存在或不可添加",
  "group.memberNotFound": "该用户不在群聊中",
  "group.noPermission": "你没有权限在此群聊中执行该操作",
  "group.ownerMustTransfer": "群主需要先转让群聊才能退出",
  "group.muteInvalid": "禁言时长应为 1 分钟到 365 天",
  "group.changed": "群聊刚刚被修改，请刷新后重试",
  "group.muted": "你已被禁言，解除时间：{until}",
  "group.nospeak": "群聊已开启禁言，你暂时不能发言",
  "group.noticeTooLong": "群公告最多 1000 个字符",
  "group.qrInvalid": "这个群二维码无效或已过期，请让群成员重新分享",
  "message.notFound": "这条消息不存在",
};

const en: Catalog = {
  ok: "Done",
  "login.ok": "Logged in",
  "logout.ok": "Logged out",
  "register.ok": "Your account is ready",
  "code.sent": "Code sent. It's valid for 5 minutes.",
  "lang.switched": "Language switched",
  "session.missing": "Log in to continue",
  "session.expired": "Your session has expired. Log in again to continue.",
  "session.evicted":
    "Your account was logged in on another device, so you've been logged out here.",
  "session.disabled":
    "Your account has been disabled. Ask your administrator for help.",
  "request.invalid":
    "Something in this request wasn't right. Please try again.",
  "request.invalidField": "The {field} field isn't valid",
  "request.tooLarge": "That's too large to send",
  "request.unsupportedType": "This kind of request isn't supported",
  "request.notFound": "This action doesn't exist on the server",
  "request.rateLimited": "Too many attempts. Try again {when}.",
  "server.error": "Something went wrong on the server. Please try again later.",
  "login.accountRequired": "Enter your account",
  "login.passwordRequired": "Enter your password",
  "login.codeRequired": "Enter the code",
  "login.codeFormat": "The code is 6 digits",
  "login.failed": "The account or password is incorrect",
  "login.codeWrong": "That code is wrong or has expired",
  "login.tokenInvalid":
    "This login link has expired. Log in with your account and password.",
  "login.disabled":
    "Your account has been disabled. Ask your administrator for help.",
  "register.closed": "This server isn't open for registration right now",
  "register.accountLength": "An account is 4 to 32 characters long",
  "register.accountChars":
    "An account can't contain Chinese characters, spaces or control characters",
  "register.accountPlain": "Enter an account name",
  "register.accountPhone": "Enter a valid phone number",
  "register.accountEmail": "Enter a valid email address",
  "register.accountPhoneOrEmail": "Enter a valid phone number or email address",
  "register.accountTaken": "This account is already taken",
  "register.realnameLength": "A nickname is 2 to 16 characters long",
  "register.passwordLength": "A password is 6 to 16 characters long",
  "register.codeRequired": "Enter the code",
  "register.codeWrong": "That code is wrong or has expired",
  "code.accountRequired": "Enter your phone number or email first",
  "code.accountFormat":
    "Codes can only be sent to a phone number or an email address",
  "code.typeInvalid": "This kind of code isn't supported",
  "code.tooSoon":
    "A code was sent less than a minute ago. You can ask for another {when}.",
  "code.accountTaken": "This account is already taken",
  "code.noMail":
    "This server can't send email yet, so no code was sent. Ask your administrator to set up email.",
  "code.noMailReset":
    "This server can't send email yet, so no code was sent. Ask your administrator to reset your password.",
  "code.noSms":
    "This server can't send text messages, so no code was sent. Ask your administrator for help.",
  "code.noSmsReset":
    "This server can't send text messages, so no code was sent. Ask your administrator to reset your password.",
  "lang.invalid": "That language isn't supported",
  "demo.readOnly": "This is a demo, so changes aren't allowed",
  "system.closed":
    "The server is closed for maintenance. Please come back later.",
  "message.tooLong": "This message is too long to send",
  "message.empty": "You can't send an empty message",
  "message.idReused":
    "This message clashed with another one. Please send it again.",
  "contact.notFound": "This contact doesn't exist",
  "chat.singleDisabled": "One-to-one chats are switched off on this server",
  "chat.notFriend": "You can only message people you're friends with",
  "group.notFound": "This group doesn't exist",
  "group.disabled": "Group chat is switched off on this server",
  "group.nameLength": "Please enter a group name of 2 to 20 characters",
  "group.tooFew": "Choose at least 2 people for a group",
  "group.selectToAdd": "Choose the people to add",
  "group.tooManyAtOnce": "Too many people at once; add them in smaller batches",
  "group.full": "This group is full ({max} members at most)",
  "group.limitReached": "You have created as many groups as you are allowed",
  "group.userNotFound": "Some of the people you chose can't be found or added",
  "group.memberNotFound": "This person isn't a member of the group",
  "group.noPermission": "You don't have permission to do this in this group",
  "group.ownerMustTransfer":
    "As the owner, hand the group to someone else before you leave",
  "group.muteInvalid": "A mute lasts between 1 minute and 365 days",
  "group.changed": "The group changed just now; refresh and try again",
  "group.muted": "You are muted in this group until {until}",
  "group.nospeak": "Only some members may speak in this group right now",
  "group.noticeTooLong": "A notice is at most 1,000 characters long",
  "group.qrInvalid":
    "This group QR code is invalid or has expired; ask a member to share it again",
  "message.notFound": "This message doesn't exist",
};

/*
 * Server texts exist in simplified Chinese and English; traditional Chinese readers get
 * the Chinese text and every other language the English one until translations land.
 */
const catalogs: Partial<Record<Language, Catalog>> = { zh, en, ft: zh };

/**
 * The human text for a key in a language, with `{name}` placeholders filled. `{when}` is
 * the `seconds` parameter in words of the text's language ("in 15 minutes", "15分钟后").
 */
export function translate(
  key: MessageKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const catalog = catalogs[lang] ?? en;
  return catalog[key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (name === "when" && typeof params.seconds === "number")
      return retryIn(params.seconds, catalog === en ? "en" : "zh-CN");
    return value === undefined ? whole : String(value);
  });
}
