extension PageCatalog {
    /// Indonesian.
    static let indonesian: [PageText: String] = [
        .titleFromInviter: "{inviter} mengundang Anda bergabung dengan {family}",
        .title: "Anda diundang bergabung dengan {family}",
        .eyebrow: "Undangan keluarga",
        .heading: "Bergabung dengan {family}",
        .invitedBy: "{inviter} mengundang Anda.",
        .invited: "Anda mendapat undangan.",
        .expires: "Berlaku hingga {date}.",
        .forSpecificPerson: "Undangan ini untuk orang tertentu.",
        .usesLeft: "Sisa penggunaan: {count}.",
        .previewDescription: "Buka undangan ini untuk bergabung dengan {family}.",
        .getOnAppStore: "Dapatkan aplikasinya di App Store",
        .getOnGooglePlay: "Dapatkan aplikasinya di Google Play",
        .openInApp: "Buka di aplikasi",
        .haveAppHeading: "Sudah punya aplikasinya?",
        .haveAppSteps:
            "Salin undangan, buka aplikasi lalu tempelkan, atau ketik kode undangan yang Anda terima (huruf besar-kecil, spasi, dan tanda hubung tidak berpengaruh).",
        .tooManyTries:
            "Jika aplikasi menyebut terlalu banyak kode salah yang dicoba, tempelkan tautan undangan ini saja: tautan ini tetap berfungsi, apa pun yang sudah diketik.",
        .copyButton: "Salin undangan",
        .copied: "Tersalin",
        .linkSelected: "Tautan dipilih: salin tautannya",
        .qrAlt: "Kode QR tautan undangan ini",
        .qrCaption: "Sedang di komputer? Pindai dengan kamera ponsel Anda (iPhone atau Android).",
        .notFoundTitle: "Undangan tidak ditemukan",
        .notFoundHeading: "Undangan ini tidak tersedia",
        .notFoundBody:
            "Tautannya salah, atau undangan sudah kedaluwarsa atau ditarik. Minta undangan baru kepada orang yang mengundang Anda.",
    ]
}
