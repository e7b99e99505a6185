import XCTest
import TactileCore
@testable import TactileMedia

final class ImageCodecTests: XCTestCase {
    func testPNGRoundTripsPixelsExactly() throws {
        var pixels: [UInt8] = []
        for y in 0..<17 { for x in 0..<23 { pixels += [UInt8(x * 10), UInt8(y * 12), UInt8((x * y) % 256), UInt8(255 - x)] } }
        let image = RGBAImage(width: 23, height: 17, pixels: pixels)
        let data = try ImageCodec.encodePNG(image)
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a real PNG signature")
        XCTAssertEqual(try ImageCodec.decodePNG(data), image)
    }

    func testGarbageIsAClearError() {
        XCTAssertThrowsError(try ImageCodec.decodePNG(Data("not a png at all".utf8))) { error in
            XCTAssertTrue("\(error)".contains("PNG"), "\(error)")
        }
        XCTAssertThrowsError(try ImageCodec.encodePNG(RGBAImage(width: 0, height: 0, pixels: [])))
    }
}
