import Foundation
import XCTest
import TactileCore
import TactileMedia
import TactileTestSupport
import TactileHeadless
import TactileExport

/// Export of the composition to a movie, read back with our own probe and decoders: the frames
/// are the exact source frames at chosen times, overlays sit where the canvas puts them, a
/// transition's midpoint is the mix of its two clips, and the sound has its level and fades.
final class MovieExportTests: XCTestCase, StartsPrograms {
    /// Made once for the class: stamped clips, a tone, the project and its export at 720p, 25 fps.
    static var folder: URL!
    static var project: Project!
    static var movie: URL!
    static var summary: MovieExport.Summary!
    static var setUpError: Error?

    /// Source size and rate of the stamped clips.
    static let sourceWidth = 640, sourceHeight = 360, sourceRate = 30

    override class func setUp() {
        do {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-movie-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // A: stamps 0 …, B: stamps 1000 …, three seconds each, a keyframe a second.
            for (name, offset, style) in [("a.mp4", 0, 0), ("b.mp4", 1000, 1)] {
                let encoder = try VideoEncoder(
                    url: folder.appendingPathComponent(name),
                    settings: .init(codec: .h264, width: sourceWidth, height: sourceHeight, framesPerSecond: sourceRate))
                for i in 0..<(3 * sourceRate) { try encoder.append(TestPattern.frame(i + offset, width: sourceWidth, height: sourceHeight, style: style)) }
                try encoder.finish()
            }
            let tone = folder.appendingPathComponent("tone.wav")
            try AudioEncoder.write(
                AudioEncoder.tone(hz: 440, seconds: 5, sampleRate: 48_000, level: 0.5), sampleRate: 48_000, channels: 1, codec: .wav, to: tone)
            project = Self.makeProject()
            movie = folder.appendingPathComponent("out/movie.mp4")
            summary = try MovieExport.export(project, settings: MovieSettings(size: .p720, framesPerSecond: 25, quality: .high), to: movie)
        } catch { setUpError = error }
    }

    override class func tearDown() { if let folder { try? FileManager.default.removeItem(at: folder) } }

    override func setUpWithError() throws { if let e = Self.setUpError { throw e } }

    /// A (source 0.5 s on) from 0 to 2 s, B (source 0.5 s on) from 2 to 4 s with a 1 s dissolve
    /// centred on the cut; a yellow boxed text at (0.75, 0.3), a text turned a quarter at (0.25,
    /// 0.7); a tone at −6 dB fading in over 0.5 s.
    static func makeProject() -> Project {
        let a = Clip(
            id: "A", kind: .video, media: folder.appendingPathComponent("a.mp4").path, title: "A", start: .zero,
            duration: .seconds(2), sourceStart: .seconds(0.5), sourceDuration: .seconds(3))
        var b = Clip(
            id: "B", kind: .video, media: folder.appendingPathComponent("b.mp4").path, title: "B", start: .seconds(2),
            duration: .seconds(2), sourceStart: .seconds(0.5), sourceDuration: .seconds(3))
        b.transitionIn = Transition(.crossDissolve, duration: .seconds(1))
        let label = Clip(
            id: "label", kind: .text, title: "EXPORT", start: .zero, duration: .seconds(4),
            transform: OverlayTransform(x: 0.75, y: 0.3), textStyle: TextStyle(colour: .yellow, background: true))
        let turned = Clip(
            id: "turned", kind: .text, title: "TURNED", start: .zero, duration: .seconds(4),
            transform: OverlayTransform(x: 0.25, y: 0.7, rotation: 90), textStyle: TextStyle(colour: .yellow, background: true))
        var tone = Clip(
            id: "tone", kind: .audio, media: folder.appendingPathComponent("tone.wav").path, title: "Tone", start: .zero,
            duration: .seconds(4), sourceDuration: .seconds(5))
        tone.sound = ClipSound(decibels: -6, fadeIn: .seconds(0.5))
        return Project(
            name: "Export test", format: CompositionFormat(.landscape),
            tracks: [
                Track(id: "v", kind: .video, clips: [a, b]), Track(id: "o", kind: .overlay, clips: [label]),
                Track(id: "o2", kind: .overlay, clips: [turned]),
                Track(id: "m", kind: .audio, clips: [tone]),
            ])
    }

    func testTheMovieHasTheChosenSizeRateAndLengthWithSound() throws {
        let report = MediaProbe.probe(Self.movie.path)
        XCTAssertTrue(report.ok, report.error ?? "")
        XCTAssertEqual(report.video?.codec, "h264")
        XCTAssertEqual(report.video?.displayWidth, 1280)
        XCTAssertEqual(report.video?.displayHeight, 720)
        XCTAssertEqual(report.video?.frameRate ?? 0, 25, accuracy: 0.01)
        XCTAssertEqual(report.audio?.codec, "aac")
        XCTAssertEqual(report.audio?.channels, 2)
        XCTAssertEqual(report.duration ?? 0, 4, accuracy: 0.06)
        XCTAssertEqual(Self.summary.frames, 100)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: Self.movie.deletingLastPathComponent().path)
        XCTAssertEqual(leftovers, ["movie.mp4"], "nothing but the movie is left beside it")
    }

    func testEachFrameIsTheExactSourceFrameOfItsTime() throws {
        let decoder = try VideoDecoder(path: Self.movie.path)
        // Frame k is the composition at k / 25 s; A shows its source from 0.5 s, B from 0.5 s at 2 s.
        for k in [0, 3, 17, 30, 36] {
            let t = Double(k) / 25
            let stamp = TestPattern.readStamp(try decoder.frame(at: .seconds(t)).image, writtenWidth: Self.sourceWidth)
            XCTAssertEqual(stamp, Int(((0.5 + t) * 30).rounded(.down)), "frame \(k) at \(t) s")
        }
        for k in [63, 80, 99] {
            let t = Double(k) / 25
            let stamp = TestPattern.readStamp(try decoder.frame(at: .seconds(t)).image, writtenWidth: Self.sourceWidth)
            XCTAssertEqual(stamp, 1000 + Int(((0.5 + t - 2) * 30 + 1e-9).rounded(.down)), "frame \(k) at \(t) s")
        }
    }

    func testATransitionsMidpointIsHalfOfEachClip() throws {
        let movie = try VideoDecoder(path: Self.movie.path)
        let a = try VideoDecoder(path: Self.project.tracks[0].clips[0].media!), b = try VideoDecoder(path: Self.project.tracks[0].clips[1].media!)
        // At the cut (2 s) the dissolve is half way: A from its handle (source 2.5 s), B at 0.5 s.
        let mid = mean(of: try movie.frame(at: .seconds(2)).image)
        let fromA = mean(of: try a.frame(at: .seconds(2.5)).image), fromB = mean(of: try b.frame(at: .seconds(0.5)).image)
        for c in 0..<3 {
            XCTAssertEqual(mid[c], (fromA[c] + fromB[c]) / 2, accuracy: 5, "channel \(c): half of each")
        }
        XCTAssertGreaterThan(abs(fromA[0] - fromB[0]) + abs(fromA[2] - fromB[2]), 40, "the clips differ enough for the mix to tell")
        // A fifth of the way in (1.6 s) it is mostly A.
        let early = mean(of: try movie.frame(at: .seconds(1.6)).image)
        let earlyA = mean(of: try a.frame(at: .seconds(2.1)).image), earlyB = mean(of: try b.frame(at: .seconds(0.1)).image)
        XCTAssertEqual(early[0], earlyA[0] * 0.9 + earlyB[0] * 0.1, accuracy: 5)
    }

    func testOverlaysSitWhereTheCanvasPutsThem() throws {
        let movie = try VideoDecoder(path: Self.movie.path)
        let frame = try movie.frame(at: .seconds(1)).image
        /// Whether the box's yellow fills at least a fifth of a 40-pixel square at (x, y) (the rest is its black letters).
        func isYellow(_ x: Double, _ y: Double) -> Bool {
            let cx = Int(x * Double(frame.width)), cy = Int(y * Double(frame.height))
            var yellow = 0
            for py in (cy - 20)..<(cy + 20) {
                for px in (cx - 20)..<(cx + 20) {
                    let p = frame.pixel(x: px, y: py)
                    if p.r > 200 && p.g > 170 && p.b < 90 { yellow += 1 }
                }
            }
            return yellow > 1600 / 5
        }
        XCTAssertTrue(isYellow(0.75, 0.3), "the boxed text at its place")
        XCTAssertFalse(isYellow(0.25, 0.3), "and not mirrored")
        // Turned a quarter, the wide box stands upright: yellow above its centre, not beside it.
        XCTAssertTrue(isYellow(0.25, 0.7))
        XCTAssertTrue(isYellow(0.25, 0.7 - 0.12))
        XCTAssertFalse(isYellow(0.25 + 0.12 * 9 / 16, 0.7), "beside the upright box is the video")

        // The whole picture matches the editor's canvas at the same moment, block by block.
        let session = try HeadlessSession(project: Self.project, viewport: Size(width: 390, height: 844), scale: 2, at: .seconds(1))
        let output = session.player.runFrame()
        let canvas = try XCTUnwrap(output.elements.first { $0.id == "canvas" }).frame
        let screen = try session.renderLatest()
        let shown = crop(screen, Rect(x: canvas.x * 2, y: canvas.y * 2, width: canvas.width * 2, height: canvas.height * 2))
        let (exported, previewed) = (blocks(frame, 32, 18), blocks(shown, 32, 18))
        var worst = 0.0, total = 0.0
        // The canvas's rounded corners are masked: leave the outer ring of blocks out.
        for y in 1..<17 {
            for x in 1..<31 {
                let d = abs(exported[y * 32 + x] - previewed[y * 32 + x])
                worst = max(worst, d); total += d
            }
        }
        XCTAssertLessThan(total / Double(30 * 16), 6, "on average the blocks agree")
        XCTAssertLessThan(worst, 40, "and none is far off")
    }

    func testEveryTransitionKindExportsAsTheCanvasDrawsIt() throws {
        // A and B in turn, a second each, every cut a different kind, 0.6 s long.
        let kinds: [Transition.Kind] = [.crossDissolve, .dipToBlack, .wipe, .slide, .zoom]
        var clips: [Clip] = []
        for i in 0...kinds.count {
            var clip = Clip(
                id: "c\(i)", kind: .video, media: Self.folder.appendingPathComponent(i % 2 == 0 ? "a.mp4" : "b.mp4").path, title: "C\(i)",
                start: .seconds(Double(i)), duration: .seconds(1), sourceStart: .seconds(1), sourceDuration: .seconds(3))
            if i > 0 { clip.transitionIn = Transition(kinds[i - 1], duration: .seconds(0.6)) }
            clips.append(clip)
        }
        let project = Project(name: "Kinds", format: CompositionFormat(.landscape), tracks: [Track(id: "v", kind: .video, clips: clips)])
        let url = Self.folder.appendingPathComponent("kinds/movie.mp4")
        _ = try MovieExport.export(project, settings: MovieSettings(size: .p720, framesPerSecond: 25, quality: .high), to: url)
        let movie = try VideoDecoder(path: url.path)
        let session = try HeadlessSession(project: project, viewport: Size(width: 390, height: 844), scale: 2)
        for (i, kind) in kinds.enumerated() {
            // A third of the way through the transition at cut i + 1 (on the movie's frame grid).
            let t = Double(Int((Double(i + 1) - 0.1) * 25)) / 25
            session.host.state.playhead = .seconds(t)
            let output = session.player.runFrame()
            let canvas = try XCTUnwrap(output.elements.first { $0.id == "canvas" })
            XCTAssertEqual(canvas.state["transition"], .string(kind.rawValue), "the canvas shows the \(kind) at \(t) s")
            let screen = try session.renderLatest()
            let shown = crop(screen, Rect(x: canvas.frame.x * 2, y: canvas.frame.y * 2, width: canvas.frame.width * 2, height: canvas.frame.height * 2))
            assertBlocksAgree(try movie.frame(at: .seconds(t)).image, shown, columns: 32, rows: 18, "\(kind)")
        }
    }

    func testPhoneVideoRecordedTurnedExportsUprightFrameForFrameAndDissolvesAsOnTheCanvas() throws {
        // Filmed held upright: 640 × 360 coded, a quarter turn in its display matrix.
        let phone = Self.folder.appendingPathComponent("phone.mp4")
        let encoder = try VideoEncoder(
            url: phone,
            settings: .init(
                codec: .h264, width: Self.sourceWidth, height: Self.sourceHeight,
                framesPerSecond: Self.sourceRate, rotation: 90))
        for i in 0..<(3 * Self.sourceRate) { try encoder.append(TestPattern.frame(2000 + i, width: Self.sourceWidth, height: Self.sourceHeight, style: 2)) }
        try encoder.finish()
        let (project, movie) = try export(
            Clip(
                id: "p", kind: .video, media: phone.path, title: "Phone", start: .zero, duration: .seconds(1.5),
                sourceStart: .seconds(0.5), sourceDuration: .seconds(3)),
            thenB: .crossDissolve, format: CompositionFormat(.portrait), into: "phone")
        let url = Self.folder.appendingPathComponent("phone/movie.mp4")
        let report = MediaProbe.probe(url.path)
        XCTAssertEqual([report.video?.displayWidth, report.video?.displayHeight, report.video?.rotation], [720, 1280, 0], "upright itself")
        for k in [0, 7, 20] {
            // Upright in the movie: turned back, it is the frame as filmed, the exact one of its time.
            let t = Double(k) / 25
            let upright = try movie.frame(at: .seconds(t)).image
            XCTAssertEqual(
                TestPattern.readStamp(upright.rotated(clockwise: 270), writtenWidth: Self.sourceWidth),
                2000 + Int(((0.5 + t) * 30 + 1e-9).rounded(.down)), "frame \(k) at \(t) s")
        }
        // Mid-dissolve into B (letterboxed landscape video): as the canvas shows it.
        let shown = try canvasPicture(of: project, at: 1.48, showing: .crossDissolve)
        assertBlocksAgree(try movie.frame(at: .seconds(1.48)).image, shown, columns: 18, rows: 32, "mid-dissolve")
    }

    func testVideoInAnotherPixelFormatSlidesOutAsOnTheCanvas() throws {
        // Lossless PNG video (RGB, not YUV 4:2:0): placed whole as it is, converted once where a
        // transition cuts it.
        let rgb = Self.folder.appendingPathComponent("rgb.mov")
        try TestPattern.writeClip(
            to: rgb, settings: .init(codec: .png, width: Self.sourceWidth, height: Self.sourceHeight, framesPerSecond: Self.sourceRate),
            frames: 3 * Self.sourceRate, style: 3)
        let (project, movie) = try export(
            Clip(
                id: "rgb", kind: .video, media: rgb.path, title: "RGB", start: .zero, duration: .seconds(1),
                sourceStart: .seconds(0.5), sourceDuration: .seconds(3)), thenB: .slide, into: "rgb")
        XCTAssertEqual(
            TestPattern.readStamp(try movie.frame(at: .seconds(0.2)).image, writtenWidth: Self.sourceWidth),
            Int(((0.5 + 0.2) * 30 + 1e-9).rounded(.down)), "the exact frame, placed whole")
        assertBlocksAgree(
            try movie.frame(at: .seconds(1)).image, try canvasPicture(of: project, at: 1, showing: .slide),
            columns: 32, rows: 18, "mid-slide")
    }

    func testAStillWithTransparencyExportsAsTheCanvasShowsIt() throws {
        // A logo whose left half is see-through (white, but with no opacity), then B dissolving in.
        var logo = TestPattern.frame(9, width: Self.sourceWidth, height: Self.sourceHeight, style: 1)
        for y in 0..<logo.height {
            for x in 0..<(logo.width / 2) {
                let i = (y * logo.width + x) * 4
                logo.pixels[i] = 255; logo.pixels[i + 1] = 255; logo.pixels[i + 2] = 255; logo.pixels[i + 3] = 0
            }
        }
        let still = Self.folder.appendingPathComponent("logo.png")
        try ImageCodec.writePNG(logo, to: still)
        let (project, movie) = try exportStillThenB(still, .crossDissolve)
        let alone = try canvasPicture(of: project, at: 0.2, showing: nil)
        let exported = try movie.frame(at: .seconds(0.2)).image
        XCTAssertLessThan(exported.pixel(x: exported.width / 4, y: exported.height / 2).r, 40, "the see-through half shows black, as on the canvas")
        assertBlocksAgree(exported, alone, columns: 32, rows: 18, "the logo alone")
        assertBlocksAgree(
            try movie.frame(at: .seconds(1)).image, try canvasPicture(of: project, at: 1, showing: .crossDissolve),
            columns: 32, rows: 18, "B dissolving in over it")
    }

    func testAStillExportsAsItsPictureAndSlidesIntoVideoAsOnTheCanvas() throws {
        let still = Self.folder.appendingPathComponent("still.png")
        try ImageCodec.writePNG(TestPattern.frame(7, width: Self.sourceWidth, height: Self.sourceHeight, style: 2), to: still)
        let (project, movie) = try exportStillThenB(still, .slide)
        XCTAssertEqual(TestPattern.readStamp(try movie.frame(at: .seconds(0.2)).image, writtenWidth: Self.sourceWidth), 7, "the still, whole")
        // Mid-slide (the still's visible part placed in YUV, converted once): as the canvas shows it.
        let shown = try canvasPicture(of: project, at: 1, showing: .slide)
        assertBlocksAgree(try movie.frame(at: .seconds(1)).image, shown, columns: 32, rows: 18, "mid-slide")
    }

    func testTheSoundHasItsLevelAndFadeIn() throws {
        // Each side of the movie's stereo sound, read apart: a mono source is dual mono at its own
        // level (a downmix to one channel would add the sides and read 3 dB high).
        let decoder = try AudioDecoder(path: Self.movie.path, sampleRate: 48_000, channels: 2)
        var stereo: [Float] = []
        while try decoder.read(into: &stereo) {}
        let samples = stride(from: 0, to: stereo.count - 1, by: 2).map { stereo[$0] }
        let right = stride(from: 1, to: stereo.count, by: 2).map { stereo[$0] }
        XCTAssertEqual(samples.count, right.count)
        XCTAssertEqual(Double(samples.map(abs).max() ?? 0), Double(right.map(abs).max() ?? 0), accuracy: 0.01, "both sides alike")
        func rms(_ from: Double, _ to: Double) -> Double {
            let part = samples[Int(from * 48_000)..<Int(to * 48_000)]
            return (part.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(part.count)).squareRoot()
        }
        let steady = 0.5 * pow(10, -6.0 / 20) / 2.0.squareRoot()
        XCTAssertEqual(rms(1, 3), steady, accuracy: steady * 0.05, "−6 dB after the fade")
        // Over 0.2 … 0.3 s the linear fade in stands at about half.
        XCTAssertEqual(rms(0.2, 0.3), steady * 0.5, accuracy: steady * 0.08, "half way up the fade in")
        XCTAssertLessThan(rms(0, 0.03), steady * 0.1, "it starts from silence")
    }

    func testACancelledExportLeavesNoFile() throws {
        let url = Self.folder.appendingPathComponent("cancelled/movie.mp4")
        var asked = 0
        XCTAssertThrowsError(
            try MovieExport.export(
                Self.project, settings: MovieSettings(size: .p720, framesPerSecond: 25), to: url,
                isCancelled: {
                    asked += 1; return asked > 10
                })
        ) { error in
            XCTAssertTrue(error is MovieExport.Cancelled, "\(error)")
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        XCTAssertEqual(left, [], "no movie and no partial file")
    }

    func testOfflineMediaAreRefusedNamingTheClipAndFile() throws {
        var project = Self.project!
        project.tracks[0].clips[1].media = Self.folder.appendingPathComponent("gone.mp4").path
        let url = Self.folder.appendingPathComponent("offline/movie.mp4")
        XCTAssertThrowsError(try MovieExport.export(project, settings: MovieSettings(size: .p720), to: url)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("\"B\"") && text.contains("gone.mp4"), text)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    // MARK: - Pixels

    /// Mean red, green and blue of the middle of `image`, clear of the overlays (0.35 … 0.6 across and down).
    private func mean(of image: RGBAImage) -> [Double] {
        var sum = [0.0, 0.0, 0.0], n = 0.0
        for y in stride(from: image.height * 35 / 100, to: image.height * 6 / 10, by: 2) {
            for x in stride(from: image.width * 35 / 100, to: image.width * 6 / 10, by: 2) {
                let p = image.pixel(x: x, y: y)
                sum[0] += Double(p.r); sum[1] += Double(p.g); sum[2] += Double(p.b); n += 1
            }
        }
        return sum.map { $0 / n }
    }

    private func crop(_ image: RGBAImage, _ r: Rect) -> RGBAImage {
        let x0 = Int(r.x.rounded()), y0 = Int(r.y.rounded()), w = Int(r.width.rounded()), h = Int(r.height.rounded())
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h { for x in 0..<w { for c in 0..<4 { px[(y * w + x) * 4 + c] = image.pixels[((y0 + y) * image.width + x0 + x) * 4 + c] } } }
        return RGBAImage(width: w, height: h, pixels: px)
    }

    /// The mean brightness of each of `columns` × `rows` blocks.
    /// `first`, then B (from its source's second 1, for a second) coming in by a 0.6 s `kind`, in
    /// a project of `format` exported at 720p, 25 fps into `name`; the movie, opened.
    private func export(
        _ first: Clip, thenB kind: Transition.Kind, format: CompositionFormat = CompositionFormat(.landscape),
        into name: String
    ) throws -> (Project, VideoDecoder) {
        var b = Clip(
            id: "b", kind: .video, media: Self.folder.appendingPathComponent("b.mp4").path, title: "B", start: first.duration,
            duration: .seconds(1), sourceStart: .seconds(1), sourceDuration: .seconds(3))
        b.transitionIn = Transition(kind, duration: .seconds(0.6))
        let project = Project(name: name, format: format, tracks: [Track(id: "v", kind: .video, clips: [first, b])])
        let url = Self.folder.appendingPathComponent("\(name)/movie.mp4")
        _ = try MovieExport.export(project, settings: MovieSettings(size: .p720, framesPerSecond: 25, quality: .high), to: url)
        return (project, try VideoDecoder(path: url.path))
    }

    /// A second of `still`, then B coming in by `kind`.
    private func exportStillThenB(_ still: URL, _ kind: Transition.Kind) throws -> (Project, VideoDecoder) {
        try export(
            Clip(id: "a", kind: .image, media: still.path, title: "A", start: .zero, duration: .seconds(1)), thenB: kind,
            into: still.deletingPathExtension().lastPathComponent)
    }

    /// The canvas's picture of `project` at `seconds` (2 pixels a point), which shows `kind`
    /// (nil: no transition).
    private func canvasPicture(
        of project: Project, at seconds: Double, showing kind: Transition.Kind?,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> RGBAImage {
        let session = try HeadlessSession(project: project, viewport: Size(width: 390, height: 844), scale: 2, at: .seconds(seconds))
        let output = session.player.runFrame()
        let canvas = try XCTUnwrap(output.elements.first { $0.id == "canvas" }, file: file, line: line)
        if let kind { XCTAssertEqual(canvas.state["transition"], .string(kind.rawValue), file: file, line: line) }
        let f = canvas.frame
        return crop(try session.renderLatest(), Rect(x: f.x * 2, y: f.y * 2, width: f.width * 2, height: f.height * 2))
    }

    /// The exported frame and the canvas's picture, each in `columns` × `rows` blocks (the
    /// border's left out): on average within 6 levels, none off by 48.
    private func assertBlocksAgree(
        _ exported: RGBAImage, _ shown: RGBAImage, columns: Int, rows: Int, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let (a, b) = (blocks(exported, columns, rows), blocks(shown, columns, rows))
        var total = 0.0, worst = 0.0
        for y in 1..<(rows - 1) {
            for x in 1..<(columns - 1) {
                let d = abs(a[y * columns + x] - b[y * columns + x])
                total += d; worst = max(worst, d)
            }
        }
        XCTAssertLessThan(total / Double((columns - 2) * (rows - 2)), 6, "\(what): on average the blocks agree", file: file, line: line)
        XCTAssertLessThan(worst, 48, "\(what): and none is far off", file: file, line: line)
    }

    private func blocks(_ image: RGBAImage, _ columns: Int, _ rows: Int) -> [Double] {
        var out = [Double](repeating: 0, count: columns * rows), counts = [Double](repeating: 0, count: columns * rows)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                let i = min(rows - 1, y * rows / image.height) * columns + min(columns - 1, x * columns / image.width)
                out[i] += (Double(p.r) + Double(p.g) + Double(p.b)) / 3; counts[i] += 1
            }
        }
        return zip(out, counts).map { $0 / max(1, $1) }
    }
}
