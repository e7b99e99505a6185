extension Strings {
    /// English: the language the chrome was written in.
    static let englishTable: [StringKey: String] = [
        .video: "Video", .audio: "Audio", .text: "Text", .sticker: "Sticker", .image: "Image", .split: "Split", .delete: "Delete",
        .undo: "Undo", .redo: "Redo",
        .play: "Play", .pause: "Pause", .showTimeline: "Show timeline", .hideTimeline: "Hide timeline", .secondsUnit: "s",
        .noClipAtPlayhead: "No clip at the playhead", .loading: "Loading…", .mediaOffline: "Media offline", .preview: "Preview",
        .addVideo: "Add Video", .addAudio: "Add Audio", .addImage: "Add Image", .cancel: "Cancel", .demoMedia: "Demo media",
        .cannotOpen: "Can’t open", .formats: "Formats", .closeFormats: "Close formats",
        .stickers: "Stickers", .closeStickers: "Close stickers",
        .star: "Star", .heart: "Heart", .bolt: "Bolt", .arrow: "Arrow", .bubble: "Bubble", .sun: "Sun", .smile: "Smile", .sparkle: "Sparkle",
        .done: "Done", .doneEditing: "Done editing", .typeYourText: "Type your text", .box: "Box",
        .small: "Small", .medium: "Medium", .large: "Large",
        .white: "White", .yellow: "Yellow", .red: "Red", .blue: "Blue", .black: "Black",
        .keySpace: "space", .keyReturn: "return",
        .skip: "Skip", .skipTask: "Skip this task", .skipped: "Skipped", .allTasksDone: "All tasks done",
        .selectClipToSplit: "Select a clip to split it.", .selectClipToDelete: "Select a clip to delete it.", .nothingToUndo: "Nothing to undo.", .nothingToRedo: "Nothing to redo.",
        .taskNumber: "Task {n} of {count}", .allTasksDoneThanks: "All {count} tasks done. Thank you!", .timesUp: "Time’s up",
        .oneFile: "1 file", .files: "{count} files", .noMediaIn: "No {kind} in {folder}", .videos: "videos", .soundFiles: "sound files",
        .pictures: "pictures", .picture: "Picture", .sound: "Sound", .withSound: "sound", .trimStart: "Start", .trimEnd: "End",
        .next: "Next", .back: "Back", .questionNumber: "Question {n} of {count}",
        .participantNumber: "Participant number", .start: "Start", .agree: "I agree", .decline: "I do not agree", .partNumber: "Part {n} of {count}",
        .practice: "Practice", .practiceIntro: "First, a short task to try the editor. It does not count.",
        .partIntro: "Next: a few tasks with this version of the editor, then some questions about it.",
        .thankYou: "Thank you!", .thankYouDone: "That is everything. Please tell the researcher you are done.",
        .declinedThanks: "Thank you for your time. Nothing was recorded.", .clear: "Clear", .consentHeading: "Before we begin",
    ]
}
