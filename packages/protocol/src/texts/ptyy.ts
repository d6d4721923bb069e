import type { Texts } from "../common/texts.js";

/** Every server text in Portuguese (Brazilian). */
export const texts: Texts = {
  ok: "Concluído",
  "login.ok": "Login realizado",
  "logout.ok": "Sessão encerrada",
  "register.ok": "Sua conta está pronta",
  "code.sent": "Código enviado. Ele é válido por 5 minutos.",
  "lang.switched": "Idioma alterado",
  "session.missing": "Faça login para continuar",
  "session.expired": "Sua sessão expirou. Faça login novamente para continuar.",
  "session.evicted":
    "Sua conta foi conectada em outro dispositivo, por isso a sessão foi encerrada aqui.",
  "session.disabled": "Sua conta foi desativada. Peça ajuda ao administrador.",
  "request.invalid": "Há algo errado nesta solicitação. Tente novamente.",
  "request.invalidField": "O campo {field} não é válido",
  "request.tooLarge": "É grande demais para enviar",
  "request.unsupportedType": "Este tipo de solicitação não é suportado",
  "request.notFound": "Esta ação não existe no servidor",
  "request.rateLimited": "Muitas tentativas. Tente novamente {when}.",
  "server.error": "Ocorreu um erro no servidor. Tente novamente mais tarde.",
  "login.accountRequired": "Digite sua conta",
  "login.passwordRequired": "Digite sua senha",
  "login.codeRequired": "Digite o código",
  "login.codeFormat": "O código tem 6 dígitos",
  "login.failed": "Conta ou senha incorreta",
  "login.codeWrong": "Esse código está errado ou expirou",
  "login.tokenInvalid":
    "Este link de login expirou. Entre com sua conta e senha.",
  "login.disabled": "Sua conta foi desativada. Peça ajuda ao administrador.",
  "login.totpRequired":
    "Digite o código de 6 dígitos do seu aplicativo autenticador (ou um código de recuperação).",
  "login.totpWrong":
    "Esse código está errado ou já foi usado. Digite o código atual do seu aplicativo autenticador.",
  "login.ssoOnly":
    "Esta organização usa login único (SSO). Entre pelo botão de login acima.",
  "welcome.invalid":
    "Este link de convite expirou ou já foi usado. Peça um novo ao administrador.",
  "welcome.ok": "Sua senha foi definida. Boas-vindas!",
  "bot.notFound": "Este bot não existe.",
  "bot.nameRequired": "Dê um nome ao bot.",
  "bot.avatarInvalid":
    "A imagem do bot deve ter sido enviada para este servidor.",
  "bot.notOwner": "Um bot não pode ser dono de um grupo.",
  "bot.noRole": "Um bot não pode ser administrador.",
  "bot.noPassword":
    "Um bot não tem senha: ele assina suas chamadas com seu token (Console → Bots).",
  "hook.notFound": "Este webhook não existe.",
  "hook.nameRequired": "Dê um nome ao webhook.",
  "hook.nameLength": "O nome de um webhook tem no máximo 16 caracteres.",
  "hook.kind": "Este tipo de webhook não está disponível.",
  "hook.tooMany": "Um grupo tem no máximo 20 webhooks.",
  "hook.textRequired": "A mensagem não tem texto.",
  "hook.payload":
    "O corpo não é uma mensagem de webhook: envie JSON com text, ou um campo de formulário payload com ele.",
  "hook.url":
    "Informe o endereço para onde enviar o POST: uma URL http ou https (no máximo 1.000 caracteres).",
  "hook.triggers":
    "Informe de uma a dez palavras-gatilho, separadas por vírgulas, cada uma sem espaços (no máximo 32 caracteres).",
  "command.notFound": "Este comando não existe.",
  "command.name":
    "O nome de um comando tem de 1 a 32 letras minúsculas, dígitos, - ou _.",
  "command.taken": "Já existe um comando com este nome.",
  "command.tooMany": "Já existem 100 comandos. Exclua um primeiro.",
  "command.unknown":
    "Não existe o comando /{name}. Para enviar um texto que comece com barra, comece-o com //.",
  "command.failed": "/{name} não respondeu ({reason}).",
  "command.noText": "A resposta de /{name} não tem nada para mostrar.",
  "totp.codeRequired": "Digite o código do seu aplicativo autenticador.",
  "totp.codeWrong":
    "Esse código está errado ou já foi usado. Digite o código atual.",
  "totp.alreadyOn":
    "A verificação em duas etapas já está ativada. Desative-a primeiro para configurar um novo autenticador.",
  "totp.notSetUp":
    "Primeiro, configure a verificação em duas etapas: escaneie o QR code e digite um código.",
  "totp.off": "A verificação em duas etapas não está ativada.",
  "totp.required":
    "Seus administradores exigem a verificação em duas etapas, por isso ela não pode ser desativada.",
  "totp.setupRequired":
    "Seus administradores exigem a verificação em duas etapas. Configure-a para continuar.",
  "sso.off": "O login único (SSO) não está configurado neste servidor.",
  "sso.failed":
    "O login único não foi concluído. Tente novamente ou peça ajuda ao administrador.",
  "sso.stateInvalid":
    "Este link de login expirou ou foi aberto em outro navegador. Comece de novo na página de login.",
  "sso.noAccount":
    "A conta da sua organização não está vinculada a nenhuma conta neste servidor. Peça ajuda ao administrador.",
  "sso.disabled": "Sua conta foi desativada. Peça ajuda ao administrador.",
  "register.closed": "Este servidor não está aceitando cadastros no momento",
  "register.accountLength": "A conta deve ter de 4 a 32 caracteres",
  "register.accountChars":
    "A conta não pode conter caracteres chineses, espaços ou caracteres de controle",
  "register.accountPlain": "Digite um nome de conta",
  "register.accountPhone": "Digite um número de telefone válido",
  "register.accountEmail": "Digite um endereço de e-mail válido",
  "register.accountPhoneOrEmail":
    "Digite um número de telefone ou endereço de e-mail válido",
  "register.accountTaken": "Esta conta já está em uso",
  "register.realnameLength": "O apelido deve ter de 2 a 16 caracteres",
  "register.passwordLength": "A senha deve ter de 6 a 16 caracteres",
  "register.codeRequired": "Digite o código",
  "register.codeWrong": "Esse código está errado ou expirou",
  "code.accountRequired": "Primeiro, digite seu número de telefone ou e-mail",
  "code.accountFormat":
    "Os códigos só podem ser enviados para um número de telefone ou endereço de e-mail",
  "code.typeInvalid": "Este tipo de código não é suportado",
  "code.tooSoon":
    "Um código foi enviado há menos de um minuto. Você poderá pedir outro {when}.",
  "code.accountTaken": "Esta conta já está em uso",
  "code.noMail":
    "Este servidor ainda não consegue enviar e-mails, por isso nenhum código foi enviado. Peça ao administrador para configurar o e-mail.",
  "code.noMailReset":
    "Este servidor ainda não consegue enviar e-mails, por isso nenhum código foi enviado. Peça ao administrador para redefinir sua senha.",
  "code.noSms":
    "Este servidor não consegue enviar SMS, por isso nenhum código foi enviado. Peça ajuda ao administrador.",
  "code.noSmsReset":
    "Este servidor não consegue enviar SMS, por isso nenhum código foi enviado. Peça ao administrador para redefinir sua senha.",
  "code.smsFailed":
    "Não foi possível enviar o SMS, então nenhum código foi enviado. Tente novamente em instantes.",
  "sms.codeText": "Seu código do {name} é {code}. Ele expira em 5 minutos.",
  "sms.testText":
    "Esta é uma mensagem de teste do {name}. O SMS está configurado corretamente.",
  "lang.invalid": "Este idioma não é suportado",
  "demo.readOnly": "Esta é uma demo, por isso não é possível fazer alterações",
  "system.closed": "O servidor está fechado para manutenção. Volte mais tarde.",
  "message.tooLong": "Esta mensagem é longa demais para ser enviada",
  "message.tooSoon":
    "As mensagens nesta conversa são espaçadas. Você poderá enviar novamente {when}.",
  "message.tooFast":
    "Você está enviando mensagens rápido demais. Tente novamente {when}.",
  "message.empty": "Não é possível enviar uma mensagem vazia",
  "message.idReused":
    "Esta mensagem entrou em conflito com outra. Envie-a novamente.",
  "contact.notFound": "Este contato não existe",
  "chat.singleDisabled":
    "As conversas individuais estão desativadas neste servidor",
  "chat.notFriend": "Você só pode enviar mensagens para seus amigos",
  "group.notFound": "Este grupo não existe",
  "group.disabled": "As conversas em grupo estão desativadas neste servidor",
  "group.nameLength": "Digite um nome de grupo com 2 a 20 caracteres",
  "group.tooFew": "Escolha pelo menos 2 pessoas para um grupo",
  "group.selectToAdd": "Escolha as pessoas que deseja adicionar",
  "group.tooManyAtOnce":
    "Muitas pessoas de uma vez; adicione-as em partes menores",
  "group.full": "Este grupo está cheio (no máximo {max} membros)",
  "group.limitReached": "Você já criou o número máximo de grupos permitido",
  "group.userNotFound":
    "Algumas das pessoas escolhidas não foram encontradas ou não podem ser adicionadas",
  "group.memberNotFound": "Esta pessoa não é membro do grupo",
  "group.noPermission": "Você não tem permissão para fazer isso neste grupo",
  "group.ownerMustTransfer":
    "Como dono do grupo, transfira-o para outra pessoa antes de sair",
  "group.muteInvalid": "O silenciamento dura de 1 minuto a 365 dias",
  "group.changed": "O grupo acabou de mudar; atualize e tente novamente",
  "group.disbanded": "Este grupo foi dissolvido",
  "group.muted": "Você não pode enviar mensagens neste grupo até {until}",
  "group.nospeak":
    "No momento, apenas alguns membros podem enviar mensagens neste grupo",
  "group.noticeTooLong": "Um aviso pode ter no máximo 1.000 caracteres",
  "search.tooLong": "Uma pesquisa pode ter no máximo 100 caracteres",
  "group.descriptionTooLong": "Uma descrição pode ter no máximo 500 caracteres",
  "group.publicOff": "Os administradores desativaram os grupos públicos",
  "group.qrInvalid":
    "Este QR code do grupo é inválido ou expirou; peça a um membro para compartilhá-lo novamente",
  "message.notFound": "Esta mensagem não existe",

  "people.keywordsLength":
    "Os termos de busca podem ter no máximo 32 caracteres",
  "people.privacy": "Privacidade ativada, não é possível ver as informações",
  "profile.saved": "Seu perfil foi salvo",
  "profile.emailInvalid":
    "Digite um endereço de e-mail válido (no máximo 120 caracteres)",
  "profile.mottoLength": "A assinatura pode ter no máximo 100 caracteres",
  "profile.renameOff":
    "Sua organização gerencia os nomes: peça a um administrador para alterar o seu",
  "password.changed":
    "Sua senha foi alterada e seus outros dispositivos foram desconectados",
  "password.oldRequired": "Digite sua senha atual",
  "password.oldWrong": "Sua senha atual está incorreta",
  "password.codeRequired": "Digite o código enviado para sua conta",
  "password.codeWrong": "Esse código está errado ou expirou",
  "account.changed":
    "Sua conta foi alterada. Faça login novamente com a nova conta.",
  "account.same": "A nova conta é igual à atual",
  "account.codeRequired": "Digite o código enviado para sua conta atual",
  "account.codeWrong": "O código da sua conta atual está errado ou expirou",
  "account.newCodeRequired": "Digite o código enviado para a nova conta",
  "account.newCodeWrong": "O código da nova conta está errado ou expirou",
  "avatar.saved": "Seu avatar foi atualizado",
  "avatar.missing": "Escolha uma imagem",
  "avatar.notImage": "Só é possível enviar imagens jpg, png ou gif",
  "avatar.tooLarge": "A imagem do avatar pode ter no máximo 5 MB",
  "file.missing": "Escolha um arquivo para enviar",
  "file.tooLarge": "Um arquivo pode ter no máximo {size} MB",
  "file.typeRefused": "Arquivos do tipo .{ext} não podem ser enviados",
  "friend.remarkRequired": "Digite um texto válido para sua solicitação",
  "friend.remarkLength":
    "A mensagem da solicitação pode ter no máximo 100 caracteres",
  "friend.applied": "Solicitação de amizade enviada",
  "friend.self": "Você não pode adicionar a si mesmo como amigo",
  "friend.already": "Vocês já são amigos",
  "friend.alreadyApplied": "Você já enviou uma solicitação; aguarde a resposta",
  "friend.recentlyRefused":
    "Esta pessoa recusou o seu pedido recentemente. Pode pedir de novo daqui a {hours} horas",
  "friend.limit": "Você já tem o número máximo de amigos permitido",
  "friend.requestNotFound":
    "Esta solicitação de amizade não existe ou já foi respondida",
  "friend.agreed": "Solicitação de amizade aceita",
  "friend.refused": "Solicitação de amizade recusada",
  "friend.notFriend": "Este usuário não é seu amigo",
  "friend.nicknameRequired": "Digite um nome personalizado",
  "friend.nicknameLength":
    "O nome personalizado pode ter no máximo 16 caracteres",
  "friend.nicknameSet": "Definido com sucesso",
  "friend.deleted": "Amigo removido",
  "friend.deleteModeOnly": "Amigos só podem ser removidos no modo amigos",
  "friend.requestsModeOnly":
    "Pedidos de amizade só existem no modo de amigos: aqui todos já podem conversar com todos",
  "friend.newFriend": "Novos amigos",
  "friend.addedYou": "enviou uma solicitação de amizade para você",
  "friend.nowFriends": "Agora vocês são amigos. Comece a conversar!",
  "config.saved": "Configurações salvas",
  "config.invalidField": "A configuração {field} não é válida",
  "config.storageUnreachable":
    "Não foi possível acessar o armazenamento: verifique o endereço, o bucket e as chaves",
  "message.withdrawExpired":
    "Só é possível retirar uma mensagem até {minutes} minutos após o envio",
  "message.withdrawDenied": "Não pode retirar esta mensagem",
  "message.editDenied": "Não pode editar esta mensagem",
  "message.editExpired":
    "As mensagens só podem ser editadas até {minutes} minutos após o envio",
  "message.alreadyWithdrawn": "Esta mensagem já foi retirada",
  "thread.rootNotFound": "Esta conversa não existe",
  "thread.notRoot":
    "Uma resposta numa conversa não pode iniciar outra conversa",
  "thread.rootWithdrawn":
    "Esta mensagem foi retirada: a conversa não aceita novas respostas",
  "reaction.invalidEmoji": "Escolha um emoji",
  "reaction.tooMany":
    "Uma mensagem pode ter no máximo {max} reações diferentes",
  "message.deleteDisabled": "Eliminar mensagens está desativado neste servidor",
  "message.deleteDenied":
    "Só pode eliminar as suas próprias mensagens em conversas individuais",
  "message.forwardLimit": "Não pode reencaminhar para mais de 5 destinos!",
  "message.forwardNoTarget": "Escolha uma conversa",
  "message.notForwardable": "Esta mensagem não pode ser reencaminhada",
  "message.forwarded": "Enviado com sucesso",
  "favourite.saved": "Adicionado aos favoritos",
  "favourite.notFound": "Este favorito não existe",
  "favourite.notSaveable":
    "Esta mensagem não pode ser adicionada aos favoritos",
  "chat.notSettable": "A entrada do sistema não pode ser fixada nem silenciada",
  "chat.systemEntry": "Você não pode escrever nesta conversa",
  "chat.selfName": "Transferência de arquivos",
  "chat.selfEmpty": "Envie arquivos e notas para você mesmo",
  "push.badEndpoint": "Esta subscrição de notificações push não pode ser usada",
  "push.endpointTaken":
    "As notificações deste dispositivo pertencem a outra conta; subscreva novamente",
  "console.userNotFound": "Este usuário não existe",
  "console.emailInvalid": "Digite um endereço de e-mail válido",
  "console.phoneInvalid": "Digite um número de telefone válido",
  "console.notPermitted":
    "Somente um superadministrador pode alterar administradores ou funções",
  "console.importTooLarge":
    "O arquivo é grande demais: importe no máximo 512 KB de CSV por vez.",
  "console.importTooMany": "Importe no máximo 1.000 usuários por vez.",
  "console.importEmpty":
    "O arquivo não contém usuários: uma linha de cabeçalho e, depois, um usuário por linha.",
  "console.importColumns":
    "A linha de cabeçalho precisa das colunas account e name (email, role e password são opcionais).",
  "console.importMalformed":
    "Este não é um arquivo CSV legível (linha {line}). Salve-o como CSV (UTF-8) e tente novamente.",
  "console.importDuplicate": "Esta conta aparece duas vezes no arquivo",
  "console.importRole": "Função desconhecida: use user, admin ou super",
  "console.ownAccount":
    "Você não pode desativar, excluir nem alterar a função da sua própria conta",
  "console.lastAdmin": "É preciso manter pelo menos um superadministrador",
  "console.ownsGroups":
    "Este usuário é dono de {count} grupo(s): passe-os para outra pessoa ou desfaça-os primeiro",
  "console.mailNotConfigured":
    "Nenhum servidor de e-mail está configurado (SMTP_HOST), por isso não é possível enviar e-mails",
  "console.mailFailed": "Não foi possível enviar o e-mail de teste: {reason}",
  "console.mailSent": "E-mail de teste enviado",
  "console.smsNotConfigured":
    "Nenhum gateway de SMS está configurado, então nenhum SMS pode ser enviado",
  "console.smsFailed": "Não foi possível enviar o SMS de teste: {reason}",
  "console.smsSent": "SMS de teste enviado",
  "register.inviteRequired":
    "O cadastro é feito apenas por convite: abra o link de convite que você recebeu",
  "register.inviteInvalid": "Este link de convite é inválido ou expirou",
  "console.chooseChat":
    "Escolha primeiro um usuário e uma das conversas dele: as palavras são buscadas dentro de uma conversa",
  "console.taskNotFound": "Essa tarefa não existe",
  "console.tasksStopped": "As tarefas agendadas estão paradas",
  "console.taskBusy": "Esta tarefa já está em execução: aguarde até terminar",
  "notice.notFound": "Aviso não encontrado",
  "notice.titleInvalid": "Introduza um título de 1 a 100 caracteres",
  "notice.textInvalid": "Introduza o aviso, no máximo 5.000 caracteres",
  "notice.entryName": "Avisos do sistema",
  "notice.superOnly":
    "Só um superadministrador pode publicar avisos do sistema",
  "complaint.typeInvalid": "Escolha o que denunciar",
  "complaint.reasonInvalid": "Escolha um motivo para a denúncia",
  "complaint.textTooLong":
    "Descreva o que aconteceu em no máximo 500 caracteres",
  "complaint.targetNotFound": "O que você está denunciando não existe",
  "complaint.notFound": "Denúncia não encontrada",
  "complaint.received": "Obrigado: um administrador vai analisar",
  "complaint.ownAccount": "Você não pode denunciar a si mesmo",
  "complaint.suggestionEmpty": "Escreva sua sugestão",
  "complaint.suggestionReceived":
    "Obrigado pela sugestão: os administradores vão lê-la",
  "article.notFound": "Artigo não encontrado",
  "article.titleInvalid": "Digite um título de 1 a 100 caracteres",
  "article.contentInvalid":
    "Escreva o artigo: ele não pode ficar vazio nem passar de 200.000 caracteres",
  "file.notFound": "Arquivo não encontrado",
  "logo.tooLarge": "A imagem do logotipo tem no máximo 2 MB",
  "articleImage.tooLarge": "Uma imagem de artigo pode ter no máximo 8 MB",
  "call.disabled": "As chamadas de voz e vídeo não estão ativadas",
  "call.videoDisabled": "As chamadas de vídeo não estão ativadas",
  "call.notFound": "Esta chamada terminou ou não existe",
  "call.inAnotherCall": "Você já está em uma chamada em outro dispositivo",
  "call.tooLarge": "Os dados da chamada são grandes demais",
  "call.handledElsewhere": "Esta chamada foi atendida em outro dispositivo",
};
