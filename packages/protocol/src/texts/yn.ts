import type { Texts } from "../common/texts.js";

/** Every server text in Vietnamese. */
export const texts: Texts = {
  ok: "Xong",
  "login.ok": "Đã đăng nhập",
  "logout.ok": "Đã đăng xuất",
  "register.ok": "Tài khoản của bạn đã sẵn sàng",
  "code.sent": "Đã gửi mã. Mã có hiệu lực trong 5 phút.",
  "lang.switched": "Đã chuyển ngôn ngữ",
  "session.missing": "Hãy đăng nhập để tiếp tục",
  "session.expired":
    "Phiên đăng nhập đã hết hạn. Hãy đăng nhập lại để tiếp tục.",
  "session.evicted":
    "Tài khoản của bạn đã được đăng nhập trên thiết bị khác nên bạn đã bị đăng xuất tại đây.",
  "session.disabled":
    "Tài khoản của bạn đã bị vô hiệu hóa. Hãy liên hệ quản trị viên để được hỗ trợ.",
  "request.invalid": "Yêu cầu này có điểm chưa đúng. Vui lòng thử lại.",
  "request.invalidField": "Trường {field} không hợp lệ",
  "request.tooLarge": "Nội dung quá lớn, không thể gửi",
  "request.unsupportedType": "Loại yêu cầu này không được hỗ trợ",
  "request.notFound": "Thao tác này không tồn tại trên máy chủ",
  "request.rateLimited": "Bạn đã thử quá nhiều lần. Hãy thử lại {when}.",
  "server.error": "Máy chủ đã gặp sự cố. Vui lòng thử lại sau.",
  "login.accountRequired": "Nhập tài khoản của bạn",
  "login.passwordRequired": "Nhập mật khẩu của bạn",
  "login.codeRequired": "Nhập mã xác minh",
  "login.codeFormat": "Mã xác minh gồm 6 chữ số",
  "login.failed": "Tài khoản hoặc mật khẩu không đúng",
  "login.codeWrong": "Mã không đúng hoặc đã hết hạn",
  "login.tokenInvalid":
    "Liên kết đăng nhập này đã hết hạn. Hãy đăng nhập bằng tài khoản và mật khẩu.",
  "login.disabled":
    "Tài khoản của bạn đã bị vô hiệu hóa. Hãy liên hệ quản trị viên để được hỗ trợ.",
  "login.totpRequired":
    "Nhập mã 6 chữ số từ ứng dụng xác thực của bạn (hoặc một mã khôi phục).",
  "login.totpWrong":
    "Mã không đúng hoặc đã được sử dụng. Hãy nhập mã hiện tại từ ứng dụng xác thực.",
  "login.ssoOnly":
    "Tổ chức này sử dụng đăng nhập một lần (SSO). Hãy dùng nút đăng nhập ở trên.",
  "welcome.invalid":
    "Liên kết mời này đã hết hạn hoặc đã được dùng. Hãy xin quản trị viên một liên kết mới.",
  "welcome.ok": "Đã đặt mật khẩu. Chào mừng bạn!",
  "bot.notFound": "Bot này không tồn tại.",
  "bot.nameRequired": "Hãy đặt tên cho bot.",
  "bot.avatarInvalid": "Ảnh của bot phải là ảnh đã tải lên máy chủ này.",
  "bot.notOwner": "Bot không thể làm chủ nhóm.",
  "bot.noRole": "Bot không thể làm quản trị viên.",
  "bot.noPassword":
    "Bot không có mật khẩu: bot ký các lệnh gọi bằng mã thông báo của mình (Bảng điều khiển → Bot).",
  "hook.notFound": "Webhook này không tồn tại.",
  "hook.nameRequired": "Hãy đặt tên cho webhook.",
  "hook.nameLength": "Tên webhook tối đa 16 ký tự.",
  "hook.kind": "Loại webhook này chưa được hỗ trợ.",
  "hook.tooMany": "Mỗi nhóm có tối đa 20 webhook.",
  "hook.textRequired": "Tin nhắn không có nội dung.",
  "hook.payload":
    "Nội dung không phải tin nhắn webhook: hãy gửi JSON có text, hoặc trường biểu mẫu payload chứa nó.",
  "hook.url":
    "Hãy nhập địa chỉ nhận yêu cầu POST: URL http hoặc https (tối đa 1.000 ký tự).",
  "hook.triggers":
    "Hãy nhập từ một đến mười từ kích hoạt, phân cách bằng dấu phẩy, mỗi từ không có khoảng trắng (tối đa 32 ký tự).",
  "command.notFound": "Lệnh này không tồn tại.",
  "command.name": "Tên lệnh gồm 1 đến 32 chữ cái thường, chữ số, - hoặc _.",
  "command.taken": "Đã có một lệnh mang tên này.",
  "command.tooMany": "Đã có 100 lệnh. Hãy xóa một lệnh trước.",
  "command.unknown":
    "Không có lệnh /{name}. Để gửi văn bản bắt đầu bằng dấu gạch chéo, hãy bắt đầu bằng //.",
  "command.failed": "/{name} không phản hồi ({reason}).",
  "command.noText": "/{name} không phản hồi nội dung nào để hiển thị.",
  "totp.codeRequired": "Nhập mã từ ứng dụng xác thực của bạn.",
  "totp.codeWrong": "Mã không đúng hoặc đã được sử dụng. Hãy nhập mã hiện tại.",
  "totp.alreadyOn":
    "Xác minh 2 bước đã được bật. Hãy tắt trước để thiết lập ứng dụng xác thực mới.",
  "totp.notSetUp":
    "Hãy thiết lập xác minh 2 bước trước: quét mã QR, sau đó nhập mã.",
  "totp.off": "Xác minh 2 bước chưa được bật.",
  "totp.required":
    "Quản trị viên yêu cầu xác minh 2 bước nên bạn không thể tắt tính năng này.",
  "totp.setupRequired":
    "Quản trị viên yêu cầu xác minh 2 bước. Hãy thiết lập để tiếp tục.",
  "sso.off": "Máy chủ này chưa thiết lập đăng nhập một lần (SSO).",
  "sso.failed":
    "Đăng nhập một lần chưa hoàn tất. Hãy thử lại hoặc liên hệ quản trị viên.",
  "sso.stateInvalid":
    "Liên kết đăng nhập này đã hết hạn hoặc đã được mở trong trình duyệt khác. Hãy bắt đầu lại từ trang đăng nhập.",
  "sso.noAccount":
    "Tài khoản tổ chức của bạn chưa được liên kết với tài khoản nào trên máy chủ này. Hãy liên hệ quản trị viên.",
  "sso.disabled":
    "Tài khoản của bạn đã bị vô hiệu hóa. Hãy liên hệ quản trị viên để được hỗ trợ.",
  "register.closed": "Máy chủ này hiện chưa mở đăng ký",
  "register.accountLength": "Tài khoản dài từ 4 đến 32 ký tự",
  "register.accountChars":
    "Tài khoản không được chứa chữ Hán, khoảng trắng hoặc ký tự điều khiển",
  "register.accountPlain": "Nhập tên tài khoản",
  "register.accountPhone": "Nhập số điện thoại hợp lệ",
  "register.accountEmail": "Nhập địa chỉ email hợp lệ",
  "register.accountPhoneOrEmail":
    "Nhập số điện thoại hoặc địa chỉ email hợp lệ",
  "register.accountTaken": "Tài khoản này đã được sử dụng",
  "register.realnameLength": "Biệt danh dài từ 2 đến 16 ký tự",
  "register.passwordLength": "Mật khẩu dài từ 6 đến 16 ký tự",
  "register.codeRequired": "Nhập mã xác minh",
  "register.codeWrong": "Mã không đúng hoặc đã hết hạn",
  "code.accountRequired": "Hãy nhập số điện thoại hoặc email trước",
  "code.accountFormat":
    "Chỉ có thể gửi mã đến số điện thoại hoặc địa chỉ email",
  "code.typeInvalid": "Loại mã này không được hỗ trợ",
  "code.tooSoon":
    "Một mã vừa được gửi chưa đầy một phút trước. Bạn có thể yêu cầu mã mới {when}.",
  "code.accountTaken": "Tài khoản này đã được sử dụng",
  "code.noMail":
    "Máy chủ này chưa thể gửi email nên chưa có mã nào được gửi. Hãy nhờ quản trị viên thiết lập email.",
  "code.noMailReset":
    "Máy chủ này chưa thể gửi email nên chưa có mã nào được gửi. Hãy nhờ quản trị viên đặt lại mật khẩu cho bạn.",
  "code.noSms":
    "Máy chủ này không thể gửi tin nhắn SMS nên chưa có mã nào được gửi. Hãy liên hệ quản trị viên để được hỗ trợ.",
  "code.noSmsReset":
    "Máy chủ này không thể gửi tin nhắn SMS nên chưa có mã nào được gửi. Hãy nhờ quản trị viên đặt lại mật khẩu cho bạn.",
  "code.smsFailed":
    "Không thể gửi tin nhắn SMS nên chưa có mã nào được gửi. Vui lòng thử lại sau giây lát.",
  "sms.codeText": "Mã {name} của bạn là {code}. Mã hết hạn sau 5 phút.",
  "sms.testText":
    "Đây là tin nhắn thử nghiệm từ {name}. SMS đã được thiết lập đúng.",
  "lang.invalid": "Ngôn ngữ này không được hỗ trợ",
  "demo.readOnly": "Đây là bản demo nên không thể thay đổi",
  "system.closed": "Máy chủ đang tạm đóng để bảo trì. Vui lòng quay lại sau.",
  "message.tooLong": "Tin nhắn này quá dài, không thể gửi",
  "message.tooSoon":
    "Cuộc trò chuyện này giới hạn khoảng cách giữa các tin nhắn. Bạn có thể gửi lại {when}.",
  "message.tooFast": "Bạn đang gửi tin nhắn quá nhanh. Hãy thử lại {when}.",
  "message.empty": "Bạn không thể gửi tin nhắn trống",
  "message.idReused":
    "Tin nhắn này bị trùng với một tin nhắn khác. Vui lòng gửi lại.",
  "contact.notFound": "Liên hệ này không tồn tại",
  "chat.singleDisabled": "Trò chuyện riêng đã bị tắt trên máy chủ này",
  "chat.notFriend": "Bạn chỉ có thể nhắn tin cho người đã là bạn bè",
  "group.notFound": "Nhóm này không tồn tại",
  "group.disabled": "Trò chuyện nhóm đã bị tắt trên máy chủ này",
  "group.nameLength": "Vui lòng nhập tên nhóm từ 2 đến 20 ký tự",
  "group.tooFew": "Hãy chọn ít nhất 2 người để tạo nhóm",
  "group.selectToAdd": "Hãy chọn những người cần thêm",
  "group.tooManyAtOnce":
    "Quá nhiều người cùng lúc; hãy thêm thành nhiều đợt nhỏ hơn",
  "group.full": "Nhóm đã đầy (tối đa {max} thành viên)",
  "group.limitReached": "Bạn đã tạo đủ số nhóm được phép",
  "group.userNotFound":
    "Không tìm thấy hoặc không thể thêm một số người bạn đã chọn",
  "group.memberNotFound": "Người này không phải là thành viên của nhóm",
  "group.noPermission": "Bạn không có quyền thực hiện thao tác này trong nhóm",
  "group.ownerMustTransfer":
    "Là trưởng nhóm, bạn cần chuyển quyền trưởng nhóm cho người khác trước khi rời nhóm",
  "group.muteInvalid": "Thời gian cấm chat phải từ 1 phút đến 365 ngày",
  "group.changed": "Nhóm vừa có thay đổi; hãy làm mới rồi thử lại",
  "group.disbanded": "Nhóm này đã bị giải tán",
  "group.muted": "Bạn bị cấm chat trong nhóm này đến {until}",
  "group.nospeak":
    "Hiện chỉ một số thành viên được phép gửi tin nhắn trong nhóm này",
  "group.noticeTooLong": "Thông báo nhóm dài tối đa 1.000 ký tự",
  "search.tooLong": "Nội dung tìm kiếm dài tối đa 100 ký tự",
  "group.descriptionTooLong": "Mô tả dài tối đa 500 ký tự",
  "group.publicOff": "Quản trị viên đã tắt nhóm công khai",
  "group.qrInvalid":
    "Mã QR của nhóm không hợp lệ hoặc đã hết hạn; hãy nhờ một thành viên chia sẻ lại",
  "message.notFound": "Tin nhắn này không tồn tại",

  "people.keywordsLength": "Từ khóa tìm kiếm dài tối đa 32 ký tự",
  "people.privacy": "Người dùng đã bật quyền riêng tư, không thể xem thông tin",
  "profile.saved": "Đã lưu hồ sơ của bạn",
  "profile.emailInvalid": "Nhập địa chỉ email hợp lệ (tối đa 120 ký tự)",
  "profile.mottoLength": "Chữ ký dài tối đa 100 ký tự",
  "profile.renameOff":
    "Tổ chức của bạn quản lý tên: hãy nhờ quản trị viên đổi tên cho bạn",
  "password.changed":
    "Đã đổi mật khẩu và các thiết bị khác của bạn đã được đăng xuất",
  "password.oldRequired": "Nhập mật khẩu hiện tại",
  "password.oldWrong": "Mật khẩu hiện tại không đúng",
  "password.codeRequired": "Nhập mã đã được gửi đến tài khoản của bạn",
  "password.codeWrong": "Mã không đúng hoặc đã hết hạn",
  "account.changed": "Đã đổi tài khoản. Hãy đăng nhập lại bằng tài khoản mới.",
  "account.same": "Tài khoản mới trùng với tài khoản hiện tại",
  "account.codeRequired": "Nhập mã đã được gửi đến tài khoản hiện tại",
  "account.codeWrong": "Mã của tài khoản hiện tại không đúng hoặc đã hết hạn",
  "account.newCodeRequired": "Nhập mã đã được gửi đến tài khoản mới",
  "account.newCodeWrong": "Mã của tài khoản mới không đúng hoặc đã hết hạn",
  "avatar.saved": "Đã cập nhật ảnh đại diện",
  "avatar.missing": "Hãy chọn một ảnh",
  "avatar.notImage": "Chỉ có thể tải lên ảnh jpg, png hoặc gif",
  "avatar.tooLarge": "Ảnh đại diện có dung lượng tối đa 5 MB",
  "file.missing": "Hãy chọn một tệp để gửi",
  "file.tooLarge": "Tệp có dung lượng tối đa {size} MB",
  "file.typeRefused": "Không thể gửi tệp loại .{ext}",
  "friend.remarkRequired": "Vui lòng nhập lời nhắn hợp lệ cho lời mời của bạn",
  "friend.remarkLength": "Lời nhắn kết bạn dài tối đa 100 ký tự",
  "friend.applied": "Đã gửi lời mời kết bạn",
  "friend.self": "Bạn không thể tự kết bạn với chính mình",
  "friend.already": "Hai bạn đã là bạn bè",
  "friend.alreadyApplied": "Bạn đã gửi lời mời rồi; hãy chờ người kia trả lời",
  "friend.recentlyRefused":
    "Người này vừa từ chối lời mời của bạn. Bạn có thể gửi lại sau {hours} giờ",
  "friend.limit": "Bạn đã có đủ số bạn bè được phép",
  "friend.requestNotFound":
    "Lời mời kết bạn này không tồn tại hoặc đã được trả lời",
  "friend.agreed": "Đã chấp nhận lời mời kết bạn",
  "friend.refused": "Đã từ chối lời mời kết bạn",
  "friend.notFriend": "Người dùng này không phải là bạn bè của bạn",
  "friend.nicknameRequired": "Vui lòng nhập tên gợi nhớ",
  "friend.nicknameLength": "Tên gợi nhớ dài tối đa 16 ký tự",
  "friend.nicknameSet": "Đã đặt thành công",
  "friend.deleted": "Đã xóa bạn",
  "friend.deleteModeOnly": "Chỉ có thể xóa bạn bè trong chế độ bạn bè",
  "friend.requestsModeOnly":
    "Lời mời kết bạn chỉ dùng trong chế độ bạn bè: ở đây mọi người đã có thể trò chuyện với nhau",
  "friend.newFriend": "Bạn mới",
  "friend.addedYou": "muốn kết bạn với bạn",
  "friend.nowFriends": "Hai bạn đã là bạn bè. Hãy bắt đầu trò chuyện nhé!",
  "config.saved": "Đã lưu cài đặt",
  "config.invalidField": "Cài đặt {field} không hợp lệ",
  "config.storageUnreachable":
    "Không kết nối được bộ lưu trữ: kiểm tra địa chỉ, bucket và khóa",
  "message.withdrawExpired":
    "Chỉ có thể thu hồi tin nhắn trong vòng {minutes} phút sau khi gửi",
  "message.withdrawDenied": "Bạn không thể thu hồi tin nhắn này",
  "message.editDenied": "Bạn không thể sửa tin nhắn này",
  "message.editExpired":
    "Chỉ có thể sửa tin nhắn trong vòng {minutes} phút sau khi gửi",
  "message.alreadyWithdrawn": "Tin nhắn này đã được thu hồi",
  "thread.rootNotFound": "Chuỗi thảo luận này không tồn tại",
  "thread.notRoot": "Một trả lời trong chuỗi không thể mở chuỗi riêng",
  "thread.rootWithdrawn":
    "Tin nhắn này đã bị thu hồi: chuỗi của nó không nhận trả lời mới",
  "reaction.invalidEmoji": "Hãy chọn một biểu tượng cảm xúc",
  "reaction.tooMany": "Một tin nhắn có tối đa {max} biểu cảm khác nhau",
  "message.deleteDisabled": "Máy chủ này đã tắt chức năng xóa tin nhắn",
  "message.deleteDenied":
    "Bạn chỉ có thể xóa tin nhắn của mình trong trò chuyện riêng",
  "message.forwardLimit": "Không thể chuyển tiếp cho quá 5 người!",
  "message.forwardNoTarget": "Vui lòng chọn đối tượng trò chuyện",
  "message.notForwardable": "Không thể chuyển tiếp tin nhắn này",
  "message.forwarded": "Đã gửi thành công",
  "favourite.saved": "Đã thêm vào mục yêu thích",
  "favourite.notFound": "Mục yêu thích này không tồn tại",
  "favourite.notSaveable": "Không thể thêm tin nhắn này vào mục yêu thích",
  "chat.notSettable": "Không thể ghim hoặc tắt thông báo mục hệ thống",
  "chat.systemEntry": "Bạn không thể nhắn vào cuộc trò chuyện này",
  "chat.selfName": "Truyền tệp",
  "chat.selfEmpty": "Gửi tệp và ghi chú cho chính bạn",
  "push.badEndpoint": "Không thể dùng đăng ký thông báo đẩy này",
  "push.endpointTaken":
    "Thông báo của thiết bị này thuộc về tài khoản khác; hãy đăng ký lại",
  "console.userNotFound": "Người dùng này không tồn tại",
  "console.emailInvalid": "Nhập địa chỉ email hợp lệ",
  "console.phoneInvalid": "Nhập số điện thoại hợp lệ",
  "console.notPermitted":
    "Chỉ quản trị viên cấp cao mới có thể thay đổi quản trị viên hoặc vai trò",
  "console.importTooLarge": "Tệp quá lớn: mỗi lần chỉ nhập tối đa 512 KB CSV.",
  "console.importTooMany": "Mỗi lần chỉ nhập tối đa 1.000 người dùng.",
  "console.importEmpty":
    "Tệp không có người dùng nào: một hàng tiêu đề, sau đó mỗi hàng một người dùng.",
  "console.importColumns":
    "Hàng tiêu đề cần có các cột account và name (email, role và password là tùy chọn).",
  "console.importMalformed":
    "Không đọc được tệp CSV này (dòng {line}). Hãy lưu tệp dưới dạng CSV (UTF-8) rồi thử lại.",
  "console.importDuplicate": "Tài khoản này xuất hiện hai lần trong tệp",
  "console.importRole":
    "Vai trò không xác định: hãy dùng user, admin hoặc super",
  "console.ownAccount":
    "Bạn không thể vô hiệu hóa, xóa hoặc đổi vai trò của chính tài khoản mình",
  "console.lastAdmin": "Phải còn lại ít nhất một quản trị viên cấp cao",
  "console.ownsGroups":
    "Người dùng này là trưởng nhóm của {count} nhóm; hãy chuyển các nhóm đó cho người khác hoặc giải tán trước",
  "console.mailNotConfigured":
    "Chưa thiết lập máy chủ thư (SMTP_HOST) nên không thể gửi email",
  "console.mailFailed": "Không thể gửi email thử nghiệm: {reason}",
  "console.mailSent": "Đã gửi email thử nghiệm",
  "console.smsNotConfigured":
    "Chưa thiết lập cổng SMS nên không thể gửi tin nhắn",
  "console.smsFailed": "Không thể gửi tin nhắn SMS thử nghiệm: {reason}",
  "console.smsSent": "Đã gửi tin nhắn SMS thử nghiệm",
  "register.inviteRequired":
    "Chỉ có thể đăng ký khi được mời: hãy mở liên kết mời mà bạn đã nhận được",
  "register.inviteInvalid": "Liên kết mời này không hợp lệ hoặc đã hết hạn",
  "console.chooseChat":
    "Hãy chọn người dùng và một cuộc trò chuyện của họ trước: từ khóa được tìm trong một cuộc trò chuyện",
  "console.taskNotFound": "Không có tác vụ này",
  "console.tasksStopped": "Các tác vụ định kỳ đang dừng",
  "console.taskBusy": "Tác vụ này đang chạy: hãy đợi nó hoàn tất",
  "notice.notFound": "Không tìm thấy thông báo",
  "notice.titleInvalid": "Nhập tiêu đề dài từ 1 đến 100 ký tự",
  "notice.textInvalid": "Nhập nội dung thông báo, tối đa 5.000 ký tự",
  "notice.entryName": "Thông báo hệ thống",
  "notice.superOnly":
    "Chỉ quản trị viên cấp cao mới có thể đăng thông báo hệ thống",
  "complaint.typeInvalid": "Chọn nội dung cần báo cáo",
  "complaint.reasonInvalid": "Chọn lý do báo cáo",
  "complaint.textTooLong": "Mô tả sự việc tối đa 500 ký tự",
  "complaint.targetNotFound": "Nội dung bạn báo cáo không tồn tại",
  "complaint.notFound": "Không tìm thấy báo cáo",
  "complaint.received": "Cảm ơn bạn: quản trị viên sẽ xem xét",
  "complaint.ownAccount": "Bạn không thể tự báo cáo chính mình",
  "complaint.suggestionEmpty": "Hãy viết góp ý của bạn",
  "complaint.suggestionReceived": "Cảm ơn góp ý của bạn: quản trị viên sẽ đọc",
  "article.notFound": "Không tìm thấy bài viết",
  "article.titleInvalid": "Nhập tiêu đề từ 1 đến 100 ký tự",
  "article.contentInvalid":
    "Hãy viết bài: không được để trống hoặc dài quá 200.000 ký tự",
  "file.notFound": "Không tìm thấy tệp",
  "logo.tooLarge": "Ảnh logo tối đa 2 MB",
  "articleImage.tooLarge": "Ảnh trong bài viết tối đa 8 MB",
  "call.disabled": "Cuộc gọi thoại và video chưa được bật",
  "call.videoDisabled": "Cuộc gọi video chưa được bật",
  "call.notFound": "Cuộc gọi này đã kết thúc hoặc không tồn tại",
  "call.inAnotherCall": "Bạn đang trong một cuộc gọi trên thiết bị khác",
  "call.tooLarge": "Dữ liệu cuộc gọi quá lớn",
  "call.handledElsewhere": "Cuộc gọi này đã được trả lời trên thiết bị khác",
};
