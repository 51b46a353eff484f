import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationDesktop

/// wtype typing into a real Wayland client: foot running `cat > FILE` on a headless sway
/// (``WaylandTestDesktop``).
@Suite(.serialized, .timeLimit(.minutes(25)))
final class WaylandOutputTests {
    let desktop: WaylandTestDesktop
    var environment: DesktopEnvironment { desktop.environment }

    init() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/wtype"),
            "/usr/bin/wtype is missing: scripts/install-system-packages.sh installs it")
        desktop = try WaylandTestDesktop()
    }

    @Test func wtypeTypesAnyCharacterAndErasesExactly() throws {
        let availability = TextOutputs.availability(in: environment).first { $0.kind == .wtype }
        #expect(availability?.isUsable == true, "\(availability?.detail ?? "")")
        #expect(try TextOutputs.automatic(in: environment) == .wtype)
        let output = try TextOutputs.make(.wtype, in: environment)
        try output.type("Grüß Gott, café — Ærø!\nSecond line, not this")
        try output.erase(characters: 10)
        try output.type(" and more\n")
        // Ctrl-D ends cat's input.
        let end = Process()
        end.executableURL = URL(fileURLWithPath: "/usr/bin/wtype")
        end.arguments = ["-s", "100", "-M", "ctrl", "-k", "d", "-m", "ctrl"]
        end.environment = environment.variables
        try end.run()
        end.waitUntilExit()
        try waitUntil("the terminal's cat has written the last line") { desktop.typedText.hasSuffix("more\n") }
        #expect(desktop.typedText == "Grüß Gott, café — Ærø!\nSecond line and more\n")
    }
}
