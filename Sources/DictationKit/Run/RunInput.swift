/// A run's open source: reads it, passes the events it has to tell on to the consumer (after each
/// read, so from the run's first read on, when the run listens and its stages see them), keeps
/// what audio it reports lost for the run to judge (``takeLosses()``), and releases it once, as
/// soon as what it captured is read.
final class RunInput {
    let reader: any AudioReader
    private let control: RunControl
    private let delivery: EventDelivery
    private var isOpen = true
    /// The losses the source reported as it closed, not taken yet.
    private var lossesAtClose: [AudioLoss] = []

    /// Takes the reader the source opened.
    init(reader: any AudioReader, control: RunControl, delivery: EventDelivery) {
        self.reader = reader
        self.control = control
        self.delivery = delivery
        // stop() before the source was open could not interrupt it; pass it on now.
        if control.attach(reader) { reader.interrupt() }
    }

    var format: AudioFormat { reader.format }

    /// Whether the source reports the audio it drops (``AudioLossReporting``).
    var reportsLosses: Bool { reader is any AudioLossReporting }

    /// The episodes of lost audio the source reported since the last call, oldest first, those it
    /// reported as it closed included.
    func takeLosses() -> [AudioLoss] {
        defer { lossesAtClose = [] }
        return lossesAtClose + ((isOpen ? reader as? any AudioLossReporting : nil)?.takeAudioLosses() ?? [])
    }

    /// Reads the next buffer; see ``AudioReader/read(maxFrames:)``.
    func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
        defer { passEvents() }
        return try reader.read(maxFrames: maxFrames)
    }

    /// Closes the source (the microphone is free) and tells those waiting for it. Calling it again
    /// does nothing.
    func release() {
        guard isOpen else { return }
        isOpen = false
        control.detachReader()
        reader.close()
        control.sourceReleased()
        // A problem the source was still getting over (an overrun episode) ends with it.
        passEvents()
        lossesAtClose += (reader as? any AudioLossReporting)?.takeAudioLosses() ?? []
    }

    private func passEvents() {
        for event in reader.takeEvents() {
            switch event {
            case .error(let problem):
                // A reader's problems never end the run: what ends its audio, it throws from read.
                delivery.emit(.error(problem.asNonFatal))
            default:
                delivery.emit(event)
            }
        }
    }
}
