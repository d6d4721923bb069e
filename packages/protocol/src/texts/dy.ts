import type { Texts } from "../common/texts.js";

/** Every server text in Japanese. */
export const texts: Texts = {
  ok: "完了しました",
  "login.ok": "ログインしました",
  "logout.ok": "ログアウトしました",
  "register.ok": "アカウントの準備ができました",
  "code.sent": "認証コードを送信しました。有効期限は5分です。",
  "lang.switched": "言語を切り替えました",
  "session.missing": "続行するにはログインしてください",
  "session.expired":
    "セッションの有効期限が切れました。続行するには再度ログインしてください。",
  "session.evicted":
    "別の端末でこのアカウントにログインしたため、この端末ではログアウトしました。",
  "session.disabled":
    "アカウントが無効になっています。管理者にお問い合わせください。",
  "request.invalid":
    "リクエストの内容に問題があります。もう一度お試しください。",
  "request.invalidField": "{field} の値が正しくありません",
  "request.tooLarge": "サイズが大きすぎるため送信できません",
  "request.unsupportedType": "この種類のリクエストには対応していません",
  "request.notFound": "この操作はサーバーに存在しません",
  "request.rateLimited":
    "試行回数が多すぎます。{when}にもう一度お試しください。",
  "server.error":
    "サーバーで問題が発生しました。しばらくしてからもう一度お試しください。",
  "login.accountRequired": "アカウントを入力してください",
  "login.passwordRequired": "パスワードを入力してください",
  "login.codeRequired": "認証コードを入力してください",
  "login.codeFormat": "認証コードは6桁の数字です",
  "login.failed": "アカウントまたはパスワードが正しくありません",
  "login.codeWrong": "認証コードが間違っているか、有効期限が切れています",
  "login.tokenInvalid":
    "このログインリンクは有効期限が切れています。アカウントとパスワードでログインしてください。",
  "login.disabled":
    "アカウントが無効になっています。管理者にお問い合わせください。",
  "login.totpRequired":
    "認証アプリに表示される6桁のコード（またはリカバリーコード）を入力してください。",
  "login.totpWrong":
    "コードが間違っているか、すでに使用されています。認証アプリに表示されている現在のコードを入力してください。",
  "login.ssoOnly":
    "この組織ではシングルサインオン（SSO）でログインします。上のログインボタンからログインしてください。",
  "welcome.invalid":
    "この招待リンクは期限切れか、すでに使用されています。管理者に新しいリンクを依頼してください。",
  "welcome.ok": "パスワードを設定しました。ようこそ！",
  "bot.notFound": "このボットは存在しません。",
  "bot.nameRequired": "ボットの名前を入力してください。",
  "bot.avatarInvalid":
    "ボットの画像はこのサーバーにアップロードされたものにしてください。",
  "bot.notOwner": "ボットはグループのオーナーになれません。",
  "bot.noRole": "ボットは管理者になれません。",
  "bot.noPassword":
    "ボットにはパスワードがありません。ボットはトークンで呼び出しに署名します（コンソール → ボット）。",
  "hook.notFound": "このWebhookは存在しません。",
  "hook.nameRequired": "Webhookの名前を入力してください。",
  "hook.nameLength": "Webhookの名前は16文字までです。",
  "hook.kind": "この種類のWebhookは利用できません。",
  "hook.tooMany": "1つのグループのWebhookは20個までです。",
  "hook.textRequired": "メッセージに本文がありません。",
  "hook.payload":
    "本文がWebhookメッセージではありません。textを含むJSONか、それを入れたフォーム項目payloadを送ってください。",
  "hook.url":
    "POST先のアドレスを、httpまたはhttpsのURLで入力してください（1,000文字まで）。",
  "hook.triggers":
    "トリガーワードを1～10個、カンマ区切りで入力してください。各ワードにスペースは使えません（32文字まで）。",
  "command.notFound": "このコマンドは存在しません。",
  "command.name": "コマンド名は英小文字、数字、-、_を使った1～32文字です。",
  "command.taken": "この名前のコマンドはすでにあります。",
  "command.tooMany": "コマンドはすでに100個あります。先に1つ削除してください。",
  "command.unknown":
    "/{name}というコマンドはありません。スラッシュで始まる文字を送るには、//で始めてください。",
  "command.failed": "/{name}から応答がありませんでした（{reason}）。",
  "command.noText": "/{name}の応答に表示できる内容がありません。",
  "totp.codeRequired": "認証アプリに表示されるコードを入力してください。",
  "totp.codeWrong":
    "コードが間違っているか、すでに使用されています。現在のコードを入力してください。",
  "totp.alreadyOn":
    "2段階認証はすでに有効になっています。新しい認証アプリを設定するには、先に2段階認証を無効にしてください。",
  "totp.notSetUp":
    "先に2段階認証を設定してください。QRコードをスキャンしてから、コードを入力します。",
  "totp.off": "2段階認証は有効になっていません。",
  "totp.required": "管理者が2段階認証を必須にしているため、無効にできません。",
  "totp.setupRequired":
    "管理者が2段階認証を必須にしています。続行するには2段階認証を設定してください。",
  "sso.off": "このサーバーではシングルサインオン（SSO）が設定されていません。",
  "sso.failed":
    "シングルサインオンを完了できませんでした。もう一度お試しいただくか、管理者にお問い合わせください。",
  "sso.stateInvalid":
    "このログインリンクは有効期限が切れているか、別のブラウザで開かれました。ログインページからやり直してください。",
  "sso.noAccount":
    "組織のアカウントがこのサーバーのアカウントに関連付けられていません。管理者にお問い合わせください。",
  "sso.disabled":
    "アカウントが無効になっています。管理者にお問い合わせください。",
  "register.closed": "このサーバーは現在、新規登録を受け付けていません",
  "register.accountLength": "アカウントは4～32文字で入力してください",
  "register.accountChars":
    "アカウントに漢字、スペース、制御文字は使用できません",
  "register.accountPlain": "アカウント名を入力してください",
  "register.accountPhone": "正しい電話番号を入力してください",
  "register.accountEmail": "正しいメールアドレスを入力してください",
  "register.accountPhoneOrEmail":
    "正しい電話番号またはメールアドレスを入力してください",
  "register.accountTaken": "このアカウントはすでに使用されています",
  "register.realnameLength": "ニックネームは2～16文字で入力してください",
  "register.passwordLength": "パスワードは6～16文字で入力してください",
  "register.codeRequired": "認証コードを入力してください",
  "register.codeWrong": "認証コードが間違っているか、有効期限が切れています",
  "code.accountRequired": "先に電話番号またはメールアドレスを入力してください",
  "code.accountFormat":
    "認証コードは電話番号またはメールアドレスにのみ送信できます",
  "code.typeInvalid": "この種類の認証コードには対応していません",
  "code.tooSoon":
    "1分以内に認証コードを送信済みです。{when}に再度リクエストできます。",
  "code.accountTaken": "このアカウントはすでに使用されています",
  "code.noMail":
    "このサーバーはまだメールを送信できないため、認証コードは送信されませんでした。管理者にメールの設定を依頼してください。",
  "code.noMailReset":
    "このサーバーはまだメールを送信できないため、認証コードは送信されませんでした。管理者にパスワードのリセットを依頼してください。",
  "code.noSms":
    "このサーバーは SMS を送信できないため、認証コードは送信されませんでした。管理者にお問い合わせください。",
  "code.noSmsReset":
    "このサーバーは SMS を送信できないため、認証コードは送信されませんでした。管理者にパスワードのリセットを依頼してください。",
  "code.smsFailed":
    "SMS を送信できなかったため、コードは送られていません。しばらくしてからもう一度お試しください。",
  "sms.codeText": "{name} の確認コードは {code} です。有効期限は 5 分です。",
  "sms.testText":
    "{name} からのテストメッセージです。SMS は正しく設定されています。",
  "lang.invalid": "この言語には対応していません",
  "demo.readOnly": "デモのため、変更はできません",
  "system.closed":
    "サーバーはメンテナンス中です。しばらくしてから再度アクセスしてください。",
  "message.tooLong": "メッセージが長すぎるため送信できません",
  "message.tooSoon":
    "このチャットでは送信の間隔が決められています。{when}にもう一度送信できます。",
  "message.tooFast":
    "メッセージの送信が速すぎます。{when}にもう一度お試しください。",
  "message.empty": "空のメッセージは送信できません",
  "message.idReused":
    "このメッセージは別のメッセージと競合しました。もう一度送信してください。",
  "contact.notFound": "この連絡先は存在しません",
  "chat.singleDisabled": "このサーバーでは1対1のチャットが無効になっています",
  "chat.notFriend": "メッセージを送れるのは友だちだけです",
  "group.notFound": "このグループは存在しません",
  "group.disabled": "このサーバーではグループチャットが無効になっています",
  "group.nameLength": "グループ名は2～20文字で入力してください",
  "group.tooFew": "グループには2人以上を選択してください",
  "group.selectToAdd": "追加する人を選択してください",
  "group.tooManyAtOnce":
    "一度に選択した人数が多すぎます。何回かに分けて追加してください",
  "group.full": "このグループは満員です（最大{max}人）",
  "group.limitReached": "作成できるグループ数の上限に達しています",
  "group.userNotFound": "選択した人の一部が見つからないか、追加できません",
  "group.memberNotFound": "この人はグループのメンバーではありません",
  "group.noPermission": "このグループでこの操作を行う権限がありません",
  "group.ownerMustTransfer":
    "オーナーは退出する前に、グループを他のメンバーに譲渡してください",
  "group.muteInvalid": "発言禁止の期間は1分から365日までです",
  "group.changed":
    "グループが変更されました。画面を更新してからもう一度お試しください",
  "group.disbanded": "このグループは解散されました",
  "group.muted": "このグループでは {until} まで発言が禁止されています",
  "group.nospeak": "現在、このグループで発言できるのは一部のメンバーのみです",
  "group.noticeTooLong": "お知らせは1,000文字以内で入力してください",
  "search.tooLong": "検索は100文字以内で入力してください",
  "group.descriptionTooLong": "説明は500文字以内で入力してください",
  "group.publicOff": "管理者が公開グループをオフにしています",
  "group.qrInvalid":
    "このグループの QR コードは無効か、有効期限が切れています。メンバーにもう一度共有してもらってください",
  "message.notFound": "このメッセージは存在しません",

  "people.keywordsLength": "検索キーワードは32文字以内で入力してください",
  "people.privacy": "プライバシー設定により、情報を表示できません",
  "profile.saved": "プロフィールを保存しました",
  "profile.emailInvalid":
    "正しいメールアドレスを入力してください（120文字以内）",
  "profile.mottoLength": "ステータスメッセージは100文字以内で入力してください",
  "profile.renameOff":
    "名前は組織が管理しています。変更は管理者に依頼してください",
  "password.changed":
    "パスワードを変更しました。他の端末ではログアウトされました",
  "password.oldRequired": "現在のパスワードを入力してください",
  "password.oldWrong": "現在のパスワードが正しくありません",
  "password.codeRequired": "アカウントに送信された認証コードを入力してください",
  "password.codeWrong": "認証コードが間違っているか、有効期限が切れています",
  "account.changed":
    "アカウントを変更しました。新しいアカウントで再度ログインしてください。",
  "account.same": "新しいアカウントが現在のアカウントと同じです",
  "account.codeRequired":
    "現在のアカウントに送信された認証コードを入力してください",
  "account.codeWrong":
    "現在のアカウントの認証コードが間違っているか、有効期限が切れています",
  "account.newCodeRequired":
    "新しいアカウントに送信された認証コードを入力してください",
  "account.newCodeWrong":
    "新しいアカウントの認証コードが間違っているか、有効期限が切れています",
  "avatar.saved": "プロフィール画像を更新しました",
  "avatar.missing": "画像を選択してください",
  "avatar.notImage": "アップロードできるのは jpg、png、gif の画像のみです",
  "avatar.tooLarge": "プロフィール画像のサイズは 5 MB までです",
  "file.missing": "送信するファイルを選択してください",
  "file.tooLarge": "ファイルのサイズは {size} MB までです",
  "file.typeRefused": ".{ext} 形式のファイルは送信できません",
  "friend.remarkRequired": "申請メッセージを正しく入力してください",
  "friend.remarkLength": "申請メッセージは100文字以内で入力してください",
  "friend.applied": "友だち申請を送信しました",
  "friend.self": "自分自身を友だちに追加することはできません",
  "friend.already": "すでに友だちです",
  "friend.alreadyApplied": "すでに申請済みです。相手の返答をお待ちください",
  "friend.recentlyRefused":
    "相手は最近あなたの申請を断りました。{hours} 時間後にもう一度申請できます",
  "friend.limit": "友だちの数が上限に達しています",
  "friend.requestNotFound":
    "この友だち申請は存在しないか、すでに処理されています",
  "friend.agreed": "友だち申請を承認しました",
  "friend.refused": "友だち申請を拒否しました",
  "friend.notFriend": "このユーザーは友だちではありません",
  "friend.nicknameRequired": "メモを入力してください",
  "friend.nicknameLength": "メモは16文字以内で入力してください",
  "friend.nicknameSet": "設定しました",
  "friend.deleted": "友だちを削除しました",
  "friend.deleteModeOnly": "友だちを削除できるのは友だちモードのときだけです",
  "friend.requestsModeOnly":
    "友だち申請は友だちモードでのみ使えます。現在のモードでは誰とでも直接チャットできます",
  "friend.newFriend": "新しい友だち",
  "friend.addedYou": "さんから友だち申請が届きました",
  "friend.nowFriends": "友だちになりました。さっそくチャットを始めましょう！",
  "config.saved": "設定を保存しました",
  "config.invalidField": "設定項目 {field} の値が正しくありません",
  "config.storageUnreachable":
    "ストレージに接続できません。エンドポイント、バケット、キーを確認してください",
  "message.withdrawExpired":
    "送信から{minutes}分を過ぎたメッセージは取り消せません",
  "message.withdrawDenied": "このメッセージは取り消せません",
  "message.editDenied": "このメッセージは編集できません",
  "message.editExpired":
    "送信から{minutes}分を過ぎたメッセージは編集できません",
  "message.alreadyWithdrawn": "このメッセージはすでに取り消されています",
  "thread.rootNotFound": "このスレッドは存在しません",
  "thread.notRoot": "スレッド内の返信から新しいスレッドは作れません",
  "thread.rootWithdrawn":
    "このメッセージは取り消されたため、スレッドに返信できません",
  "reaction.invalidEmoji": "絵文字を1つ選んでください",
  "reaction.tooMany":
    "1件のメッセージに付けられるリアクションは {max} 種類までです",
  "message.deleteDisabled":
    "このサーバーではメッセージの削除が無効になっています",
  "message.deleteDenied":
    "削除できるのは個別チャットで自分が送ったメッセージだけです",
  "message.forwardLimit": "転送先は5件までです",
  "message.forwardNoTarget": "転送先を選んでください",
  "message.notForwardable": "このメッセージは転送できません",
  "message.forwarded": "転送しました",
  "favourite.saved": "お気に入りに追加しました",
  "favourite.notFound": "このお気に入りは存在しません",
  "favourite.notSaveable": "このメッセージはお気に入りに追加できません",
  "chat.notSettable": "システムの項目はピン留めやミュートができません",
  "chat.systemEntry": "このチャットには送信できません",
  "chat.selfName": "ファイル転送",
  "chat.selfEmpty": "自分にファイルやメモを送る",
  "push.badEndpoint": "このプッシュ購読は使用できません",
  "push.endpointTaken":
    "この端末の通知は別のアカウントのものです。もう一度購読してください",
  "console.userNotFound": "このユーザーは存在しません",
  "console.emailInvalid": "正しいメールアドレスを入力してください",
  "console.phoneInvalid": "有効な電話番号を入力してください",
  "console.notPermitted":
    "管理者やロールを変更できるのはスーパー管理者だけです",
  "console.importTooLarge":
    "ファイルが大きすぎます。一度にインポートできる CSV は 512 KB までです。",
  "console.importTooMany": "一度にインポートできるユーザーは1,000人までです。",
  "console.importEmpty":
    "ファイルにユーザーが含まれていません。1行目を見出し行とし、その後は1行に1人ずつユーザーを記載してください。",
  "console.importColumns":
    "見出し行には account と name の列が必要です（email、role、password は任意です）。",
  "console.importMalformed":
    "読み取れない CSV ファイルです（{line} 行目）。CSV（UTF-8）形式で保存してから、もう一度お試しください。",
  "console.importDuplicate": "このアカウントはファイル内に2回含まれています",
  "console.importRole":
    "不明なロールです。user、admin、super のいずれかを使用してください",
  "console.ownAccount":
    "自分のアカウントを無効化・削除したり、ロールを変更したりすることはできません",
  "console.lastAdmin": "スーパー管理者を少なくとも1人残す必要があります",
  "console.ownsGroups":
    "このユーザーは {count} 個のグループのオーナーです。先にオーナーを譲渡するか、グループを解散してください",
  "console.mailNotConfigured":
    "メールサーバー（SMTP_HOST）が設定されていないため、メールを送信できません",
  "console.mailFailed": "テストメールを送信できませんでした：{reason}",
  "console.mailSent": "テストメールを送信しました",
  "console.smsNotConfigured":
    "SMS ゲートウェイが設定されていないため、SMS を送信できません",
  "console.smsFailed": "テスト SMS を送信できませんでした：{reason}",
  "console.smsSent": "テスト SMS を送信しました",
  "register.inviteRequired":
    "登録は招待制です。受け取った招待リンクを開いてください",
  "register.inviteInvalid": "この招待リンクは無効か、有効期限が切れています",
  "console.chooseChat":
    "先にユーザーとそのチャットを1つ選んでください。キーワードは会話内で検索されます",
  "console.taskNotFound": "そのタスクはありません",
  "console.tasksStopped": "スケジュールされたタスクは停止中です",
  "console.taskBusy": "このタスクは実行中です。終わるまでお待ちください",
  "notice.notFound": "お知らせが見つかりません",
  "notice.titleInvalid": "タイトルを1～100文字で入力してください",
  "notice.textInvalid": "お知らせの本文を入力してください（5,000文字まで）",
  "notice.entryName": "システムのお知らせ",
  "notice.superOnly":
    "システムのお知らせを公開できるのはスーパー管理者だけです",
  "complaint.typeInvalid": "通報する対象を選んでください",
  "complaint.reasonInvalid": "通報の理由を選んでください",
  "complaint.textTooLong": "状況を500文字以内で説明してください",
  "complaint.targetNotFound": "通報しようとしている対象は存在しません",
  "complaint.notFound": "通報が見つかりません",
  "complaint.received": "ありがとうございます。管理者が確認します",
  "complaint.ownAccount": "自分自身を通報することはできません",
  "complaint.suggestionEmpty": "ご提案を入力してください",
  "complaint.suggestionReceived":
    "ご提案ありがとうございます。管理者が拝見します",
  "article.notFound": "記事が見つかりません",
  "article.titleInvalid": "タイトルは1～100文字で入力してください",
  "article.contentInvalid":
    "記事を入力してください：空にはできず、200,000文字以内です",
  "file.notFound": "ファイルが見つかりません",
  "logo.tooLarge": "ロゴ画像は 2 MB までです",
  "articleImage.tooLarge": "記事の画像は 8 MB までです",
  "call.disabled": "音声・ビデオ通話は有効になっていません",
  "call.videoDisabled": "ビデオ通話は有効になっていません",
  "call.notFound": "この通話は終了したか、存在しません",
  "call.inAnotherCall": "別のデバイスですでに通話中です",
  "call.tooLarge": "通話データが大きすぎます",
  "call.handledElsewhere": "この通話は別のデバイスで応答されました",
};
