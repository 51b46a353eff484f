import DictationKit
import DictationTesting
import Testing

/// `FakeDictationBridge`: what an app's tests use in place of a session.
@Suite(.timeLimit(.minutes(25))) struct FakeDictationBridgeTests {
    static func final(_ text: String, _ index: Int) -> DictationEvent {
        .final(Transcript(text: text, utteranceIndex: index, startTime: Double(index), endTime: Double(index) + 1))
    }

    @Test func aScriptedRunPlaysItsEventsCommitsItsBlockAndRecordsTheCalls() async throws {
        let bridge = FakeDictationBridge(events: [Self.final("hello there", 0), Self.final("bye", 1)])
        let app: any BlockDictationBridge = bridge
        #expect(await app.requestPermission() == .granted)
        let events = try await app.collectEvents(DictationOptions(reports: [.partials, .stateChanges]))
        #expect(events.finalTexts == ["hello there", "bye"])
        #expect(events.states == [.listening, .idle])
        #expect(app.committedBlocks.map(\.text) == ["hello there bye"])
        #expect(app.state == .idle)
        #expect(bridge.calls == [.requestPermission, .start(DictationOptions(reports: [.partials, .stateChanges]))])
    }

    @Test func anOpenRunTakesEventsAndBlockCallsUntilTheAppStopsIt() async throws {
        let bridge = FakeDictationBridge(permission: .denied(reason: "no microphone"), endsAfterScript: false)
        let app: any BlockDictationBridge = bridge
        #expect(await app.isAvailable() == false)
        let stream = try await app.start(DictationOptions(reports: .stateChanges))
        await #expect(throws: DictationError.self) { _ = try await app.start(DictationOptions()) }
        bridge.send(Self.final("first block", 0))
        await app.pause()
        #expect(app.state == .paused)
        await app.resume()
        let committed = await app.commit()
        #expect(committed?.text == "first block")
        bridge.send(Self.final("thrown away", 1))
        await app.cancel()
        let events = await stream.collected()
        #expect(events.finalTexts == ["first block", "thrown away"])
        #expect(events.contains { if case .blockDiscarded(let block) = $0 { block.text == "thrown away" } else { false } })
        #expect(app.committedBlocks.map(\.text) == ["first block"])
        let expected: [FakeDictationBridge.Call] = [
            .isAvailable, .start(DictationOptions(reports: .stateChanges)), .start(DictationOptions()), .pause, .resume,
            .commit, .cancel,
        ]
        #expect(bridge.calls == expected)
        #expect(await app.commit() == nil, "no run is going")
    }
}
