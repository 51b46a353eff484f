@testable import DictationDesktop
import DictationKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// wtype typing into a real Wayland client: foot running `cat > FILE` on a headless sway.
///
/// sway refuses to run as root, so as root (CI) the compositor and its client run as `nobody`;
/// root's wtype may still use the compositor's socket.
@Suite(.serialized, .timeLimit(.minutes(25)))
final class WaylandOutputTests {
    let runtime: URL
    let compositor: Process
    let typed: URL
    var environment: DesktopEnvironment

    init() throws {
        for tool in ["/usr/bin/sway", "/usr/bin/foot", "/usr/bin/wtype"] {
            try #require(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: scripts/install-system-packages.sh installs it")
        }
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("dk-wayland-\(UUID().uuidString)")
        self.runtime = runtime
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let typed = runtime.appendingPathComponent("typed.txt")
        self.typed = typed
        let config = runtime.appendingPathComponent("config")
        try "output HEADLESS-1 resolution 1024x768\nexec foot sh -c 'cat > \(typed.path)'\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let asRoot = getuid() == 0
        if asRoot { _ = chown(runtime.path, 65534, 65534); _ = chown(config.path, 65534, 65534) }
        compositor = Process()
        compositor.executableURL = URL(fileURLWithPath: asRoot ? "/usr/bin/setpriv" : "/usr/bin/sway")
        compositor.arguments = (asRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/sway"] : []) + ["-c", config.path]
        let variables = [
            "PATH": "/usr/bin:/bin", "HOME": runtime.path, "XDG_RUNTIME_DIR": runtime.path, "LANG": "C.UTF-8",
            "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
        ]
        compositor.environment = variables
        compositor.standardOutput = FileHandle.nullDevice
        compositor.standardError = FileHandle.nullDevice
        try compositor.run()
        // foot's cat creates the file once the client runs; the compositor's socket is there by then.
        try #require(X11TestDisplay.waitFor(seconds: 30) { FileManager.default.fileExists(atPath: typed.path) }, "sway or foot did not start")
        let socket = try #require(
            (try FileManager.default.contentsOfDirectory(atPath: runtime.path)).first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") })
        environment = DesktopEnvironment(variables: [
            "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socket, "XDG_SESSION_TYPE": "wayland",
        ])
        // foot maps its window after cat started: wait until it has the keyboard focus.
        usleep(1_000_000)
    }

    deinit {
        kill(compositor.processIdentifier, SIGKILL)
        compositor.waitUntilExit()
        try? FileManager.default.removeItem(at: runtime)
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
        _ = X11TestDisplay.waitFor(seconds: 10) { ((try? String(contentsOf: self.typed, encoding: .utf8)) ?? "").hasSuffix("more\n") }
        #expect(try String(contentsOf: typed, encoding: .utf8) == "Grüß Gott, café — Ærø!\nSecond line and more\n")
    }
}
