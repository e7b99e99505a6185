extension Strings {
    /// German: longer words than English, a decimal comma.
    static let germanTable: [StringKey: String] = [
        .video: "Video", .audio: "Audio", .text: "Text", .sticker: "Sticker", .image: "Bild", .split: "Teilen", .delete: "Löschen",
        .undo: "Widerrufen", .redo: "Wiederholen",
        .play: "Abspielen", .pause: "Pause", .showTimeline: "Zeitleiste zeigen", .hideTimeline: "Zeitleiste ausblenden", .secondsUnit: " s",
        .noClipAtPlayhead: "Kein Clip am Abspielkopf", .loading: "Wird geladen…", .mediaOffline: "Medien nicht verfügbar", .preview: "Vorschau",
        .addVideo: "Video hinzufügen", .addAudio: "Audio hinzufügen", .addImage: "Bild hinzufügen", .cancel: "Abbrechen", .demoMedia: "Demo-Medien",
        .cannotOpen: "Lässt sich nicht öffnen", .formats: "Formate", .closeFormats: "Formate schließen",
        .stickers: "Sticker", .closeStickers: "Sticker schließen",
        .star: "Stern", .heart: "Herz", .bolt: "Blitz", .arrow: "Pfeil", .bubble: "Sprechblase", .sun: "Sonne", .smile: "Lächeln", .sparkle: "Funkeln",
        .done: "Fertig", .doneEditing: "Bearbeiten beenden", .typeYourText: "Text eingeben", .box: "Kasten",
        .small: "Klein", .medium: "Mittel", .large: "Groß",
        .white: "Weiß", .yellow: "Gelb", .red: "Rot", .blue: "Blau", .black: "Schwarz",
        .keySpace: "Leerzeichen", .keyReturn: "Zeilenumbruch",
        .skip: "Überspringen", .skipTask: "Diese Aufgabe überspringen", .skipped: "Übersprungen", .allTasksDone: "Alle Aufgaben erledigt",
        .selectClipToSplit: "Wähle einen Clip zum Teilen.", .selectClipToDelete: "Wähle einen Clip zum Löschen.", .nothingToUndo: "Nichts zu widerrufen.", .nothingToRedo: "Nichts zu wiederholen.",
        .taskNumber: "Aufgabe {n} von {count}", .allTasksDoneThanks: "Alle {count} Aufgaben erledigt. Danke!", .timesUp: "Zeit abgelaufen",
        .oneFile: "1 Datei", .files: "{count} Dateien", .noMediaIn: "Keine {kind} in {folder}", .videos: "Videos", .soundFiles: "Audiodateien",
        .pictures: "Bilder", .picture: "Bild", .sound: "Audio", .withSound: "Ton", .trimStart: "Anfang", .trimEnd: "Ende",
        .next: "Weiter", .back: "Zurück", .questionNumber: "Frage {n} von {count}",
        .participantNumber: "Teilnehmernummer", .start: "Start", .agree: "Ich stimme zu", .decline: "Ich stimme nicht zu", .partNumber: "Teil {n} von {count}",
        .practice: "Übung", .practiceIntro: "Zuerst eine kurze Aufgabe zum Ausprobieren. Sie zählt nicht.",
        .partIntro: "Als Nächstes einige Aufgaben mit dieser Version des Editors, danach ein paar Fragen dazu.",
        .thankYou: "Vielen Dank!", .thankYouDone: "Das war alles. Bitte sag der Versuchsleitung, dass du fertig bist.",
        .declinedThanks: "Danke für deine Zeit. Es wurde nichts aufgezeichnet.", .clear: "Löschen", .consentHeading: "Bevor wir beginnen",
    ]
}
