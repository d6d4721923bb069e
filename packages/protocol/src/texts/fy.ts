import type { Texts } from "../common/texts.js";

/** Every server text in French. */
export const texts: Texts = {
  ok: "Terminé",
  "login.ok": "Connexion réussie",
  "logout.ok": "Déconnexion réussie",
  "register.ok": "Votre compte est prêt",
  "code.sent": "Code envoyé. Il est valable 5 minutes.",
  "lang.switched": "Langue modifiée",
  "session.missing": "Connectez-vous pour continuer",
  "session.expired": "Votre session a expiré. Reconnectez-vous pour continuer.",
  "session.evicted":
    "Votre compte s'est connecté sur un autre appareil ; votre session a donc été fermée ici.",
  "session.disabled":
    "Votre compte a été désactivé. Contactez votre administrateur pour obtenir de l'aide.",
  "request.invalid":
    "Quelque chose ne va pas dans cette requête. Veuillez réessayer.",
  "request.invalidField": "Le champ {field} n'est pas valide",
  "request.tooLarge": "C'est trop volumineux pour être envoyé",
  "request.unsupportedType": "Ce type de requête n'est pas pris en charge",
  "request.notFound": "Cette action n'existe pas sur le serveur",
  "request.rateLimited": "Trop de tentatives. Réessayez {when}.",
  "server.error":
    "Une erreur s'est produite sur le serveur. Veuillez réessayer plus tard.",
  "login.accountRequired": "Saisissez votre identifiant",
  "login.passwordRequired": "Saisissez votre mot de passe",
  "login.codeRequired": "Saisissez le code",
  "login.codeFormat": "Le code comporte 6 chiffres",
  "login.failed": "L'identifiant ou le mot de passe est incorrect",
  "login.codeWrong": "Ce code est incorrect ou a expiré",
  "login.tokenInvalid":
    "Ce lien de connexion a expiré. Connectez-vous avec votre identifiant et votre mot de passe.",
  "login.disabled":
    "Votre compte a été désactivé. Contactez votre administrateur pour obtenir de l'aide.",
  "login.totpRequired":
    "Saisissez le code à six chiffres de votre application d'authentification (ou un code de récupération).",
  "login.totpWrong":
    "Ce code est incorrect ou a déjà été utilisé. Saisissez le code actuel de votre application d'authentification.",
  "login.ssoOnly":
    "Cette organisation utilise l'authentification unique (SSO). Connectez-vous avec le bouton ci-dessus.",
  "welcome.invalid":
    "Ce lien d'invitation a expiré ou a déjà été utilisé. Demandez-en un nouveau à votre administrateur.",
  "welcome.ok": "Votre mot de passe est défini. Bienvenue !",
  "bot.notFound": "Ce bot n'existe pas.",
  "bot.nameRequired": "Donnez un nom au bot.",
  "bot.avatarInvalid":
    "L'image du bot doit avoir été téléversée sur ce serveur.",
  "bot.notOwner": "Un bot ne peut pas être propriétaire d'un groupe.",
  "bot.noRole": "Un bot ne peut pas être administrateur.",
  "bot.noPassword":
    "Un bot n'a pas de mot de passe : il signe ses appels avec son jeton (Console → Bots).",
  "hook.notFound": "Ce webhook n'existe pas.",
  "hook.nameRequired": "Donnez un nom au webhook.",
  "hook.nameLength": "Le nom d'un webhook compte au plus 16 caractères.",
  "hook.kind": "Ce type de webhook n'est pas disponible.",
  "hook.tooMany": "Un groupe compte au plus 20 webhooks.",
  "hook.textRequired": "Le message n'a pas de texte.",
  "hook.payload":
    "Le corps n'est pas un message de webhook : envoyez du JSON avec text, ou un champ de formulaire payload qui le contient.",
  "hook.url":
    "Indiquez l'adresse à laquelle envoyer les POST : une URL http ou https (1 000 caractères au plus).",
  "hook.triggers":
    "Indiquez un à dix mots déclencheurs, séparés par des virgules, chacun sans espace (32 caractères au plus).",
  "command.notFound": "Cette commande n'existe pas.",
  "command.name":
    "Le nom d'une commande compte de 1 à 32 lettres minuscules, chiffres, - ou _.",
  "command.taken": "Une commande de ce nom existe déjà.",
  "command.tooMany": "Il y a déjà 100 commandes. Supprimez-en une d'abord.",
  "command.unknown":
    "Il n'y a pas de commande /{name}. Pour envoyer un texte commençant par une barre oblique, commencez-le par //.",
  "command.failed": "/{name} n'a pas répondu ({reason}).",
  "command.noText": "La réponse de /{name} ne contient rien à afficher.",
  "totp.codeRequired":
    "Saisissez le code de votre application d'authentification.",
  "totp.codeWrong":
    "Ce code est incorrect ou a déjà été utilisé. Saisissez le code actuel.",
  "totp.alreadyOn":
    "La validation en deux étapes est déjà activée. Désactivez-la d'abord pour configurer une nouvelle application d'authentification.",
  "totp.notSetUp":
    "Configurez d'abord la validation en deux étapes : scannez le code QR, puis saisissez un code.",
  "totp.off": "La validation en deux étapes n'est pas activée.",
  "totp.required":
    "Vos administrateurs exigent la validation en deux étapes ; elle ne peut donc pas être désactivée.",
  "totp.setupRequired":
    "Vos administrateurs exigent la validation en deux étapes. Configurez-la pour continuer.",
  "sso.off":
    "L'authentification unique (SSO) n'est pas configurée sur ce serveur.",
  "sso.failed":
    "L'authentification unique n'a pas abouti. Réessayez ou contactez votre administrateur.",
  "sso.stateInvalid":
    "Ce lien de connexion a expiré ou a été ouvert dans un autre navigateur. Recommencez depuis la page de connexion.",
  "sso.noAccount":
    "Le compte de votre organisation n'est associé à aucun compte sur ce serveur. Contactez votre administrateur.",
  "sso.disabled":
    "Votre compte a été désactivé. Contactez votre administrateur pour obtenir de l'aide.",
  "register.closed":
    "Les inscriptions sur ce serveur sont fermées pour le moment",
  "register.accountLength": "Un identifiant comporte de 4 à 32 caractères",
  "register.accountChars":
    "Un identifiant ne peut contenir ni caractères chinois, ni espaces, ni caractères de contrôle",
  "register.accountPlain": "Saisissez un identifiant",
  "register.accountPhone": "Saisissez un numéro de téléphone valide",
  "register.accountEmail": "Saisissez une adresse e-mail valide",
  "register.accountPhoneOrEmail":
    "Saisissez un numéro de téléphone ou une adresse e-mail valide",
  "register.accountTaken": "Cet identifiant est déjà utilisé",
  "register.realnameLength": "Un pseudo comporte de 2 à 16 caractères",
  "register.passwordLength": "Un mot de passe comporte de 6 à 16 caractères",
  "register.codeRequired": "Saisissez le code",
  "register.codeWrong": "Ce code est incorrect ou a expiré",
  "code.accountRequired":
    "Saisissez d'abord votre numéro de téléphone ou votre adresse e-mail",
  "code.accountFormat":
    "Les codes ne peuvent être envoyés qu'à un numéro de téléphone ou à une adresse e-mail",
  "code.typeInvalid": "Ce type de code n'est pas pris en charge",
  "code.tooSoon":
    "Un code a été envoyé il y a moins d'une minute. Vous pourrez en demander un autre {when}.",
  "code.accountTaken": "Cet identifiant est déjà utilisé",
  "code.noMail":
    "Ce serveur ne peut pas encore envoyer d'e-mails, aucun code n'a donc été envoyé. Demandez à votre administrateur de configurer l'envoi d'e-mails.",
  "code.noMailReset":
    "Ce serveur ne peut pas encore envoyer d'e-mails, aucun code n'a donc été envoyé. Demandez à votre administrateur de réinitialiser votre mot de passe.",
  "code.noSms":
    "Ce serveur ne peut pas envoyer de SMS, aucun code n'a donc été envoyé. Contactez votre administrateur pour obtenir de l'aide.",
  "code.noSmsReset":
    "Ce serveur ne peut pas envoyer de SMS, aucun code n'a donc été envoyé. Demandez à votre administrateur de réinitialiser votre mot de passe.",
  "code.smsFailed":
    "Le SMS n'a pas pu être envoyé, aucun code n'est parti. Réessayez dans un instant.",
  "sms.codeText": "Votre code {name} est {code}. Il expire dans 5 minutes.",
  "sms.testText":
    "Ceci est un message de test de {name}. Les SMS sont correctement configurés.",
  "lang.invalid": "Cette langue n'est pas prise en charge",
  "demo.readOnly":
    "Ceci est une démo, les modifications ne sont donc pas autorisées",
  "system.closed":
    "Le serveur est fermé pour maintenance. Veuillez revenir plus tard.",
  "message.tooLong": "Ce message est trop long pour être envoyé",
  "message.tooSoon":
    "Les messages de cette discussion sont espacés. Vous pourrez envoyer à nouveau {when}.",
  "message.tooFast": "Vous envoyez des messages trop vite. Réessayez {when}.",
  "message.empty": "Vous ne pouvez pas envoyer un message vide",
  "message.idReused":
    "Ce message est entré en conflit avec un autre. Veuillez le renvoyer.",
  "contact.notFound": "Ce contact n'existe pas",
  "chat.singleDisabled":
    "Les discussions privées sont désactivées sur ce serveur",
  "chat.notFriend": "Vous ne pouvez écrire qu'à vos amis",
  "group.notFound": "Ce groupe n'existe pas",
  "group.disabled": "Les discussions de groupe sont désactivées sur ce serveur",
  "group.nameLength": "Veuillez saisir un nom de groupe de 2 à 20 caractères",
  "group.tooFew": "Choisissez au moins 2 personnes pour un groupe",
  "group.selectToAdd": "Choisissez les personnes à ajouter",
  "group.tooManyAtOnce":
    "Trop de personnes à la fois ; ajoutez-les en plusieurs fois",
  "group.full": "Ce groupe est complet ({max} membres au maximum)",
  "group.limitReached":
    "Vous avez déjà créé le nombre maximal de groupes autorisé",
  "group.userNotFound":
    "Certaines des personnes choisies sont introuvables ou ne peuvent pas être ajoutées",
  "group.memberNotFound": "Cette personne n'est pas membre du groupe",
  "group.noPermission":
    "Vous n'avez pas l'autorisation de faire cela dans ce groupe",
  "group.ownerMustTransfer":
    "En tant que propriétaire, cédez le groupe à quelqu'un d'autre avant de le quitter",
  "group.muteInvalid": "Une mise en sourdine dure entre 1 minute et 365 jours",
  "group.changed": "Le groupe vient d'être modifié ; actualisez et réessayez",
  "group.disbanded": "Ce groupe a été dissous",
  "group.muted": "Vous êtes en sourdine dans ce groupe jusqu'à {until}",
  "group.nospeak":
    "Pour le moment, seuls certains membres peuvent écrire dans ce groupe",
  "group.noticeTooLong": "Une annonce comporte au maximum 1 000 caractères",
  "search.tooLong": "Une recherche comporte au plus 100 caractères",
  "group.descriptionTooLong":
    "Une description comporte au maximum 500 caractères",
  "group.publicOff": "Les administrateurs ont désactivé les groupes publics",
  "group.qrInvalid":
    "Ce code QR de groupe n'est pas valide ou a expiré ; demandez à un membre de le partager à nouveau",
  "message.notFound": "Ce message n'existe pas",

  "people.keywordsLength":
    "Les termes de recherche comportent au maximum 32 caractères",
  "people.privacy":
    "Confidentialité activée, impossible d'afficher les informations",
  "profile.saved": "Votre profil a été enregistré",
  "profile.emailInvalid":
    "Saisissez une adresse e-mail valide (120 caractères au maximum)",
  "profile.mottoLength": "Une signature comporte au maximum 100 caractères",
  "profile.renameOff":
    "Votre organisation gère les noms : demandez à un administrateur de changer le vôtre",
  "password.changed":
    "Votre mot de passe a été modifié et vos autres appareils ont été déconnectés",
  "password.oldRequired": "Saisissez votre mot de passe actuel",
  "password.oldWrong": "Votre mot de passe actuel est incorrect",
  "password.codeRequired": "Saisissez le code envoyé à votre identifiant",
  "password.codeWrong": "Ce code est incorrect ou a expiré",
  "account.changed":
    "Votre identifiant a été modifié. Reconnectez-vous avec le nouveau.",
  "account.same": "Le nouvel identifiant est identique à l'actuel",
  "account.codeRequired": "Saisissez le code envoyé à votre identifiant actuel",
  "account.codeWrong":
    "Le code de votre identifiant actuel est incorrect ou a expiré",
  "account.newCodeRequired": "Saisissez le code envoyé au nouvel identifiant",
  "account.newCodeWrong":
    "Le code du nouvel identifiant est incorrect ou a expiré",
  "avatar.saved": "Votre avatar a été mis à jour",
  "avatar.missing": "Choisissez une image",
  "avatar.notImage": "Seules les images jpg, png ou gif peuvent être importées",
  "avatar.tooLarge": "Une image d'avatar fait au maximum 5 Mo",
  "file.missing": "Choisissez un fichier à envoyer",
  "file.tooLarge": "Un fichier fait au maximum {size} Mo",
  "file.typeRefused": "Les fichiers de type .{ext} ne peuvent pas être envoyés",
  "friend.remarkRequired":
    "Veuillez saisir un message valide pour votre demande",
  "friend.remarkLength":
    "Un message de demande comporte au maximum 100 caractères",
  "friend.applied": "Demande d'ami envoyée",
  "friend.self": "Vous ne pouvez pas vous ajouter vous-même en ami",
  "friend.already": "Vous êtes déjà amis",
  "friend.alreadyApplied":
    "Vous avez déjà envoyé une demande ; attendez une réponse",
  "friend.recentlyRefused":
    "Cette personne a refusé votre demande récemment. Vous pourrez redemander dans {hours} heures",
  "friend.limit": "Vous avez atteint le nombre maximal d'amis autorisé",
  "friend.requestNotFound":
    "Cette demande d'ami n'existe pas ou a déjà reçu une réponse",
  "friend.agreed": "Demande d'ami acceptée",
  "friend.refused": "Demande d'ami refusée",
  "friend.notFriend": "Cet utilisateur ne fait pas partie de vos amis",
  "friend.nicknameRequired": "Veuillez saisir un alias",
  "friend.nicknameLength": "Un alias comporte au maximum 16 caractères",
  "friend.nicknameSet": "Enregistré",
  "friend.deleted": "Ami supprimé",
  "friend.deleteModeOnly": "Les amis ne peuvent être supprimés qu'en mode amis",
  "friend.requestsModeOnly":
    "Les demandes d’ami n’existent qu’en mode amis : ici, tout le monde peut déjà discuter avec tout le monde",
  "friend.newFriend": "Nouveaux amis",
  "friend.addedYou": "vous a envoyé une demande d'ami",
  "friend.nowFriends": "Vous êtes maintenant amis. Commencez à discuter !",
  "config.saved": "Paramètres enregistrés",
  "config.invalidField": "Le paramètre {field} n'est pas valide",
  "config.storageUnreachable":
    "Le stockage est injoignable : vérifiez son adresse, le compartiment et les clés",
  "message.withdrawExpired":
    "Un message ne peut être retiré que dans les {minutes} minutes suivant son envoi",
  "message.withdrawDenied": "Vous ne pouvez pas retirer ce message",
  "message.editDenied": "Vous ne pouvez pas modifier ce message",
  "message.editExpired":
    "Un message ne peut être modifié que dans les {minutes} minutes suivant son envoi",
  "message.alreadyWithdrawn": "Ce message a déjà été retiré",
  "thread.rootNotFound": "Ce fil n'existe pas",
  "thread.notRoot": "Une réponse dans un fil ne peut pas ouvrir son propre fil",
  "thread.rootWithdrawn":
    "Ce message a été retiré : son fil n'accepte plus de réponses",
  "reaction.invalidEmoji": "Choisissez un emoji",
  "reaction.tooMany":
    "Un message peut avoir au plus {max} réactions différentes",
  "message.deleteDisabled":
    "La suppression des messages est désactivée sur ce serveur",
  "message.deleteDenied":
    "Vous ne pouvez supprimer que vos propres messages dans les discussions privées",
  "message.forwardLimit":
    "Vous ne pouvez pas transférer à plus de 5 destinataires !",
  "message.forwardNoTarget": "Veuillez choisir une discussion",
  "message.notForwardable": "Ce message ne peut pas être transféré",
  "message.forwarded": "Envoyé",
  "favourite.saved": "Ajouté aux favoris",
  "favourite.notFound": "Ce favori n'existe pas",
  "favourite.notSaveable": "Ce message ne peut pas être ajouté aux favoris",
  "chat.notSettable":
    "L'entrée système ne peut être ni épinglée ni mise en sourdine",
  "chat.systemEntry": "Vous ne pouvez pas écrire dans cette discussion",
  "chat.selfName": "Transfert de fichiers",
  "chat.selfEmpty": "Envoyez-vous des fichiers et des notes",
  "push.badEndpoint": "Cet abonnement aux notifications push est inutilisable",
  "push.endpointTaken":
    "Les notifications de cet appareil appartiennent à un autre compte ; abonnez-vous à nouveau",
  "console.userNotFound": "Cet utilisateur n'existe pas",
  "console.emailInvalid": "Saisissez une adresse e-mail valide",
  "console.phoneInvalid": "Saisissez un numéro de téléphone valide",
  "console.notPermitted":
    "Seul un super administrateur peut modifier les administrateurs ou les rôles",
  "console.importTooLarge":
    "Le fichier est trop volumineux : importez au maximum 512 KB de CSV à la fois.",
  "console.importTooMany": "Importez au maximum 1 000 utilisateurs à la fois.",
  "console.importEmpty":
    "Le fichier ne contient aucun utilisateur : une ligne d'en-tête, puis un utilisateur par ligne.",
  "console.importColumns":
    "La ligne d'en-tête doit contenir les colonnes account et name (email, role et password sont facultatives).",
  "console.importMalformed":
    "Ce fichier CSV est illisible (ligne {line}). Enregistrez-le au format CSV (UTF-8) et réessayez.",
  "console.importDuplicate": "Ce compte apparaît deux fois dans le fichier",
  "console.importRole": "Rôle inconnu : utilisez user, admin ou super",
  "console.ownAccount":
    "Vous ne pouvez pas désactiver ni supprimer votre propre compte, ni en changer le rôle",
  "console.lastAdmin": "Il doit rester au moins un super administrateur",
  "console.ownsGroups":
    "Cet utilisateur est propriétaire de {count} groupe(s) : confiez-les d'abord à quelqu'un d'autre ou dissolvez-les",
  "console.mailNotConfigured":
    "Aucun serveur de messagerie n'est configuré (SMTP_HOST), aucun e-mail ne peut donc être envoyé",
  "console.mailFailed": "L'e-mail de test n'a pas pu être envoyé : {reason}",
  "console.mailSent": "E-mail de test envoyé",
  "console.smsNotConfigured":
    "Aucune passerelle SMS n'est configurée, aucun SMS ne peut être envoyé",
  "console.smsFailed": "Le SMS de test n'a pas pu être envoyé : {reason}",
  "console.smsSent": "SMS de test envoyé",
  "register.inviteRequired":
    "Les inscriptions se font uniquement sur invitation : ouvrez le lien d'invitation que vous avez reçu",
  "register.inviteInvalid": "Ce lien d'invitation n'est pas valide ou a expiré",
  "console.chooseChat":
    "Choisissez d'abord un utilisateur et l'une de ses discussions : les mots sont recherchés dans une conversation",
  "console.taskNotFound": "Cette tâche n'existe pas",
  "console.tasksStopped": "Les tâches planifiées sont arrêtées",
  "console.taskBusy":
    "Cette tâche est déjà en cours : attendez qu'elle se termine",
  "notice.notFound": "Annonce introuvable",
  "notice.titleInvalid": "Saisissez un titre de 1 à 100 caractères",
  "notice.textInvalid": "Saisissez l’annonce, 5 000 caractères au plus",
  "notice.entryName": "Annonces du système",
  "notice.superOnly":
    "Seul un super administrateur peut publier des annonces du système",
  "complaint.typeInvalid": "Choisissez ce que vous signalez",
  "complaint.reasonInvalid": "Choisissez un motif de signalement",
  "complaint.textTooLong":
    "Décrivez ce qui s’est passé en 500 caractères au plus",
  "complaint.targetNotFound": "Ce que vous signalez n’existe pas",
  "complaint.notFound": "Signalement introuvable",
  "complaint.received": "Merci : un administrateur va l’examiner",
  "complaint.ownAccount": "Vous ne pouvez pas vous signaler vous-même",
  "complaint.suggestionEmpty": "Écrivez votre suggestion",
  "complaint.suggestionReceived":
    "Merci pour votre suggestion : les administrateurs la liront",
  "article.notFound": "Article introuvable",
  "article.titleInvalid": "Saisissez un titre de 1 à 100 caractères",
  "article.contentInvalid":
    "Rédigez l'article : il ne peut être ni vide ni dépasser 200 000 caractères",
  "file.notFound": "Fichier introuvable",
  "logo.tooLarge": "Un logo fait au plus 2 Mo",
  "articleImage.tooLarge": "Une image d'article fait au plus 8 Mo",
  "call.disabled": "Les appels audio et vidéo ne sont pas activés",
  "call.videoDisabled": "Les appels vidéo ne sont pas activés",
  "call.notFound": "Cet appel est terminé ou n'existe pas",
  "call.inAnotherCall": "Vous êtes déjà en appel sur un autre appareil",
  "call.tooLarge": "Les données de l'appel sont trop volumineuses",
  "call.handledElsewhere": "Cet appel a été pris sur un autre appareil",
};
