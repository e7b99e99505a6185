import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileUI
import TactileHeadless

/// Participants: who takes part, a resumed participant, the lock on their folder.
extension StudySession {
    /// The part an interrupted participant goes on with (`study run --resume`): the first one
    /// that did not run to its end; nil when every part did.
    public static func partToResume(_ answers: StudyAnswers, study: StudyFile) -> Part? {
        let blocks = study.schedule(forParticipant: answers.participant).blocks.count
        let parts: [Part] = (study.practice != nil ? [.practice] : []) + (0..<blocks).map { .block($0) }
        return parts.first { part in
            let number: Int
            if case let .block(n) = part { number = n + 1 } else { number = 0 }
            return !answers.blocks.contains { $0.part == number && $0.complete }
        }
    }

    /// Takes up participant `number`'s answers so far to go on from the first part that did not
    /// run to its end: a part stopped midway keeps its recording, renamed `…-interrupted-N`, and
    /// is run again from its start (its answers leave `answers.json`; its log keeps them), and
    /// the study's log says so. The refusal when there is nothing to resume.
    func resume(_ number: Int) -> String? {
        let name = StudyAnswers.name(of: number), folder = participantFolder(number)
        var a: StudyAnswers
        do { a = try StudyAnswers.read(from: folder) } catch { return "\(name) cannot be resumed: \(CommandError.reason(error))" }
        guard a.study.isEmpty || a.study == study.title else { return "\(name) took part in another study (\(a.study)): give this study's results folder" }
        guard a.finished == nil, let next = Self.partToResume(a, study: study) else { return "\(name) finished the study: there is nothing to resume" }
        let nextNumber = partNumber(next)
        var restarted: String?
        for i in a.blocks.indices where a.blocks[i].part == nextNumber && !a.blocks[i].restarted {
            // The interrupted part's recording is kept beside, never overwritten.
            let old = folder.appendingPathComponent(a.blocks[i].folder)
            var k = 1
            while FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(a.blocks[i].folder)-interrupted-\(k)").path) { k += 1 }
            let kept = "\(a.blocks[i].folder)-interrupted-\(k)"
            if FileManager.default.fileExists(atPath: old.path) {
                do { try FileManager.default.moveItem(at: old, to: folder.appendingPathComponent(kept)) } catch {
                    return "\(old.path) cannot be set aside to run the part again (\(CommandError.reason(error)))"
                }
            }
            a.blocks[i].folder = kept
            a.blocks[i].restarted = true
            restarted = kept
        }
        a.answers.removeAll { $0.part == nextNumber }
        a.scores.removeAll { $0.part == nextNumber }
        answers = a
        do {
            do { try a.write(to: folder) } catch {
                // The answers still name the folder as it was: put it back.
                if let kept = restarted {
                    try? FileManager.default.moveItem(at: folder.appendingPathComponent(kept), to: folder.appendingPathComponent(folderName(next)))
                }
                throw error
            }
            let url = folder.appendingPathComponent("study-log.jsonl")
            studyLog = FileHandle(fileDescriptor: try AtomicFile.open(url, flags: O_WRONLY | O_CREAT | O_APPEND), closeOnDealloc: true)
            _ = try? studyLog?.seekToEnd()
        } catch {
            return "\(folder.path): the participant's answers cannot be saved there (\(CommandError.reason(error)))"
        }
        stage = .intro(next)
        pendingResume = LogEvent(time: .zero, .resumed(part: folderName(next), restarted: restarted))
        openStudyTrace(in: folder)
        return nil
    }

    /// Where the lock of participant `number`'s folder is kept (`.P07.lock` beside `P07`).
    public static func lockURL(of number: Int, in folder: URL) -> URL {
        WriterLock.lockURL(of: folder.appendingPathComponent(StudyAnswers.name(of: number)))
    }

    /// Takes participant `number`'s folder for this process (one writer per participant: their
    /// answers and study log); the refusal when another process has it.
    func claim(_ number: Int, resuming: Bool = false) -> String? {
        releaseParticipant()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            participantLock = try WriterLock(Self.lockURL(of: number, in: folder), guarding: participantFolder(number).path)
            // Another process may have run this participant to the end between the check and the lock.
            let answers = participantFolder(number).appendingPathComponent(StudyAnswers.fileName)
            let refusal: String? =
                resuming
                ? (FileManager.default.fileExists(atPath: answers.path)
                    ? resume(number) : "\(StudyAnswers.name(of: number)) has not taken part: nothing to resume")
                : FileManager.default.fileExists(atPath: answers.path) ? "\(StudyAnswers.name(of: number)) has already taken part" : nil
            if refusal != nil {
                participantLock?.release()
                participantLock = nil
            }
            return refusal
        } catch let held as WriterLock.Held {
            return held.description
        } catch {
            return "\(participantFolder(number).path): \(CommandError.reason(error))"
        }
    }

    /// The lowest participant number with no answers in `folder` yet, after every one taken.
    public static func nextFree(in folder: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // Taken: a participant with answers, or one another process is running now.
        let taken =
            names.compactMap { name -> Int? in
                guard name.hasPrefix("P"), let n = Int(name.dropFirst()),
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).appendingPathComponent(StudyAnswers.fileName).path)
                else { return nil }
                return n
            }
            + names.compactMap { name -> Int? in
                guard name.hasPrefix(".P"), name.hasSuffix(".lock"), let n = Int(name.dropFirst(2).dropLast(5)),
                    WriterLock.isHeld(folder.appendingPathComponent(name))
                else { return nil }
                return n
            }
            + StudyWithdrawal.read(in: folder).compactMap { Int($0.participant.dropFirst()) }
        return (taken.max() ?? 0) + 1
    }

    /// The participant's folder ("P07").
    public func participantFolder(_ number: Int) -> URL { folder.appendingPathComponent(StudyAnswers.name(of: number)) }

    /// Why participant `number` cannot take part now (they already did), or nil.
    public static func refusal(of number: Int, in folder: URL, resuming: Bool = false) -> String? {
        guard number >= 1, number <= 9999 else { return "Participant numbers run from 1 to 9999" }
        let answers = folder.appendingPathComponent(StudyAnswers.name(of: number)).appendingPathComponent(StudyAnswers.fileName)
        let lock = lockURL(of: number, in: folder)
        if WriterLock.isHeld(lock) {
            return WriterLock.Held(guarded: folder.appendingPathComponent(StudyAnswers.name(of: number)).path, holder: WriterLock.holder(of: lock)).description
        }
        if let when = StudyWithdrawal.withdrawal(of: number, in: folder) {
            return "\(StudyAnswers.name(of: number)) withdrew from this study (\(when)); a withdrawn id is never given again"
        }
        let name = StudyAnswers.name(of: number)
        guard FileManager.default.fileExists(atPath: answers.path) else { return resuming ? "\(name) has not taken part: there is nothing to resume" : nil }
        let finished = (try? StudyAnswers.read(from: answers.deletingLastPathComponent()))?.finished != nil
        if resuming { return finished ? "\(name) finished the study: there is nothing to resume" : nil }
        return finished
            ? "\(name) has already taken part" : "\(name) has already taken part and did not finish: --resume goes on from the first part not finished"
    }
}
