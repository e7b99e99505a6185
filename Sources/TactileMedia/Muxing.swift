import CFFmpeg

/// Moves every packet an encoder has ready into the container, with timestamps rescaled from
/// the encoder's time base to the stream's. Shared by the video and audio encoders.
func writePendingPackets(from context: UnsafeMutablePointer<AVCodecContext>, using packet: UnsafeMutablePointer<AVPacket>,
                         to format: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>) throws {
    while true {
        let rc = avcodec_receive_packet(context, packet)
        if rc == tactile_AVERROR_EAGAIN() || rc == tactile_AVERROR_EOF() { return }
        guard rc >= 0 else { throw MediaError("encoding", code: rc) }
        av_packet_rescale_ts(packet, context.pointee.time_base, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        let w = av_interleaved_write_frame(format, packet)
        guard w >= 0 else { throw MediaError("writing a packet", code: w) }
    }
}
