import type { Texts } from "../common/texts.js";

/** Every server text in Korean. */
export const texts: Texts = {
  ok: "완료되었습니다",
  "login.ok": "로그인되었습니다",
  "logout.ok": "로그아웃되었습니다",
  "register.ok": "계정이 준비되었습니다",
  "code.sent": "인증 코드를 보냈습니다. 5분 동안 유효합니다.",
  "lang.switched": "언어가 변경되었습니다",
  "session.missing": "계속하려면 로그인하세요",
  "session.expired": "세션이 만료되었습니다. 계속하려면 다시 로그인하세요.",
  "session.evicted":
    "다른 기기에서 계정에 로그인하여 이 기기에서는 로그아웃되었습니다.",
  "session.disabled": "계정이 비활성화되었습니다. 관리자에게 문의하세요.",
  "request.invalid": "요청에 문제가 있습니다. 다시 시도해 주세요.",
  "request.invalidField": "{field} 항목이 올바르지 않습니다",
  "request.tooLarge": "용량이 너무 커서 보낼 수 없습니다",
  "request.unsupportedType": "지원하지 않는 요청 형식입니다",
  "request.notFound": "서버에 없는 작업입니다",
  "request.rateLimited": "시도 횟수가 너무 많습니다. {when}에 다시 시도하세요.",
  "server.error": "서버에 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.",
  "login.accountRequired": "계정을 입력하세요",
  "login.passwordRequired": "비밀번호를 입력하세요",
  "login.codeRequired": "인증 코드를 입력하세요",
  "login.codeFormat": "인증 코드는 6자리 숫자입니다",
  "login.failed": "계정 또는 비밀번호가 올바르지 않습니다",
  "login.codeWrong": "인증 코드가 올바르지 않거나 만료되었습니다",
  "login.tokenInvalid":
    "이 로그인 링크는 만료되었습니다. 계정과 비밀번호로 로그인하세요.",
  "login.disabled": "계정이 비활성화되었습니다. 관리자에게 문의하세요.",
  "login.totpRequired": "인증 앱의 6자리 코드(또는 복구 코드)를 입력하세요.",
  "login.totpWrong":
    "코드가 올바르지 않거나 이미 사용되었습니다. 인증 앱에 표시된 현재 코드를 입력하세요.",
  "login.ssoOnly":
    "이 조직은 싱글 사인온(SSO)으로 로그인합니다. 위의 로그인 버튼을 이용하세요.",
  "welcome.invalid":
    "이 초대 링크는 만료되었거나 이미 사용되었습니다. 관리자에게 새 링크를 요청하세요.",
  "welcome.ok": "비밀번호가 설정되었습니다. 환영합니다!",
  "bot.notFound": "이 봇은 존재하지 않습니다.",
  "bot.nameRequired": "봇 이름을 입력하세요.",
  "bot.avatarInvalid": "봇 사진은 이 서버에 업로드된 이미지여야 합니다.",
  "bot.notOwner": "봇은 그룹 소유자가 될 수 없습니다.",
  "bot.noRole": "봇은 관리자가 될 수 없습니다.",
  "bot.noPassword":
    "봇에는 비밀번호가 없습니다. 봇은 토큰으로 호출에 서명합니다(콘솔 → 봇).",
  "hook.notFound": "이 웹훅은 존재하지 않습니다.",
  "hook.nameRequired": "웹훅 이름을 입력하세요.",
  "hook.nameLength": "웹훅 이름은 최대 16자입니다.",
  "hook.kind": "이 종류의 웹훅은 아직 지원되지 않습니다.",
  "hook.tooMany": "그룹당 웹훅은 최대 20개입니다.",
  "hook.textRequired": "메시지에 텍스트가 없습니다.",
  "hook.payload":
    "본문이 웹훅 메시지가 아닙니다. text가 있는 JSON을 보내거나 폼 필드 payload에 담아 보내세요.",
  "hook.url":
    "POST로 보낼 주소를 입력하세요. http 또는 https URL이어야 합니다(최대 1,000자).",
  "hook.triggers":
    "트리거 단어를 1~10개 입력하세요. 쉼표로 구분하며 각 단어에는 공백이 없어야 합니다(각 최대 32자).",
  "command.notFound": "이 명령어는 존재하지 않습니다.",
  "command.name":
    "명령어 이름은 영문 소문자, 숫자, - 또는 _로 된 1~32자입니다.",
  "command.taken": "같은 이름의 명령어가 이미 있습니다.",
  "command.tooMany": "명령어가 이미 100개 있습니다. 먼저 하나를 삭제하세요.",
  "command.unknown":
    "/{name} 명령어가 없습니다. 슬래시로 시작하는 텍스트를 보내려면 //로 시작하세요.",
  "command.failed": "/{name} 명령어가 응답하지 않았습니다({reason}).",
  "command.noText": "/{name} 명령어의 응답에 표시할 내용이 없습니다.",
  "totp.codeRequired": "인증 앱의 코드를 입력하세요.",
  "totp.codeWrong":
    "코드가 올바르지 않거나 이미 사용되었습니다. 현재 코드를 입력하세요.",
  "totp.alreadyOn":
    "2단계 인증이 이미 켜져 있습니다. 새 인증 앱을 설정하려면 먼저 2단계 인증을 끄세요.",
  "totp.notSetUp":
    "먼저 2단계 인증을 설정하세요. QR 코드를 스캔한 다음 코드를 입력하면 됩니다.",
  "totp.off": "2단계 인증이 켜져 있지 않습니다.",
  "totp.required": "관리자가 2단계 인증을 필수로 지정하여 끌 수 없습니다.",
  "totp.setupRequired":
    "관리자가 2단계 인증을 필수로 지정했습니다. 계속하려면 2단계 인증을 설정하세요.",
  "sso.off": "이 서버에는 싱글 사인온(SSO)이 설정되어 있지 않습니다.",
  "sso.failed":
    "싱글 사인온이 완료되지 않았습니다. 다시 시도하거나 관리자에게 문의하세요.",
  "sso.stateInvalid":
    "이 로그인 링크가 만료되었거나 다른 브라우저에서 열렸습니다. 로그인 페이지에서 다시 시작하세요.",
  "sso.noAccount":
    "조직 계정이 이 서버의 계정과 연결되어 있지 않습니다. 관리자에게 문의하세요.",
  "sso.disabled": "계정이 비활성화되었습니다. 관리자에게 문의하세요.",
  "register.closed": "현재 이 서버는 가입을 받지 않습니다",
  "register.accountLength": "계정은 4~32자여야 합니다",
  "register.accountChars":
    "계정에는 한자, 공백, 제어 문자를 사용할 수 없습니다",
  "register.accountPlain": "계정 이름을 입력하세요",
  "register.accountPhone": "올바른 전화번호를 입력하세요",
  "register.accountEmail": "올바른 이메일 주소를 입력하세요",
  "register.accountPhoneOrEmail":
    "올바른 전화번호 또는 이메일 주소를 입력하세요",
  "register.accountTaken": "이미 사용 중인 계정입니다",
  "register.realnameLength": "닉네임은 2~16자여야 합니다",
  "register.passwordLength": "비밀번호는 6~16자여야 합니다",
  "register.codeRequired": "인증 코드를 입력하세요",
  "register.codeWrong": "인증 코드가 올바르지 않거나 만료되었습니다",
  "code.accountRequired": "먼저 전화번호 또는 이메일을 입력하세요",
  "code.accountFormat":
    "인증 코드는 전화번호 또는 이메일 주소로만 보낼 수 있습니다",
  "code.typeInvalid": "지원하지 않는 인증 코드 유형입니다",
  "code.tooSoon":
    "1분 이내에 이미 인증 코드를 보냈습니다. {when}에 다시 요청할 수 있습니다.",
  "code.accountTaken": "이미 사용 중인 계정입니다",
  "code.noMail":
    "이 서버는 아직 이메일을 보낼 수 없어 인증 코드를 보내지 못했습니다. 관리자에게 이메일 설정을 요청하세요.",
  "code.noMailReset":
    "이 서버는 아직 이메일을 보낼 수 없어 인증 코드를 보내지 못했습니다. 관리자에게 비밀번호 재설정을 요청하세요.",
  "code.noSms":
    "이 서버는 문자 메시지를 보낼 수 없어 인증 코드를 보내지 못했습니다. 관리자에게 문의하세요.",
  "code.noSmsReset":
    "이 서버는 문자 메시지를 보낼 수 없어 인증 코드를 보내지 못했습니다. 관리자에게 비밀번호 재설정을 요청하세요.",
  "code.smsFailed":
    "문자 메시지를 보내지 못해 코드가 전송되지 않았습니다. 잠시 후 다시 시도하세요.",
  "sms.codeText": "{name} 인증 코드는 {code}입니다. 5분 후에 만료됩니다.",
  "sms.testText":
    "{name}에서 보낸 테스트 메시지입니다. 문자 메시지가 올바르게 설정되었습니다.",
  "lang.invalid": "지원하지 않는 언어입니다",
  "demo.readOnly": "데모이므로 변경할 수 없습니다",
  "system.closed": "서버 점검 중입니다. 잠시 후 다시 방문해 주세요.",
  "message.tooLong": "메시지가 너무 길어 보낼 수 없습니다",
  "message.tooSoon":
    "이 대화는 메시지 간격이 정해져 있습니다. {when} 다시 보낼 수 있습니다.",
  "message.tooFast":
    "메시지를 너무 빠르게 보내고 있습니다. {when} 다시 시도하세요.",
  "message.empty": "빈 메시지는 보낼 수 없습니다",
  "message.idReused":
    "이 메시지가 다른 메시지와 충돌했습니다. 다시 보내 주세요.",
  "contact.notFound": "존재하지 않는 연락처입니다",
  "chat.singleDisabled": "이 서버에서는 1:1 채팅이 꺼져 있습니다",
  "chat.notFriend": "친구에게만 메시지를 보낼 수 있습니다",
  "group.notFound": "존재하지 않는 그룹입니다",
  "group.disabled": "이 서버에서는 그룹 채팅이 꺼져 있습니다",
  "group.nameLength": "그룹 이름을 2~20자로 입력하세요",
  "group.tooFew": "그룹에 참여할 사람을 2명 이상 선택하세요",
  "group.selectToAdd": "추가할 사람을 선택하세요",
  "group.tooManyAtOnce":
    "한 번에 너무 많은 사람을 선택했습니다. 여러 번에 나누어 추가하세요",
  "group.full": "그룹 인원이 가득 찼습니다(최대 {max}명)",
  "group.limitReached": "만들 수 있는 그룹 수의 한도에 도달했습니다",
  "group.userNotFound":
    "선택한 사람 중 일부를 찾을 수 없거나 추가할 수 없습니다",
  "group.memberNotFound": "이 사람은 그룹 멤버가 아닙니다",
  "group.noPermission": "이 그룹에서 이 작업을 할 권한이 없습니다",
  "group.ownerMustTransfer":
    "그룹 소유자는 나가기 전에 다른 사람에게 그룹을 넘겨야 합니다",
  "group.muteInvalid": "채팅 금지 기간은 1분에서 365일 사이여야 합니다",
  "group.changed": "그룹이 방금 변경되었습니다. 새로고침한 후 다시 시도하세요",
  "group.disbanded": "이 그룹은 해산되었습니다",
  "group.muted": "{until}까지 이 그룹에서 채팅이 금지되었습니다",
  "group.nospeak": "현재 이 그룹에서는 일부 멤버만 메시지를 보낼 수 있습니다",
  "group.noticeTooLong": "공지는 최대 1,000자까지 입력할 수 있습니다",
  "search.tooLong": "검색어는 최대 100자입니다",
  "group.descriptionTooLong": "설명은 최대 500자까지 입력할 수 있습니다",
  "group.publicOff": "관리자가 공개 그룹을 사용하지 않도록 설정했습니다",
  "group.qrInvalid":
    "이 그룹 QR 코드는 유효하지 않거나 만료되었습니다. 멤버에게 다시 공유해 달라고 요청하세요",
  "message.notFound": "존재하지 않는 메시지입니다",

  "people.keywordsLength": "검색어는 최대 32자까지 입력할 수 있습니다",
  "people.privacy": "개인정보 보호가 설정되어 있어 정보를 볼 수 없습니다",
  "profile.saved": "프로필이 저장되었습니다",
  "profile.emailInvalid": "올바른 이메일 주소를 입력하세요(최대 120자)",
  "profile.mottoLength": "상태 메시지는 최대 100자까지 입력할 수 있습니다",
  "profile.renameOff":
    "이름은 조직에서 관리합니다. 변경하려면 관리자에게 요청하세요",
  "password.changed":
    "비밀번호가 변경되었으며 다른 기기에서는 로그아웃되었습니다",
  "password.oldRequired": "현재 비밀번호를 입력하세요",
  "password.oldWrong": "현재 비밀번호가 올바르지 않습니다",
  "password.codeRequired": "계정으로 전송된 인증 코드를 입력하세요",
  "password.codeWrong": "인증 코드가 올바르지 않거나 만료되었습니다",
  "account.changed": "계정이 변경되었습니다. 새 계정으로 다시 로그인하세요.",
  "account.same": "새 계정이 현재 계정과 같습니다",
  "account.codeRequired": "현재 계정으로 전송된 인증 코드를 입력하세요",
  "account.codeWrong": "현재 계정의 인증 코드가 올바르지 않거나 만료되었습니다",
  "account.newCodeRequired": "새 계정으로 전송된 인증 코드를 입력하세요",
  "account.newCodeWrong":
    "새 계정의 인증 코드가 올바르지 않거나 만료되었습니다",
  "avatar.saved": "프로필 사진이 업데이트되었습니다",
  "avatar.missing": "사진을 선택하세요",
  "avatar.notImage": "jpg, png, gif 사진만 업로드할 수 있습니다",
  "avatar.tooLarge": "프로필 사진은 최대 5 MB까지 가능합니다",
  "file.missing": "보낼 파일을 선택하세요",
  "file.tooLarge": "파일은 최대 {size} MB까지 가능합니다",
  "file.typeRefused": ".{ext} 형식의 파일은 보낼 수 없습니다",
  "friend.remarkRequired": "친구 요청 메시지를 올바르게 입력하세요",
  "friend.remarkLength": "요청 메시지는 최대 100자까지 입력할 수 있습니다",
  "friend.applied": "친구 요청을 보냈습니다",
  "friend.self": "자기 자신을 친구로 추가할 수 없습니다",
  "friend.already": "이미 친구입니다",
  "friend.alreadyApplied":
    "이미 요청을 보냈습니다. 상대방의 응답을 기다려 주세요",
  "friend.recentlyRefused":
    "상대가 최근 신청을 거절했습니다. {hours}시간 후에 다시 신청할 수 있습니다",
  "friend.limit": "친구 수가 한도에 도달했습니다",
  "friend.requestNotFound": "존재하지 않거나 이미 처리된 친구 요청입니다",
  "friend.agreed": "친구 요청을 수락했습니다",
  "friend.refused": "친구 요청을 거절했습니다",
  "friend.notFriend": "이 사용자는 친구가 아닙니다",
  "friend.nicknameRequired": "별칭을 입력하세요",
  "friend.nicknameLength": "별칭은 최대 16자까지 입력할 수 있습니다",
  "friend.nicknameSet": "설정되었습니다",
  "friend.deleted": "친구를 삭제했습니다",
  "friend.deleteModeOnly": "친구 모드에서만 친구를 삭제할 수 있습니다",
  "friend.requestsModeOnly":
    "친구 요청은 친구 모드에서만 사용할 수 있습니다. 현재 모드에서는 누구와도 바로 대화할 수 있습니다",
  "friend.newFriend": "새 친구",
  "friend.addedYou": "님이 친구 요청을 보냈습니다",
  "friend.nowFriends": "이제 친구가 되었습니다. 대화를 시작해 보세요!",
  "config.saved": "설정이 저장되었습니다",
  "config.invalidField": "{field} 설정이 올바르지 않습니다",
  "config.storageUnreachable":
    "저장소에 연결할 수 없습니다. 엔드포인트, 버킷, 키를 확인하세요",
  "message.withdrawExpired":
    "보낸 지 {minutes}분이 지난 메시지는 회수할 수 없습니다",
  "message.withdrawDenied": "이 메시지는 회수할 수 없습니다",
  "message.editDenied": "이 메시지는 편집할 수 없습니다",
  "message.editExpired":
    "메시지는 보낸 후 {minutes}분 이내에만 편집할 수 있습니다",
  "message.alreadyWithdrawn": "이미 회수된 메시지입니다",
  "thread.rootNotFound": "존재하지 않는 스레드입니다",
  "thread.notRoot": "스레드의 답글에서는 새 스레드를 시작할 수 없습니다",
  "thread.rootWithdrawn":
    "취소된 메시지의 스레드에는 더 이상 답글을 달 수 없습니다",
  "reaction.invalidEmoji": "이모지 하나를 선택하세요",
  "reaction.tooMany":
    "메시지 하나에는 최대 {max}개의 서로 다른 반응을 달 수 있습니다",
  "message.deleteDisabled": "이 서버에서는 메시지 삭제가 꺼져 있습니다",
  "message.deleteDenied": "1:1 채팅에서 내가 보낸 메시지만 삭제할 수 있습니다",
  "message.forwardLimit": "전달 대상은 5개를 넘을 수 없습니다",
  "message.forwardNoTarget": "대화 상대를 선택하세요",
  "message.notForwardable": "이 메시지는 전달할 수 없습니다",
  "message.forwarded": "전달했습니다",
  "favourite.saved": "즐겨찾기에 추가했습니다",
  "favourite.notFound": "존재하지 않는 즐겨찾기입니다",
  "favourite.notSaveable": "이 메시지는 즐겨찾기에 추가할 수 없습니다",
  "chat.notSettable": "시스템 항목은 고정하거나 알림을 끌 수 없습니다",
  "chat.systemEntry": "이 채팅에는 보낼 수 없습니다",
  "chat.selfName": "파일 전송",
  "chat.selfEmpty": "나에게 파일과 메모 보내기",
  "push.badEndpoint": "이 푸시 구독은 사용할 수 없습니다",
  "push.endpointTaken":
    "이 기기의 알림은 다른 계정의 것입니다. 다시 구독하세요",
  "console.userNotFound": "존재하지 않는 사용자입니다",
  "console.emailInvalid": "올바른 이메일 주소를 입력하세요",
  "console.phoneInvalid": "올바른 전화번호를 입력하세요",
  "console.notPermitted": "최고 관리자만 관리자나 역할을 변경할 수 있습니다",
  "console.importTooLarge":
    "파일이 너무 큽니다. CSV는 한 번에 최대 512 KB까지 가져올 수 있습니다.",
  "console.importTooMany":
    "사용자는 한 번에 최대 1,000명까지 가져올 수 있습니다.",
  "console.importEmpty":
    "파일에 사용자가 없습니다. 첫 행은 머리글 행으로 두고, 그다음부터 한 행에 사용자 한 명씩 입력하세요.",
  "console.importColumns":
    "머리글 행에는 account와 name 열이 있어야 합니다(email, role, password는 선택 사항).",
  "console.importMalformed":
    "읽을 수 없는 CSV 파일입니다({line}번째 줄). CSV(UTF-8)로 저장한 후 다시 시도하세요.",
  "console.importDuplicate": "이 계정이 파일에 두 번 나옵니다",
  "console.importRole":
    "알 수 없는 역할입니다. user, admin, super 중 하나를 사용하세요",
  "console.ownAccount":
    "내 계정은 비활성화하거나 삭제할 수 없으며 역할도 변경할 수 없습니다",
  "console.lastAdmin": "최고 관리자가 최소 한 명은 남아 있어야 합니다",
  "console.ownsGroups":
    "이 사용자가 그룹장인 그룹이 {count}개 있습니다. 먼저 그룹을 다른 사람에게 넘기거나 해산하세요",
  "console.mailNotConfigured":
    "메일 서버(SMTP_HOST)가 설정되지 않아 이메일을 보낼 수 없습니다",
  "console.mailFailed": "테스트 이메일을 보내지 못했습니다: {reason}",
  "console.mailSent": "테스트 이메일을 보냈습니다",
  "console.smsNotConfigured":
    "SMS 게이트웨이가 설정되지 않아 문자 메시지를 보낼 수 없습니다",
  "console.smsFailed": "테스트 문자 메시지를 보내지 못했습니다: {reason}",
  "console.smsSent": "테스트 문자 메시지를 보냈습니다",
  "register.inviteRequired":
    "초대를 받은 경우에만 가입할 수 있습니다. 받은 초대 링크를 여세요",
  "register.inviteInvalid": "초대 링크가 유효하지 않거나 만료되었습니다",
  "console.chooseChat":
    "먼저 사용자와 그 사용자의 대화 하나를 선택하세요. 단어는 대화 안에서 검색됩니다",
  "console.taskNotFound": "해당 작업이 없습니다",
  "console.tasksStopped": "예약된 작업이 중지되었습니다",
  "console.taskBusy": "이 작업은 이미 실행 중입니다. 끝날 때까지 기다리세요",
  "notice.notFound": "공지를 찾을 수 없습니다",
  "notice.titleInvalid": "제목을 1~100자로 입력하세요",
  "notice.textInvalid": "공지 내용을 입력하세요(최대 5,000자)",
  "notice.entryName": "시스템 공지",
  "notice.superOnly": "최고 관리자만 시스템 공지를 게시할 수 있습니다",
  "complaint.typeInvalid": "신고할 대상을 선택하세요",
  "complaint.reasonInvalid": "신고 사유를 선택하세요",
  "complaint.textTooLong": "상황을 500자 이내로 설명하세요",
  "complaint.targetNotFound": "신고하려는 대상이 존재하지 않습니다",
  "complaint.notFound": "신고를 찾을 수 없습니다",
  "complaint.received": "감사합니다. 관리자가 확인하겠습니다",
  "complaint.ownAccount": "자기 자신은 신고할 수 없습니다",
  "complaint.suggestionEmpty": "제안 내용을 입력하세요",
  "complaint.suggestionReceived":
    "제안해 주셔서 감사합니다. 관리자가 읽어 보겠습니다",
  "article.notFound": "글을 찾을 수 없습니다",
  "article.titleInvalid": "제목을 1~100자로 입력하세요",
  "article.contentInvalid":
    "글을 작성하세요: 비워 둘 수 없으며 200,000자를 넘을 수 없습니다",
  "file.notFound": "파일을 찾을 수 없습니다",
  "logo.tooLarge": "로고 이미지는 최대 2MB입니다",
  "articleImage.tooLarge": "게시글 이미지는 최대 8MB입니다",
  "call.disabled": "음성 및 영상 통화가 활성화되지 않았습니다",
  "call.videoDisabled": "영상 통화가 활성화되지 않았습니다",
  "call.notFound": "통화가 종료되었거나 존재하지 않습니다",
  "call.inAnotherCall": "이미 다른 기기에서 통화 중입니다",
  "call.tooLarge": "통화 데이터가 너무 큽니다",
  "call.handledElsewhere": "다른 기기에서 이 통화를 받았습니다",
};
