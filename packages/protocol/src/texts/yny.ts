import type { Texts } from "../common/texts.js";

/** Every server text in Indonesian. */
export const texts: Texts = {
  ok: "Selesai",
  "login.ok": "Berhasil masuk",
  "logout.ok": "Berhasil keluar",
  "register.ok": "Akun Anda sudah siap",
  "code.sent": "Kode telah dikirim. Kode berlaku selama 5 menit.",
  "lang.switched": "Bahasa telah diganti",
  "session.missing": "Masuk untuk melanjutkan",
  "session.expired": "Sesi Anda telah berakhir. Masuk lagi untuk melanjutkan.",
  "session.evicted":
    "Akun Anda masuk di perangkat lain, sehingga Anda dikeluarkan di sini.",
  "session.disabled":
    "Akun Anda telah dinonaktifkan. Hubungi administrator untuk mendapatkan bantuan.",
  "request.invalid":
    "Ada yang tidak benar dalam permintaan ini. Silakan coba lagi.",
  "request.invalidField": "Kolom {field} tidak valid",
  "request.tooLarge": "Ukurannya terlalu besar untuk dikirim",
  "request.unsupportedType": "Jenis permintaan ini tidak didukung",
  "request.notFound": "Tindakan ini tidak ada di server",
  "request.rateLimited": "Terlalu banyak percobaan. Coba lagi {when}.",
  "server.error": "Terjadi kesalahan di server. Silakan coba lagi nanti.",
  "login.accountRequired": "Masukkan akun Anda",
  "login.passwordRequired": "Masukkan kata sandi Anda",
  "login.codeRequired": "Masukkan kode",
  "login.codeFormat": "Kode terdiri dari 6 digit",
  "login.failed": "Akun atau kata sandi salah",
  "login.codeWrong": "Kode salah atau sudah kedaluwarsa",
  "login.tokenInvalid":
    "Tautan masuk ini sudah kedaluwarsa. Masuk dengan akun dan kata sandi Anda.",
  "login.disabled":
    "Akun Anda telah dinonaktifkan. Hubungi administrator untuk mendapatkan bantuan.",
  "login.totpRequired":
    "Masukkan kode 6 digit dari aplikasi autentikator Anda (atau kode pemulihan).",
  "login.totpWrong":
    "Kode salah atau sudah digunakan. Masukkan kode saat ini dari aplikasi autentikator Anda.",
  "login.ssoOnly":
    "Organisasi ini menggunakan single sign-on (SSO). Gunakan tombol masuk di atas.",
  "welcome.invalid":
    "Tautan undangan ini sudah kedaluwarsa atau sudah dipakai. Mintalah tautan baru kepada administrator.",
  "welcome.ok": "Kata sandi Anda sudah diatur. Selamat datang!",
  "bot.notFound": "Bot ini tidak ada.",
  "bot.nameRequired": "Beri nama bot.",
  "bot.avatarInvalid": "Gambar bot harus yang diunggah ke server ini.",
  "bot.notOwner": "Bot tidak dapat menjadi pemilik grup.",
  "bot.noRole": "Bot tidak dapat menjadi administrator.",
  "bot.noPassword":
    "Bot tidak memiliki kata sandi: bot menandatangani panggilannya dengan tokennya (Konsol → Bot).",
  "hook.notFound": "Webhook ini tidak ada.",
  "hook.nameRequired": "Beri nama webhook.",
  "hook.nameLength": "Nama webhook paling banyak 16 karakter.",
  "hook.kind": "Jenis webhook ini belum tersedia.",
  "hook.tooMany": "Satu grup paling banyak memiliki 20 webhook.",
  "hook.textRequired": "Pesan tidak berisi teks.",
  "hook.payload":
    "Isi permintaan bukan pesan webhook: kirim JSON berisi text, atau kolom formulir payload yang memuatnya.",
  "hook.url":
    "Masukkan alamat tujuan POST: URL http atau https (paling banyak 1.000 karakter).",
  "hook.triggers":
    "Masukkan satu hingga sepuluh kata pemicu, dipisahkan koma, masing-masing tanpa spasi (paling banyak 32 karakter).",
  "command.notFound": "Perintah ini tidak ada.",
  "command.name":
    "Nama perintah terdiri dari 1 hingga 32 huruf kecil, angka, - atau _.",
  "command.taken": "Perintah dengan nama ini sudah ada.",
  "command.tooMany": "Sudah ada 100 perintah. Hapus satu terlebih dahulu.",
  "command.unknown":
    "Tidak ada perintah /{name}. Untuk mengirim teks yang diawali garis miring, awali dengan //.",
  "command.failed": "/{name} tidak menjawab ({reason}).",
  "command.noText": "/{name} tidak menjawab apa pun yang dapat ditampilkan.",
  "totp.codeRequired": "Masukkan kode dari aplikasi autentikator Anda.",
  "totp.codeWrong": "Kode salah atau sudah digunakan. Masukkan kode saat ini.",
  "totp.alreadyOn":
    "Verifikasi 2 langkah sudah aktif. Nonaktifkan terlebih dahulu untuk menyiapkan autentikator baru.",
  "totp.notSetUp":
    "Siapkan verifikasi 2 langkah terlebih dahulu: pindai kode QR, lalu masukkan kode.",
  "totp.off": "Verifikasi 2 langkah belum aktif.",
  "totp.required":
    "Administrator Anda mewajibkan verifikasi 2 langkah, sehingga fitur ini tidak dapat dinonaktifkan.",
  "totp.setupRequired":
    "Administrator Anda mewajibkan verifikasi 2 langkah. Siapkan verifikasi ini untuk melanjutkan.",
  "sso.off": "Single sign-on belum disiapkan di server ini.",
  "sso.failed":
    "Single sign-on tidak selesai. Coba lagi atau hubungi administrator Anda.",
  "sso.stateInvalid":
    "Tautan masuk ini sudah kedaluwarsa atau dibuka di browser lain. Mulai lagi dari halaman masuk.",
  "sso.noAccount":
    "Akun organisasi Anda belum ditautkan ke akun mana pun di server ini. Hubungi administrator Anda.",
  "sso.disabled":
    "Akun Anda telah dinonaktifkan. Hubungi administrator untuk mendapatkan bantuan.",
  "register.closed": "Server ini sedang tidak membuka pendaftaran",
  "register.accountLength": "Akun harus terdiri dari 4 hingga 32 karakter",
  "register.accountChars":
    "Akun tidak boleh berisi karakter Tionghoa, spasi, atau karakter kontrol",
  "register.accountPlain": "Masukkan nama akun",
  "register.accountPhone": "Masukkan nomor telepon yang valid",
  "register.accountEmail": "Masukkan alamat email yang valid",
  "register.accountPhoneOrEmail":
    "Masukkan nomor telepon atau alamat email yang valid",
  "register.accountTaken": "Akun ini sudah digunakan",
  "register.realnameLength":
    "Nama panggilan harus terdiri dari 2 hingga 16 karakter",
  "register.passwordLength":
    "Kata sandi harus terdiri dari 6 hingga 16 karakter",
  "register.codeRequired": "Masukkan kode",
  "register.codeWrong": "Kode salah atau sudah kedaluwarsa",
  "code.accountRequired":
    "Masukkan nomor telepon atau email Anda terlebih dahulu",
  "code.accountFormat":
    "Kode hanya dapat dikirim ke nomor telepon atau alamat email",
  "code.typeInvalid": "Jenis kode ini tidak didukung",
  "code.tooSoon":
    "Kode baru dikirim kurang dari satu menit yang lalu. Anda dapat meminta kode lain {when}.",
  "code.accountTaken": "Akun ini sudah digunakan",
  "code.noMail":
    "Server ini belum dapat mengirim email, sehingga kode tidak terkirim. Minta administrator Anda untuk menyiapkan email.",
  "code.noMailReset":
    "Server ini belum dapat mengirim email, sehingga kode tidak terkirim. Minta administrator Anda untuk mengatur ulang kata sandi Anda.",
  "code.noSms":
    "Server ini tidak dapat mengirim SMS, sehingga kode tidak terkirim. Hubungi administrator untuk mendapatkan bantuan.",
  "code.noSmsReset":
    "Server ini tidak dapat mengirim SMS, sehingga kode tidak terkirim. Minta administrator Anda untuk mengatur ulang kata sandi Anda.",
  "code.smsFailed":
    "SMS tidak dapat dikirim, jadi tidak ada kode yang terkirim. Coba lagi sebentar lagi.",
  "sms.codeText":
    "Kode {name} Anda adalah {code}. Kode berlaku selama 5 menit.",
  "sms.testText":
    "Ini adalah pesan uji coba dari {name}. SMS sudah diatur dengan benar.",
  "lang.invalid": "Bahasa tersebut tidak didukung",
  "demo.readOnly": "Ini adalah demo, sehingga perubahan tidak diizinkan",
  "system.closed":
    "Server sedang ditutup untuk pemeliharaan. Silakan kembali lagi nanti.",
  "message.tooLong": "Pesan ini terlalu panjang untuk dikirim",
  "message.tooSoon":
    "Percakapan ini memberi jeda antarpesan. Anda dapat mengirim lagi {when}.",
  "message.tooFast": "Anda mengirim pesan terlalu cepat. Coba lagi {when}.",
  "message.empty": "Anda tidak dapat mengirim pesan kosong",
  "message.idReused":
    "Pesan ini bentrok dengan pesan lain. Silakan kirim ulang.",
  "contact.notFound": "Kontak ini tidak ada",
  "chat.singleDisabled": "Obrolan pribadi dinonaktifkan di server ini",
  "chat.notFriend": "Anda hanya dapat mengirim pesan kepada teman Anda",
  "group.notFound": "Grup ini tidak ada",
  "group.disabled": "Obrolan grup dinonaktifkan di server ini",
  "group.nameLength":
    "Masukkan nama grup yang terdiri dari 2 hingga 20 karakter",
  "group.tooFew": "Pilih setidaknya 2 orang untuk membuat grup",
  "group.selectToAdd": "Pilih orang yang ingin ditambahkan",
  "group.tooManyAtOnce":
    "Terlalu banyak orang sekaligus; tambahkan secara bertahap",
  "group.full": "Grup ini sudah penuh (maksimal {max} anggota)",
  "group.limitReached":
    "Anda telah mencapai batas jumlah grup yang boleh dibuat",
  "group.userNotFound":
    "Beberapa orang yang Anda pilih tidak ditemukan atau tidak dapat ditambahkan",
  "group.memberNotFound": "Orang ini bukan anggota grup",
  "group.noPermission":
    "Anda tidak memiliki izin untuk melakukan ini di grup ini",
  "group.ownerMustTransfer":
    "Sebagai pemilik, serahkan grup kepada orang lain sebelum Anda keluar",
  "group.muteInvalid": "Durasi bisukan antara 1 menit hingga 365 hari",
  "group.changed": "Grup baru saja berubah; muat ulang dan coba lagi",
  "group.disbanded": "Grup ini telah dibubarkan",
  "group.muted": "Anda dibisukan di grup ini hingga {until}",
  "group.nospeak":
    "Saat ini hanya sebagian anggota yang dapat mengirim pesan di grup ini",
  "group.noticeTooLong": "Pengumuman maksimal 1.000 karakter",
  "search.tooLong": "Pencarian paling banyak 100 karakter",
  "group.descriptionTooLong": "Deskripsi maksimal 500 karakter",
  "group.publicOff": "Administrator menonaktifkan grup publik",
  "group.qrInvalid":
    "Kode QR grup ini tidak valid atau sudah kedaluwarsa; minta anggota untuk membagikannya lagi",
  "message.notFound": "Pesan ini tidak ada",

  "people.keywordsLength": "Kata kunci pencarian maksimal 32 karakter",
  "people.privacy": "Privasi diaktifkan, informasi tidak dapat dilihat",
  "profile.saved": "Profil Anda telah disimpan",
  "profile.emailInvalid":
    "Masukkan alamat email yang valid (maksimal 120 karakter)",
  "profile.mottoLength": "Tanda tangan maksimal 100 karakter",
  "profile.renameOff":
    "Organisasi Anda mengelola nama: minta administrator untuk mengubah nama Anda",
  "password.changed":
    "Kata sandi Anda telah diubah, dan perangkat Anda yang lain telah dikeluarkan",
  "password.oldRequired": "Masukkan kata sandi Anda saat ini",
  "password.oldWrong": "Kata sandi Anda saat ini salah",
  "password.codeRequired": "Masukkan kode yang dikirim ke akun Anda",
  "password.codeWrong": "Kode salah atau sudah kedaluwarsa",
  "account.changed":
    "Akun Anda telah diubah. Masuk lagi dengan akun yang baru.",
  "account.same": "Akun baru sama dengan akun saat ini",
  "account.codeRequired": "Masukkan kode yang dikirim ke akun Anda saat ini",
  "account.codeWrong":
    "Kode untuk akun Anda saat ini salah atau sudah kedaluwarsa",
  "account.newCodeRequired": "Masukkan kode yang dikirim ke akun baru",
  "account.newCodeWrong": "Kode untuk akun baru salah atau sudah kedaluwarsa",
  "avatar.saved": "Avatar Anda telah diperbarui",
  "avatar.missing": "Pilih gambar",
  "avatar.notImage": "Hanya gambar jpg, png, atau gif yang dapat diunggah",
  "avatar.tooLarge": "Gambar avatar maksimal 5 MB",
  "file.missing": "Pilih file untuk dikirim",
  "file.tooLarge": "Ukuran file maksimal {size} MB",
  "file.typeRefused": "File berjenis .{ext} tidak dapat dikirim",
  "friend.remarkRequired": "Masukkan pesan yang valid untuk permintaan Anda",
  "friend.remarkLength": "Pesan permintaan maksimal 100 karakter",
  "friend.applied": "Permintaan pertemanan telah dikirim",
  "friend.self": "Anda tidak dapat menambahkan diri sendiri sebagai teman",
  "friend.already": "Anda sudah berteman",
  "friend.alreadyApplied":
    "Anda sudah mengirim permintaan; tunggu tanggapan mereka",
  "friend.recentlyRefused":
    "Orang ini baru saja menolak permintaan Anda. Anda dapat meminta lagi dalam {hours} jam",
  "friend.limit": "Jumlah teman Anda sudah mencapai batas",
  "friend.requestNotFound":
    "Permintaan pertemanan ini tidak ada atau sudah ditanggapi",
  "friend.agreed": "Permintaan pertemanan diterima",
  "friend.refused": "Permintaan pertemanan ditolak",
  "friend.notFriend": "Pengguna ini bukan teman Anda",
  "friend.nicknameRequired": "Masukkan nama alias",
  "friend.nicknameLength": "Nama alias maksimal 16 karakter",
  "friend.nicknameSet": "Berhasil diatur",
  "friend.deleted": "Teman telah dihapus",
  "friend.deleteModeOnly": "Teman hanya dapat dihapus dalam mode teman",
  "friend.requestsModeOnly":
    "Permintaan pertemanan hanya ada di mode teman: di sini semua orang sudah bisa saling mengobrol",
  "friend.newFriend": "Teman baru",
  "friend.addedYou": "ingin berteman dengan Anda",
  "friend.nowFriends": "Kalian sekarang berteman. Mulai mengobrol!",
  "config.saved": "Pengaturan disimpan",
  "config.invalidField": "Pengaturan {field} tidak valid",
  "config.storageUnreachable":
    "Penyimpanan tidak dapat dijangkau: periksa alamat, bucket, dan kuncinya",
  "message.withdrawExpired":
    "Pesan hanya dapat ditarik dalam {minutes} menit setelah dikirim",
  "message.withdrawDenied": "Anda tidak dapat menarik pesan ini",
  "message.editDenied": "Anda tidak dapat mengedit pesan ini",
  "message.editExpired":
    "Pesan hanya dapat diedit dalam {minutes} menit setelah dikirim",
  "message.alreadyWithdrawn": "Pesan ini sudah ditarik",
  "thread.rootNotFound": "Utas ini tidak ada",
  "thread.notRoot": "Balasan dalam utas tidak dapat memulai utasnya sendiri",
  "thread.rootWithdrawn":
    "Pesan ini sudah ditarik: utasnya tidak menerima balasan baru",
  "reaction.invalidEmoji": "Pilih satu emoji",
  "reaction.tooMany": "Satu pesan paling banyak memiliki {max} reaksi berbeda",
  "message.deleteDisabled": "Menghapus pesan dinonaktifkan di server ini",
  "message.deleteDenied":
    "Anda hanya dapat menghapus pesan Anda sendiri di obrolan pribadi",
  "message.forwardLimit": "Tidak dapat meneruskan ke lebih dari 5 tujuan!",
  "message.forwardNoTarget": "Pilih tujuan obrolan",
  "message.notForwardable": "Pesan ini tidak dapat diteruskan",
  "message.forwarded": "Berhasil dikirim",
  "favourite.saved": "Ditambahkan ke favorit",
  "favourite.notFound": "Favorit ini tidak ada",
  "favourite.notSaveable": "Pesan ini tidak dapat ditambahkan ke favorit",
  "chat.notSettable": "Entri sistem tidak dapat disematkan atau dibisukan",
  "chat.systemEntry": "Anda tidak dapat menulis di obrolan ini",
  "chat.selfName": "Transfer file",
  "chat.selfEmpty": "Kirim file dan catatan ke diri sendiri",
  "push.badEndpoint": "Langganan notifikasi push ini tidak dapat digunakan",
  "push.endpointTaken":
    "Notifikasi perangkat ini milik akun lain; berlangganan lagi",
  "console.userNotFound": "Pengguna ini tidak ada",
  "console.emailInvalid": "Masukkan alamat email yang valid",
  "console.phoneInvalid": "Masukkan nomor telepon yang valid",
  "console.notPermitted":
    "Hanya super administrator yang dapat mengubah administrator atau peran",
  "console.importTooLarge":
    "File terlalu besar: impor maksimal 512 KB CSV sekaligus.",
  "console.importTooMany": "Impor maksimal 1.000 pengguna sekaligus.",
  "console.importEmpty":
    "File tidak berisi pengguna: satu baris header, lalu satu pengguna per baris.",
  "console.importColumns":
    "Baris header memerlukan kolom account dan name (email, role, dan password bersifat opsional).",
  "console.importMalformed":
    "File ini bukan file CSV yang dapat dibaca (baris {line}). Simpan sebagai CSV (UTF-8) lalu coba lagi.",
  "console.importDuplicate": "Akun ini muncul dua kali dalam file",
  "console.importRole": "Peran tidak dikenal: gunakan user, admin, atau super",
  "console.ownAccount":
    "Anda tidak dapat menonaktifkan, menghapus, atau mengubah peran akun Anda sendiri",
  "console.lastAdmin": "Harus tetap ada setidaknya satu super administrator",
  "console.ownsGroups":
    "Pengguna ini adalah pemilik {count} grup; serahkan atau bubarkan grup tersebut terlebih dahulu",
  "console.mailNotConfigured":
    "Server email belum disiapkan (SMTP_HOST), sehingga email tidak dapat dikirim",
  "console.mailFailed": "Email uji coba tidak dapat dikirim: {reason}",
  "console.mailSent": "Email uji coba telah dikirim",
  "console.smsNotConfigured":
    "Gateway SMS belum diatur, jadi SMS tidak dapat dikirim",
  "console.smsFailed": "SMS uji coba tidak dapat dikirim: {reason}",
  "console.smsSent": "SMS uji coba terkirim",
  "register.inviteRequired":
    "Pendaftaran hanya melalui undangan: buka tautan undangan yang Anda terima",
  "register.inviteInvalid":
    "Tautan undangan ini tidak valid atau sudah kedaluwarsa",
  "console.chooseChat":
    "Pilih pengguna dan salah satu obrolannya terlebih dahulu: kata dicari di dalam percakapan",
  "console.taskNotFound": "Tugas ini tidak ada",
  "console.tasksStopped": "Tugas terjadwal sedang dihentikan",
  "console.taskBusy": "Tugas ini sedang berjalan: tunggu hingga selesai",
  "notice.notFound": "Pengumuman tidak ditemukan",
  "notice.titleInvalid": "Masukkan judul 1 hingga 100 karakter",
  "notice.textInvalid": "Masukkan isi pengumuman, paling banyak 5.000 karakter",
  "notice.entryName": "Pengumuman sistem",
  "notice.superOnly":
    "Hanya administrator super yang dapat menerbitkan pengumuman sistem",
  "complaint.typeInvalid": "Pilih apa yang akan dilaporkan",
  "complaint.reasonInvalid": "Pilih alasan laporan",
  "complaint.textTooLong": "Ceritakan kejadiannya paling banyak 500 karakter",
  "complaint.targetNotFound": "Yang Anda laporkan tidak ada",
  "complaint.notFound": "Laporan tidak ditemukan",
  "complaint.received": "Terima kasih: administrator akan memeriksanya",
  "complaint.ownAccount": "Anda tidak dapat melaporkan diri sendiri",
  "complaint.suggestionEmpty": "Tulis saran Anda",
  "complaint.suggestionReceived":
    "Terima kasih atas sarannya: administrator akan membacanya",
  "article.notFound": "Artikel tidak ditemukan",
  "article.titleInvalid": "Masukkan judul 1 sampai 100 karakter",
  "article.contentInvalid":
    "Tulis artikelnya: tidak boleh kosong atau lebih dari 200.000 karakter",
  "file.notFound": "File tidak ditemukan",
  "logo.tooLarge": "Gambar logo maksimal 2 MB",
  "articleImage.tooLarge": "Gambar dalam artikel maksimal 8 MB",
  "call.disabled": "Panggilan suara dan video belum diaktifkan",
  "call.videoDisabled": "Panggilan video belum diaktifkan",
  "call.notFound": "Panggilan ini sudah berakhir atau tidak ada",
  "call.inAnotherCall": "Anda sudah dalam panggilan di perangkat lain",
  "call.tooLarge": "Data panggilan terlalu besar",
  "call.handledElsewhere": "Panggilan ini sudah dijawab di perangkat lain",
};
