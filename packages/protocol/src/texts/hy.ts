import type { Texts } from "../common/texts.js";

/** Every server text in German. */
export const texts: Texts = {
  ok: "Erledigt",
  "login.ok": "Angemeldet",
  "logout.ok": "Abgemeldet",
  "register.ok": "Dein Konto ist eingerichtet",
  "code.sent": "Code gesendet. Er ist 5 Minuten gültig.",
  "lang.switched": "Sprache geändert",
  "session.missing": "Melde dich an, um fortzufahren",
  "session.expired":
    "Deine Sitzung ist abgelaufen. Melde dich erneut an, um fortzufahren.",
  "session.evicted":
    "Dein Konto wurde auf einem anderen Gerät angemeldet, deshalb wurdest du hier abgemeldet.",
  "session.disabled":
    "Dein Konto wurde deaktiviert. Wende dich an deinen Administrator.",
  "request.invalid":
    "Mit dieser Anfrage stimmt etwas nicht. Bitte versuche es erneut.",
  "request.invalidField": "Das Feld {field} ist ungültig",
  "request.tooLarge": "Das ist zu groß zum Senden",
  "request.unsupportedType": "Diese Art von Anfrage wird nicht unterstützt",
  "request.notFound": "Diese Aktion gibt es auf dem Server nicht",
  "request.rateLimited": "Zu viele Versuche. Versuche es {when} erneut.",
  "server.error":
    "Auf dem Server ist ein Fehler aufgetreten. Bitte versuche es später erneut.",
  "login.accountRequired": "Gib dein Konto ein",
  "login.passwordRequired": "Gib dein Passwort ein",
  "login.codeRequired": "Gib den Code ein",
  "login.codeFormat": "Der Code besteht aus 6 Ziffern",
  "login.failed": "Konto oder Passwort ist falsch",
  "login.codeWrong": "Der Code ist falsch oder abgelaufen",
  "login.tokenInvalid":
    "Dieser Anmeldelink ist abgelaufen. Melde dich mit Konto und Passwort an.",
  "login.disabled":
    "Dein Konto wurde deaktiviert. Wende dich an deinen Administrator.",
  "login.totpRequired":
    "Gib den sechsstelligen Code aus deiner Authenticator-App ein (oder einen Wiederherstellungscode).",
  "login.totpWrong":
    "Der Code ist falsch oder wurde bereits verwendet. Gib den aktuellen Code aus deiner Authenticator-App ein.",
  "login.ssoOnly":
    "Diese Organisation nutzt Single Sign-On (SSO). Melde dich über die Anmeldeschaltfläche oben an.",
  "welcome.invalid":
    "Dieser Einladungslink ist abgelaufen oder wurde bereits verwendet. Bitte deine Administration um einen neuen.",
  "welcome.ok": "Dein Passwort ist gesetzt. Willkommen!",
  "bot.notFound": "Diesen Bot gibt es nicht.",
  "bot.nameRequired": "Gib dem Bot einen Namen.",
  "bot.avatarInvalid":
    "Das Bild des Bots muss auf diesen Server hochgeladen sein.",
  "bot.notOwner": "Ein Bot kann keine Gruppe besitzen.",
  "bot.noRole": "Ein Bot kann kein Administrator sein.",
  "bot.noPassword":
    "Ein Bot hat kein Passwort: Er signiert seine Aufrufe mit seinem Token (Konsole → Bots).",
  "hook.notFound": "Diesen Webhook gibt es nicht.",
  "hook.nameRequired": "Gib dem Webhook einen Namen.",
  "hook.nameLength": "Der Name eines Webhooks hat höchstens 16 Zeichen.",
  "hook.kind": "Diese Art von Webhook ist nicht verfügbar.",
  "hook.tooMany": "Eine Gruppe hat höchstens 20 Webhooks.",
  "hook.textRequired": "Die Nachricht hat keinen Text.",
  "hook.payload":
    "Der Inhalt ist keine Webhook-Nachricht: Sende JSON mit text oder ein Formularfeld payload, das es enthält.",
  "hook.url":
    "Gib die Adresse an, an die per POST gesendet wird: eine http- oder https-URL (höchstens 1.000 Zeichen).",
  "hook.triggers":
    "Gib ein bis zehn Auslösewörter an, durch Kommas getrennt, jedes ohne Leerzeichen (höchstens 32 Zeichen).",
  "command.notFound": "Diesen Befehl gibt es nicht.",
  "command.name":
    "Der Name eines Befehls besteht aus 1 bis 32 Kleinbuchstaben, Ziffern, - oder _.",
  "command.taken": "Einen Befehl mit diesem Namen gibt es schon.",
  "command.tooMany": "Es gibt schon 100 Befehle. Lösche zuerst einen.",
  "command.unknown":
    "Es gibt keinen Befehl /{name}. Um Text zu senden, der mit einem Schrägstrich beginnt, beginne ihn mit //.",
  "command.failed": "/{name} hat nicht geantwortet ({reason}).",
  "command.noText": "Die Antwort von /{name} enthält nichts zum Anzeigen.",
  "totp.codeRequired": "Gib den Code aus deiner Authenticator-App ein.",
  "totp.codeWrong":
    "Der Code ist falsch oder wurde bereits verwendet. Gib den aktuellen Code ein.",
  "totp.alreadyOn":
    "Die Zwei-Faktor-Authentifizierung ist bereits aktiviert. Deaktiviere sie zuerst, um einen neuen Authenticator einzurichten.",
  "totp.notSetUp":
    "Richte zuerst die Zwei-Faktor-Authentifizierung ein: Scanne den QR-Code und gib dann einen Code ein.",
  "totp.off": "Die Zwei-Faktor-Authentifizierung ist nicht aktiviert.",
  "totp.required":
    "Deine Administratoren schreiben die Zwei-Faktor-Authentifizierung vor, daher kann sie nicht deaktiviert werden.",
  "totp.setupRequired":
    "Deine Administratoren schreiben die Zwei-Faktor-Authentifizierung vor. Richte sie ein, um fortzufahren.",
  "sso.off": "Single Sign-On ist auf diesem Server nicht eingerichtet.",
  "sso.failed":
    "Die Anmeldung per Single Sign-On wurde nicht abgeschlossen. Versuche es erneut oder wende dich an deinen Administrator.",
  "sso.stateInvalid":
    "Dieser Anmeldelink ist abgelaufen oder wurde in einem anderen Browser geöffnet. Beginne erneut auf der Anmeldeseite.",
  "sso.noAccount":
    "Das Konto deiner Organisation ist mit keinem Konto auf diesem Server verknüpft. Wende dich an deinen Administrator.",
  "sso.disabled":
    "Dein Konto wurde deaktiviert. Wende dich an deinen Administrator.",
  "register.closed":
    "Auf diesem Server ist eine Registrierung derzeit nicht möglich",
  "register.accountLength": "Ein Konto muss 4 bis 32 Zeichen lang sein",
  "register.accountChars":
    "Ein Konto darf keine chinesischen Schriftzeichen, Leerzeichen oder Steuerzeichen enthalten",
  "register.accountPlain": "Gib einen Kontonamen ein",
  "register.accountPhone": "Gib eine gültige Telefonnummer ein",
  "register.accountEmail": "Gib eine gültige E-Mail-Adresse ein",
  "register.accountPhoneOrEmail":
    "Gib eine gültige Telefonnummer oder E-Mail-Adresse ein",
  "register.accountTaken": "Dieses Konto ist bereits vergeben",
  "register.realnameLength": "Ein Nickname muss 2 bis 16 Zeichen lang sein",
  "register.passwordLength": "Ein Passwort muss 6 bis 16 Zeichen lang sein",
  "register.codeRequired": "Gib den Code ein",
  "register.codeWrong": "Der Code ist falsch oder abgelaufen",
  "code.accountRequired":
    "Gib zuerst deine Telefonnummer oder E-Mail-Adresse ein",
  "code.accountFormat":
    "Codes können nur an eine Telefonnummer oder E-Mail-Adresse gesendet werden",
  "code.typeInvalid": "Diese Art von Code wird nicht unterstützt",
  "code.tooSoon":
    "Vor weniger als einer Minute wurde bereits ein Code gesendet. Du kannst {when} einen neuen anfordern.",
  "code.accountTaken": "Dieses Konto ist bereits vergeben",
  "code.noMail":
    "Dieser Server kann noch keine E-Mails senden, deshalb wurde kein Code verschickt. Bitte deinen Administrator, den E-Mail-Versand einzurichten.",
  "code.noMailReset":
    "Dieser Server kann noch keine E-Mails senden, deshalb wurde kein Code verschickt. Bitte deinen Administrator, dein Passwort zurückzusetzen.",
  "code.noSms":
    "Dieser Server kann keine SMS senden, deshalb wurde kein Code verschickt. Wende dich an deinen Administrator.",
  "code.noSmsReset":
    "Dieser Server kann keine SMS senden, deshalb wurde kein Code verschickt. Bitte deinen Administrator, dein Passwort zurückzusetzen.",
  "code.smsFailed":
    "Die SMS konnte nicht gesendet werden, es wurde kein Code verschickt. Versuchen Sie es gleich noch einmal.",
  "sms.codeText": "Ihr {name}-Code lautet {code}. Er läuft in 5 Minuten ab.",
  "sms.testText":
    "Dies ist eine Testnachricht von {name}. SMS ist richtig eingerichtet.",
  "lang.invalid": "Diese Sprache wird nicht unterstützt",
  "demo.readOnly": "Dies ist eine Demo, daher sind keine Änderungen möglich",
  "system.closed":
    "Der Server ist wegen Wartungsarbeiten geschlossen. Bitte schau später wieder vorbei.",
  "message.tooLong": "Diese Nachricht ist zu lang zum Senden",
  "message.tooSoon":
    "In diesem Chat gilt ein Abstand zwischen Nachrichten. Sie können {when} wieder senden.",
  "message.tooFast":
    "Sie senden Nachrichten zu schnell. Versuchen Sie es {when} erneut.",
  "message.empty": "Du kannst keine leere Nachricht senden",
  "message.idReused":
    "Diese Nachricht ist mit einer anderen kollidiert. Bitte sende sie erneut.",
  "contact.notFound": "Diesen Kontakt gibt es nicht",
  "chat.singleDisabled": "Einzelchats sind auf diesem Server deaktiviert",
  "chat.notFriend": "Du kannst nur deinen Freunden Nachrichten schreiben",
  "group.notFound": "Diese Gruppe gibt es nicht",
  "group.disabled": "Gruppenchats sind auf diesem Server deaktiviert",
  "group.nameLength": "Gib einen Gruppennamen mit 2 bis 20 Zeichen ein",
  "group.tooFew": "Wähle mindestens 2 Personen für eine Gruppe aus",
  "group.selectToAdd": "Wähle die Personen aus, die du hinzufügen möchtest",
  "group.tooManyAtOnce":
    "Zu viele Personen auf einmal; füge sie in kleineren Schritten hinzu",
  "group.full": "Diese Gruppe ist voll (höchstens {max} Mitglieder)",
  "group.limitReached":
    "Du hast bereits so viele Gruppen erstellt, wie erlaubt sind",
  "group.userNotFound":
    "Einige der ausgewählten Personen wurden nicht gefunden oder können nicht hinzugefügt werden",
  "group.memberNotFound": "Diese Person ist kein Mitglied der Gruppe",
  "group.noPermission":
    "Du hast keine Berechtigung, das in dieser Gruppe zu tun",
  "group.ownerMustTransfer":
    "Als Besitzer musst du die Gruppe an jemand anderen übergeben, bevor du sie verlässt",
  "group.muteInvalid":
    "Eine Stummschaltung dauert zwischen 1 Minute und 365 Tagen",
  "group.changed":
    "Die Gruppe wurde gerade geändert; aktualisiere und versuche es erneut",
  "group.disbanded": "Diese Gruppe wurde aufgelöst",
  "group.muted": "Du bist in dieser Gruppe bis {until} stummgeschaltet",
  "group.nospeak":
    "In dieser Gruppe dürfen gerade nur bestimmte Mitglieder schreiben",
  "group.noticeTooLong":
    "Eine Ankündigung darf höchstens 1.000 Zeichen lang sein",
  "search.tooLong": "Eine Suche hat höchstens 100 Zeichen",
  "group.descriptionTooLong": "Eine Beschreibung hat höchstens 500 Zeichen",
  "group.publicOff":
    "Die Administratoren haben öffentliche Gruppen ausgeschaltet",
  "group.qrInvalid":
    "Dieser Gruppen-QR-Code ist ungültig oder abgelaufen; bitte ein Mitglied, ihn erneut zu teilen",
  "message.notFound": "Diese Nachricht gibt es nicht",

  "people.keywordsLength": "Suchbegriffe dürfen höchstens 32 Zeichen lang sein",
  "people.privacy":
    "Privatsphäre aktiviert, Informationen können nicht angezeigt werden",
  "profile.saved": "Dein Profil wurde gespeichert",
  "profile.emailInvalid":
    "Gib eine gültige E-Mail-Adresse ein (höchstens 120 Zeichen)",
  "profile.mottoLength": "Eine Signatur darf höchstens 100 Zeichen lang sein",
  "profile.renameOff":
    "Namen werden von Ihrer Organisation verwaltet: Bitten Sie einen Administrator, Ihren zu ändern",
  "password.changed":
    "Dein Passwort wurde geändert und deine anderen Geräte wurden abgemeldet",
  "password.oldRequired": "Gib dein aktuelles Passwort ein",
  "password.oldWrong": "Dein aktuelles Passwort ist falsch",
  "password.codeRequired": "Gib den Code ein, der an dein Konto gesendet wurde",
  "password.codeWrong": "Der Code ist falsch oder abgelaufen",
  "account.changed":
    "Dein Konto wurde geändert. Melde dich mit dem neuen erneut an.",
  "account.same": "Das neue Konto ist dasselbe wie das aktuelle",
  "account.codeRequired":
    "Gib den Code ein, der an dein aktuelles Konto gesendet wurde",
  "account.codeWrong":
    "Der Code für dein aktuelles Konto ist falsch oder abgelaufen",
  "account.newCodeRequired":
    "Gib den Code ein, der an das neue Konto gesendet wurde",
  "account.newCodeWrong":
    "Der Code für das neue Konto ist falsch oder abgelaufen",
  "avatar.saved": "Dein Profilbild wurde aktualisiert",
  "avatar.missing": "Wähle ein Bild aus",
  "avatar.notImage":
    "Es können nur Bilder im Format jpg, png oder gif hochgeladen werden",
  "avatar.tooLarge": "Ein Profilbild darf höchstens 5 MB groß sein",
  "file.missing": "Wähle eine Datei zum Senden aus",
  "file.tooLarge": "Eine Datei darf höchstens {size} MB groß sein",
  "file.typeRefused": "Dateien vom Typ .{ext} können nicht gesendet werden",
  "friend.remarkRequired":
    "Bitte gib einen gültigen Text für deine Anfrage ein",
  "friend.remarkLength":
    "Eine Anfragenachricht darf höchstens 100 Zeichen lang sein",
  "friend.applied": "Freundschaftsanfrage gesendet",
  "friend.self": "Du kannst dich nicht selbst als Freund hinzufügen",
  "friend.already": "Ihr seid bereits befreundet",
  "friend.alreadyApplied":
    "Du hast bereits eine Anfrage gesendet; warte auf die Antwort",
  "friend.recentlyRefused":
    "Diese Person hat Ihre Anfrage kürzlich abgelehnt. Sie können in {hours} Stunden erneut fragen",
  "friend.limit": "Du hast bereits so viele Freunde, wie erlaubt sind",
  "friend.requestNotFound":
    "Diese Freundschaftsanfrage gibt es nicht oder sie wurde bereits beantwortet",
  "friend.agreed": "Freundschaftsanfrage angenommen",
  "friend.refused": "Freundschaftsanfrage abgelehnt",
  "friend.notFriend": "Diese Person ist nicht mit dir befreundet",
  "friend.nicknameRequired": "Bitte gib einen Alias ein",
  "friend.nicknameLength": "Ein Alias darf höchstens 16 Zeichen lang sein",
  "friend.nicknameSet": "Erfolgreich gespeichert",
  "friend.deleted": "Freund entfernt",
  "friend.deleteModeOnly":
    "Freunde können nur im Freundesmodus entfernt werden",
  "friend.requestsModeOnly":
    "Freundschaftsanfragen gibt es nur im Freundesmodus: Hier kann bereits jeder mit jedem chatten",
  "friend.newFriend": "Neue Freunde",
  "friend.addedYou": "möchte mit dir befreundet sein",
  "friend.nowFriends": "Ihr seid jetzt befreundet. Schreib gleich los!",
  "config.saved": "Einstellungen gespeichert",
  "config.invalidField": "Die Einstellung {field} ist ungültig",
  "config.storageUnreachable":
    "Der Speicher ist nicht erreichbar: Adresse, Bucket und Schlüssel prüfen",
  "message.withdrawExpired":
    "Nachrichten können nur innerhalb von {minutes} Minuten nach dem Senden zurückgezogen werden",
  "message.withdrawDenied": "Sie können diese Nachricht nicht zurückziehen",
  "message.editDenied": "Sie können diese Nachricht nicht bearbeiten",
  "message.editExpired":
    "Nachrichten können nur innerhalb von {minutes} Minuten nach dem Senden bearbeitet werden",
  "message.alreadyWithdrawn": "Diese Nachricht wurde bereits zurückgezogen",
  "thread.rootNotFound": "Diesen Thread gibt es nicht",
  "thread.notRoot":
    "Eine Antwort in einem Thread kann keinen eigenen Thread beginnen",
  "thread.rootWithdrawn":
    "Diese Nachricht wurde zurückgezogen: ihr Thread nimmt keine Antworten mehr an",
  "reaction.invalidEmoji": "Wähle ein Emoji",
  "reaction.tooMany":
    "Eine Nachricht kann höchstens {max} verschiedene Reaktionen haben",
  "message.deleteDisabled":
    "Das Löschen von Nachrichten ist auf diesem Server ausgeschaltet",
  "message.deleteDenied":
    "Sie können nur eigene Nachrichten in Einzelchats löschen",
  "message.forwardLimit": "Es können höchstens 5 Empfänger gewählt werden!",
  "message.forwardNoTarget": "Bitte wählen Sie einen Chat aus",
  "message.notForwardable": "Diese Nachricht kann nicht weitergeleitet werden",
  "message.forwarded": "Erfolgreich gesendet",
  "favourite.saved": "Zu den Favoriten hinzugefügt",
  "favourite.notFound": "Diesen Favoriten gibt es nicht",
  "favourite.notSaveable":
    "Diese Nachricht kann nicht zu den Favoriten hinzugefügt werden",
  "chat.notSettable":
    "Der Systemeintrag kann nicht angeheftet oder stummgeschaltet werden",
  "chat.systemEntry": "In diesen Chat können Sie nicht schreiben",
  "chat.selfName": "Dateiübertragung",
  "chat.selfEmpty": "Dateien und Notizen an sich selbst senden",
  "push.badEndpoint": "Dieses Push-Abonnement kann nicht verwendet werden",
  "push.endpointTaken":
    "Die Benachrichtigungen dieses Geräts gehören zu einem anderen Konto; bitte neu abonnieren",
  "console.userNotFound": "Diesen Benutzer gibt es nicht",
  "console.emailInvalid": "Gib eine gültige E-Mail-Adresse ein",
  "console.phoneInvalid": "Geben Sie eine gültige Telefonnummer ein",
  "console.notPermitted":
    "Nur ein Superadministrator kann Administratoren oder Rollen ändern",
  "console.importTooLarge":
    "Die Datei ist zu groß: importiere höchstens 512 KB CSV auf einmal.",
  "console.importTooMany": "Importiere höchstens 1.000 Benutzer auf einmal.",
  "console.importEmpty":
    "Die Datei enthält keine Benutzer: zuerst eine Kopfzeile, dann ein Benutzer pro Zeile.",
  "console.importColumns":
    "Die Kopfzeile braucht die Spalten account und name (email, role und password sind optional).",
  "console.importMalformed":
    "Das ist keine lesbare CSV-Datei (Zeile {line}). Speichere sie als CSV (UTF-8) und versuche es erneut.",
  "console.importDuplicate": "Dieses Konto kommt in der Datei zweimal vor",
  "console.importRole": "Unbekannte Rolle: verwende user, admin oder super",
  "console.ownAccount":
    "Du kannst dein eigenes Konto nicht deaktivieren, löschen oder seine Rolle ändern",
  "console.lastAdmin":
    "Mindestens ein Superadministrator muss erhalten bleiben",
  "console.ownsGroups":
    "Dieser Benutzer ist Eigentümer von {count} Gruppe(n); übergib sie zuerst an jemand anderen oder löse sie auf",
  "console.mailNotConfigured":
    "Es ist kein Mailserver eingerichtet (SMTP_HOST), daher können keine E-Mails gesendet werden",
  "console.mailFailed":
    "Die Test-E-Mail konnte nicht gesendet werden: {reason}",
  "console.mailSent": "Test-E-Mail gesendet",
  "console.smsNotConfigured":
    "Es ist kein SMS-Gateway eingerichtet, daher kann keine SMS gesendet werden",
  "console.smsFailed": "Die Test-SMS konnte nicht gesendet werden: {reason}",
  "console.smsSent": "Test-SMS gesendet",
  "register.inviteRequired":
    "Die Registrierung ist nur auf Einladung möglich: Öffne den Einladungslink, den du erhalten hast",
  "register.inviteInvalid":
    "Dieser Einladungslink ist ungültig oder abgelaufen",
  "console.chooseChat":
    "Wähle zuerst einen Benutzer und einen seiner Chats: Wörter werden innerhalb einer Unterhaltung gesucht",
  "console.taskNotFound": "Diese Aufgabe gibt es nicht",
  "console.tasksStopped": "Die geplanten Aufgaben sind angehalten",
  "console.taskBusy": "Diese Aufgabe läuft bereits: warte, bis sie fertig ist",
  "notice.notFound": "Mitteilung nicht gefunden",
  "notice.titleInvalid": "Gib einen Titel mit 1 bis 100 Zeichen ein",
  "notice.textInvalid": "Gib die Mitteilung ein, höchstens 5.000 Zeichen",
  "notice.entryName": "Systemmitteilungen",
  "notice.superOnly":
    "Nur ein Superadministrator kann Systemmitteilungen veröffentlichen",
  "complaint.typeInvalid": "Wählen Sie, was Sie melden möchten",
  "complaint.reasonInvalid": "Wählen Sie einen Grund für die Meldung",
  "complaint.textTooLong":
    "Beschreiben Sie den Vorfall in höchstens 500 Zeichen",
  "complaint.targetNotFound": "Was Sie melden, existiert nicht",
  "complaint.notFound": "Meldung nicht gefunden",
  "complaint.received": "Danke: Ein Administrator sieht sich das an",
  "complaint.ownAccount": "Sie können sich nicht selbst melden",
  "complaint.suggestionEmpty": "Schreiben Sie Ihren Vorschlag",
  "complaint.suggestionReceived":
    "Danke für Ihren Vorschlag: Die Administratoren werden ihn lesen",
  "article.notFound": "Artikel nicht gefunden",
  "article.titleInvalid": "Geben Sie einen Titel mit 1 bis 100 Zeichen ein",
  "article.contentInvalid":
    "Schreiben Sie den Artikel: Er darf nicht leer und nicht länger als 200.000 Zeichen sein",
  "file.notFound": "Datei nicht gefunden",
  "logo.tooLarge": "Ein Logo darf höchstens 2 MB groß sein",
  "articleImage.tooLarge":
    "Ein Bild in einem Artikel darf höchstens 8 MB groß sein",
  "call.disabled": "Sprach- und Videoanrufe sind nicht aktiviert",
  "call.videoDisabled": "Videoanrufe sind nicht aktiviert",
  "call.notFound": "Dieser Anruf ist beendet oder existiert nicht",
  "call.inAnotherCall": "Sie telefonieren bereits auf einem anderen Gerät",
  "call.tooLarge": "Die Anrufdaten sind zu groß",
  "call.handledElsewhere":
    "Dieser Anruf wurde auf einem anderen Gerät angenommen",
};
