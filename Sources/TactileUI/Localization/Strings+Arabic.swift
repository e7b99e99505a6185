extension Strings {
    /// Arabic: written right to left, so the chrome mirrors.
    static let arabicTable: [StringKey: String] = [
        .video: "فيديو", .audio: "صوت", .text: "نص", .sticker: "ملصق", .image: "صورة", .split: "تقسيم", .delete: "حذف",
        .undo: "تراجع", .redo: "إعادة",
        .play: "تشغيل", .pause: "إيقاف مؤقت", .showTimeline: "إظهار الخط الزمني", .hideTimeline: "إخفاء الخط الزمني", .secondsUnit: " ث",
        .noClipAtPlayhead: "لا يوجد مقطع عند مؤشر التشغيل", .loading: "جارٍ التحميل…", .mediaOffline: "الوسائط غير متاحة", .preview: "معاينة",
        .addVideo: "إضافة فيديو", .addAudio: "إضافة صوت", .addImage: "إضافة صورة", .cancel: "إلغاء", .demoMedia: "وسائط العرض",
        .cannotOpen: "تعذّر الفتح", .formats: "المقاسات", .closeFormats: "إغلاق المقاسات",
        .stickers: "الملصقات", .closeStickers: "إغلاق الملصقات",
        .star: "نجمة", .heart: "قلب", .bolt: "برق", .arrow: "سهم", .bubble: "فقاعة", .sun: "شمس", .smile: "ابتسامة", .sparkle: "بريق",
        .done: "تم", .doneEditing: "إنهاء التحرير", .typeYourText: "اكتب النص", .box: "إطار",
        .small: "صغير", .medium: "متوسط", .large: "كبير",
        .white: "أبيض", .yellow: "أصفر", .red: "أحمر", .blue: "أزرق", .black: "أسود",
        .keySpace: "مسافة", .keyReturn: "إدخال",
        .skip: "تخطٍّ", .skipTask: "تخطي هذه المهمة", .skipped: "تم التخطي", .allTasksDone: "اكتملت كل المهام",
        .selectClipToSplit: "اختر مقطعًا لتقسيمه.", .selectClipToDelete: "اختر مقطعًا لحذفه.", .nothingToUndo: "لا شيء للتراجع عنه.", .nothingToRedo: "لا شيء لإعادته.",
        .taskNumber: "المهمة {n} من {count}", .allTasksDoneThanks: "اكتملت المهام كلها ({count}). شكرًا لك!", .timesUp: "انتهى الوقت",
        .oneFile: "ملف واحد", .files: "{count} ملفات", .noMediaIn: "لا توجد {kind} في {folder}", .videos: "مقاطع فيديو", .soundFiles: "ملفات صوتية",
        .pictures: "صور", .picture: "صورة", .sound: "صوت", .withSound: "صوت", .trimStart: "البداية", .trimEnd: "النهاية",
        .next: "التالي", .back: "رجوع", .questionNumber: "السؤال {n} من {count}",
        .participantNumber: "رقم المشارك", .start: "ابدأ", .agree: "أوافق", .decline: "لا أوافق", .partNumber: "الجزء {n} من {count}",
        .practice: "تمرين", .practiceIntro: "أولًا، مهمة قصيرة لتجربة المحرر. لا تُحتسب.",
        .partIntro: "التالي: بضع مهام بهذه النسخة من المحرر، ثم بعض الأسئلة عنها.",
        .thankYou: "شكرًا لك!", .thankYouDone: "هذا كل شيء. من فضلك أخبر الباحث أنك انتهيت.",
        .declinedThanks: "شكرًا على وقتك. لم يُسجَّل أي شيء.", .clear: "مسح", .consentHeading: "قبل أن نبدأ",
    ]
}
