import CSDL2
import XCTest
import TactileCore
import TactileUI
import TactileInput
import TactileMedia
import Foundation
@testable import TactileSDL

/// The draw-list renderer on the software canvas: every command kind lands where it should.
final class RendererTests: XCTestCase {
    // Unchecked, safe: the tests of a class run one at a time, on one thread.
    nonisolated(unsafe) static let fonts = try! Fonts()

    func render(_ build: (inout DrawList) -> Void, scale: Double = 1, setup: ((DrawListRenderer) -> Void)? = nil) throws -> RGBAImage {
        let canvas = try OffscreenCanvas(width: 100, height: 80, fonts: Self.fonts)
        setup?(canvas.renderer)
        var list = DrawList()
        build(&list)
        return canvas.render(list, scale: scale, clearColor: .black)
    }

    func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] { let p = image.pixel(x: x, y: y); return [p.r, p.g, p.b] }

    func testFilledRoundedRectIsAntiAliasedAtItsCorners() throws {
        let image = try render { $0.add(.fillRect(Rect(x: 10, y: 10, width: 60, height: 40), Color(hex: 0xFF0000), cornerRadius: 12)) }
        XCTAssertEqual(rgb(image, 40, 30), [255, 0, 0])
        XCTAssertEqual(rgb(image, 5, 5), [0, 0, 0])
        XCTAssertEqual(rgb(image, 10, 10), [0, 0, 0], "the corner is rounded off")
        let edge = (10..<22).map { image.pixel(x: $0, y: 12).r }
        XCTAssertTrue(edge.contains { $0 > 0 && $0 < 255 }, "partial coverage along the arc: \(edge)")
    }

    func testClipLimitsDrawingAndPopRestores() throws {
        let image = try render {
            $0.add(.pushClip(Rect(x: 0, y: 0, width: 50, height: 80)))
            $0.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 40), Color(hex: 0x00FF00), cornerRadius: 0))
            $0.add(.popClip)
            $0.add(.fillRect(Rect(x: 0, y: 40, width: 100, height: 40), Color(hex: 0x0000FF), cornerRadius: 0))
        }
        XCTAssertEqual(rgb(image, 25, 20), [0, 255, 0])
        XCTAssertEqual(rgb(image, 75, 20), [0, 0, 0])
        XCTAssertEqual(rgb(image, 75, 60), [0, 0, 255])
    }

    func testOverlayLayerDrawsAboveContent() throws {
        let image = try render { list in
            list.inLayer(.overlay) { $0.add(.fillRect(Rect(x: 0, y: 0, width: 50, height: 50), .white, cornerRadius: 0)) }
            list.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 80), Color(hex: 0x0000FF), cornerRadius: 0))
        }
        XCTAssertEqual(rgb(image, 10, 10), [255, 255, 255])
        XCTAssertEqual(rgb(image, 80, 60), [0, 0, 255])
    }

    func testARotationTurnsShapesImagesAndTextAboutItsCentreAndEnds() throws {
        // A 60×10 bar through the middle, turned a quarter: it stands upright.
        let image = try render {
            $0.add(.pushRotation(center: Point(x: 50, y: 40), degrees: 90))
            $0.add(.fillRect(Rect(x: 20, y: 35, width: 60, height: 10), Color(hex: 0xFF0000), cornerRadius: 0))
            $0.add(.popRotation)
            $0.add(.fillRect(Rect(x: 0, y: 0, width: 10, height: 10), Color(hex: 0x0000FF), cornerRadius: 0))
        }
        XCTAssertEqual(rgb(image, 50, 15), [255, 0, 0], "above the centre after the turn")
        XCTAssertEqual(rgb(image, 50, 65), [255, 0, 0], "and below it")
        XCTAssertEqual(rgb(image, 25, 40), [0, 0, 0], "no longer to the left")
        XCTAssertEqual(rgb(image, 5, 5), [0, 0, 255], "after popRotation drawing is upright again")

        let checker = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 255])
        let turned = try render(
            {
                $0.add(.pushRotation(center: Point(x: 50, y: 40), degrees: 180))
                $0.add(.image(ImageHandle(7), source: nil, frame: Rect(x: 30, y: 30, width: 40, height: 20), opacity: 1))
                $0.add(.popRotation)
            }, setup: { $0.setImage(checker, for: ImageHandle(7)) })
        XCTAssertEqual(rgb(turned, 35, 40), [0, 255, 0], "half a turn puts the right half on the left")
        XCTAssertEqual(rgb(turned, 65, 40), [255, 0, 0])

        let text = try render {
            $0.add(.pushRotation(center: Point(x: 50, y: 40), degrees: 90))
            $0.add(
                .text(
                    TextRun(
                        "WWWWWW", in: Rect(x: 10, y: 30, width: 80, height: 20), font: Font(size: 14, weight: .bold),
                        color: .white, alignment: .center)))
            $0.add(.popRotation)
        }
        let column = (0..<80).filter { text.pixel(x: 50, y: $0).r > 128 }.count
        let row = (0..<100).filter { text.pixel(x: $0, y: 40).r > 128 }.count
        XCTAssertGreaterThan(column, row, "the line of text runs down the picture: \(column) lit down, \(row) across")
    }

    func testTurnedTrianglesCoverWhatTheSameTrianglesTurnedByHandCover() throws {
        // A star of eight triangles (as the sticker icon draws it), turned a quarter about its
        // centre, against the same star with its corners turned before drawing.
        func star(_ turn: Double) -> [(Point, Point, Point)] {
            func polar(_ i: Int, _ r: Double) -> Point {
                let a = -Double.pi / 2 + Double(i) * Double.pi / 5 + turn * Double.pi / 180
                return Point(x: 50 + cos(a) * r, y: 40 + sin(a) * r)
            }
            var triangles = [
                (polar(1, 12), polar(3, 12), polar(5, 12)), (polar(1, 12), polar(5, 12), polar(7, 12)),
                (polar(1, 12), polar(7, 12), polar(9, 12)),
            ]
            for i in stride(from: 0, to: 10, by: 2) { triangles.append((polar(i + 9, 9), polar(i, 30), polar(i + 1, 9))) }
            return triangles
        }
        let turned = try render {
            $0.add(.pushRotation(center: Point(x: 50, y: 40), degrees: 90))
            for (a, b, c) in star(0) { $0.add(.triangle(a, b, c, .white)) }
            $0.add(.popRotation)
        }
        let byHand = try render { list in for (a, b, c) in star(90) { list.add(.triangle(a, b, c, .white)) } }
        var differing = 0
        for y in 0..<80 { for x in 0..<100 where abs(Int(turned.pixel(x: x, y: y).r) - Int(byHand.pixel(x: x, y: y).r)) > 64 { differing += 1 } }
        XCTAssertLessThan(differing, 5, "pixels that differ between the two stars")
        XCTAssertGreaterThan(turned.pixel(x: 50, y: 40).r, 200, "the star's middle is filled")
    }

    func testAPolygonFillsAConcaveShapeWithoutSeamsOrSpill() throws {
        // A five-pointed star over white text: its middle is solid (no seam lets the text
        // through), the notches between its points stay empty.
        let star = (0..<10).map { i -> Point in
            let a = -Double.pi / 2 + Double(i) * Double.pi / 5, r = i % 2 == 0 ? 36.0 : 15.0
            return Point(x: 50 + cos(a) * r, y: 40 + sin(a) * r)
        }
        let image = try render {
            $0.add(.fillRect(Rect(x: 0, y: 0, width: 100, height: 80), .white, cornerRadius: 0))
            $0.add(.polygon(star, Color(hex: 0xFF0000)))
        }
        let middle = (30..<70).flatMap { x in (30..<50).map { (x, $0) } }.filter { x, y in
            hypot(Double(x) - 50, Double(y) - 40) < 11
        }
        XCTAssertTrue(middle.allSatisfy { rgb(image, $0.0, $0.1) == [255, 0, 0] }, "the middle is solid red")
        XCTAssertEqual(rgb(image, 50, 10), [255, 0, 0], "the top point is filled")
        let notch = Point(x: 50 + cos(-Double.pi / 2 + Double.pi / 5) * 28, y: 40 + sin(-Double.pi / 2 + Double.pi / 5) * 28)
        XCTAssertEqual(rgb(image, Int(notch.x), Int(notch.y)), [255, 255, 255], "between two points stays white")
    }

    func testNestedRotationsAddUp() throws {
        let image = try render {
            $0.add(.pushRotation(center: Point(x: 50, y: 40), degrees: 45))
            $0.add(.pushRotation(center: Point(x: 50, y: 40), degrees: 45))
            $0.add(.fillRect(Rect(x: 20, y: 35, width: 60, height: 10), Color(hex: 0xFF0000), cornerRadius: 0))
            $0.add(.popRotation)
            $0.add(.popRotation)
        }
        XCTAssertEqual(rgb(image, 50, 15), [255, 0, 0], "two eighths make a quarter")
        XCTAssertEqual(rgb(image, 25, 40), [0, 0, 0])
    }

    func testImagesScaleIntoTheirFrame() throws {
        let checker = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 255])
        let image = try render(
            { $0.add(.image(ImageHandle(7), source: nil, frame: Rect(x: 0, y: 0, width: 40, height: 20), opacity: 1)) },
            setup: { $0.setImage(checker, for: ImageHandle(7)) })
        XCTAssertEqual(rgb(image, 5, 10), [255, 0, 0])
        XCTAssertEqual(rgb(image, 35, 10), [0, 255, 0])
        XCTAssertEqual(rgb(image, 60, 10), [0, 0, 0])
        let cropped = try render(
            { $0.add(.image(ImageHandle(7), source: Rect(x: 1, y: 0, width: 1, height: 1), frame: Rect(x: 0, y: 0, width: 40, height: 20), opacity: 1)) },
            setup: { $0.setImage(checker, for: ImageHandle(7)) })
        XCTAssertEqual(rgb(cropped, 5, 10), [0, 255, 0], "the source rect picks the right half")
    }

    func testTextDrawsInsideItsFrameAtItsAlignment() throws {
        let image = try render(
            {
                $0.add(
                    .text(
                        TextRun(
                            "Hi", in: Rect(x: 0, y: 0, width: 100, height: 40), font: Font(size: 20, weight: .bold),
                            color: .white, alignment: .trailing)))
            }, scale: 1)
        var leftLit = 0, rightLit = 0
        for y in 0..<40 { for x in 0..<100 where image.pixel(x: x, y: y).r > 128 { if x < 50 { leftLit += 1 } else { rightLit += 1 } } }
        XCTAssertEqual(leftLit, 0)
        XCTAssertGreaterThan(rightLit, 20)
        XCTAssertTrue((40..<80).allSatisfy { y in (0..<100).allSatisfy { image.pixel(x: $0, y: y).r == 0 } }, "nothing below the frame")
    }

    func testDashedLineAlternatesAndCornerMaskRoundsAPicture() throws {
        let image = try render { list in
            list.add(.dashedLine(from: Point(x: 0, y: 5), to: Point(x: 100, y: 5), .white, width: 4, dash: 10, gap: 10, phase: 0))
            list.add(.fillRect(Rect(x: 20, y: 20, width: 60, height: 50), Color(hex: 0xFF0000), cornerRadius: 0))
            list.add(.cornerMask(Rect(x: 20, y: 20, width: 60, height: 50), .black, cornerRadius: 10))
        }
        XCTAssertEqual(image.pixel(x: 5, y: 5).r, 255)
        XCTAssertEqual(image.pixel(x: 15, y: 5).r, 0)
        XCTAssertEqual(image.pixel(x: 25, y: 5).r, 255)
        XCTAssertEqual(rgb(image, 20, 20), [0, 0, 0], "the picture's corner is masked")
        XCTAssertEqual(rgb(image, 50, 45), [255, 0, 0])
    }

    func testArabicIsShapedRightToLeftWithItsLettersJoined() throws {
        let measurer = TTFTextMeasurer(fonts: Self.fonts, scale: 1)
        let font = Font(size: 20)
        let word = measurer.measure("تقسيم", font: font).width
        let letters = ["ت", "ق", "س", "ي", "م"].map { measurer.measure($0, font: font).width }.reduce(0, +)
        XCTAssertLessThan(word, letters * 0.9, "joined letters take less room than the same letters standing alone: \(word) against \(letters)")
        // Drawn in a line that starts with English: the Arabic word sits to the right of the English one.
        let image = try render {
            $0.add(
                .text(
                    TextRun(
                        "ab تقسيم", in: Rect(x: 0, y: 20, width: 100, height: 40), font: font,
                        color: .white, alignment: .leading)))
        }
        let lit = (0..<100).filter { x in (20..<60).contains { image.pixel(x: x, y: $0).r > 128 } }
        XCTAssertGreaterThan(lit.count, 20, "something is drawn")
    }

    func testBidiOrdersMixedArabicAndLatinAsTheUnicodeAlgorithmDoes() {
        func shown(_ text: String) -> String {
            let characters = Array(text)
            return String(Bidi.line(characters).visualOrder.map { characters[$0] })
        }
        let english = Bidi.line(Array("Beach مرحبا"))
        XCTAssertFalse(english.isRightToLeft, "a line that starts in English reads left to right")
        XCTAssertEqual(english.visualOrder, [0, 1, 2, 3, 4, 5, 10, 9, 8, 7, 6], "the Arabic word is right to left, after it")
        let arabic = Bidi.line(Array("مرحبا Beach"))
        XCTAssertTrue(arabic.isRightToLeft)
        XCTAssertEqual(arabic.visualOrder, [6, 7, 8, 9, 10, 5, 4, 3, 2, 1, 0], "a right-to-left line draws its first word at the right")
        // Numbers keep their own order inside Arabic: a decimal separator no longer splits them.
        XCTAssertEqual(shown("٠٫٥ ث"), "ث ٠٫٥", "half a second in Arabic reads ٠٫٥, at the right")
        XCTAssertEqual(shown("٠:٠٣"), "٠:٠٣", "Arabic-Indic digits run left to right")
        XCTAssertEqual(shown("طول 4.5 ث"), "ث 4.5 لوط")
        // W2: European digits after an Arabic letter are Arabic numbers, so a hyphen between
        // them is not a number's sign and the two numbers read right to left.
        XCTAssertEqual(shown("ا 1-2"), "2-1 ا")
        XCTAssertEqual(shown("a 1-2"), "a 1-2", "after a Latin letter they stay European")
        // Paired brackets face the text they close in, whatever the line's direction.
        XCTAssertEqual(
            Bidi.line(Array("مقطع (City) جديد")).levels, [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1], "the brackets go with the Arabic around them")
        XCTAssertEqual(Bidi.line(Array("Beach  ")).levels.suffix(2), [0, 0], "trailing spaces at the line's own level")
        XCTAssertEqual(Bidi.reordered([0, 1, 1, 2, 2, 1, 0]), [0, 5, 3, 4, 2, 1, 6])
    }

    func testCaretsStandAfterEachCharacterOnTheSideItIsWrittenTowards() {
        let measurer = TTFTextMeasurer(fonts: Self.fonts, scale: 1)
        let font = Font(size: 20)
        let latin = measurer.carets("Beach", font: font)
        XCTAssertFalse(latin.isRightToLeft)
        XCTAssertEqual(latin.positions.first, 0)
        XCTAssertEqual(latin.positions.last ?? 0, latin.width, accuracy: 0.5)
        XCTAssertEqual(latin.positions, latin.positions.sorted(), "left to right, each after the last")
        let arabic = measurer.carets("مرحبا", font: font)
        XCTAssertTrue(arabic.isRightToLeft)
        XCTAssertEqual(arabic.positions.first ?? 0, arabic.width, accuracy: 0.5, "an Arabic word starts at its right")
        XCTAssertEqual(arabic.positions.last ?? 1, 0, accuracy: 0.5, "and ends at its left")
        XCTAssertEqual(arabic.positions, arabic.positions.sorted(by: >))
        // "مرحبا Beach" reads right to left: the Arabic word at the right, "Beach" at the left;
        // after its "h" the caret is at the right end of "Beach", before the space.
        let mixed = measurer.carets("مرحبا Beach", font: font)
        XCTAssertTrue(mixed.isRightToLeft)
        let beach = measurer.measure("Beach", font: font).width
        XCTAssertEqual(mixed.positions[0], mixed.width, accuracy: 0.5, "the words start at their right")
        XCTAssertEqual(mixed.positions[11], beach, accuracy: 1, "after \"Beach\", at its right end: \(mixed.positions)")
        XCTAssertEqual(mixed.positions[6], beach, accuracy: 1, "after the space, at its left end (the right end of \"Beach\"): \(mixed.positions)")
        XCTAssertLessThan(mixed.positions[7], beach / 3, "after \"B\", near the left")
        XCTAssertEqual(mixed.positions[5], mixed.width - measurer.measure("مرحبا", font: font).width, accuracy: 1.5, "after the Arabic word, at its left end")
    }

    func testEmojiInAFileNameAreDrawnInColourNotAsABox() throws {
        let measurer = TTFTextMeasurer(fonts: Self.fonts, scale: 1)
        let clapper = measurer.measure("🎬", font: Font(size: 20))
        XCTAssertEqual(clapper.width, clapper.height, accuracy: clapper.height * 0.35, "an emoji is about as wide as the line is tall: \(clapper)")
        let image = try render {
            $0.add(
                .text(
                    TextRun(
                        "😀 Beach", in: Rect(x: 0, y: 20, width: 100, height: 40), font: Font(size: 20),
                        color: Color(hex: 0xFFFFFF), alignment: .leading)))
        }
        if let keep = ProcessInfo.processInfo.environment["TACTILE_KEEP_TEST_OUTPUT"] {
            try? ImageCodec.writePNG(image, to: URL(fileURLWithPath: keep + "/emoji.png"))
        }
        // The face's yellow (white text would be grey only).
        var coloured = 0
        for y in 20..<60 { for x in 0..<30 { let p = image.pixel(x: x, y: y); if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 40 { coloured += 1 } } }
        XCTAssertGreaterThan(coloured, 40, "the emoji is drawn in colour")
        let text = (40..<100).flatMap { x in (20..<60).map { image.pixel(x: x, y: $0).r } }
        XCTAssertTrue(text.contains { $0 > 200 }, "the name after it is drawn too")
        // Greek and an arrow, which Inter lacks, come from the symbol face.
        XCTAssertGreaterThan(measurer.measure("λ → ⌘", font: Font(size: 20)).width, 20)
    }
}

/// A frame drawn only where it differs from the one before is the frame drawn whole, pixel for
/// pixel: a session video's frames (`OffscreenCanvas.render(_:over:…)`).
final class IncrementalRenderTests: XCTestCase {
    private func frame(dot: Double, text: String) -> DrawList {
        var list = DrawList()
        list.add(.fillRect(Rect(x: 5, y: 5, width: 90, height: 30), Color(hex: 0x223344), cornerRadius: 8))
        list.add(.image(ImageHandle(3), source: nil, frame: Rect(x: 30, y: 40, width: 37, height: 29), opacity: 1))
        list.add(.pushClip(Rect(x: 0, y: 0, width: 100, height: 60)))
        list.add(.fillCircle(center: Point(x: dot, y: 50), radius: 6, Color(hex: 0xFFCC00)))
        list.add(.popClip)
        list.add(.text(TextRun(text, in: Rect(x: 8, y: 8, width: 80, height: 20), font: Font(size: 13), color: .white, alignment: .leading)))
        return list
    }

    func testAFrameDrawnWhereItChangedIsTheFrameDrawnWhole() throws {
        var pixels: [UInt8] = []
        for n in 0..<9 { pixels += [UInt8(n * 28), UInt8(255 - n * 28), 90, 255] }
        let picture = RGBAImage(width: 3, height: 3, pixels: pixels)
        let step = try OffscreenCanvas(width: 200, height: 160, fonts: RendererTests.fonts)
        let whole = try OffscreenCanvas(width: 200, height: 160, fonts: RendererTests.fonts)
        for canvas in [step, whole] { canvas.renderer.setImage(picture, for: ImageHandle(3)) }
        var before: DrawList?
        // The dot moves across the picture (a region cutting it) and the words change.
        for (n, x) in [10.0, 35, 48, 62, 90].enumerated() {
            let list = frame(dot: x, text: "0:0\(n)")
            let a = step.render(list, over: before, scale: 2, clearColor: .black)
            let b = whole.render(list, scale: 2, clearColor: .black)
            let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "frame \(n): bytes that differ from the frame drawn whole")
            before = list
        }
    }
}
