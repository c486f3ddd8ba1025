extension PageCatalog {
    /// Turkish.
    static let turkish: [PageText: String] = [
        .titleFromInviter: "{inviter} seni {family} grubuna davet etti",
        .title: "{family} grubuna davet edildin",
        .eyebrow: "Aile daveti",
        .heading: "{family} grubuna katıl",
        .invitedBy: "{inviter} seni davet etti.",
        .invited: "Bir davetin var.",
        .expires: "Son geçerlilik tarihi: {date}.",
        .forSpecificPerson: "Bu davet belirli bir kişi içindir.",
        .usesLeft: "Kalan kullanım: {count}.",
        .previewDescription: "{family} grubuna katılmak için bu daveti aç.",
        .getOnAppStore: "Uygulamayı App Store’dan indir",
        .getOnGooglePlay: "Uygulamayı Google Play’den indir",
        .openInApp: "Uygulamada aç",
        .haveAppHeading: "Uygulama zaten var mı?",
        .haveAppSteps:
            "Daveti kopyala, uygulamayı açıp yapıştır ya da sana verilen davet kodunu yaz (büyük-küçük harf, boşluk ve tire fark etmez).",
        .tooManyTries:
            "Uygulama çok fazla yanlış kod denendiğini söylerse bunun yerine bu davet bağlantısını yapıştır: ne yazılmış olursa olsun bu bağlantı çalışmaya devam eder.",
        .copyButton: "Daveti kopyala",
        .copied: "Kopyalandı",
        .linkSelected: "Bağlantı seçildi: kopyala",
        .qrAlt: "Bu davet bağlantısının QR kodu",
        .qrCaption: "Bilgisayarda mısın? Telefonunun kamerasıyla (iPhone veya Android) tara.",
        .notFoundTitle: "Davet bulunamadı",
        .notFoundHeading: "Bu davet kullanılamıyor",
        .notFoundBody: "Bağlantı yanlış ya da davetin süresi doldu veya geri çekildi. Seni davet eden kişiden yeni bir davet iste.",
    ]
}
