/// Every label the chrome shows, by meaning. Each language's table (`Strings.tables`) says it.
public enum StringKey: String, CaseIterable, Hashable, Sendable {
    // Toolbar and title bar.
    case video, audio, text, sticker, image, split, delete, undo, redo
    // Player bar.
    case play, pause, showTimeline, hideTimeline
    /// The unit after a duration in seconds ("4.5s").
    case secondsUnit
    // Canvas.
    case noClipAtPlayhead, loading, mediaOffline, preview
    // Sheets and pickers.
    case addVideo, addAudio, addImage, cancel, demoMedia, cannotOpen, formats, closeFormats
    case stickers, closeStickers
    // The transition picker; a junction's label is "Transition before {clip}".
    case transitions, closeTransitions, transitionBefore, noTransition, crossDissolve, dipToBlack, wipe, slide, zoom, transitionLength
    // What the editor did to a transition so it fits: "{clip}", "{seconds}", "{reason}".
    case transitionShortened, transitionBeforeShortened, transitionBeforeRemovedNoCut, transitionBeforeRemoved
    case footageAfterEnd, footageBeforeStart, clipIsOnly
    // The Export sheet: "{time} left", "Exported to {path}", "Export failed: {reason}".
    case export, closeExport, exportSize, exportFrameRate, exportQuality, draft, standard, high, startExport, keepEditing
    case exporting, timeLeft, exportedTo, exportFailed, exportCancelled
    // What the choices make: "{width} × {height}, {fps} fps".
    case movieSummary
    // The selected clip's sound controls.
    case level, fadeIn, fadeOut, muteTrack, unmuteTrack, duckTrack
    case star, heart, bolt, arrow, bubble, sun, smile, sparkle
    // Text editing.
    case done, doneEditing, typeYourText, box, small, medium, large, white, yellow, red, blue, black
    case keySpace, keyReturn
    // Tasks and banners.
    case skip, skipTask, skipped, allTasksDone, selectClipToSplit, selectClipToDelete, nothingToUndo, nothingToRedo
    /// With `{n}` and `{count}` filled in.
    case taskNumber, allTasksDoneThanks, timesUp
    // The media sheet: `{count}` files, "No {kind} in {folder}".
    case oneFile, files, noMediaIn, videos, soundFiles, pictures, picture, sound, withSound
    // The trim preview's pill.
    case trimStart, trimEnd
    // Questionnaires: Next and Back, "Question {n} of {count}".
    case next, back, questionNumber
    // A study's own screens: "Part {n} of {count}".
    case participantNumber, start, agree, decline, partNumber, practice, practiceIntro, partIntro, thankYou, thankYouDone
    case declinedThanks, clear, consentHeading
}
