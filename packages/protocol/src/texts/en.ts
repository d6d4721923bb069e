import type { Texts } from "../common/texts.js";

/** Every server text in English. */
export const texts: Texts = {
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
  "login.totpRequired":
    "Enter the six-digit code from your authenticator app (or a recovery code).",
  "login.totpWrong":
    "That code is wrong or already used. Enter the current code from your authenticator app.",
  "login.ssoOnly":
    "This organisation signs in with single sign-on. Use the sign-in button above.",
  "welcome.invalid":
    "This invitation link has expired or was already used. Ask your administrator for a new one.",
  "welcome.ok": "Your password is set. Welcome!",
  "bot.notFound": "This bot does not exist.",
  "bot.nameRequired": "Give the bot a name.",
  "bot.avatarInvalid": "The bot's picture must be one uploaded to this server.",
  "bot.notOwner": "A bot cannot own a group.",
  "bot.noRole": "A bot cannot be an administrator.",
  "bot.noPassword":
    "A bot has no password: it signs its calls with its token (Console → Bots).",
  "hook.notFound": "This webhook does not exist.",
  "hook.nameRequired": "Give the webhook a name.",
  "hook.nameLength": "A webhook's name is at most 16 characters.",
  "hook.kind": "This kind of webhook is not available.",
  "hook.tooMany": "A group has at most 20 webhooks.",
  "hook.textRequired": "The message has no text.",
  "hook.payload":
    "The body is not a webhook message: send JSON with text, or a form field payload holding it.",
  "hook.url":
    "Give the address to POST to: an http or https URL (at most 1000 characters).",
  "hook.triggers":
    "Give one to ten trigger words, separated by commas, each without spaces (at most 32 characters).",
  "command.notFound": "This command does not exist.",
  "command.name":
    "A command's name is 1 to 32 lower-case letters, digits, - or _.",
  "command.taken": "A command of this name exists already.",
  "command.tooMany": "There are 100 commands already. Delete one first.",
  "command.unknown":
    "There is no command /{name}. To send text starting with a slash, start it with //.",
  "command.failed": "/{name} did not answer ({reason}).",
  "command.noText": "/{name} answered nothing to show.",
  "totp.codeRequired": "Enter the code from your authenticator app.",
  "totp.codeWrong":
    "That code is wrong or already used. Enter the current code.",
  "totp.alreadyOn":
    "Two-factor sign-in is already on. Turn it off first to set up a new authenticator.",
  "totp.notSetUp":
    "Set up two-factor sign-in first: scan the QR code, then enter a code.",
  "totp.off": "Two-factor sign-in is not on.",
  "totp.required":
    "Your administrators require two-factor sign-in, so it cannot be turned off.",
  "totp.setupRequired":
    "Your administrators require two-factor sign-in. Set it up to continue.",
  "sso.off": "Single sign-on is not set up on this server.",
  "sso.failed":
    "Single sign-on did not complete. Try again, or ask your administrator.",
  "sso.stateInvalid":
    "This sign-in link expired or was opened in another browser. Start again from the sign-in page.",
  "sso.noAccount":
    "Your organisation's account is not linked to an account here. Ask your administrator.",
  "sso.disabled":
    "Your account has been disabled. Contact an administrator for help.",
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
  "code.smsFailed":
    "The text message couldn't be sent, so no code went out. Try again in a moment.",
  "sms.codeText": "Your {name} code is {code}. It expires in 5 minutes.",
  "sms.testText":
    "This is a test message from {name}. Text messages are set up correctly.",
  "lang.invalid": "That language isn't supported",
  "demo.readOnly": "This is a demo, so changes aren't allowed",
  "system.closed":
    "The server is closed for maintenance. Please come back later.",
  "message.tooLong": "This message is too long to send",
  "message.tooSoon":
    "Messages in this chat are spaced out. You can send again {when}.",
  "message.tooFast": "You are sending messages too fast. Try again {when}.",
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
  "group.disbanded": "This group has been disbanded",
  "group.muted": "You are muted in this group until {until}",
  "group.nospeak": "Only some members may speak in this group right now",
  "group.noticeTooLong": "A notice is at most 1,000 characters long",
  "search.tooLong": "A search is at most 100 characters long",
  "group.descriptionTooLong": "A description is at most 500 characters long",
  "group.publicOff": "Public groups are turned off by the administrators",
  "group.qrInvalid":
    "This group QR code is invalid or has expired; ask a member to share it again",
  "message.notFound": "This message doesn't exist",

  "people.keywordsLength": "Search words are at most 32 characters long",
  "people.privacy": "Privacy enabled, unable to view information",
  "profile.saved": "Your profile is saved",
  "profile.emailInvalid":
    "Enter a valid email address (at most 120 characters)",
  "profile.mottoLength": "A signature is at most 100 characters long",
  "profile.renameOff":
    "Your organisation manages names: ask an administrator to change yours",
  "password.changed":
    "Your password is changed, and your other devices have been logged out",
  "password.oldRequired": "Enter your current password",
  "password.oldWrong": "Your current password is incorrect",
  "password.codeRequired": "Enter the code sent to your account",
  "password.codeWrong": "That code is wrong or has expired",
  "account.changed": "Your account is changed. Log in again with the new one.",
  "account.same": "The new account is the same as the current one",
  "account.codeRequired": "Enter the code sent to your current account",
  "account.codeWrong":
    "The code for your current account is wrong or has expired",
  "account.newCodeRequired": "Enter the code sent to the new account",
  "account.newCodeWrong":
    "The code for the new account is wrong or has expired",
  "avatar.saved": "Your avatar is updated",
  "avatar.missing": "Choose a picture",
  "avatar.notImage": "Only jpg, png or gif pictures can be uploaded",
  "avatar.tooLarge": "An avatar picture is at most 5 MB",
  "file.missing": "Choose a file to send",
  "file.tooLarge": "A file is at most {size} MB",
  "file.typeRefused": "Files of type .{ext} cannot be sent",
  "friend.remarkRequired": "Please input valid text for your request",
  "friend.remarkLength": "A request message is at most 100 characters long",
  "friend.applied": "Friend request sent",
  "friend.self": "You can't add yourself as a friend",
  "friend.already": "You are already friends",
  "friend.alreadyApplied":
    "You have already sent a request; wait for them to answer",
  "friend.recentlyRefused":
    "This person declined your request recently. You can ask again in {hours} hours",
  "friend.limit": "You have as many friends as you are allowed",
  "friend.requestNotFound":
    "This friend request doesn't exist or was already answered",
  "friend.agreed": "Friend request accepted",
  "friend.refused": "Friend request declined",
  "friend.notFriend": "This user is not your friend",
  "friend.nicknameRequired": "Please input a remark",
  "friend.nicknameLength": "A remark is at most 16 characters long",
  "friend.nicknameSet": "Set successfully",
  "friend.deleted": "Friend removed",
  "friend.deleteModeOnly": "Friends can only be removed in friend mode",
  "friend.requestsModeOnly":
    "Friend requests are only used in friend mode: here everyone can already chat with everyone",
  "friend.newFriend": "New friends",
  "friend.addedYou": "wants to be your friend",
  "friend.nowFriends": "You are now friends. Start chatting!",
  "config.saved": "Settings saved",
  "config.invalidField": "The setting {field} isn't valid",
  "config.storageUnreachable":
    "The storage can't be reached: check its address, bucket and keys",
  "message.withdrawExpired":
    "Messages can only be withdrawn within {minutes} minutes of sending",
  "message.withdrawDenied": "You can't withdraw this message",
  "message.editDenied": "You can't edit this message",
  "message.editExpired":
    "Messages can only be edited within {minutes} minutes of sending",
  "message.alreadyWithdrawn": "This message has already been withdrawn",
  "thread.rootNotFound": "This thread doesn't exist",
  "thread.notRoot": "A reply in a thread can't start a thread of its own",
  "thread.rootWithdrawn":
    "This message was withdrawn: its thread takes no new replies",
  "reaction.invalidEmoji": "Choose one emoji",
  "reaction.tooMany": "A message can have at most {max} different reactions",
  "message.deleteDisabled": "Deleting messages is switched off on this server",
  "message.deleteDenied":
    "You can only delete your own messages in one-to-one chats",
  "message.forwardLimit": "The number of people forwarded cannot exceed 5!",
  "message.forwardNoTarget": "Please select a chat target",
  "message.notForwardable": "This message can't be forwarded",
  "message.forwarded": "Sent successfully",
  "favourite.saved": "Added to favourites",
  "favourite.notFound": "This favourite doesn't exist",
  "favourite.notSaveable": "This message can't be added to favourites",
  "chat.notSettable": "The system entry can't be pinned or muted",
  "chat.systemEntry": "You can't write to this chat",
  "chat.selfName": "File transfer",
  "chat.selfEmpty": "Send files and notes to yourself",
  "push.badEndpoint": "This push subscription can't be used",
  "push.endpointTaken":
    "This device's notifications belong to another account; subscribe again",
  "console.userNotFound": "That user doesn't exist",
  "console.emailInvalid": "Enter a valid email address",
  "console.phoneInvalid": "Enter a valid phone number",
  "console.notPermitted":
    "Only a super administrator can change administrators or roles",
  "console.importTooLarge":
    "The file is too large: import at most 512 KB of CSV at a time.",
  "console.importTooMany": "Import at most 1,000 users at a time.",
  "console.importEmpty":
    "The file holds no users: a header row, then one user per row.",
  "console.importColumns":
    "The header row needs the columns account and name (email, role and password are optional).",
  "console.importMalformed":
    "This isn't a readable CSV file (line {line}). Save it as CSV (UTF-8) and try again.",
  "console.importDuplicate": "This account appears twice in the file",
  "console.importRole": "Unknown role: use user, admin or super",
  "console.ownAccount":
    "You can't disable, delete or change the role of your own account",
  "console.lastAdmin": "At least one super administrator must remain",
  "console.ownsGroups":
    "This user owns {count} group(s): transfer or disband them first",
  "console.mailNotConfigured":
    "No mail server is set up (SMTP_HOST), so no email can be sent",
  "console.mailFailed": "The test email couldn't be sent: {reason}",
  "console.mailSent": "Test email sent",
  "console.smsNotConfigured":
    "No SMS gateway is set up, so no text message can be sent",
  "console.smsFailed": "The test text message couldn't be sent: {reason}",
  "console.smsSent": "Test text message sent",
  "register.inviteRequired":
    "Registration is by invitation only: open the invitation link you were given",
  "register.inviteInvalid": "This invitation link isn't valid or has expired",
  "console.chooseChat":
    "Choose a user and one of their chats first: words are searched within a conversation",
  "console.taskNotFound": "There is no such task",
  "console.tasksStopped": "The scheduled tasks are stopped",
  "console.taskBusy": "This task is already running: wait for it to finish",
  "notice.notFound": "Notice not found",
  "notice.titleInvalid": "Enter a title of 1 to 100 characters",
  "notice.textInvalid": "Enter the notice, at most 5,000 characters",
  "notice.entryName": "System notices",
  "notice.superOnly": "Only a super administrator can publish system notices",
  "complaint.typeInvalid": "Choose what to report",
  "complaint.reasonInvalid": "Choose a reason for the report",
  "complaint.textTooLong": "Say what happened in at most 500 characters",
  "complaint.targetNotFound": "What you are reporting does not exist",
  "complaint.notFound": "Report not found",
  "complaint.received": "Thank you: an administrator will look into it",
  "complaint.ownAccount": "You cannot report yourself",
  "complaint.suggestionEmpty": "Write your suggestion",
  "complaint.suggestionReceived":
    "Thank you for the suggestion: the administrators will read it",
  "article.notFound": "Article not found",
  "article.titleInvalid": "Enter a title of 1 to 100 characters",
  "article.contentInvalid":
    "Write the article: it cannot be empty or longer than 200,000 characters",
  "file.notFound": "File not found",
  "logo.tooLarge": "A logo picture is at most 2 MB",
  "articleImage.tooLarge": "A picture in an article is at most 8 MB",
  "call.disabled": "Voice and video calls are not enabled",
  "call.videoDisabled": "Video calls are not enabled",
  "call.notFound": "This call has ended or doesn't exist",
  "call.inAnotherCall": "You are already in a call on another device",
  "call.tooLarge": "The call data is too large",
  "call.handledElsewhere": "This call was answered on another device",
};
