import Foundation
import TactileMedia
import TactileSDL
import TactileServer

extension ScreenshotRequests {
    /// Answers these requests from `host`'s window: a request asks it to present, it captures
    /// its next present while one is wanted, and the PNG is encoded off the frame loop.
    func serve(from host: WindowHost) {
        request = { [weak host] in host?.requestPresent() }
        host.wantsCapture = { [unowned self] in isWanted }
        host.onCapture = { [unowned self] image in DispatchQueue.global().async { self.deliver(try? ImageCodec.encodePNG(image)) } }
    }
}
